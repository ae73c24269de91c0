"""Probes of ascendops/ops/sqrt.py: aclnnSqrt and aclnnInplaceSqrt (aclnn_sqrt.cpp, SOURCE)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/sqrt/op_api/aclnn_sqrt.cpp")
OP = "Sqrt"
S = (2, 3)
E = (0, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S

SQRT = [
    Probe("null self", [None], [], [f(S)], 161001, "CheckNotNull2Tensor: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [], [None], 161001, "CheckNotNull2Tensor: OP_CHECK_NULL(out)"),
    Probe("null out with a bad self", [f(S, "UINT32")], [], [None], 161001,
          "CheckParamsSqrt: CheckNotNull2Tensor before CheckDtypeValid"),
    Probe("float16", [f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0, "CheckDtypeValid: FLOAT16 listed"),
    Probe("double", [f(S, "DOUBLE")], [], [f(S, "DOUBLE")], 0, "CheckDtypeValid: DOUBLE listed"),
    Probe("complex64", [f(S, "COMPLEX64")], [], [f(S, "COMPLEX64")], 0, "CheckDtypeValid: COMPLEX64 listed"),
    Probe("int32 self, float out", [f(S, "INT32")], [], [f(S)], 0,
          "CheckDtypeValid: INT32 listed; castType FLOAT, CanCast(FLOAT, FLOAT)"),
    Probe("int64 self, double out", [f(S, "INT64")], [], [f(S, "DOUBLE")], 0,
          "CheckDtypeValid: INT64 listed (cast to DOUBLE before the kernel); CanCast(FLOAT, DOUBLE)"),
    Probe("int8 self, float16 out", [f(S, "INT8")], [], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: castType FLOAT, CanCast(FLOAT, FLOAT16)"),
    Probe("bool self, float out", [f(S, "BOOL")], [], [f(S)], 0,
          "CheckDtypeValid: BOOL listed; IsIntegralType(BOOL, true): castType FLOAT"),
    Probe("uint8 self and out", [f(S, "UINT8")], [], [f(S, "UINT8")], 161002,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, UINT8)"),
    Probe("bool self and out", [f(S, "BOOL")], [], [f(S, "BOOL")], 161002,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, BOOL)"),
    Probe("uint64 self", [f(S, "UINT64")], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self): UINT64 in neither list"),
    Probe("float self, int32 out", [f(S)], [], [f(S, "INT32")], 161002,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, INT32)"),
    Probe("float self, complex128 out", [f(S)], [], [f(S, "COMPLEX128")], 0,
          "CheckDtypeValid: CanCast(FLOAT, COMPLEX128)"),
    Probe("complex self, float out", [f(S, "COMPLEX64")], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(COMPLEX64, FLOAT)"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportListV3: DAV_2201 -> DTYPE_SUPPORT_910B_LIST"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportListV3: DAV_3510 -> DTYPE_SUPPORT_910B_LIST", soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "GetDtypeSupportListV3: DAV_1001 -> DTYPE_SUPPORT_910_LIST, no BF16", soc="Ascend910"),
    Probe("bf16 on Ascend310P", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportListV3: any other arch (DAV_2002) -> DTYPE_SUPPORT_910B_LIST", soc="Ascend310P"),
    Probe("out of another shape", [f(S)], [], [f((3, 2))], 161002,
          "CheckSameShape1In1Out: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("rank 8", [f(R8)], [], [f(R8)], 0, "CheckSameShape1In1Out: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [], [f(R9)], 161002, "CheckSameShape1In1Out: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("0-d", [f(())], [], [f(())], 0, "CheckSameShape1In1Out: no minimum rank"),
    Probe("empty", [f(E)], [], [f(E)], 0, "aclnnSqrtGetWorkspaceSize: self->IsEmpty() returns success"),
    Probe("empty uint8 self and out", [f(E, "UINT8")], [], [f(E, "UINT8")], 161002,
          "aclnnSqrtGetWorkspaceSize: CheckParamsSqrt before the IsEmpty() return"),
    Probe("empty with rank 9", [f((0,) + (1,) * 8)], [], [f((0,) + (1,) * 8)], 161002,
          "aclnnSqrtGetWorkspaceSize: CheckSameShape1In1Out before the IsEmpty() return"),
]

INPLACE_SQRT = [
    Probe("inplace: null self", [None], [], [], 161001, "CheckInplaceParamsSqrt: OP_CHECK_NULL(self)",
          op="InplaceSqrt"),
    Probe("inplace: float", [f(S)], [], [], 0, "CheckInplaceDtypeValid: FLOAT listed", op="InplaceSqrt"),
    Probe("inplace: double", [f(S, "DOUBLE")], [], [], 0, "CheckInplaceDtypeValid: DOUBLE listed", op="InplaceSqrt"),
    Probe("inplace: int32", [f(S, "INT32")], [], [], 161002,
          "CheckInplaceDtypeValid: INT32 not in the out list", op="InplaceSqrt"),
    Probe("inplace: bf16 on Ascend910B", [f(S, "BF16")], [], [], 0,
          "GetDtypeSupportListV2: ASCEND910B_DTYPE_OUT_LIST on DAV_2201", op="InplaceSqrt"),
    Probe("inplace: bf16 on Ascend310P", [f(S, "BF16")], [], [], 161002,
          "GetDtypeSupportListV2: ASCEND910_DTYPE_OUT_LIST off DAV_2201 and regbase (aclnnSqrt would take it)",
          op="InplaceSqrt", soc="Ascend310P"),
    Probe("inplace: rank 9", [f(R9)], [], [], 161002, "CheckSameShape1In1Out: OP_CHECK_MAX_DIM(self, 8)",
          op="InplaceSqrt"),
    Probe("inplace: empty int32", [f(E, "INT32")], [], [], 161002, "CheckInplaceParamsSqrt before the IsEmpty() "
          "return", op="InplaceSqrt"),
    Probe("inplace: empty", [f(E)], [], [], 0, "aclnnSqrtGetWorkspaceSize: self->IsEmpty()", op="InplaceSqrt"),
]

PROBES = SQRT + INPLACE_SQRT

DOC_SOURCE = []
