"""Outputs the kernel never writes (Output(written=False)) and the empty-tensor return
before the shape check (empty_first="before_shapes").

aclnnLogSigmoidForward's buffer (hicann/ops-nn@e5c3fa93 activation/log_sigmoid/op_api/
aclnn_logsigmoid.cpp; docs/aclnnLogSigmoidForward.md: "暂无用"): passed to nothing but
the DFX log, never null-checked, its dtype and shape never checked, never written.
aclnnHardshrinkBackward (activation/hard_shrink_grad/op_api/aclnn_hardshrink_backward.cpp):
IsEmpty() returns success before CheckShapeBroadcast."""
import numpy as np
import pytest

import ascendops as ao
from ascendops import _core, aclnn
from ascendops.ops import ElementwiseOp, Input, Output
from ascendops.ops.sigmoid import reference_logsigmoid


def _sample(shape=(3, 4), dtype=np.float32):
    return np.random.default_rng(0).uniform(-20, 20, shape).astype(dtype)


def test_buffer_is_never_written_nor_checked():
    x = _sample()
    out = ao.empty((3, 4), "float32")
    for buffer in (ao.full((3, 4), 7.0, "float32"), ao.full((5,), 3, "int32"), None):
        before = None if buffer is None else buffer.numpy().copy()
        ws, ex = aclnn.log_sigmoid_forward_get_workspace_size(ao.from_numpy(x), out, buffer)
        aclnn.log_sigmoid_forward(None, ws, ex)
        np.testing.assert_allclose(out.numpy(), reference_logsigmoid(x), rtol=1e-6, atol=1e-7)
        if buffer is not None:
            np.testing.assert_array_equal(buffer.numpy(), before)


@pytest.mark.own_executor
def test_buffer_overlapping_the_input_needs_no_workspace():
    """A never-written output is no operand of the kernel: overlapping an input, it
    takes no workspace and no copy back (which would write it)."""
    x = _sample()
    out = ao.empty((3, 4), "float32")
    xs = ao.from_numpy(x)
    ws, ex = aclnn.log_sigmoid_forward_get_workspace_size(xs, out, xs)
    assert ws == 0
    aclnn.log_sigmoid_forward(None, ws, ex)
    np.testing.assert_array_equal(xs.numpy(), _sample())


def test_numpy_like_call_returns_a_zero_buffer():
    x = _sample((2, 3), np.float16)
    out, buffer = ao.log_sigmoid_forward(x)
    assert buffer.shape == out.shape == x.shape and buffer.dtype == np.float16
    np.testing.assert_array_equal(buffer, 0)
    # caller-given outputs: the buffer keeps what it held
    b = np.full(x.shape, 5.0, np.float16)
    o = np.empty(x.shape, np.float16)
    assert ao.log_sigmoid_forward(x, out=(o, b)) == (o, b)
    np.testing.assert_array_equal(b, 5.0)


def test_repeatable_executor_repointed_buffer_stays_unwritten():
    x = _sample()
    out, b1, b2 = ao.empty((3, 4)), ao.full((3, 4), 1.0), ao.full((3, 4), 2.0)
    ws, ex = aclnn.log_sigmoid_forward_get_workspace_size(ao.from_numpy(x), out, b1)
    ex.set_repeatable()
    aclnn.log_sigmoid_forward(None, ws, ex)
    ex.set_output_tensor_addr(1, b2)
    aclnn.log_sigmoid_forward(None, ws, ex)
    np.testing.assert_array_equal(b1.numpy(), 1.0)
    np.testing.assert_array_equal(b2.numpy(), 2.0)
    ex.destroy()


def test_out_against_torch_and_torchs_buffer():
    """out is torch's log_sigmoid_forward output; torch's CPU buffer holds exp(-|x|)
    (its backward reads it), CANN's is left as it was."""
    torch = pytest.importorskip("torch")
    x = _sample((64,))
    out, _ = ao.log_sigmoid_forward(x)
    t_out, t_buf = torch.ops.aten.log_sigmoid_forward(torch.from_numpy(x))
    np.testing.assert_allclose(out, t_out.numpy(), rtol=2e-6, atol=1e-7)
    np.testing.assert_allclose(t_buf.numpy(), np.exp(-np.abs(x)), rtol=1e-6)


def _probe_op(checked):
    return ElementwiseOp(
        name="ProbeUnwritten", snake=None, params=(Input("self"), Output("out"),
                                                   Output("extra", written=False, checked=checked)),
        dtypes=("float32",), kernel="logsigmoid", tiling=ao.ops.OPS["log_sigmoid"].tiling,
        broadcast="never", mixed="never")


@pytest.mark.own_executor
def test_checked_unwritten_output_is_checked_like_the_first():
    op = _probe_op(True)
    x = _sample()
    extra = np.full((3, 4), 9.0, np.float32)
    out = np.empty((3, 4), np.float32)
    _core.call(op, (x,), (), (out, extra))
    np.testing.assert_array_equal(extra, 9.0)
    for bad in (np.zeros((3, 4), np.float16), np.zeros((4, 3), np.float32)):
        with pytest.raises(ao.AclnnError) as e:
            _core.call(op, (x,), (), (out, bad))
        assert e.value.status == 161002 and "extra" in str(e.value)
    _core.call(_probe_op(False), (x,), (), (out, np.zeros((1,), np.float16)))


def test_declaration_rules():
    with pytest.raises(ValueError, match="optional and written"):
        # a written output may be null only where the op kind computes without it (the norms)
        ElementwiseOp(name="Bad", snake=None, params=(Input("self"), Output("out", optional=True)),
                      dtypes=("float32",), kernel="logsigmoid", tiling=None, broadcast="never", mixed="never")
    with pytest.raises(ValueError):
        Output("out", checked=False)
    with pytest.raises(ValueError, match="come after"):
        ElementwiseOp(name="Bad", snake=None, params=(Input("self"), Output("b", written=False), Output("out")),
                      dtypes=("float32",), kernel="logsigmoid", tiling=None, broadcast="never", mixed="never")
    op = ao.ops.OPS["log_sigmoid_forward"]
    assert op.unwritten_outputs == (1,) and op.written_inputs == ()
    assert ao.ops.OPS["rrelu_with_noise"].written_inputs == (1,)


def test_hardshrink_backward_empty_before_broadcast():
    """An empty input returns success before the broadcast check, but after the dtype
    checks (CANN's order); without an empty tensor the shapes are still checked."""
    hb = aclnn.hardshrink_backward_get_workspace_size
    ws, _ = hb(ao.zeros((0,)), ao.zeros((1, 1, 1, 4), "float16"), 0.5, ao.zeros((1, 1, 1, 4), "float16"))
    assert ws == 0
    with pytest.raises(ao.AclnnError) as e:
        hb(ao.zeros((2,)), ao.zeros((1, 1, 1, 4), "float16"), 0.5, ao.zeros((1, 1, 1, 4), "float16"))
    assert e.value.status == 161002
    with pytest.raises(ao.AclnnError) as e:     # a dtype outside the list: refused before
        hb(ao.zeros((0,), "float64"), ao.zeros((1, 4)), 0.5, ao.zeros((1, 4)))
    assert e.value.status == 161002
    with pytest.raises(ao.AclnnError) as e:     # ranks too (OP_CHECK_MAX_DIM)
        hb(ao.zeros((0,) + (1,) * 8), ao.zeros((1, 4)), 0.5, ao.zeros((1, 4)))
    assert e.value.status == 161002
