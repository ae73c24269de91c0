"""SiluBackward against a float64 numpy reference (and PyTorch when installed),
over every dtype and layout the dispatcher must handle."""
import itertools

import ml_dtypes
import numpy as np
import pytest

import ascendops as ao
from ascendops.ops.silu_backward import reference

BF16 = np.dtype(ml_dtypes.bfloat16)
DTYPES = [np.dtype(np.float32), np.dtype(np.float16), BF16]
EPS = {np.dtype(np.float32): 2.0 ** -23, np.dtype(np.float16): 2.0 ** -10, BF16: 2.0 ** -7}
# Spacing of the subnormals: the absolute rounding error near zero.
SUBNORMAL = {np.dtype(np.float32): 2.0 ** -149, np.dtype(np.float16): 2.0 ** -24, BF16: 2.0 ** -133}


def data(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    return (4 * rng.standard_normal(shape)).astype(dtype), rng.standard_normal(shape).astype(dtype)


def assert_close(got, dy, x, out_dtype):
    """Error bound from the formula's conditioning: each fp32 step may err by a few
    ULP of the magnitude of its terms, then the result is rounded once to out_dtype."""
    got = np.asarray(got, dtype=np.float64)
    dy64, x64 = np.asarray(dy, np.float64), np.asarray(x, np.float64)
    ref = reference(dy64, x64)
    s = 1 / (1 + np.exp(-x64))
    scale = np.abs(dy64) * s * (1 + np.abs(x64) * (1 - s))
    tol = 64 * 2.0 ** -23 * scale + EPS[np.dtype(out_dtype)] * np.abs(ref) + SUBNORMAL[np.dtype(out_dtype)]
    bad = (np.abs(got - ref) > tol) | (np.isnan(got) != np.isnan(ref))   # NaN compares false
    assert not bad.any(), "max err %g at %s" % (np.abs(got - ref).max(), np.argwhere(bad)[:5])


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("shape", [(), (1,), (7,), (3, 5), (2, 3, 4, 5), (1025,), (2, 1, 2, 1, 2, 1, 2, 3)],
                         ids=str)
def test_contiguous(dtype, shape):
    x, dy = data(shape, dtype)
    got = ao.silu_backward(dy, x)
    assert isinstance(got, np.ndarray) and got.dtype == dtype and got.shape == shape
    assert_close(got, dy, x, dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_tensor_in_tensor_out(dtype):
    x, dy = data((4, 6), dtype)
    got = ao.silu_backward(ao.tensor(dy), ao.tensor(x))
    assert isinstance(got, ao.Tensor) and got.dtype == ao.as_dtype(dtype)
    assert_close(got.numpy(), dy, x, dtype)


LAYOUTS = {
    "transposed": lambda a: a.T,
    "sliced_steps": lambda a: a[1::2, ::3],
    "offset": lambda a: a[3:, 2:],
}


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("layout_x, layout_dy", list(itertools.product(LAYOUTS, LAYOUTS)))
def test_strided_inputs(dtype, layout_x, layout_dy):
    x, dy = data((40, 40), dtype)
    xv, dyv = LAYOUTS[layout_x](x), LAYOUTS[layout_dy](dy)
    if xv.shape != dyv.shape:
        dyv = dyv[: xv.shape[0], : xv.shape[1]]
        xv = xv[: dyv.shape[0], : dyv.shape[1]]
    got = ao.silu_backward(ao.from_numpy(dyv), ao.from_numpy(xv))
    assert_close(got.numpy(), dyv, xv, dtype)


def _misaligned(a, shift):
    """A copy of a whose data starts `shift` elements past a 64-byte boundary."""
    buf = np.empty(a.size + 64, a.dtype)
    off = (-buf.ctypes.data % 64) // a.itemsize + shift
    b = buf[off:off + a.size].reshape(a.shape)
    b[...] = a
    return b


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("shift", [0, 1, 4, 7])
@pytest.mark.parametrize("out_t", [False, True], ids=["out", "out.T"])
def test_transposed_tiles_at_any_alignment(dtype, shift, out_t):
    """Large transposed operands run in 2-D tiles whose first row/column tile is
    narrowed to align the rest on cache lines (row strides multiples of 64 bytes
    here): every element must still be computed exactly once."""
    x, dy = data((320, 512), dtype)
    xt = _misaligned(np.ascontiguousarray(x.T), shift).T        # x.T's memory order
    dyv = _misaligned(dy, (shift * 3) % 8)
    out = np.full((512, 320), np.nan, dtype).T if out_t else _misaligned(np.full((320, 512), np.nan, dtype), shift)
    got = ao.silu_backward(dyv, xt, out=out)
    assert got is out
    assert not np.isnan(got.astype(np.float32)).any()          # out was all NaN before
    assert_close(got, dyv, xt, dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("dy_shape, x_shape", [((64, 1), (64, 33)), ((33,), (64, 33)), ((), (5, 6)),
                                               ((1, 7, 1), (3, 1, 5)), ((2, 1, 1, 1, 1, 1, 1, 4), (3, 1, 1, 1, 1, 1, 4))])
def test_broadcast(dtype, dy_shape, x_shape):
    x, _ = data(x_shape, dtype)
    _, dy = data(dy_shape, dtype, seed=1)
    got = ao.silu_backward(dy, x)
    assert got.shape == np.broadcast_shapes(dy_shape, x_shape)
    assert_close(got, *np.broadcast_arrays(dy, x), dtype)


def test_stride_zero_inputs():
    x, dy = data((5, 1), np.float32)
    xt = ao.tensor(x).expand(5, 9)          # stride 0 on the last dim
    dyt = ao.tensor(dy[:1]).expand(5, 9)     # stride 0 on both dims
    got = ao.silu_backward(dyt, xt)
    assert xt.strides == (1, 0)
    assert_close(got.numpy(), np.broadcast_to(dy[:1], (5, 9)), np.broadcast_to(x, (5, 9)), np.float32)


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_empty(dtype):
    x = np.zeros((0, 3), dtype)
    got = ao.silu_backward(x, x)
    assert got.shape == (0, 3)


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("out_layout", ["transposed", "sliced", "strided_storage"])
def test_non_contiguous_out(dtype, out_layout):
    x, dy = data((6, 8), dtype)
    if out_layout == "transposed":
        base = ao.zeros((8, 6), dtype)
        out = base.T
    elif out_layout == "sliced":
        base = ao.zeros((12, 16), dtype)
        out = base[::2, ::2]
    else:
        base = ao.zeros((6, 20), dtype)
        out = base[:, 3:11]
    before = base.numpy()
    res = ao.silu_backward(dy, x, out=out)
    assert res is out
    assert_close(out.numpy(), dy, x, dtype)
    # Nothing outside the view was written.
    after = base.numpy()
    mask = np.ones(before.shape, bool)
    if out_layout == "transposed":
        mask[:] = False
    elif out_layout == "sliced":
        mask[::2, ::2] = False
    else:
        mask[:, 3:11] = False
    assert np.array_equal(after[mask].view(np.uint16 if dtype.itemsize == 2 else np.uint32),
                          before[mask].view(np.uint16 if dtype.itemsize == 2 else np.uint32))


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("which", ["x", "dy"])
def test_in_place(dtype, which):
    x, dy = data((33, 17), dtype)
    x0, dy0 = x.copy(), dy.copy()
    target = x if which == "x" else dy
    res = ao.silu_backward(dy, x, out=target)
    assert res is target
    assert_close(target, dy0, x0, dtype)


def test_in_place_transposed_views():
    x, dy = data((32, 32), np.float32)
    x0 = x.copy()
    xv = x.T                                   # out and x: the same transposed view
    ao.silu_backward(dy, xv, out=xv)
    assert_close(x.T, dy, x0.T, np.float32)


@pytest.mark.own_executor
def test_partial_overlap_goes_through_workspace():
    base = np.arange(40, dtype=np.float32) / 7 - 3
    expected = reference(np.ones(30), base[:30])
    buf = ao.tensor(base)
    x, out = buf[0:30], buf[5:35]
    ws_size, ex = ao.aclnn.silu_backward_get_workspace_size(ao.ones((30,)), x, out)
    assert ws_size == 30 * 4 and ex.via_workspace
    ao.aclnn.silu_backward(ao.empty((ws_size,), "uint8"), ws_size, ex)
    np.testing.assert_allclose(buf.numpy()[5:35], expected, rtol=1e-5, atol=1e-6)
    # The numpy-like API allocates the workspace itself.
    buf2 = ao.tensor(base)
    ao.silu_backward(ao.ones((30,)), buf2[10:40], out=buf2[0:30])
    np.testing.assert_allclose(buf2.numpy()[0:30], reference(np.ones(30), base[10:40]), rtol=1e-5, atol=1e-6)


def test_mixed_precision_output_is_float32():
    x, _ = data((10,), np.float32)
    _, dy = data((10,), np.float16)
    for a, b in ((dy, x), (x.astype(BF16), dy), (dy, x.astype(BF16))):
        got = ao.silu_backward(a, b)
        assert got.dtype == np.float32
        assert_close(got, a, b, np.float32)


def test_any_format_accepted():
    x, dy = data((2, 3, 4, 5), np.float32)
    got = ao.silu_backward(ao.tensor(dy, format="NCHW"), ao.tensor(x, format=ao.Format.NC1HWC0))
    assert_close(got.numpy(), dy, x, np.float32)


def test_documentation_example():
    dy = np.ones((2, 3), np.float32)
    x = np.array([[1, 2, 3], [4, 5, 6]], np.float32)
    got = ao.silu_backward(dy, x)
    np.testing.assert_allclose(got, reference(dy, x), rtol=2e-6)
    np.testing.assert_allclose(got.ravel()[:3], [0.927671, 1.090784, 1.088104], atol=1e-6)


def test_special_values():
    x = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 88.8, -88.8, 100, -100, 1e-30, -1e-30], np.float32)
    dy = np.ones_like(x)
    got = ao.silu_backward(dy, x)
    with np.errstate(all="ignore"):
        ref = reference(dy, x)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(ref) | np.isinf(x) & (x < 0) & np.isnan(got))
    finite = np.isfinite(ref)
    np.testing.assert_allclose(got[finite], ref[finite], rtol=1e-5, atol=1e-30)


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_matches_torch(dtype):
    torch = pytest.importorskip("torch")
    tdt = getattr(torch, dtype)
    g = torch.Generator().manual_seed(0)
    x = 4 * torch.randn(100_000, generator=g).to(tdt)
    dy = torch.randn(100_000, generator=g).to(tdt)
    expected = torch.ops.aten.silu_backward(dy, x)
    got = ao.silu_backward(dy, x)               # DLPack producers in, Tensor out
    got_t = torch.from_dlpack(got)
    if dtype == "float32":
        assert_close(got.numpy(), dy.numpy(), x.numpy(), np.float32)
        torch.testing.assert_close(got_t, expected, rtol=1e-5, atol=1e-6)
    else:
        same = (got_t.view(torch.int16) == expected.view(torch.int16)).float().mean().item()
        assert same >= 0.999, same
