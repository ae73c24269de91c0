"""CANN's dtype promotion and the cast step before an elementwise kernel.

Rules from CANN's public sources:
- PromoteType / kPromoteTypesLookup: hicann/opbase include/nnopbase/opdev/data_type_utils.h
  (commit aa3cd74b7f6d772acd64ff48292a7e65a9bc8142); the cells asserted below are read
  from that table.
- CheckPromoteTypeGeluBackward: hicann/ops-nn common/inc/op_api/level2_base.h (commit
  e5c3fa9327ea95ba26d06227e746923580d10921): only PromoteType(gradOutput, self) is checked
  (defined, BF16 only where the SoC has it, in the support list); the op_api then casts both
  inputs to it (l0op::Cast, activation/gelu_grad/op_api/aclnn_gelu_backward.cpp).
- The official example activation/gelu_grad/examples/test_aclnn_gelu_backward.cpp (same
  commit) calls aclnnGeluBackward with an INT32 gradOutput and a FLOAT self.
Values are checked against numpy float64 references (gelu_backward.reference)."""
import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn
from ascendops._core import ElementwiseOp, Input, Output, cann_promote_type
from ascendops.ops import gelu_backward, sigmoid_backward
from ao_test_helpers import SOCS, aclnn_status


def _run(ws_size, ex):
    ws = ao.empty((ws_size,), "uint8") if ws_size else None
    aclnn.gelu_backward(ws, ws_size, ex)


def _close(got, want, tol=1e-5):
    np.testing.assert_allclose(np.asarray(got, np.float64), want, rtol=tol, atol=tol)


# -- the promote table ----------------------------------------------------------------------
@pytest.mark.parametrize("a, b, want", [
    ("int32", "float32", "float32"),       # numpy: float64
    ("int64", "float16", "float16"),       # numpy: float64
    ("int8", "uint8", "int16"),
    ("bool", "int8", "int8"),
    ("float16", "bfloat16", "float32"),    # numpy: no common type
    ("int32", "bfloat16", "bfloat16"),
    ("float32", "float64", "float64"),
    ("complex32", "float32", "complex64"),
    ("complex32", "float16", "complex32"),
    ("uint16", "float32", None),           # ud: unsigned wider than 8 bits
    ("uint32", "int32", None),
    ("uint64", "uint8", None),
    ("float32", "float32", "float32"),     # PromoteType returns equal types as they are
    ("uint16", "uint16", "uint16"),
])
def test_promote_type_is_cann_s_table(a, b, want):
    got = cann_promote_type(a, b)
    assert (got.name if got is not None else None) == (ao.as_dtype(want).name if want else None)


def test_promote_table_keeps_cann_s_asymmetric_cells():
    # row u2 (UINT16) has complex results only in its c4/c8 columns, while the c4 row's u2
    # column is ud: the table is copied cell for cell, not symmetrised
    assert cann_promote_type("uint16", "complex64").name == "complex64"
    assert cann_promote_type("complex64", "uint16") is None


# -- GeluBackward: the promoted dtype is checked, and integer inputs are cast --------------
@pytest.mark.parametrize("soc", SOCS)
def test_gelu_backward_official_example_call(soc):
    # the example's exact call: gradOutput INT32 [4, 2] ones, self FLOAT 0..7, gradInput FLOAT
    dy = np.ones((4, 2), np.int32)
    x = np.arange(8, dtype=np.float32).reshape(4, 2)
    out = ao.empty((4, 2), "float32")
    with ao.soc(soc):
        ws_size, ex = aclnn.gelu_backward_get_workspace_size(ao.from_numpy(dy), ao.from_numpy(x), out)
        # the cast step's region: 8 FLOAT values, 64-byte aligned
        assert ws_size == 64
        _run(ws_size, ex)
    _close(out.numpy(), gelu_backward.reference(dy, x))


@pytest.mark.parametrize("soc", SOCS)
def test_gelu_backward_broadcasts_an_integer_input(soc):
    dy = np.arange(-3, 3, dtype=np.int64).reshape(6, 1)
    x = np.linspace(-2, 2, 5).astype(np.float32)
    out = ao.empty((6, 5), "float32")
    with ao.soc(soc):
        ws_size, ex = aclnn.gelu_backward_get_workspace_size(ao.from_numpy(dy), ao.from_numpy(x), out)
        assert ws_size == 64          # 6 FLOAT values (the int64 input's own shape, not the broadcast one)
        _run(ws_size, ex)
    _close(out.numpy(), gelu_backward.reference(dy, x))


