"""CANN's rules for the registered ops, as their op_api sources state them (hicann/ops-nn
commit e5c3fa9327ea95ba26d06227e746923580d10921), checked with values against numpy
float64 references, on Ascend910B (a non-regbase SoC, where they differ from SiluBackward's
per-SoC rules) and on the host profile."""
import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn
from ascendops.ops import gelu_backward, sigmoid_backward, silu, softmax_backward
from ao_test_helpers import SOCS, aclnn_status


def _run(phase1, phase2, *args):
    ws_size, ex = phase1(*args)
    ws = ao.empty((ws_size,), "uint8") if ws_size else None
    phase2(ws, ws_size, ex)


def _close(got, want, rtol=1e-3, atol=1e-3):
    np.testing.assert_allclose(np.asarray(got, np.float64), want, rtol=rtol, atol=atol)


@pytest.mark.parametrize("soc", SOCS)
def test_sigmoid_backward_broadcasts_and_promotes_on_every_soc(soc):
    # activation/sigmoid_grad/op_api/aclnn_sigmoid_backward.cpp: CheckPromoteType and
    # CheckShapeBroadcast run unconditionally; gradInput castable from the promoted dtype.
    rng = np.random.default_rng(1)
    dy = rng.uniform(-2, 2, (1, 4, 1, 1)).astype(np.float32)
    y = rng.uniform(0, 1, (1, 1, 4, 4)).astype(np.float16)
    want = sigmoid_backward.reference(dy, y)
    with ao.soc(soc):
        for out_dt in ("float32", "float16", "bfloat16"):     # CanCast(FLOAT, out)
            out = ao.empty((1, 4, 4, 4), out_dt)
            _run(aclnn.sigmoid_backward_get_workspace_size, aclnn.sigmoid_backward,
                 ao.from_numpy(dy), ao.from_numpy(y), out)
            tol = 1e-2 if out_dt == "bfloat16" else 1e-3
            _close(out.astype("float32").numpy(), want, tol, tol)
        # FLOAT cannot be cast to an integral type (CanCast), and INT32 is not in the list.
        assert aclnn_status(aclnn.sigmoid_backward_get_workspace_size, ao.from_numpy(dy), ao.from_numpy(y),
                       ao.empty((1, 4, 4, 4), "int32")) == 161002
        # shapes that do not broadcast
        assert aclnn_status(aclnn.sigmoid_backward_get_workspace_size, ao.from_numpy(dy),
                       ao.zeros((1, 3, 4, 4), "float16"), ao.empty((1, 4, 4, 4), "float32")) == 161002


def test_sigmoid_backward_takes_0d():
    # aclnn_sigmoid_backward.cpp checks only OP_CHECK_MAX_DIM (UT case_11: a 0-d call succeeds).
    with ao.soc("Ascend910B"):
        got = ao.sigmoid_backward(np.float32(1.5), np.float32(0.25))
    _close(got, sigmoid_backward.reference(1.5, 0.25))
    assert np.shape(got) == ()


def test_castable_from_promoted_rule_is_checked_against_the_promoted_dtype():
    # f16 inputs promote to f16; f16 -> f32 is a cast CanCast allows (SigmoidBackward),
    # which the "equal" rule of GeluBackwardV2 refuses.
    dy, x = ao.ones((3,), "float16"), ao.full((3,), 0.5, "float16")
    with ao.soc("Ascend910B"):
        out = ao.empty((3,), "float32")
        _run(aclnn.sigmoid_backward_get_workspace_size, aclnn.sigmoid_backward, dy, x, out)
        _close(out.numpy(), sigmoid_backward.reference(np.ones(3), np.full(3, 0.5)))
        assert aclnn_status(aclnn.gelu_backward_v2_get_workspace_size, dy, x, "none",
                       ao.empty((3,), "float32")) == 161002


