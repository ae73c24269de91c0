"""Probes of ascendops/ops/exp.py: aclnnExp and aclnnInplaceExp (aclnn_exp.cpp, SOURCE)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/exp/op_api/aclnn_exp.cpp")
OP = "Exp"
S = (2, 3)
E = (0, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S

EXP = [
    Probe("null self", [None], [], [f(S)], 161001, "CheckNotNull2Tensor: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [], [None], 161001, "CheckNotNull2Tensor: OP_CHECK_NULL(out)"),
    Probe("null self before bad out dtype", [None], [], [f(S, "INT32")], 161001,
          "CheckParamsExp: CheckNotNull2Tensor before CheckDtypeValid"),
    Probe("float16", [f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0, "CheckDtypeValid: FLOAT16 listed"),
    Probe("double", [f(S, "DOUBLE")], [], [f(S, "DOUBLE")], 0, "CheckDtypeValid: DOUBLE listed"),
    Probe("complex64", [f(S, "COMPLEX64")], [], [f(S, "COMPLEX64")], 0, "CheckDtypeValid: COMPLEX64 listed"),
    Probe("complex128", [f(S, "COMPLEX128")], [], [f(S, "COMPLEX128")], 0, "CheckDtypeValid: COMPLEX128 listed"),
    Probe("bool self, float out", [f(S, "BOOL")], [], [f(S)], 0,
          "CheckDtypeValid: BOOL listed; resultDtype FLOAT, CanCast(FLOAT, FLOAT)"),
    Probe("int64 self, float16 out", [f(S, "INT64")], [], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: INT64 listed; resultDtype FLOAT, CanCast(FLOAT, FLOAT16)"),
    Probe("int64 self and out", [f(S, "INT64")], [], [f(S, "INT64")], 161002,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, INT64)"),
    Probe("bool self and out", [f(S, "BOOL")], [], [f(S, "BOOL")], 161002,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, BOOL)"),
    Probe("int32 self", [f(S, "INT32")], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self): INT32 in neither list"),
    Probe("uint8 self", [f(S, "UINT8")], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self): UINT8 in neither list"),
    Probe("float self, int32 out", [f(S)], [], [f(S, "INT32")], 161002,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, INT32)"),
    Probe("float self, double out", [f(S)], [], [f(S, "DOUBLE")], 0, "CheckDtypeValid: CanCast(FLOAT, DOUBLE)"),
    Probe("float self, complex64 out", [f(S)], [], [f(S, "COMPLEX64")], 0,
          "CheckDtypeValid: CanCast(FLOAT, COMPLEX64)"),
    Probe("float self, float16 out", [f(S)], [], [f(S, "FLOAT16")], 0, "CheckDtypeValid: CanCast(FLOAT, FLOAT16)"),
    Probe("complex64 self, float out", [f(S, "COMPLEX64")], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(COMPLEX64, FLOAT)"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "CheckDtypeValid: DTYPE_SUPPORT_LIST_910B on DAV_2201"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "CheckDtypeValid: DTYPE_SUPPORT_LIST_910B on a regbase SoC", soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "CheckDtypeValid: DTYPE_SUPPORT_LIST_910 has no BF16", soc="Ascend910"),
    Probe("bf16 on Ascend310P", [f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "CheckDtypeValid: DAV_2002 is neither DAV_2201 nor regbase: DTYPE_SUPPORT_LIST_910", soc="Ascend310P"),
    Probe("float self, bf16 out on Ascend910", [f(S)], [], [f(S, "BF16")], 0,
          "CheckDtypeValid: out is checked by CanCast(FLOAT, BF16) only", soc="Ascend910"),
    Probe("out of another shape", [f(S)], [], [f((3, 2))], 161002,
          "CheckSameShape1In1Out: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("rank 8", [f(R8)], [], [f(R8)], 0, "CheckSameShape1In1Out: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [], [f(R9)], 161002, "CheckSameShape1In1Out: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9, out of another shape", [f(R9)], [], [f((1,) * 8 + (3,))], 161002,
          "CheckSameShape1In1Out: the shape check before the rank check"),
    Probe("0-d", [f(())], [], [f(())], 0, "CheckSameShape1In1Out: no minimum rank"),
    Probe("empty", [f(E)], [], [f(E)], 0, "GetWorkspaceSizeCommon: self->IsEmpty() returns success"),
    Probe("empty int32", [f(E, "INT32")], [], [f(E)], 161002,
          "GetWorkspaceSizeCommon: CheckParamsExp before the IsEmpty() return"),
    Probe("empty with out of another shape", [f(E)], [], [f((3, 0))], 161002,
          "GetWorkspaceSizeCommon: CheckSameShape1In1Out before the IsEmpty() return"),
]

INPLACE_EXP = [
    Probe("inplace: null selfRef", [None], [], [], 161001, "CheckInplaceParamsExp: OP_CHECK_NULL(selfRef)",
          op="InplaceExp"),
    Probe("inplace: float", [f(S)], [], [], 0, "CheckInplaceDtypeValid: FLOAT listed", op="InplaceExp"),
    Probe("inplace: complex128", [f(S, "COMPLEX128")], [], [], 0, "CheckInplaceDtypeValid: COMPLEX128 listed",
          op="InplaceExp"),
    Probe("inplace: int64", [f(S, "INT64")], [], [], 161002,
          "CheckInplaceDtypeValid: INT64 is not in the selfRef list (aclnnExp would take it)", op="InplaceExp"),
    Probe("inplace: bool", [f(S, "BOOL")], [], [], 161002, "CheckInplaceDtypeValid: BOOL not in the selfRef list",
          op="InplaceExp"),
    Probe("inplace: bf16 on Ascend910B", [f(S, "BF16")], [], [], 0,
          "CheckInplaceDtypeValid: ASCEND910B_DTYPE_SELFREF_LIST on DAV_2201", op="InplaceExp"),
    Probe("inplace: bf16 on Ascend910", [f(S, "BF16")], [], [], 161002,
          "CheckInplaceDtypeValid: ASCEND910_DTYPE_SELFREF_LIST has no BF16", op="InplaceExp", soc="Ascend910"),
    Probe("inplace: rank 9", [f(R9)], [], [], 161002, "CheckSameShape1In1Out: OP_CHECK_MAX_DIM(self, 8)",
          op="InplaceExp"),
    Probe("inplace: empty int64", [f(E, "INT64")], [], [], 161002,
          "CheckInplaceParamsExp before the IsEmpty() return", op="InplaceExp"),
    Probe("inplace: empty", [f(E)], [], [], 0, "GetWorkspaceSizeCommon: self->IsEmpty()", op="InplaceExp"),
]

PROBES = EXP + INPLACE_EXP

DOC_SOURCE = []
