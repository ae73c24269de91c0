"""NaN and signed-zero results of the forward select-style activation ops, each as CANN's
kernel computes it (hicann/ops-nn e5c3fa93; the file is named per test), in every
dtype the op lists (the 16-bit kernels compare and select the same way)."""
import ml_dtypes
import numpy as np
import pytest

import ascendops as ao
from ao_test_helpers import bits

DTYPES = [np.float32, np.float16, ml_dtypes.bfloat16]
IDS = ["float32", "float16", "bfloat16"]


@pytest.mark.parametrize("dtype", DTYPES, ids=IDS)
def test_threshold_keeps_a_nan(dtype):
    """activation/threshold_v2/op_kernel/arch35/threshold_dag.h: Compare(x <= threshold)
    then Select(value, x): NaN <= threshold is false, so x (the NaN) is selected; the
    doc's formula (value unless x > threshold) would give value."""
    x = np.array([np.nan, 0.5, 0.25, 2.0], dtype)
    got = np.asarray(ao.threshold(x, 0.5, -7.0))
    assert np.isnan(got[0])
    np.testing.assert_array_equal(got[1:].astype(np.float32), [-7.0, -7.0, 2.0])


@pytest.mark.parametrize("dtype", DTYPES, ids=IDS)
def test_softshrink_gives_plus_zero_for_nan_and_the_dead_zone(dtype):
    """activation/softshrink/op_kernel/arch35/softshrink.h: Compare(x > l) selects x - l
    or the scalar 0, Compare(x < -l) selects x + l or that: a NaN fails both (+0), and the
    dead zone is +0 for -0 and negative x too."""
    x = np.array([np.nan, -np.nan, -0.0, -0.25, 0.5, -0.5, 1.5, -1.5], dtype)
    got = ao.softshrink(x, 0.5)
    assert np.array_equal(bits(got), bits([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, -1.0], dtype))


@pytest.mark.parametrize("dtype", DTYPES[:2], ids=IDS[:2])
def test_shrink_gives_plus_zero_for_nan_and_the_dead_zone(dtype):
    """activation/shrink/op_kernel/arch35/shrink.h: Compares LT/GT, Select x - bias or a
    zero tensor, then x + bias: NaN -> +0 (Shrink lists FLOAT, FLOAT16 only)."""
    x = np.array([np.nan, -0.0, -0.75, 0.75, 2.0, -2.0], dtype)
    got = ao.shrink(x, 1.0, 0.25)
    assert np.array_equal(bits(got), bits([0.0, 0.0, 0.0, 0.0, 1.75, -1.75], dtype))


@pytest.mark.parametrize("dtype", DTYPES, ids=IDS)
def test_heaviside_nan_is_zero_and_minus_zero_takes_values(dtype):
    """activation/heaviside/op_kernel/heaviside.h: Compare(x == x) replaces a NaN by -1
    ("去除NAN"), then x != 0 / x <= 0 masks, Maxs(x, 0), Select 1, Select values where
    x == 0: NaN -> +0, -0 == 0 -> values, negative -> +0."""
    x = np.array([np.nan, -0.0, 0.0, -3.0, 3.0], dtype)
    values = np.array([9.0, 5.0, 6.0, 9.0, 9.0], dtype)
    got = ao.heaviside(x, values)
    assert np.array_equal(bits(got), bits([0.0, 5.0, 6.0, 0.0, 1.0], dtype))
