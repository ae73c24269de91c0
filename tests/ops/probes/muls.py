"""Probes of ascendops/ops/muls.py: aclnnMuls and aclnnInplaceMuls (math/mul/op_api/aclnn_mul.cpp)."""
import numpy as np

from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/mul/op_api/aclnn_mul.cpp")
OP = "Muls"
S = (2, 3)
R9 = (1,) * 7 + S
A950 = "Ascend950"

MULS = [
    Probe("null self", [None], [2.0], [f(S)], 161001, "CheckMulsNotNull: OP_CHECK_NULL(self)"),
    Probe("null other", [f(S)], [None], [f(S)], 161001, "CheckMulsNotNull: OP_CHECK_NULL(other)"),
    Probe("null out", [f(S)], [2.0], [None], 161001, "CheckMulsNotNull: OP_CHECK_NULL(out)"),
    Probe("null out before bad self dtype", [f(S, "UINT32")], [2.0], [None], 161001,
          "CheckMulsParams: CheckMulsNotNull runs first"),
    Probe("uint32 self", [f(S, "UINT32")], [2.0], [f(S)], 161002, "CheckMulsDtype: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("uint32 out", [f(S)], [2.0], [f(S, "UINT32")], 161002, "CheckMulsDtype: OP_CHECK_DTYPE_NOT_SUPPORT(out)"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [2.0], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B_DTYPE_DTYPE_SUPPORT_LIST from ASCEND910B"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [2.0], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910_DTYPE_DTYPE_SUPPORT_LIST has no BF16", soc="Ascend910"),
    Probe("bf16 with a double scalar", [f(S, "BF16")], [np.float64(0.1)], [f(S, "BF16")], 0,
          "aclnnMulsGetWorkspaceSize: BF16 self, DOUBLE scalar: l0op::Muls(self, ToFloat())"),
    Probe("uint32 scalar is not checked", [f(S)], [np.uint32(3)], [f(S)], 0,
          "CheckMulsDtype checks self and out only"),
    Probe("uint32 scalar on Ascend950", [f(S)], [np.uint32(3)], [f(S)], 0,
          "CheckMulsPromoteDtype: CombineCategoriesWithComplex(FLOAT, UINT32) = FLOAT; CanCast(UINT32, FLOAT)",
          soc=A950),
    Probe("bool self, uint32 scalar on Ascend950", [f(S, "BOOL")], [np.uint32(3)], [f(S, "BOOL")], 161002,
          "CheckMulsPromoteDtype: PromoteType(BOOL, UINT32) is DT_UNDEFINED", soc=A950),
    Probe("int32 self, float scalar into int32", [f(S, "INT32")], [0.5], [f(S, "INT32")], 0,
          "CheckMulsPromoteDtype: returns true where not IsRegBase()"),
    Probe("int32 self, float scalar into int32 on Ascend950", [f(S, "INT32")], [0.5], [f(S, "INT32")], 161002,
          "CheckMulsPromoteDtype: PromoteType(INT32, FLOAT) = FLOAT; CanCast(FLOAT, INT32) is false", soc=A950),
    Probe("int32 self, int scalar into int32 on Ascend950", [f(S, "INT32")], [3], [f(S, "INT32")], 0,
          "CheckMulsPromoteDtype: CombineCategoriesWithComplex(INT32, INT64) = INT32", soc=A950),
    Probe("float into int32 out", [f(S)], [2.0], [f(S, "INT32")], 0,
          "CheckMulsParams: no CanCast on non-regbase SoCs"),
    Probe("float into int32 out on Ascend950", [f(S)], [2.0], [f(S, "INT32")], 161002,
          "CheckMulsPromoteDtype: CanCast(FLOAT, INT32) is false", soc=A950),
    Probe("complex scalar into float out", [f(S)], [1j], [f(S)], 0,
          "CheckMulsParams: no promotion check on non-regbase SoCs"),
    Probe("complex scalar into float out on Ascend950", [f(S)], [1j], [f(S)], 161002,
          "CheckMulsPromoteDtype: CombineCategoriesWithComplex(FLOAT, COMPLEX64) = COMPLEX64; "
          "CanCast(COMPLEX64, FLOAT) is false", soc=A950),
    Probe("complex scalar into complex out on Ascend950", [f(S)], [1j], [f(S, "COMPLEX64")], 0,
          "CheckMulsPromoteDtype: CanCast(COMPLEX64, COMPLEX64)", soc=A950),
    Probe("bool self, int scalar into bool on Ascend950", [f(S, "BOOL")], [2], [f(S, "BOOL")], 161002,
          "CheckMulsPromoteDtype: PromoteType(BOOL, INT64) = INT64; CanCast(INT64, BOOL) is false", soc=A950),
    Probe("bool self, bool scalar on Ascend950", [f(S, "BOOL")], [True], [f(S, "BOOL")], 0,
          "CheckMulsPromoteDtype: PromoteType(BOOL, BOOL) = BOOL", soc=A950),
    Probe("bool self, int scalar into bool", [f(S, "BOOL")], [2], [f(S, "BOOL")], 0,
          "CheckMulsPromoteDtype: returns true where not IsRegBase()"),
    Probe("float16 self, int scalar into int32 on Ascend950", [f(S, "FLOAT16")], [2], [f(S, "INT32")], 161002,
          "CheckMulsPromoteDtype: FLOAT16 kept (ToFp16(2) == 2); CanCast(FLOAT16, INT32) is false", soc=A950),
    Probe("float16 self, int scalar beyond fp16 on Ascend950", [f(S, "FLOAT16")], [70000], [f(S, "FLOAT16")], 0,
          "InferTensorScalarDtype: ToFp16(70000) != 70000: FLOAT; CanCast(FLOAT, FLOAT16)", soc=A950),
    Probe("out of another shape", [f((2, 3))], [2.0], [f((3, 2))], 161002,
          "CheckMulsParams: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("out of the broadcast shape", [f((1, 3))], [2.0], [f((2, 3))], 161002,
          "CheckMulsParams: OP_CHECK_SHAPE_NOT_EQUAL(self, out): no broadcast"),
    Probe("rank 9", [f(R9)], [2.0], [f(R9)], 0, "CheckMulsParams has no OP_CHECK_MAX_DIM"),
    Probe("empty self", [f((0, 3))], [2.0], [f((0, 3))], 0,
          "aclnnMulsGetWorkspaceSize: self->IsEmpty() returns success after CheckMulsParams"),
    Probe("empty with bad out dtype", [f((0, 3))], [2.0], [f((0, 3), "UINT32")], 161002,
          "CheckMulsParams (CheckMulsDtype) runs before the IsEmpty() return"),
    Probe("empty with another out shape", [f((0, 3))], [2.0], [f((3, 0))], 161002,
          "CheckMulsParams (OP_CHECK_SHAPE_NOT_EQUAL) runs before the IsEmpty() return"),
    Probe("empty, uncastable out on Ascend950", [f((0, 3))], [2.0], [f((0, 3), "INT32")], 161002,
          "CheckMulsPromoteDtype runs before the IsEmpty() return", soc=A950),
    Probe("private format only warns", [f(S, fmt="ACL_FORMAT_NC1HWC0")], [2.0], [f(S)], 0,
          "MulsCheckFormat: a format other than ND only logs a warning"),
]

INPLACE_MULS = [
    Probe("inplace: null selfRef", [None], [2.0], [], 161001, "CheckInplaceMulsNotNull: OP_CHECK_NULL(selfRef)",
          op="InplaceMuls"),
    Probe("inplace: null other", [f(S)], [None], [], 161001, "CheckInplaceMulsNotNull: OP_CHECK_NULL(other)",
          op="InplaceMuls"),
    Probe("inplace: null other before bad selfRef dtype", [f(S, "UINT32")], [None], [], 161001,
          "CheckInplaceMulsParams: CheckInplaceMulsNotNull first", op="InplaceMuls"),
    Probe("inplace: uint32 selfRef", [f(S, "UINT32")], [2.0], [], 161002,
          "CheckInplaceMulsParams: OP_CHECK_DTYPE_NOT_SUPPORT(selfRef)", op="InplaceMuls"),
    Probe("inplace: bf16 on Ascend910", [f(S, "BF16")], [2.0], [], 161002,
          "CheckInplaceMulsParams: no BF16 before ASCEND910B", soc="Ascend910", op="InplaceMuls"),
    Probe("inplace: int32 selfRef, float scalar", [f(S, "INT32")], [0.5], [], 0,
          "CheckMulsPromoteDtype: returns true where not IsRegBase()", op="InplaceMuls"),
    Probe("inplace: int32 selfRef, float scalar on Ascend950", [f(S, "INT32")], [0.5], [], 161002,
          "CheckMulsPromoteDtype(selfRef, other, selfRef): CanCast(FLOAT, INT32) is false", soc=A950,
          op="InplaceMuls"),
    Probe("inplace: rank 9 selfRef", [f(R9)], [2.0], [], 0, "CheckInplaceMulsParams has no OP_CHECK_MAX_DIM",
          op="InplaceMuls"),
    Probe("inplace: empty", [f((0, 3))], [2.0], [], 0,
          "aclnnInplaceMulsGetWorkspaceSize: selfRef->IsEmpty() returns success", op="InplaceMuls"),
    Probe("inplace: empty uint32 selfRef", [f((0, 3), "UINT32")], [2.0], [], 161002,
          "CheckInplaceMulsParams runs before the IsEmpty() return", op="InplaceMuls"),
]

PROBES = MULS + INPLACE_MULS

DEVIATIONS = {
    "rank 9": (161002, "the elementwise engine caps every operand at 8 dims (the op kind's rank check after "
                       "the sequence); CANN's aclnnMuls checks no rank"),
    "inplace: rank 9 selfRef": (161002, "the elementwise engine caps every operand at 8 dims; CANN's "
                                        "aclnnInplaceMuls checks no rank"),
}
