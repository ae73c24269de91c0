"""Probes of ascendops/ops/mul.py: aclnnMul and aclnnInplaceMul (math/mul/op_api/aclnn_mul.cpp)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/mul/op_api/aclnn_mul.cpp")
OP = "Mul"
S = (2, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S

MUL = [
    Probe("null self", [None, f(S)], [], [f(S)], 161001, "CheckMulNotNull: OP_CHECK_NULL(self)"),
    Probe("null other", [f(S), None], [], [f(S)], 161001, "CheckMulNotNull: OP_CHECK_NULL(other)"),
    Probe("null out", [f(S), f(S)], [], [None], 161001, "CheckMulNotNull: OP_CHECK_NULL(out)"),
    Probe("null other before bad self dtype", [f(S, "UINT32"), None], [], [f(S)], 161001,
          "CheckMulParams: CheckMulNotNull runs first"),
    Probe("bf16 on Ascend910B", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B_DTYPE_DTYPE_SUPPORT_LIST on ASCEND910B..ASCEND910E"),
    Probe("bf16 on Ascend950", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910_95 is in ASCEND910B..ASCEND910E", soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910_DTYPE_DTYPE_SUPPORT_LIST has no BF16", soc="Ascend910"),
    Probe("bf16 out only on Ascend910", [f(S), f(S)], [], [f(S, "BF16")], 161002,
          "CheckMulDtype: OP_CHECK_DTYPE_NOT_SUPPORT(out)", soc="Ascend910"),
    Probe("uint32 self", [f(S, "UINT32"), f(S)], [], [f(S)], 161002, "CheckMulDtype: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("uint32 other", [f(S), f(S, "UINT32")], [], [f(S)], 161002,
          "CheckMulDtype: OP_CHECK_DTYPE_NOT_SUPPORT(other)"),
    Probe("uint32 out", [f(S), f(S)], [], [f(S, "UINT32")], 161002, "CheckMulDtype: OP_CHECK_DTYPE_NOT_SUPPORT(out)"),
    Probe("double", [f(S, "DOUBLE"), f(S, "DOUBLE")], [], [f(S, "DOUBLE")], 0, "CheckMulDtype: DOUBLE is listed"),
    Probe("bool", [f(S, "BOOL"), f(S, "BOOL")], [], [f(S, "BOOL")], 0, "CheckMulDtype: BOOL is listed"),
    Probe("complex64", [f(S, "COMPLEX64"), f(S, "COMPLEX64")], [], [f(S, "COMPLEX64")], 0,
          "CheckMulDtype: COMPLEX64 is listed"),
    Probe("int16", [f(S, "INT16"), f(S, "INT16")], [], [f(S, "INT16")], 0, "CheckMulDtype: INT16 is listed"),
    Probe("int8 * uint8 into int16", [f(S, "INT8"), f(S, "UINT8")], [], [f(S, "INT16")], 0,
          "CheckMulPromoteType: PromoteType(INT8, UINT8) = INT16"),
    Probe("float16 * float into float", [f(S, "FLOAT16"), f(S)], [], [f(S)], 0,
          "CheckMulPromoteType: PromoteType(FLOAT16, FLOAT) = FLOAT"),
    Probe("float16 * bf16 into float", [f(S, "FLOAT16"), f(S, "BF16")], [], [f(S)], 0,
          "CheckMulPromoteType: PromoteType(FLOAT16, BF16) = FLOAT"),
    Probe("float into int32 out on Ascend910B", [f(S), f(S)], [], [f(S, "INT32")], 161002,
          "CheckMulPromoteType: !IsRegBase(): CanCast(FLOAT, INT32) is false"),
    Probe("float into int32 out on Ascend950", [f(S), f(S)], [], [f(S, "INT32")], 0,
          "CheckMulPromoteType: IsRegBase() skips CanCast(promoteType, out)", soc="Ascend950"),
    Probe("complex into float out on Ascend910B", [f(S, "COMPLEX64"), f(S)], [], [f(S)], 161002,
          "CheckMulPromoteType: CanCast(COMPLEX64, FLOAT) is false"),
    Probe("float into bool out on Ascend910B", [f(S), f(S)], [], [f(S, "BOOL")], 161002,
          "CheckMulPromoteType: CanCast(FLOAT, BOOL) is false"),
    Probe("int32 into double out", [f(S, "INT32"), f(S, "INT32")], [], [f(S, "DOUBLE")], 0,
          "CheckMulPromoteType: CanCast(INT32, DOUBLE)"),
    Probe("rank 8", [f(R8), f(S)], [], [f(R8)], 0, "CheckMulShape: OP_CHECK_MAX_DIM(self, 8) passes at 8"),
    Probe("rank 9", [f(R9), f(S)], [], [f(R9)], 161002, "CheckMulShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("other rank 9", [f(S), f(R9)], [], [f(R9)], 161002, "CheckMulShape: OP_CHECK_MAX_DIM(other, 8)"),
    Probe("broadcast", [f((2, 1)), f((1, 3))], [], [f((2, 3))], 0,
          "CheckMulShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE, out the broadcast shape"),
    Probe("no broadcast", [f((2, 3)), f((4, 3))], [], [f((2, 3))], 161002,
          "CheckMulShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("out not the broadcast shape", [f((2, 1)), f((1, 3))], [], [f((2, 1))], 161002,
          "CheckMulShape: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(out, dstShape)"),
    Probe("empty self", [f((0, 3)), f((1, 3))], [], [f((0, 3))], 0,
          "aclnnMulGetWorkspaceSize: self->IsEmpty() returns success after CheckMulParams"),
    Probe("empty other", [f((1, 3)), f((0, 3))], [], [f((0, 3))], 0,
          "aclnnMulGetWorkspaceSize: other->IsEmpty() returns success"),
    Probe("empty with bad out dtype", [f((0, 3)), f((1, 3))], [], [f((0, 3), "UINT32")], 161002,
          "CheckMulParams (CheckMulDtype) runs before the IsEmpty() return"),
    Probe("empty that does not broadcast", [f((0, 3)), f((2, 3))], [], [f((0, 3))], 161002,
          "CheckMulShape runs before the IsEmpty() return"),
    Probe("private format only warns", [f(S, fmt="ACL_FORMAT_NC1HWC0"), f(S)], [], [f(S)], 0,
          "MulCheckFormat: a format other than ND only logs a warning"),
    Probe("bad dtype before bad shape", [f((2, 3), "UINT32"), f((4, 3))], [], [f((2, 3))], 161002,
          "CheckMulDtype before CheckMulShape (both 161002)"),
]

INPLACE_MUL = [
    Probe("inplace: null selfRef", [None, f(S)], [], [], 161001, "CheckInplaceMulNotNull: OP_CHECK_NULL(selfRef)",
          op="InplaceMul"),
    Probe("inplace: null other", [f(S), None], [], [], 161001, "CheckInplaceMulNotNull: OP_CHECK_NULL(other)",
          op="InplaceMul"),
    Probe("inplace: uint32 other", [f(S), f(S, "UINT32")], [], [], 161002,
          "CheckInplaceMulDtype: OP_CHECK_DTYPE_NOT_SUPPORT(other)", op="InplaceMul"),
    Probe("inplace: bf16 on Ascend910", [f(S, "BF16"), f(S, "BF16")], [], [], 161002,
          "CheckInplaceMulDtype: no BF16 before ASCEND910B", soc="Ascend910", op="InplaceMul"),
    Probe("inplace: float other into int32 selfRef", [f(S, "INT32"), f(S)], [], [], 161002,
          "CheckInplaceMulPromoteType: CanCast(FLOAT, INT32) is false (not regbase)", op="InplaceMul"),
    Probe("inplace: float other into int32 selfRef on Ascend950", [f(S, "INT32"), f(S)], [], [], 0,
          "CheckInplaceMulPromoteType: IsRegBase() skips the CanCast", soc="Ascend950", op="InplaceMul"),
    Probe("inplace: float16 other into float selfRef", [f(S), f(S, "FLOAT16")], [], [], 0,
          "CheckInplaceMulPromoteType: PromoteType(FLOAT, FLOAT16) = FLOAT", op="InplaceMul"),
    Probe("inplace: other broadcasts to selfRef", [f((2, 3)), f((1, 3))], [], [], 0,
          "CheckInplaceMulShape: the broadcast shape is selfRef's", op="InplaceMul"),
    Probe("inplace: selfRef not the broadcast shape", [f((2, 1)), f((2, 3))], [], [], 161002,
          "CheckInplaceMulShape: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(selfRef, dstShape)", op="InplaceMul"),
    Probe("inplace: rank 9 selfRef", [f(R9), f(S)], [], [], 0,
          "CheckInplaceMulParams has no OP_CHECK_MAX_DIM", op="InplaceMul"),
    Probe("inplace: empty selfRef with bad other dtype", [f((0, 3)), f((1, 3), "UINT32")], [], [], 161002,
          "CheckInplaceMulDtype runs before the IsEmpty() return", op="InplaceMul"),
    Probe("inplace: empty", [f((0, 3)), f((1, 3))], [], [], 0,
          "aclnnInplaceMulGetWorkspaceSize: selfRef->IsEmpty() returns success", op="InplaceMul"),
]

PROBES = MUL + INPLACE_MUL

DEVIATIONS = {
    "inplace: rank 9 selfRef": (
        161002, "the elementwise engine caps every operand at 8 dims (the op kind's rank check after the "
                "sequence); CANN's aclnnInplaceMul checks no rank"),
}

DOC_SOURCE = [
    "Mul: doc (aclnnMul&aclnnInplaceMul.md) says out's dtype must be castable from the promoted dtype; the "
    "source checks CanCast(promoteType, out) only on non-regbase SoCs (aclnn_mul.cpp:CheckMulPromoteType)",
]