def test_gelu_backward_casts_a_strided_integer_view_to_the_promoted_float16():
    # INT8 self (a transposed view) with FLOAT16 gradOutput promote to FLOAT16: self is cast
    # to FLOAT16 (rounded there, as CANN's Cast does) before the kernel
    base = np.arange(-6, 6, dtype=np.int8).reshape(4, 3)
    x = ao.from_numpy(base).transpose(1, 0)
    dy = np.linspace(-1, 1, 12).astype(np.float16).reshape(3, 4)
    out = ao.empty((3, 4), "float16")
    ws_size, ex = aclnn.gelu_backward_get_workspace_size(ao.from_numpy(dy), x, out)
    assert ws_size == 64              # 12 FLOAT16 values
    _run(ws_size, ex)
    _close(out.numpy(), gelu_backward.reference(dy, base.T.astype(np.float16)), 2e-3)


@pytest.mark.own_executor
def test_gelu_backward_with_an_output_in_the_overlap_path_adds_its_region():
    # the output overlaps the FLOAT input without being an exact alias (shifted by one
    # element): the kernel writes into the workspace after the cast regions, then ViewCopies
    buf = ao.from_numpy(np.linspace(-2, 2, 9).astype(np.float32))
    x, out = buf[1:9], buf[0:8]
    x_host = x.numpy().copy()
    dy = np.arange(1, 9, dtype=np.int32)
    ws_size, ex = aclnn.gelu_backward_get_workspace_size(ao.from_numpy(dy), x, out)
    assert ex.via_workspace and ws_size == 64 + 8 * 4
    _run(ws_size, ex)
    _close(out.numpy(), gelu_backward.reference(dy, x_host))


def test_gelu_backward_repeatable_executor_re_pointed_at_another_integer_input():
    x = np.linspace(-3, 3, 10).astype(np.float32)
    dy1, dy2 = np.full(10, 2, np.int32), np.arange(10, dtype=np.int32)
    out = ao.empty((10,), "float32")
    ws_size, ex = aclnn.gelu_backward_get_workspace_size(ao.from_numpy(dy1), ao.from_numpy(x), out)
    ex.set_repeatable()
    ws = ao.empty((ws_size,), "uint8")
    aclnn.gelu_backward(ws, ws_size, ex)
    _close(out.numpy(), gelu_backward.reference(dy1, x))
    ex.set_input_tensor_addr(0, ao.from_numpy(dy2))
    aclnn.gelu_backward(ws, ws_size, ex)
    _close(out.numpy(), gelu_backward.reference(dy2, x))
    ex.destroy()


def test_gelu_backward_v2_takes_integer_grad_output_with_the_promoted_output():
    dy = np.arange(-2, 2, dtype=np.int32)
    x = np.linspace(-1, 1, 4).astype(np.float32)
    for approximate in ("none", "tanh"):
        out = ao.empty((4,), "float32")
        ws_size, ex = aclnn.gelu_backward_v2_get_workspace_size(ao.from_numpy(dy), ao.from_numpy(x),
                                                                approximate, out)
        ws = ao.empty((ws_size,), "uint8")
        aclnn.gelu_backward_v2(ws, ws_size, ex)
        _close(out.numpy(), gelu_backward.reference(dy, x, approximate))
        # V2: gradInput must be the promoted FLOAT
        assert aclnn_status(aclnn.gelu_backward_v2_get_workspace_size, ao.from_numpy(dy), ao.from_numpy(x),
                       approximate, ao.empty((4,), "float16")) == 161002


def test_gelu_backward_numpy_like_api_allocates_cann_s_promoted_dtype():
    dy = np.ones((2, 3), np.int32)
    x = np.linspace(-1, 1, 6).astype(np.float32).reshape(2, 3)
    got = ao.gelu_backward(dy, x)
    assert got.dtype == np.float32          # numpy's result_type would say float64
    _close(got, gelu_backward.reference(dy, x))


@pytest.mark.parametrize("dy_dtype, x_dtype", [
    ("int32", "int32"),      # promoted INT32: not in the support list
    ("int8", "uint8"),       # promoted INT16
    ("float64", "float32"),  # promoted DOUBLE
    ("uint16", "float32"),   # not promotable (ud)
])
def test_gelu_backward_refuses_what_does_not_promote_into_its_list(dy_dtype, x_dtype):
    dy = ao.from_numpy(np.ones((2, 2), dy_dtype))
    x = ao.from_numpy(np.ones((2, 2), x_dtype))
    assert aclnn_status(aclnn.gelu_backward_get_workspace_size, dy, x, ao.empty((2, 2), "float32")) == 161002