@pytest.mark.parametrize("soc", SOCS)
def test_gelu_backward_promotes_and_broadcasts_on_every_soc(soc):
    # activation/gelu_grad/op_api/aclnn_gelu_backward.cpp, gelu_grad_v2/op_api/
    # aclnn_gelu_backward_v2.cpp: CheckPromoteTypeGeluBackward (common/inc/op_api/level2_base.h)
    # and BroadcastTo on every SoC. V1 never checks gradInput's dtype; V2 wants the promoted one.
    rng = np.random.default_rng(2)
    dy = rng.uniform(-2, 2, (16,)).astype(np.float16)
    x = rng.uniform(-3, 3, (4, 16)).astype(np.float32)
    with ao.soc(soc):
        for approximate in ("none", "tanh"):
            out = ao.empty((4, 16), "float32")
            _run(aclnn.gelu_backward_v2_get_workspace_size, aclnn.gelu_backward_v2,
                 ao.from_numpy(dy), ao.from_numpy(x), approximate, out)
            _close(out.numpy(), gelu_backward.reference(dy, x, approximate))
            assert aclnn_status(aclnn.gelu_backward_v2_get_workspace_size, ao.from_numpy(dy), ao.from_numpy(x),
                           approximate, ao.empty((4, 16), "float16")) == 161002
        for out_dt in ("float32", "float16"):
            out = ao.empty((4, 16), out_dt)
            _run(aclnn.gelu_backward_get_workspace_size, aclnn.gelu_backward,
                 ao.from_numpy(dy), ao.from_numpy(x), out)
            _close(out.astype("float32").numpy(), gelu_backward.reference(dy, x), 1e-2, 1e-2)
        # the numpy-like API allocates the promoted dtype
        got = ao.gelu_backward(dy, x)
        assert got.dtype == np.float32
        _close(got, gelu_backward.reference(dy, x))


def test_no_rank_cap_for_silu_and_gelu_backward_v2():
    # Silu reshapes to 1-D; GeluBackwardV2's CheckShape has no OP_CHECK_MAX_DIM. GeluBackward
    # (V1) keeps OP_CHECK_MAX_DIM(8).
    rng = np.random.default_rng(3)
    shape = (2, 1, 2, 1, 2, 1, 2, 1, 3, 2)
    x = rng.uniform(-3, 3, shape).astype(np.float32)
    dy = rng.uniform(-1, 1, shape).astype(np.float32)
    with ao.soc("Ascend910B"):
        _close(ao.silu(x), silu.reference(x))
        _close(ao.gelu_backward_v2(dy, x, "tanh"), gelu_backward.reference(dy, x, "tanh"))
        assert aclnn_status(ao.gelu_backward, dy, x) == 161002
        assert aclnn_status(ao.sigmoid_backward, dy, x) == 161002


def test_softmax_backward_empty_input_returns_first_on_non_regbase_socs():
    # activation/softmax_grad/op_api/aclnn_softmax_backward.cpp: "非regbase场景空tensor直接返回"
    # -- an empty gradOutput/output succeeds before the dtype, dim and shape checks there;
    # regbase SoCs run the checks.
    g, y = ao.empty((0, 3), "float32"), ao.empty((0, 3), "float16")
    out = ao.empty((2, 2), "float64")
    for soc, want in (("Ascend910B", 0), ("Ascend910", 0), ("host", 161002), ("Ascend950", 161002)):
        with ao.soc(soc):
            assert aclnn_status(aclnn.softmax_backward_get_workspace_size, g, y, 5, out) == want, soc
    # a non-empty call keeps every check on every SoC
    with ao.soc("Ascend910B"):
        assert aclnn_status(aclnn.softmax_backward_get_workspace_size, ao.zeros((2, 3)), ao.zeros((2, 3), "float16"),
                       0, ao.empty((2, 3))) == 161002
        got = ao.softmax_backward(np.ones((2, 3), np.float32), np.full((2, 3), 1 / 3, np.float32), 1)
        _close(got, softmax_backward.reference(np.ones((2, 3)), np.full((2, 3), 1 / 3), 1))


def test_silu_backward_keeps_its_per_soc_rules():
    # activation/silu_grad/op_api/aclnn_silu_backward.cpp restricts broadcast and mixed
    # dtypes to regbase SoCs (UT silu_backward_testcase_008/013): unchanged.
    f32, f16 = np.ones((2, 3), np.float32), np.ones((2, 3), np.float16)
    with ao.soc("Ascend910B"):
        assert aclnn_status(ao.silu_backward, f32, f16) == 161002
        assert aclnn_status(ao.silu_backward, f32[:1], f32) == 161002
    with ao.soc("host"):
        assert ao.silu_backward(f32, f16).dtype == np.float32


