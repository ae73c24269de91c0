"""Inputs and outputs of other shapes than the iteration's: an input broadcast
along one dim (Input(along=d): aclnnPrelu's weight, one value per channel), a row op with
a per-row output beside its full-shape one (Output(reduced=True):
aclnnSoftmaxCrossEntropyWithLogits' loss) and a channel reduction (ChannelReduceOp,
Output(along=1): aclnnPreluBackward's gradWeight). The registry harness covers the ops
from their declarations; these are the facts it cannot express: weight shapes and
strides, CANN's channel rules, the overlap path of several-output C plans, long and
blocked rows, thread counts, and PyTorch 2.13 as the reference."""
import ml_dtypes
import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn

PRELU = ao.registered_ops()["prelu"]
SCE = ao.registered_ops()["softmax_cross_entropy_with_logits"]
INVALID, NULLPTR = ao.ACLNN_ERR_PARAM_INVALID, ao.ACLNN_ERR_PARAM_NULLPTR


def status_of(fn, *args, **kw):
    with pytest.raises(ao.AclnnError) as e:
        fn(*args, **kw)
    return e.value.status


def prelu_ref(x, w):
    return PRELU.info["reference"](x, w)


def sce_ref(f, y):
    return SCE.info["reference"](f, y)


# -- Prelu: the weight along dim 1 -------------------------------------------------------
def test_prelu_weight_of_every_shape_cann_takes():
    """aclnn_prelu.cpp CheckShape: weight's element count is 1 or self's dim 1 (1 for a
    self of rank 0 or 1), whatever weight's own shape (Reshape to (1, C, 1, ...))."""
    rng = np.random.default_rng(0)
    x = rng.uniform(-3, 3, (2, 6, 5)).astype(np.float32)
    for w in (rng.uniform(-2, 2, 6), rng.uniform(-2, 2, (2, 3)), rng.uniform(-2, 2, (1, 6, 1)),
              np.float32([0.3]), np.float32([[0.3]])):
        w = w.astype(np.float32)
        np.testing.assert_allclose(ao.prelu(x, w), prelu_ref(x, w), rtol=1e-6, atol=1e-7)
    # rank 0 and 1: one channel
    for x in (np.float32(-2.0), np.float32([-1.0, 2.0, -3.0])):
        np.testing.assert_allclose(ao.prelu(x, np.float32([0.5])), prelu_ref(x, np.float32([0.5])))
        assert status_of(ao.prelu, x, np.float32([0.5, 0.25])) == INVALID


def test_prelu_weight_of_another_count_is_161002_naming_it():
    x = np.zeros((2, 4, 3), np.float32)
    with pytest.raises(ao.AclnnError) as e:
        ao.prelu(x, np.zeros(3, np.float32))
    assert e.value.status == INVALID and "weight" in e.value.message and "4" in e.value.message


def test_prelu_strided_weights():
    """A weight whose elements are one stride apart (a step, a column) is read in place;
    one whose C order is not one stride (a transposed 2-D weight) is refused with a
    message, not read wrongly."""
    rng = np.random.default_rng(1)
    x = rng.uniform(-3, 3, (3, 4, 2)).astype(np.float32)
    base = rng.uniform(-2, 2, (4, 3)).astype(np.float32)
    for w in (base[:, 1], base.reshape(-1)[::3], base.reshape(-1)[::-3]):
        # numpy views: read in place on the cpu device (ASCENDOPS_TEST_DEVICE may copy them)
        np.testing.assert_allclose(ao.prelu(x, w), prelu_ref(x, w), rtol=1e-6)
    t = ao.tensor(rng.uniform(-2, 2, (2, 2)).astype(np.float32))
    w = t.as_strided((2, 2), (1, 2), 0)         # its C order is elements 0, 2, 1, 3
    with pytest.raises(ao.AclnnError) as e:
        ao.prelu(ao.tensor(x), w)
    assert e.value.status == INVALID and "weight" in e.value.message


