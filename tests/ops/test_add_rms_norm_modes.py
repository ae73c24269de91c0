"""aclnnAddRmsNorm's PRE and POST modes (rstdOut null; POST: xOut null too): gamma is
(1, D) and x1's last dim alone is normalized (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921
norm/add_rms_norm/op_host/add_rms_norm_tiling.cpp CalculateRowAndColParameters: numCol
gamma's elements, numRow x1's dims but the last), against float64 numpy."""
import numpy as np
import pytest

import ascendops as ao

EPS = 1e-6


def _run(x1, x2, gamma, post):
    y = ao.empty(x1.shape, "float16")
    xo = None if post else ao.empty(x1.shape, "float16")
    ws, ex = ao.aclnn.add_rms_norm_get_workspace_size(ao.tensor(x1), ao.tensor(x2), ao.tensor(gamma), EPS, y, None,
                                                      xo)
    ao.aclnn.add_rms_norm(ao.empty((ws,), "uint8") if ws else None, ws, ex, None)
    return np.asarray(y), None if post else np.asarray(xo)


@pytest.mark.parametrize("post", [False, True], ids=["PRE", "POST"])
@pytest.mark.parametrize("shape", [(4, 8), (2, 3, 40)])
def test_pre_post_modes_normalize_the_last_dim(shape, post):
    rng = np.random.default_rng(7)
    x1 = rng.standard_normal(shape).astype(np.float16)
    x2 = rng.standard_normal(shape).astype(np.float16)
    gamma = rng.standard_normal((1, shape[-1])).astype(np.float16)
    y, xo = _run(x1, x2, gamma, post)
    x = x1.astype(np.float64) + x2.astype(np.float64)
    ref = x / np.sqrt((x * x).mean(axis=-1, keepdims=True) + float(np.float32(EPS))) * gamma.astype(np.float64)
    # y rounded once to float16 from an fp32 computation: within one float16 ulp
    np.testing.assert_allclose(y.astype(np.float64), ref, rtol=2.0 ** -10, atol=2.0 ** -24)
    if not post:
        np.testing.assert_array_equal(xo, x.astype(np.float16))