def test_gelu_backward_checks_bf16_on_the_promoted_dtype():
    # INT32 with BF16 promotes to BF16: refused where the SoC has no BF16, computed where it has
    dy = np.array([1, 2, 3], np.int32)
    x = ao.from_numpy(np.array([0.5, -1.0, 2.0], np.float32)).astype("bfloat16")
    with ao.soc("Ascend910"):
        assert aclnn_status(aclnn.gelu_backward_get_workspace_size, ao.from_numpy(dy), x,
                       ao.empty((3,), "bfloat16")) == 161002
    with ao.soc("Ascend910B"):
        out = ao.empty((3,), "float32")
        ws_size, ex = aclnn.gelu_backward_get_workspace_size(ao.from_numpy(dy), x, out)
        _run(ws_size, ex)
    _close(out.numpy(), gelu_backward.reference(dy, x.astype("float32").numpy()), 2e-2)


def test_each_input_is_still_checked_where_the_op_declares_each():
    # SigmoidBackward's CheckPromoteType checks each tensor against its list (a DtypeIn
    # step of its check sequence per tensor): an INT32 gradOutput stays refused
    dy = ao.from_numpy(np.ones((3,), np.int32))
    y = ao.from_numpy(np.full(3, 0.5, np.float32))
    assert any(type(s).__name__ == "DtypeIn" and "gradOutput" in s.names
               for s in sigmoid_backward.SIGMOID_BACKWARD.check_steps)
    assert aclnn_status(aclnn.sigmoid_backward_get_workspace_size, dy, y, ao.empty((3,), "float32")) == 161002


def test_dtype_check_is_validated():
    with pytest.raises(ValueError, match="dtype_check"):
        ElementwiseOp("Bogus", "bogus", (Input("self"), Input("other"), Output("out")), ("float32",),
                      "gelu_backward", lambda *a: None, dtype_check="inputs")


# -- a 16-bit kernel's result cast into a wider out ---------------------------------------
# CANN runs the l0 kernel in the promoted dtype and then l0op::Cast's the result into out
# (hicann/ops-math c41933244, math/mul/op_api/aclnn_mul.cpp: Mul, then
# `l0op::Cast(resTensor, out->GetDataType())`): a FLOAT out of two FLOAT16 inputs holds
# values rounded to FLOAT16. A FLOAT16 and FLOAT pair promotes to FLOAT: no rounding.
def _f16_rounded(v, dtype="float16"):
    return np.asarray(v, np.float32).astype(ao.as_dtype(dtype).numpy).astype(np.float32)


@pytest.mark.parametrize("half", ["float16", "bfloat16"])
def test_a_16_bit_product_into_a_float_out_is_rounded_to_the_16_bit_dtype(half):
    npdt = ao.as_dtype(half).numpy
    a = np.array([0.1, 0.3, 1.7, -2.9], np.float32).astype(npdt)
    b = np.array([0.7, 0.3, 3.1, 0.013], np.float32).astype(npdt)
    exact = a.astype(np.float32) * b.astype(np.float32)      # exact: 8- or 11-bit significands
    assert not np.array_equal(_f16_rounded(exact, half), exact)
    out = np.zeros(4, np.float32)
    ao.mul(a, b, out=out)
    np.testing.assert_array_equal(out, _f16_rounded(exact, half))      # CANN: 0.07000732 for 0.1 * 0.7
    # the mixed pair computes in FLOAT: the exact product
    ao.mul(a, b.astype(np.float32), out=out)
    np.testing.assert_array_equal(out, exact)
    # a one-input op alike (Exp in the input's dtype, then the Cast)
    x = np.array([0.1, 1.3, -0.7], np.float32).astype(npdt)
    got = np.zeros(3, np.float32)
    ao.exp(x, out=got)
    want = _f16_rounded(np.exp(x.astype(np.float64)), half)
    assert np.max(np.abs(got - want) / np.abs(want)) <= 2.0 ** -(8 if half == "bfloat16" else 10)
    np.testing.assert_array_equal(got, _f16_rounded(got, half))        # every value a 16-bit one


@pytest.mark.own_executor
def test_the_rounded_result_goes_through_the_workspace_into_a_strided_out():
    a = ao.from_numpy(np.array([0.1, 0.3, 1.7, -2.9, 5.5, 0.01], np.float16))
    b = ao.from_numpy(np.array([0.7, 0.3, 3.1, 0.013, 1.1, 0.9], np.float16))
    base = ao.from_numpy(np.full(12, -1.0, np.float32))
    out = base[::2]
    ws_size, ex = aclnn.mul_get_workspace_size(a, b, out)
    assert ex.via_workspace and ws_size == 6 * 2        # the FLOAT16 result, then the Cast
    ws = ao.empty((ws_size,), "uint8")
    aclnn.mul(ws, ws_size, ex)
    ao.synchronize()
    exact = a.numpy().astype(np.float32) * b.numpy().astype(np.float32)
    got = base.numpy()
    np.testing.assert_array_equal(got[::2], _f16_rounded(exact))
    np.testing.assert_array_equal(got[1::2], -1.0)      # the gaps untouched