def test_prelu_promotes_and_casts_as_cann():
    """PromoteType(self, weight), then CanCast(promoted, out) (aclnn_prelu.cpp)."""
    rng = np.random.default_rng(2)
    x = rng.uniform(-3, 3, (2, 3)).astype(np.float16)
    w = rng.uniform(-2, 2, 3).astype(np.float32)
    got = ao.prelu(x, w)
    assert got.dtype == np.float32
    np.testing.assert_allclose(got, prelu_ref(x, w), rtol=1e-6)
    out = np.zeros((2, 3), np.float16)
    assert ao.prelu(x, w, out=out) is out
    np.testing.assert_array_equal(out, prelu_ref(x, w).astype(np.float16))
    assert status_of(ao.prelu, x, w, out=np.zeros((2, 3), np.int32)) == INVALID
    assert status_of(ao.prelu, x, None) == NULLPTR
    with ao.soc("Ascend910"):
        assert status_of(ao.prelu, x.astype(ml_dtypes.bfloat16), w.astype(ml_dtypes.bfloat16)) == INVALID


def test_prelu_repointed_weight_is_read_from_its_new_address():
    """The plan keeps the weight's view; the executor binds the weight's own address."""
    x = ao.tensor(np.float32([[-1.0, -2.0], [-3.0, 4.0]]))
    w1, w2 = ao.tensor(np.float32([0.5, 0.25])), ao.tensor(np.float32([2.0, 3.0]))
    out = ao.zeros((2, 2))
    ws, ex = aclnn.prelu_get_workspace_size(x, w1, out)
    ex.set_repeatable()
    aclnn.prelu(None, ws, ex)
    np.testing.assert_array_equal(out.numpy(), [[-0.5, -0.5], [-1.5, 4.0]])
    ex.set_input_tensor_addr(1, w2)
    aclnn.prelu(None, ws, ex)
    np.testing.assert_array_equal(out.numpy(), [[-2.0, -6.0], [-6.0, 4.0]])
    ex.destroy()


def _torch_prelu(torch, x, w):
    return PRELU.info["torch"](torch, x, w)


def test_prelu_float32_against_torch():
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(3)
    x = rng.uniform(-3, 3, (4, 7, 5)).astype(np.float32)
    for w in (rng.uniform(-2, 2, 7).astype(np.float32), np.float32([0.25])):
        want = _torch_prelu(torch, torch.from_numpy(x), torch.from_numpy(w)).numpy()
        np.testing.assert_array_equal(ao.prelu(x, w), want)


