"""Probes of ascendops/ops/neg.py: aclnnNeg and aclnnInplaceNeg (aclnn_neg.cpp, SOURCE)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/neg/op_api/aclnn_neg.cpp")
OP = "Neg"
S = (2, 3)
E = (0, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S

NEG = [
    Probe("null self", [None], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("float16", [f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0, "CheckDtypeValid: FLOAT16 listed"),
    Probe("double", [f(S, "DOUBLE")], [], [f(S, "DOUBLE")], 0, "CheckDtypeValid: DOUBLE listed"),
    Probe("int8", [f(S, "INT8")], [], [f(S, "INT8")], 0, "CheckDtypeValid: INT8 listed"),
    Probe("int64", [f(S, "INT64")], [], [f(S, "INT64")], 0, "CheckDtypeValid: INT64 listed"),
    Probe("complex128", [f(S, "COMPLEX128")], [], [f(S, "COMPLEX128")], 0, "CheckDtypeValid: COMPLEX128 listed"),
    Probe("int16", [f(S, "INT16")], [], [f(S, "INT16")], 161002, "CheckDtypeValid: INT16 not listed"),
    Probe("uint8", [f(S, "UINT8")], [], [f(S, "UINT8")], 161002, "CheckDtypeValid: UINT8 not listed"),
    Probe("bool", [f(S, "BOOL")], [], [f(S, "BOOL")], 161002, "CheckDtypeValid: BOOL not listed"),
    Probe("int8 self, int32 out", [f(S, "INT8")], [], [f(S, "INT32")], 0, "CheckPromoteType: CanCast(INT8, INT32)"),
    Probe("int32 self, float out", [f(S, "INT32")], [], [f(S)], 0, "CheckPromoteType: CanCast(INT32, FLOAT)"),
    Probe("float self, float16 out", [f(S)], [], [f(S, "FLOAT16")], 0, "CheckPromoteType: CanCast(FLOAT, FLOAT16)"),
    Probe("float self, int32 out", [f(S)], [], [f(S, "INT32")], 161002,
          "CheckPromoteType: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, INT32)"),
    Probe("float self, bool out", [f(S)], [], [f(S, "BOOL")], 161002,
          "CheckPromoteType: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, BOOL)"),
    Probe("complex self, float out", [f(S, "COMPLEX64")], [], [f(S)], 161002,
          "CheckPromoteType: OP_CHECK_RESULT_DTYPE_CAST_FAILED(COMPLEX64, FLOAT)"),
    Probe("bf16 on Ascend910_93", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "CheckDtypeValid: isAfterV200 (ASCEND910_93)", soc="Ascend910_93"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [], [f(S, "BF16")], 0, "CheckDtypeValid: isAfterV200 (IsRegBase)",
          soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "CheckDtypeValid: dtype_support_list has no BF16", soc="Ascend910"),
    Probe("bf16 on Ascend310P", [f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "CheckDtypeValid: dtype_support_list has no BF16", soc="Ascend310P"),
    Probe("out of another shape", [f(S)], [], [f((3, 2))], 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("rank 8", [f(R8)], [], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("0-d", [f(())], [], [f(())], 0, "CheckShape: no minimum rank"),
    Probe("empty", [f(E)], [], [f(E)], 0, "aclnnNegGetWorkspaceSize: self->IsEmpty() returns success"),
    Probe("empty int16", [f(E, "INT16")], [], [f(E, "INT16")], 161002,
          "aclnnNegGetWorkspaceSize: CheckParams before the IsEmpty() return"),
]

INPLACE_NEG = [
    Probe("inplace: null selfRef", [None], [], [], 161001, "aclnnNeg(selfRef, selfRef): OP_CHECK_NULL(self)",
          op="InplaceNeg"),
    Probe("inplace: float", [f(S)], [], [], 0, "aclnnNeg(selfRef, selfRef)", op="InplaceNeg"),
    Probe("inplace: int32", [f(S, "INT32")], [], [], 0, "CheckDtypeValid: INT32 listed; CanCast(INT32, INT32)",
          op="InplaceNeg"),
    Probe("inplace: int16", [f(S, "INT16")], [], [], 161002, "CheckDtypeValid: INT16 not listed", op="InplaceNeg"),
    Probe("inplace: bf16 on Ascend910", [f(S, "BF16")], [], [], 161002, "CheckDtypeValid: no BF16 on Ascend910",
          op="InplaceNeg", soc="Ascend910"),
    Probe("inplace: rank 9", [f(R9)], [], [], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)", op="InplaceNeg"),
    Probe("inplace: empty", [f(E)], [], [], 0, "aclnnNegGetWorkspaceSize: IsEmpty()", op="InplaceNeg"),
]

PROBES = NEG + INPLACE_NEG

DOC_SOURCE = []
