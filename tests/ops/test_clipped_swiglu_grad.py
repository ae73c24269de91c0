"""ClippedSwigluGrad: gradXOut against a central-difference derivative (float64) of the
forward's documented formula (tests/ops/test_clipped_swiglu.py's doc_formula), against torch
autograd of the same formula where torch is installed, CANN's inclusive masks at the clamp
boundaries (ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921 activation/clipped_swiglu_grad/
op_kernel/clipped_swiglu_grad.h: CompareScalar LE / GE), and its zeroing of the rows past
the group sum (ZeroInvalidRows). Runs on the device ASCENDOPS_TEST_DEVICE names."""
import numpy as np
import pytest

import ascendops as ao
from test_clipped_swiglu import DTYPES, as_dtype, assert_close, doc_formula

F32 = np.float32


def numeric_grad(dy, x, dim, alpha, limit, bias, interleaved, h=1e-6):
    """d(sum(dy * y(x))) / dx by central differences in float64, element by element."""
    x = np.asarray(x, np.float64)
    g = np.zeros_like(x)
    flat, gf = x.reshape(-1), g.reshape(-1)
    for i in range(flat.size):
        xp, xm = flat.copy(), flat.copy()
        xp[i] += h
        xm[i] -= h
        yp = doc_formula(xp.reshape(x.shape), None, dim, alpha, limit, bias, interleaved)
        ym = doc_formula(xm.reshape(x.shape), None, dim, alpha, limit, bias, interleaved)
        gf[i] = np.sum(dy * (yp - ym)) / (2 * h)
    return g


@pytest.mark.parametrize("interleaved", [True, False])
@pytest.mark.parametrize("shape,dim", [((4, 6), -1), ((4, 6), 0), ((2, 4, 3), 1), ((6,), 0)])
def test_against_a_numerical_derivative_of_the_forward(shape, dim, interleaved):
    rng = np.random.default_rng(len(shape) + dim)
    # x away from the clamp kinks (|x| != limit within h), where the derivative is defined
    x = rng.uniform(-4, 4, size=shape)
    x = np.where(np.abs(np.abs(x) - 2.5) < 1e-3, x + 0.01, x).astype(F32)
    oshape = list(shape)
    oshape[dim] //= 2
    dy = rng.uniform(-2, 2, size=oshape).astype(F32)
    got = ao.clipped_swiglu_grad(dy, x, None, dim, 1.5, 2.5, 0.75, interleaved)
    want = numeric_grad(dy.astype(np.float64), x, dim, 1.5, 2.5, 0.75, interleaved)
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("interleaved", [True, False])
def test_against_torch_autograd(dtype, interleaved):
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(5)
    x = as_dtype(rng.uniform(-9, 9, size=(8, 3, 10)), dtype)
    dy = as_dtype(rng.uniform(-2, 2, size=(8, 3, 5)), dtype)
    xt = torch.tensor(x.astype(np.float64), requires_grad=True)
    alpha, limit, bias = float(F32(1.702)), 7.0, 1.0
    m = xt.reshape(24, 10)
    a, b = (m[:, 0::2], m[:, 1::2]) if interleaved else m.chunk(2, 1)
    a = a.clamp(max=limit)
    y = a * torch.sigmoid(alpha * a) * (b.clamp(-limit, limit) + bias)
    y.backward(torch.tensor(dy.astype(np.float64)).reshape(24, 5))
    got = ao.clipped_swiglu_grad(dy, x, None, -1, 1.702, 7.0, 1.0, interleaved)
    assert_close(got, xt.grad.numpy(), dtype)


def test_clamp_boundaries_are_inclusive_as_cann_s_masks():
    """a == limit: grad_a is the unclamped formula's (mask a <= limit), a > limit: 0;
    b == +-limit: grad_b is A * s * dy (mask -limit <= b <= limit), beyond: 0. (torch's
    clamp backward also passes the gradient at the bound.)"""
    lim = 2.0
    x = np.array([[2.0, 2.0, 2.5, -2.0, 1.0, 3.0, 1.0, -2.0000002]], F32)     # pairs (a, b), interleaved
    dy = np.ones((1, 4), F32)
    got = np.asarray(ao.clipped_swiglu_grad(dy, x, None, -1, 1.0, lim, 0.0, True)).reshape(4, 2)
    s = 1 / (1 + np.exp(-2.0))
    np.testing.assert_allclose(got[0], [s * (1 + 2 * (1 - s)) * 2.0, 2.0 * s], rtol=1e-6)   # a == b == limit
    assert got[1][0] == 0.0                                     # a > limit
    np.testing.assert_allclose(got[1][1], 2.0 * s, rtol=1e-6)   # b == -limit
    assert got[2][1] == 0.0 and got[3][1] == 0.0                # b above limit, below -limit
    nan = np.asarray(ao.clipped_swiglu_grad(np.ones((1, 1), F32), np.array([[np.nan, np.nan]], F32), None,
                                            -1, 1.0, lim, 0.0, True))
    np.testing.assert_array_equal(nan, [[0.0, 0.0]])            # the masks compare false


