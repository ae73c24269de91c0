"""Probes of ascendops/ops/erfinv.py: aclnnErfinv and aclnnInplaceErfinv (aclnn_erfinv.cpp,
SOURCE)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "activation/erfinv/op_api/aclnn_erfinv.cpp")
OP = "Erfinv"
S = (2, 3)
E = (0, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S

ERFINV = [
    Probe("null self", [None], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null self before bad out dtype", [None], [], [f(S, "INT32")], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("float16", [f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0, "CheckDtypeValid: FLOAT16 listed"),
    Probe("int32 self, float out", [f(S, "INT32")], [], [f(S)], 0,
          "CheckDtypeValid: INT32 listed; tmpOut FLOAT, CanCast(FLOAT, FLOAT)"),
    Probe("bool self, float out", [f(S, "BOOL")], [], [f(S)], 0, "CheckDtypeValid: BOOL listed"),
    Probe("uint8 self, float16 out", [f(S, "UINT8")], [], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: tmpOut FLOAT, CanCast(FLOAT, FLOAT16)"),
    Probe("double self", [f(S, "DOUBLE")], [], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self): DOUBLE in no list"),
    Probe("uint32 self", [f(S, "UINT32")], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self): UINT32 in no list"),
    Probe("complex self", [f(S, "COMPLEX64")], [], [f(S, "COMPLEX64")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self): COMPLEX64 in no list"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B_DTYPE_SUPPORT_LIST on ASCEND910B..ASCEND910E"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910_95 lies in ASCEND910B..ASCEND910E", soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND_DTYPE_SUPPORT_LIST has no BF16", soc="Ascend910"),
    Probe("int32 self and out", [f(S, "INT32")], [], [f(S, "INT32")], 161002,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, INT32)"),
    Probe("float self, bool out", [f(S)], [], [f(S, "BOOL")], 161002,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, BOOL)"),
    Probe("float self, double out", [f(S)], [], [f(S, "DOUBLE")], 0,
          "CheckDtypeValid: CanCast(FLOAT, DOUBLE); the result is Cast to out"),
    Probe("float16 self, float out", [f(S, "FLOAT16")], [], [f(S)], 0,
          "CheckDtypeValid: CanCast(FLOAT16, FLOAT)"),
    Probe("float self, complex64 out", [f(S)], [], [f(S, "COMPLEX64")], 0,
          "CheckDtypeValid: CanCast(FLOAT, COMPLEX64)"),
    Probe("out of another shape", [f(S)], [], [f((3, 2))], 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("rank 8", [f(R8)], [], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("0-d", [f(())], [], [f(())], 0, "CheckShape: no minimum rank"),
    Probe("empty", [f(E)], [], [f(E)], 0, "aclnnErfinvGetWorkspaceSize: self->IsEmpty() returns success"),
    Probe("empty with int32 out", [f(E)], [], [f(E, "INT32")], 161002,
          "aclnnErfinvGetWorkspaceSize: CheckParams before the IsEmpty() return"),
    Probe("empty double", [f(E, "DOUBLE")], [], [f(E, "DOUBLE")], 161002,
          "aclnnErfinvGetWorkspaceSize: CheckDtypeValid before the IsEmpty() return"),
    Probe("empty with out of another shape", [f(E)], [], [f((3, 0))], 161002,
          "aclnnErfinvGetWorkspaceSize: CheckShape before the IsEmpty() return"),
]

INPLACE_ERFINV = [
    Probe("inplace: null selfRef", [None], [], [], 161001,
          "aclnnInplaceErfinv: aclnnErfinv(selfRef, selfRef): CheckNotNull", op="InplaceErfinv"),
    Probe("inplace: float", [f(S)], [], [], 0, "CheckDtypeValid: CanCast(FLOAT, FLOAT)", op="InplaceErfinv"),
    Probe("inplace: int32", [f(S, "INT32")], [], [], 161002,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, INT32 out = selfRef)", op="InplaceErfinv"),
    Probe("inplace: bool", [f(S, "BOOL")], [], [], 161002,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, BOOL)", op="InplaceErfinv"),
    Probe("inplace: bf16 on Ascend910B", [f(S, "BF16")], [], [], 0,
          "GetDtypeSupportList: ASCEND910B_DTYPE_SUPPORT_LIST", op="InplaceErfinv"),
    Probe("inplace: bf16 on Ascend910", [f(S, "BF16")], [], [], 161002,
          "GetDtypeSupportList: ASCEND_DTYPE_SUPPORT_LIST has no BF16", op="InplaceErfinv", soc="Ascend910"),
    Probe("inplace: rank 9", [f(R9)], [], [], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)", op="InplaceErfinv"),
    Probe("inplace: empty int32", [f(E, "INT32")], [], [], 161002, "CheckParams before the IsEmpty() return",
          op="InplaceErfinv"),
    Probe("inplace: empty", [f(E)], [], [], 0, "aclnnErfinvGetWorkspaceSize: self->IsEmpty()", op="InplaceErfinv"),
]

PROBES = ERFINV + INPLACE_ERFINV

DOC_SOURCE = [
    "Erfinv: doc lists out FLOAT, FLOAT16, BFLOAT16; source checks out with CanCast(tmpOut, out) only, so DOUBLE and "
    "COMPLEX64/128 outs pass (aclnn_erfinv.cpp:CheckDtypeValid)",
]
