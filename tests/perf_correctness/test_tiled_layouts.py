"""The engine's 2-D tiled iteration (transposed operands) and its dynamic pieces of
work give the same bits as the contiguous path, for every dtype and thread count."""
import numpy as np
import pytest

import ascendops as ao

ml_dtypes = pytest.importorskip("ml_dtypes")
DTYPES = [np.float32, np.float16, ml_dtypes.bfloat16]


def _data(shape, dtype, seed):
    rng = np.random.default_rng(seed)
    x = (4 * rng.standard_normal(shape, dtype=np.float32)).astype(dtype)
    dy = rng.standard_normal(shape, dtype=np.float32).astype(dtype)
    return dy, x


def _t(a):
    """a's values in a transposed memory order (last two dims swapped)."""
    return np.ascontiguousarray(np.swapaxes(a, -1, -2)).swapaxes(-1, -2)


@pytest.fixture(params=[1, 2], ids=lambda n: "threads%d" % n)
def threads(request):
    old = ao.get_num_threads()
    ao.set_num_threads(request.param)
    yield request.param
    ao.set_num_threads(old)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("shape", [(300, 700), (3, 129, 257), (2, 1030, 65), (77, 5)])
def test_transposed_inputs_and_output(threads, dtype, shape):
    dy, x = _data(shape, dtype, 0)
    want = ao.silu_backward(dy, x)
    np.testing.assert_array_equal(ao.silu_backward(dy, _t(x)), want)
    np.testing.assert_array_equal(ao.silu_backward(_t(dy), _t(x)), want)
    out = _t(np.empty(shape, dtype))
    ao.silu_backward(dy, _t(x), out=out)
    np.testing.assert_array_equal(out, want)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_broadcast_with_transposed(threads, dtype):
    dy, x = _data((513, 257), dtype, 1)
    dyc = np.ascontiguousarray(dy[:, :1])
    want = ao.silu_backward(np.broadcast_to(dyc, x.shape).copy(), x)
    np.testing.assert_array_equal(ao.silu_backward(dyc, _t(x)), want)
    np.testing.assert_array_equal(ao.silu_backward(dyc, x), want)


@pytest.mark.parametrize("n", [65535, 65536, 65537, 3 * 65536 + 17, 10 ** 6 + 3])
def test_pieces_cover_every_element(threads, n):
    dy, x = _data((n,), np.float32, 2)
    xd = x.astype(np.float64)
    s = 1 / (1 + np.exp(-xd))
    ref = dy * s * (1 + xd * (1 - s))
    got = ao.silu_backward(dy, x)
    np.testing.assert_allclose(got, ref, rtol=1e-4, atol=1e-6)