@pytest.mark.parametrize("dtype", [np.float16, ml_dtypes.bfloat16], ids=["float16", "bfloat16"])
def test_prelu_16bit_bit_identical_to_torch(dtype):
    """Every finite value of the dtype in [-8, 8] as self, against 16 channel weights: the
    product of two 16-bit values is exact in fp32, so one rounding gives torch's bits
    (rate 1.0, docs/ops.md)."""
    torch = pytest.importorskip("torch")
    v = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(dtype)
    with np.errstate(invalid="ignore"):
        f = v.astype(np.float64)
    x = v[np.isfinite(f) & (np.abs(f) <= 8.0)]
    x = x[: x.size // 16 * 16].reshape(-1, 16)
    w = np.random.default_rng(4).uniform(-2, 2, 16).astype(dtype)
    tdt = {np.dtype(np.float16): torch.float16, np.dtype(ml_dtypes.bfloat16): torch.bfloat16}[np.dtype(dtype)]
    tx = torch.from_numpy(x.view(np.int16).copy()).view(tdt)
    tw = torch.from_numpy(w.view(np.int16).copy()).view(tdt)
    theirs = _torch_prelu(torch, tx, tw).view(torch.int16).numpy().view(np.uint16)
    ours = np.asarray(ao.prelu(x, w)).view(np.uint16)
    assert np.array_equal(ours, theirs)


# -- SoftmaxCrossEntropyWithLogits: a per-row output -------------------------------------
def _sce_inputs(shape, dtype=np.float32, seed=0):
    rng = np.random.default_rng(seed)
    f = rng.uniform(-8, 8, shape).astype(dtype)
    y = rng.uniform(0, 1, shape).astype(dtype)
    return f, y


def _check_sce(loss, backprop, f, y, rtol=2e-6):
    rl, rb = sce_ref(f, y)
    np.testing.assert_allclose(np.asarray(loss, np.float64), rl, rtol=rtol, atol=rtol)
    np.testing.assert_allclose(np.asarray(backprop, np.float64), rb, rtol=rtol, atol=rtol)


def test_sce_shapes_and_cann_checks():
    """aclnn_softmax_cross_entropy_with_logits.cpp: features and labels 2-D, loss and
    backprop of features' dtype (161002); empty features returns success; a loss of
    another shape than (N,) fails in its l0op::ViewCopy (561103, ACLNN_ERR_INNER_NULLPTR)."""
    f, y = _sce_inputs((5, 3))
    loss, backprop = ao.softmax_cross_entropy_with_logits(f, y)
    assert loss.shape == (5,) and backprop.shape == (5, 3)
    _check_sce(loss, backprop, f, y)
    ft, yt = ao.tensor(f), ao.tensor(y)
    phase1 = aclnn.softmax_cross_entropy_with_logits_get_workspace_size
    assert status_of(phase1, ft, yt, ao.zeros((5,)), ao.zeros((5, 3), "float16")) == INVALID
    assert status_of(phase1, ft, yt, ao.zeros((5, 1)), ao.zeros((5, 3))) == ao.ACLNN_ERR_INNER_NULLPTR  # loss (N,)
    assert status_of(phase1, ft, yt, ao.zeros((3,)), ao.zeros((5, 3))) == ao.ACLNN_ERR_INNER_NULLPTR
    assert status_of(phase1, ft, ao.tensor(y[:, :2].copy()), ao.zeros((5,)), ao.zeros((5, 3))) == INVALID
    assert status_of(phase1, ao.tensor(f[0]), ao.tensor(y[0]), ao.zeros((5,)), ao.zeros((5, 3))) == INVALID
    assert status_of(phase1, ft, None, ao.zeros((5,)), ao.zeros((5, 3))) == NULLPTR
    ws, ex = phase1(ao.zeros((0, 3)), ao.zeros((0, 3)), ao.zeros((0,)), ao.zeros((0, 3)))
    assert ws == 0


def test_sce_strided_outputs_and_inputs():
    """Both outputs written through their views (a strided loss, a transposed backprop)
    from transposed and sliced inputs; rows denser than their elements take the blocked
    path (src/rows.c, decided by the first input, not the per-row output)."""
    fb, yb = _sce_inputs((9, 12), seed=1)
    f, y = fb.T, yb[::1, ::1].T                 # (12, 9) views, row elements 12 apart
    loss_buf, bp_buf = np.zeros(24, np.float32), np.zeros((9, 12), np.float32)
    out = (loss_buf[::2], bp_buf.T)
    got = ao.softmax_cross_entropy_with_logits(f, y, out=out)
    assert got[0] is out[0] and got[1] is out[1]
    _check_sce(out[0], out[1], f, y)
    assert not loss_buf[1::2].any()
    g2 = ao.softmax_cross_entropy_with_logits(fb[::2, 1::3], yb[::2, 1::3])
    _check_sce(*g2, fb[::2, 1::3], yb[::2, 1::3])


@pytest.mark.own_executor
def test_sce_loss_overlapping_an_input_goes_through_the_workspace():
    """An output overlapping an input: every output of the row op is computed into its
    own workspace region (phase 1 reports them) and copied into its view after the kernel
    has read every input (_run_fn_plan)."""
    f, y = _sce_inputs((4, 6), seed=2)
    buf = ao.tensor(np.concatenate([f.reshape(-1), np.zeros(8, np.float32)]))
    ft = buf.as_strided((4, 6), (6, 1), 0)
    loss = buf.as_strided((4,), (1,), 2)        # inside features' first row
    bp = ao.zeros((4, 6))
    ws, ex = aclnn.softmax_cross_entropy_with_logits_get_workspace_size(ft, ao.tensor(y), loss, bp)
    assert ex.via_workspace and ws >= 4 * 6 * 4 + 4 * 4
    aclnn.softmax_cross_entropy_with_logits(ao.empty((ws,), "uint8"), ws, ex)
    _check_sce(loss.numpy(), bp.numpy(), f, y)


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_sce_long_rows_and_16bit(dtype):
    """Rows longer than the kernel's chunk (4096) are read once per pass in chunks; 16-bit
    results are the float64 values rounded once (2 ulps of the dtype)."""
    npdt = ao.as_dtype(dtype).numpy
    f, y = _sce_inputs((3, 10000), np.float32, seed=3)
    f, y = f.astype(npdt), (y / 1000).astype(npdt)     # a loss float16 can hold (~70)
    loss, bp = ao.softmax_cross_entropy_with_logits(f, y)
    rl, rb = sce_ref(f, y)
    eps = float(ml_dtypes.finfo(npdt).eps)
    tol = 16 * eps if npdt == np.float32 else 2 * eps
    np.testing.assert_allclose(loss.astype(np.float64), rl, rtol=tol)
    np.testing.assert_allclose(bp.astype(np.float64), rb, rtol=tol, atol=tol * np.abs(rb).max())


def test_sce_same_bits_at_every_thread_count():
    f, y = _sce_inputs((300, 257), seed=4)
    before = ao.get_num_threads()
    try:
        results = []
        for n in (1, 2, 3):
            ao.set_num_threads(n)
            results.append(ao.softmax_cross_entropy_with_logits(f, y))
    finally:
        ao.set_num_threads(before)
    for loss, bp in results[1:]:
        assert np.array_equal(loss, results[0][0]) and np.array_equal(bp, results[0][1])


def test_sce_nan_row_is_nan():
    f, y = _sce_inputs((3, 5), seed=5)
    f[1, 2] = np.nan
    loss, bp = ao.softmax_cross_entropy_with_logits(f, y)
    assert np.isnan(loss[1]) and np.isnan(bp[1]).all()
    assert np.isfinite(loss[[0, 2]]).all() and np.isfinite(bp[[0, 2]]).all()


def test_sce_against_torch():
    """torch has no fused op: by composition, -sum(y * log_softmax(x)) and softmax(x) - y,
    in float64 (float32 within 16 ulps of it, as the harness)."""
    torch = pytest.importorskip("torch")
    f, y = _sce_inputs((16, 33), seed=6)
    want = SCE.info["torch_composite"](torch, torch.from_numpy(f.astype(np.float64)), torch.from_numpy(y.astype(np.float64)))
    loss, bp = ao.softmax_cross_entropy_with_logits(f, y)
    np.testing.assert_allclose(loss, want[0].numpy(), rtol=2e-6)
    np.testing.assert_allclose(bp, want[1].numpy(), rtol=2e-6, atol=2e-7)


# -- PreluBackward: an elementwise result plus a per-channel sum -------------------------
PB = ao.registered_ops()["prelu_backward"]


def pb_ref(dy, x, w):
    return PB.info["reference"](dy, x, w)


def _pb_inputs(shape, c, dtype=np.float32, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.uniform(-1, 1, shape).astype(dtype), rng.uniform(-3, 3, shape).astype(dtype),
            rng.uniform(-1, 1, c).astype(dtype))


def test_prelu_backward_against_float64():
    dy, x, w = _pb_inputs((3, 5, 4, 2), 5)
    gi, gw = ao.prelu_backward(dy, x, w)
    rgi, rgw = pb_ref(dy, x, w)
    assert gi.shape == x.shape and gw.shape == (5,)
    np.testing.assert_allclose(gi, rgi, rtol=1e-6)
    np.testing.assert_allclose(gw, rgw, rtol=1e-6, atol=1e-6)


def test_prelu_backward_weight_shapes_and_cann_checks():
    """aclnn_prelu_backward.cpp CheckShape: a 1-element weight's gradient has weight's
    shape (the sum over everything); C elements give a (C,) gradWeight; gradOutput
    broadcasts to self; every tensor has self's dtype."""
    dy, x, _ = _pb_inputs((2, 3, 4), 3, seed=1)
    w1 = np.float32([[0.25]])
    gi, gw = ao.prelu_backward(dy, x, w1)
    assert gw.shape == (1, 1)
    np.testing.assert_allclose(gw, pb_ref(dy, x, w1)[1], rtol=1e-6)
    dyb = dy[:1, :, :1]                          # broadcast along dims 0 and 2
    gi, gw = ao.prelu_backward(dyb, x, np.float32([0.1, 0.2, 0.3]))
    rgi, rgw = pb_ref(dyb, x, np.float32([0.1, 0.2, 0.3]))
    np.testing.assert_allclose(gi, rgi, rtol=1e-6)
    np.testing.assert_allclose(gw, rgw, rtol=1e-6)
    t = [ao.tensor(a) for a in (dy, x, np.float32([0.1, 0.2, 0.3]))]
    phase1 = aclnn.prelu_backward_get_workspace_size
    assert status_of(phase1, *t, ao.zeros((2, 3, 4)), ao.zeros((3, 1))) == INVALID     # gradWeight (C,)
    assert status_of(phase1, *t, ao.zeros((2, 3, 4)), ao.zeros((3,), "float16")) == INVALID
    assert status_of(phase1, t[0], t[1], ao.tensor(np.float32([0.1, 0.2])), ao.zeros((2, 3, 4)),
                     ao.zeros((2,))) == INVALID
    assert status_of(phase1, ao.tensor(np.zeros((2, 5, 4), np.float32)), t[1], t[2], ao.zeros((2, 3, 4)),
                     ao.zeros((3,))) == INVALID
    assert status_of(phase1, *t, None, ao.zeros((3,))) == NULLPTR
    # 0-d self: one weight
    gi, gw = ao.prelu_backward(np.float32(2.0), np.float32(-3.0), np.float32([0.5]))
    assert float(gi) == 1.0 and gw.shape == (1,) and float(gw[0]) == -6.0


def test_prelu_backward_empty_self_gives_zero_sums():
    dy, x, w = _pb_inputs((0, 3), 3)
    gi, gw = ao.prelu_backward(dy, x, w)
    assert gi.shape == (0, 3)
    np.testing.assert_array_equal(gw, np.zeros(3, np.float32))


def test_prelu_backward_same_bits_at_every_thread_count():
    """Sums per (channel, fixed chunk), added in order: the chunking does not follow the
    thread count (src/channel.c)."""
    dy, x, w = _pb_inputs((40, 3, 100, 50), 3, seed=2)
    before = ao.get_num_threads()
    try:
        results = []
        for n in (1, 2, 3):
            ao.set_num_threads(n)
            results.append(ao.prelu_backward(dy, x, w))
    finally:
        ao.set_num_threads(before)
    for gi, gw in results[1:]:
        assert np.array_equal(gi, results[0][0]) and np.array_equal(gw, results[0][1])
    np.testing.assert_allclose(results[0][1], pb_ref(dy, x, w)[1], rtol=1e-6)


@pytest.mark.own_executor
def test_prelu_backward_outputs_overlapping_inputs():
    """gradInput written over gradOutput (an exact alias, not the last output) and a
    gradWeight inside self's buffer: every output through its workspace region."""
    dy, x, w = _pb_inputs((4, 3, 5), 3, seed=3)
    rgi, rgw = pb_ref(dy, x, w)
    g = ao.tensor(dy.copy())
    xbuf = ao.tensor(np.concatenate([x.reshape(-1), np.zeros(3, np.float32)]))
    xt = xbuf.as_strided(x.shape, (15, 5, 1), 0)
    gw = xbuf.as_strided((3,), (1,), 58)        # overlaps self's last elements
    ws, ex = aclnn.prelu_backward_get_workspace_size(g, xt, ao.tensor(w), g, gw)
    assert ex.via_workspace and ws > 0
    aclnn.prelu_backward(ao.empty((ws,), "uint8"), ws, ex)
    np.testing.assert_allclose(g.numpy(), rgi, rtol=1e-6)
    np.testing.assert_allclose(gw.numpy(), rgw, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_prelu_backward_16bit(dtype):
    """gradInput: one product of two 16-bit values (exact in fp32), rounded once: the
    float64 value rounded; gradWeight: the double sum rounded once (1 ulp)."""
    npdt = ao.as_dtype(dtype).numpy
    dy, x, w = _pb_inputs((6, 4, 33), 4, npdt, seed=4)
    gi, gw = ao.prelu_backward(dy, x, w)
    rgi, rgw = pb_ref(dy, x, w)
    np.testing.assert_array_equal(gi, rgi.astype(npdt))
    eps = float(ml_dtypes.finfo(npdt).eps)
    np.testing.assert_allclose(gw.astype(np.float64), rgw, rtol=eps)


def test_prelu_backward_against_torch():
    torch = pytest.importorskip("torch")
    dy, x, w = _pb_inputs((4, 6, 7), 6, seed=5)
    want = PB.info["torch_composite"](torch, *[torch.from_numpy(a.astype(np.float64)) for a in (dy, x, w)])
    gi, gw = ao.prelu_backward(dy, x, w)
    np.testing.assert_allclose(gi, want[0].numpy(), rtol=1e-6)
    np.testing.assert_allclose(gw, want[1].numpy(), rtol=1e-6, atol=1e-6)