def test_undefined_and_string_tensors_are_created_and_refused(run_python):
    # CANN creates ACL_DT_UNDEFINED / ACL_STRING tensors and its ops refuse them with 161002
    # (ops-nn gelu_grad UT gelu_backward_testcase_030_undefined_dtype, swish UT
    # test_silu_dataType_error). Here they are descriptors over no bytes: everything that
    # would read elements refuses cleanly. In a subprocess, as a crash would end the run.
    out = run_python(r"""
import numpy as np
import ascendops as ao
from ascendops import aclnn
for name in ("undefined", "string"):
    t = ao.empty((2, 3), name)
    assert t.shape == (2, 3) and t.dtype == ao.as_dtype(name) and t.nbytes == 0, t
    repr(t)
    v = t.T
    assert v.shape == (3, 2)
    f = ao.zeros((2, 3))
    for call in (lambda: aclnn.silu_get_workspace_size(t, t),
                 lambda: aclnn.silu_get_workspace_size(f, t),
                 lambda: aclnn.silu_backward_get_workspace_size(f, t, f),
                 lambda: aclnn.gelu_backward_get_workspace_size(t, f, f),
                 lambda: aclnn.gelu_backward_v2_get_workspace_size(f, t, "none", f),
                 lambda: aclnn.sigmoid_backward_get_workspace_size(f, f, t),
                 lambda: aclnn.hardswish_backward_get_workspace_size(t, f, f),
                 lambda: aclnn.softmax_backward_get_workspace_size(t, f, 0, f),
                 lambda: aclnn.cast_get_workspace_size(t, "float32", f)):
        try:
            call()
        except ao.AclnnError as e:
            assert e.status == 161002, e
        else:
            raise AssertionError("accepted a %s tensor" % name)
    assert t.contiguous() is t or t.contiguous().nbytes == 0
    for reader in (t.numpy, t.clone, t.T.contiguous, lambda: np.asarray(t), lambda: t.astype("float32"),
                   lambda: f.copy_(t), lambda: t.copy_(f), t.__dlpack__):
        try:
            reader()
        except Exception as e:
            assert not isinstance(e, (SystemError, MemoryError)), e
        else:
            raise AssertionError("read elements of a %s tensor" % name)
for name in ("uint1", "float4_e2m1"):      # sub-byte types keep their refusal (INT4 is packed)
    try:
        ao.empty((2,), name)
    except TypeError:
        pass
    else:
        raise AssertionError(name)
print("OK")
""")
    assert out.endswith("OK")


@pytest.mark.parametrize("soc", SOCS)
def test_softmax_backward_writes_any_listed_dtype_into_out(soc):
    # aclnn_softmax_backward.cpp's CheckDtypeValid: gradOutput and output in the list and
    # equal; out's dtype is never compared (the result is cast to it). The kernel writes
    # FLOAT16/FLOAT/BF16; CANN's other out dtypes (FP64, COMPLEX64) stay refused (161002).
    rng = np.random.default_rng(7)
    g = rng.uniform(-1, 1, (3, 5)).astype(np.float32)
    y = rng.uniform(0, 1, (3, 5)).astype(np.float32)
    want = softmax_backward.reference(g, y, 1)
    with ao.soc(soc):
        for out_dt in ("float16", "bfloat16", "float32"):
            out = ao.empty((3, 5), out_dt)
            _run(aclnn.softmax_backward_get_workspace_size, aclnn.softmax_backward,
                 ao.from_numpy(g), ao.from_numpy(y), 1, out)
            _close(out.astype("float32").numpy(), want, 1e-2, 1e-2)
        for out_dt in ("float64", "int32"):
            assert aclnn_status(aclnn.softmax_backward_get_workspace_size, ao.from_numpy(g), ao.from_numpy(y), 1,
                           ao.empty((3, 5), out_dt)) == 161002
        # the inputs keep one dtype
        assert aclnn_status(aclnn.softmax_backward_get_workspace_size, ao.from_numpy(g),
                       ao.from_numpy(y.astype(np.float16)), 1, ao.empty((3, 5))) == 161002
