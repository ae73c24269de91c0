"""Several outputs and split operands in the elementwise engine: a kernel of
two results (AO_EW_OP2_2OUT, src/ew_op.h) run one pass per output, each output checked
and overlap-checked on its own, an output overlapping an input computed into its own
workspace region and copied back; Input/Output(split="dim") halves (the gated ops).

GeGlu's declaration here is a test-local, unregistered op over the registered kernels
src/ops/geglu_erf.h / geglu_tanh.h (CANN: hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921
activation/ge_glu_v2/op_host/op_api/aclnn_geglu.cpp): two Outputs, out = A * gelu(B) and
outGelu = gelu(B)."""
import math

import numpy as np
import pytest

import ascendops as ao
from ascendops import _core
from ascendops.ops import ElementwiseOp, Input, Int, Output
from ascendops.ops._gated import halves, tiling3


def _gelu_tanh(x):
    return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def geglu_reference(x, dim=-1, approximate=1):
    a, b = halves(x, dim)
    g = _gelu_tanh(b) if approximate == 1 else 0.5 * b * (1.0 + np.vectorize(math.erf, otypes=[float])(b / math.sqrt(2.0)))
    return a * g, g


GEGLU = ElementwiseOp(
    name="GeGlu", snake="zz_test_geglu",
    params=(Input("self", split="dim"), Int("dim", -1), Int("approximate", 1), Output("out"), Output("outGelu")),
    dtypes=("float32", "float16", "bfloat16"), kernel="geglu_tanh", tiling=tiling3,
    kernel_for=lambda attrs: ("geglu_tanh" if attrs[1] == 1 else "geglu_erf", (0.0,)),
    broadcast="never", mixed="never", min_rank=1, info={"reference": geglu_reference})
PHASE1, PHASE2 = ao.aclnn._two_stage(GEGLU)


def run(op_phase1, op_phase2, *args):
    ws_size, ex = op_phase1(*args)
    ws = ao.empty((ws_size,), "uint8") if ws_size else None
    op_phase2(ws, ws_size, ex)
    return ws_size, ex


@pytest.mark.parametrize("approximate", [0, 1])
@pytest.mark.parametrize("dim", [-1, 0, 1])
def test_two_outputs_against_float64(dim, approximate):
    x = np.random.default_rng(0).uniform(-4, 4, (4, 6, 8)).astype(np.float32)
    out, gelu = _core.call(GEGLU, (x,), (dim, approximate))
    ref = geglu_reference(x, dim, approximate)
    for got, want in zip((out, gelu), ref):
        assert got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def test_two_outputs_float16_noncontiguous_outputs():
    x = np.random.default_rng(1).uniform(-3, 3, (6, 10)).astype(np.float16)
    out = np.zeros((12, 5), np.float16)[::2]
    gelu = np.zeros((5, 6), np.float16).T
    res = _core.call(GEGLU, (x,), (-1, 1), (out, gelu))
    assert res[0] is out and res[1] is gelu
    ref = geglu_reference(x, -1, 1)
    np.testing.assert_allclose(out, ref[0], rtol=2e-3, atol=2e-3)
    np.testing.assert_allclose(gelu, ref[1], rtol=2e-3, atol=2e-3)


@pytest.mark.own_executor
def test_exact_alias_of_the_last_output_runs_in_place():
    """outGelu (the last pass) written exactly onto self's second half along dim 0: in
    place, no workspace; the first output's pass read the inputs before."""
    x = np.random.default_rng(2).uniform(-3, 3, (4, 6)).astype(np.float32)
    ref = geglu_reference(x.copy(), 0, 1)
    t, out = ao.from_numpy(x), ao.empty((2, 6), "float32")
    ws_size, ex = run(PHASE1, PHASE2, t, 0, 1, out, t[2:])
    assert ws_size == 0 and ex.via_workspace == 0
    np.testing.assert_allclose(out.numpy(), ref[0], rtol=1e-5, atol=1e-6)
    # read back through the tensor: on a device other than cpu, t is a copy of x
    np.testing.assert_allclose(t.numpy()[2:], ref[1], rtol=1e-5, atol=1e-6)


