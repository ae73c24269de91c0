"""FatreluMul: a single-element input (Input(single=True): threshold, read at every
element) beside an input split along its fixed last dim; CANN's kernel keeps x1 > threshold
(strictly); against PyTorch's threshold(x1) * x2 where torch is installed."""
import numpy as np
import pytest

import ascendops as ao
from ascendops.ops import fatrelu_mul as fm


def test_threshold_of_any_rank_read_at_every_element():
    x = np.random.default_rng(0).uniform(-4, 4, size=(3, 5, 8)).astype(np.float32)
    want = fm.reference(x, 0.5)
    for th in (np.float32(0.5), np.array([0.5], np.float32), np.full((1, 1, 1), 0.5, np.float32)):
        np.testing.assert_allclose(ao.fatrelu_mul(x, th), want, rtol=1e-6, atol=1e-7)
    # a threshold that is a view into a larger tensor (its offset is honoured)
    big = ao.tensor(np.array([9.0, 0.5, 9.0], np.float32))
    np.testing.assert_allclose(np.asarray(ao.fatrelu_mul(ao.tensor(x), big[1:2])), want, rtol=1e-6, atol=1e-7)


def test_equal_to_threshold_is_zeroed_as_cann_s_kernel_does():
    """fatrelu_mul.h: CompareScalar(..., CMPMODE::GT): x1 == threshold gives 0."""
    x = np.array([[1.0, 2.0, 3.0, 5.0, 7.0, 11.0]], np.float32)
    np.testing.assert_array_equal(ao.fatrelu_mul(x, np.float32(2.0)), [[0.0, 0.0, 33.0]])


def test_threshold_element_count_and_tiling_checks():
    """fatrelu_mul_tiling.cpp RunBigKernelTiling (561002): threshold of one element (any
    rank), the last dim even and at most 1024, the batch at most 200000; the definition's
    dtypes (161002)."""
    f32 = np.float32
    x = np.ones((2, 4), f32)
    for th in (np.ones(2, f32), np.ones((0,), f32)):
        with pytest.raises(ao.AclnnError) as e:
            ao.fatrelu_mul(x, th)
        assert e.value.status == 561002
    ao.fatrelu_mul(x, np.ones((1,) * 9, f32))         # threshold: no rank check
    with pytest.raises(ao.AclnnError) as e:
        ao.fatrelu_mul(x, np.ones(1, np.float16))       # threshold of input's dtype
    assert e.value.status == 161002
    for shape in ((2, 1026), (2, 5), (200001, 2)):
        with pytest.raises(ao.AclnnError) as e:
            ao.fatrelu_mul(np.ones(shape, f32), f32(0))
        assert e.value.status == 561002, shape


def test_out_overlapping_threshold():
    """out sharing threshold's memory: the overlap path (a workspace, then ViewCopy), the
    threshold read before it is overwritten."""
    buf = ao.tensor(np.array([0.5, 0.0, 0.0, 0.0], np.float32))
    x = np.random.default_rng(1).uniform(-2, 2, size=(1, 8)).astype(np.float32)
    want = fm.reference(x, 0.5)
    out = buf.as_strided((1, 4), (4, 1), 0)
    ao.fatrelu_mul(ao.tensor(x), buf[0:1], out=out)
    np.testing.assert_allclose(np.asarray(out), want, rtol=1e-6)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_16bit_against_torch(dtype):
    """One rounding of x1 * x2 (x1 kept or 0): bit-identical to torch's threshold(x1) * x2."""
    torch = pytest.importorskip("torch")
    npd = ao.as_dtype(dtype).numpy
    x = np.random.default_rng(2).uniform(-4, 4, size=(512, 1024)).astype(npd)
    th = np.array(0.25, npd)
    got = np.asarray(ao.fatrelu_mul(x, th))
    tdt = torch.float16 if dtype == "float16" else torch.bfloat16
    want = fm.torch_reference(torch, torch.from_numpy(x.astype(np.float32)).to(tdt),
                              torch.tensor(float(th))).float().numpy().astype(npd)
    assert np.array_equal(got.view(np.uint16), want.view(np.uint16))