def test_rows_past_the_group_sum_are_zeroed():
    """CANN's ZeroInvalidRows: gradXOut's rows >= min(sum, pre) are written 0, whatever out
    held; a sum <= 0 zeroes every row."""
    rng = np.random.default_rng(6)
    x = rng.uniform(-5, 5, size=(6, 8)).astype(F32)
    dy = rng.uniform(-1, 1, size=(6, 4)).astype(F32)
    full = np.asarray(ao.clipped_swiglu_grad(dy, x, None))
    for group, rows in (([2], 2), ([1, 2], 3), ([6], 6), ([60], 6), ([0], 0), ([-3], 0)):
        out = ao.tensor(np.full((6, 8), 55.0, F32))
        ao.clipped_swiglu_grad(dy, x, np.array(group, np.int64), out=out)
        got = np.asarray(out)
        np.testing.assert_array_equal(got[:rows], full[:rows])
        assert (got[rows:] == 0).all(), group


def test_transposed_x_and_gradxout():
    """x of any layout (a contiguous copy where its merged dims are no one stride); an
    interleaved gradXOut of no one stride is written through a contiguous region and copied
    in, the rest of its buffer untouched; with a row limit, its zeroed rows too."""
    rng = np.random.default_rng(7)
    base = rng.uniform(-5, 5, size=(6, 4)).astype(F32)
    x = base.T                                  # (4, 6), dim 0: merged dims transposed
    dy = rng.uniform(-1, 1, size=(2, 6)).astype(F32)
    want = np.asarray(ao.clipped_swiglu_grad(dy, np.ascontiguousarray(x), None, 0))
    for group in (None, np.array([1], np.int64)):
        buf = ao.tensor(np.full((6, 8), 9.0, F32))
        out = buf[:, ::2].transpose(1, 0)       # (4, 6), strides (2, 8): no one stride
        ao.clipped_swiglu_grad(dy, x, group, 0, out=out)
        np.testing.assert_allclose(np.asarray(out), want, rtol=1e-6, atol=1e-7)
        assert (np.asarray(buf)[:, 1::2] == 9.0).all()
    # dim 0 of (4, 6): pre is 1, so a sum of 1 computed the one row above; 0 zeroes it, also
    # through the region of a gradXOut of no one stride
    buf = ao.tensor(np.full((6, 8), 9.0, F32))
    out = buf[:, ::2].transpose(1, 0)
    ao.clipped_swiglu_grad(dy, x, np.array([0], np.int64), 0, out=out)
    assert (np.asarray(out) == 0).all() and (np.asarray(buf)[:, 1::2] == 9.0).all()


def test_checks():
    x = np.ones((4, 6), F32)
    dy = np.ones((4, 3), F32)

    def status(*args, **kw):
        with pytest.raises(ao.AclnnError) as e:
            ao.clipped_swiglu_grad(*args, **kw)
        return e.value.status

    assert status(dy, x, None, -1, 1.0, 0.0) == 561002               # limit <= 0
    assert status(np.ones((4, 5), F32), np.ones((4, 9), F32), None) == 561002    # x[dim] odd
    assert status(np.ones((4, 4), F32), x, None) == 561002            # gradY's dim not half of x's
    assert status(np.ones((2, 3), F32), x, None) == 561002            # gradY's other dims
    assert status(dy, x, np.ones((1, 1), np.int64)) == 561002         # groupIndex 2-d
    assert status(dy, x, None, out=np.ones((24,), F32)) == 561002     # gradXOut's rank
    assert status(dy, x, None, out=np.ones((6, 4), F32)) == 161002    # gradXOut's shape
    assert status(dy.astype(np.float16), x, None) == 161002           # one dtype
    assert status(dy, x, np.ones(1, np.int32)) == 161002              # groupIndex INT64
    assert status(dy, x, None, 2) == 561002                           # dim range (the tiling)
    with ao.soc("Ascend910"):
        assert status(dy, x, None) == 561003                          # no AI Core config