@pytest.mark.own_executor
def test_exact_alias_of_the_first_output_goes_through_the_workspace():
    """out (pass 0) onto self's second half: pass 1 reads that half again, so out is
    computed into a workspace region (64-byte aligned) and copied back after both passes."""
    x = np.random.default_rng(3).uniform(-3, 3, (4, 6)).astype(np.float32)
    ref = geglu_reference(x.copy(), 0, 1)
    t, gelu = ao.from_numpy(x), ao.empty((2, 6), "float32")
    ws_size, ex = run(PHASE1, PHASE2, t, 0, 1, t[2:], gelu)
    assert ws_size == 64 and ex.via_workspace == 1
    np.testing.assert_allclose(t.numpy()[2:], ref[0], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(gelu.numpy(), ref[1], rtol=1e-5, atol=1e-6)


@pytest.mark.own_executor
def test_both_outputs_overlapping_inputs_partially():
    x = np.random.default_rng(4).uniform(-3, 3, (4, 8)).astype(np.float32)
    buf = np.zeros(40, np.float32)
    buf[:32] = x.reshape(-1)
    ref = geglu_reference(x, -1, 1)
    # one tensor over buf, viewed three ways (on a device other than cpu every
    # from_numpy is a copy of its own, which would not overlap)
    b = ao.from_numpy(buf)
    t = b[:32].reshape((4, 8))
    out, gelu = b[1:17], b[17:33]
    ws_size, ex = run(PHASE1, PHASE2, t, -1, 1, out.reshape((4, 4)), gelu.reshape((4, 4)))
    assert ex.via_workspace == 3 and ws_size == 128
    res = b.numpy()
    np.testing.assert_allclose(res[1:17].reshape(4, 4), ref[0], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(res[17:33].reshape(4, 4), ref[1], rtol=1e-5, atol=1e-6)


def test_outputs_at_one_address_are_refused():
    t, o = ao.from_numpy(np.ones((2, 4), np.float32)), ao.empty((2, 2), "float32")
    with pytest.raises(ao.AclnnError) as e:
        PHASE1(t, -1, 1, o, o)
    assert e.value.status == ao.ACLNN_ERR_PARAM_INVALID and "overlap" in e.value.message


def test_each_output_is_checked():
    t = ao.from_numpy(np.ones((2, 4), np.float32))
    for out, gelu in [(ao.empty((2, 2), "float32"), ao.empty((2, 3), "float32")),
                      (ao.empty((2, 2), "float32"), ao.empty((2, 2), "float16"))]:
        with pytest.raises(ao.AclnnError) as e:
            PHASE1(t, -1, 1, out, gelu)
        assert e.value.status == ao.ACLNN_ERR_PARAM_INVALID and "outGelu" in e.value.message


def test_declaration_must_match_the_kernel():
    with pytest.raises(ValueError, match="writes 2 outputs"):
        ElementwiseOp(name="Bad", snake="zz_bad", params=(Input("self", split="dim"), Int("dim", -1), Output("out")),
                      dtypes=("float32",), kernel="geglu_tanh", tiling=tiling3, broadcast="never", mixed="never")
    with pytest.raises(ValueError, match="split= must name"):
        ElementwiseOp(name="Bad", snake="zz_bad", params=(Input("self", split="axis"), Int("dim", -1), Output("out")),
                      dtypes=("float32",), kernel="glu", tiling=tiling3, broadcast="never", mixed="never")


def test_split_halves_of_a_transposed_view():
    """The halves are views of the input (same strides, the second offset by half the
    dim): no copy, whatever the layout."""
    x = np.random.default_rng(5).uniform(-3, 3, (8, 6)).astype(np.float32).T      # (6, 8), strides (1, 6)
    for dim in (0, 1, -1):
        np.testing.assert_allclose(ao.glu(x, dim), ao.ops.glu.reference(x, dim), rtol=1e-6, atol=1e-7)


def test_glu_backward_out_onto_self():
    """gradInput written over self (exact alias of the whole tensor): each half
    overlaps the other's range, so both go through the workspace; results as from copies."""
    rng = np.random.default_rng(6)
    x = rng.uniform(-3, 3, (4, 6)).astype(np.float32)
    dy = rng.uniform(-2, 2, (4, 3)).astype(np.float32)
    ref = ao.ops.glu_backward.reference(dy, x.copy(), -1)
    res = ao.glu_backward(dy, x, -1, out=x)
    assert res is x
    np.testing.assert_allclose(x, ref, rtol=1e-5, atol=1e-6)


def test_split_dim_rules():
    """CANN's checks (aclnn_glu.cpp CheckParamsDataAndShape): dim in [-rank, rank), the
    size there even, out of self's shape halved; all 161002."""
    x = np.ones((3, 4), np.float32)
    for call in (lambda: ao.glu(x, 2), lambda: ao.glu(x, -3), lambda: ao.glu(x, 0),
                 lambda: ao.aclnn.glu_get_workspace_size(ao.tensor(x), -1, ao.empty((3, 4), "float32"))):
        with pytest.raises(ao.AclnnError) as e:
            call()
        assert e.value.status == ao.ACLNN_ERR_PARAM_INVALID


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float32"])
@pytest.mark.parametrize("name", ["glu", "glu_backward"])
def test_against_torch(name, dtype):
    """float16/bfloat16: >= 99% bit-identical to torch's CPU kernels (docs/ops.md lists
    the rates); float32 within torch's own error against float64."""
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(7)
    npdt = ao.as_dtype(dtype).numpy
    x = rng.uniform(-6, 6, (256, 512)).astype(npdt)
    tx = torch.from_numpy(x.astype(np.float32)).to(getattr(torch, dtype))
    if name == "glu":
        got = np.asarray(ao.glu(x, -1)).astype(np.float64)
        want = torch.nn.functional.glu(tx, -1)
        ref = ao.ops.glu.reference(x, -1)
    else:
        dy = rng.uniform(-2, 2, (256, 256)).astype(npdt)
        tdy = torch.from_numpy(dy.astype(np.float32)).to(getattr(torch, dtype))
        got = np.asarray(ao.glu_backward(dy, x, -1)).astype(np.float64)
        want = torch.ops.aten.glu_backward(tdy, tx, -1)
        ref = ao.ops.glu_backward.reference(dy, x, -1)
    want = want.double().numpy()
    if dtype == "float32":
        err_ours = np.max(np.abs(got - ref) / (np.abs(ref) + 1e-30))
        err_torch = np.max(np.abs(want - ref) / (np.abs(ref) + 1e-30))
        assert err_ours <= max(4 * err_torch, 1e-6), (err_ours, err_torch)
    elif name == "glu":
        assert np.mean(got == want) >= 0.99, np.mean(got == want)
    else:
        # torch rounds sigmoid(b) to the 16-bit dtype before multiplying (two roundings:
        # 63% bit-identical, docs/ops.md); CANN's op computes in FLOAT and rounds once,
        # as ascendops does: within a few ulps of torch, at the reference's tolerance
        eps = float(np.finfo(np.float16).eps) if dtype == "float16" else 2.0 ** -7
        np.testing.assert_allclose(got, want, rtol=4 * eps, atol=4 * eps)
