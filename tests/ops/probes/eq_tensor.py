"""Probes of aclnnEqTensor, aclnnInplaceEqTensor (ascendops/ops/eq_tensor.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/equal/op_api/aclnn_eq_tensor.cpp")
OP = "EqTensor"
S = (2, 3)
E = (0, 3)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8
IN = "InplaceEqTensor"
B = "BOOL"

PROBES = [
    # aclnnEqTensorGetWorkspaceSize: CheckNotNull
    Probe("null self", [None, f(S)], [], [f(S, B)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null other", [f(S), None], [], [f(S, B)], 161001, "CheckNotNull: OP_CHECK_NULL(other)"),
    Probe("null out", [f(S), f(S)], [], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null out, uint16 self", [f(S, "UINT16"), f(S)], [], [None], 161001,
          "CheckNotNull before CheckParams"),
    # CheckDtypeValid
    Probe("float pair, bool out", [f(S), f(S)], [], [f(S, B)], 0, "CheckParams passes"),
    Probe("float16 and int32, bool out", [f(S, "FLOAT16"), f(S, "INT32")], [], [f(S, B)], 0,
          "PromoteType(FLOAT16, INT32) = FLOAT16"),
    Probe("int64 pair, float out", [f(S, "INT64"), f(S, "INT64")], [], [f(S)], 0, "CanCast(BOOL, FLOAT)"),
    Probe("bool pair, bool out", [f(S, B), f(S, B)], [], [f(S, B)], 0, "DTYPE_SUPPORT_910B_LIST: DT_BOOL"),
    Probe("complex64 pair, bool out", [f(S, "COMPLEX64"), f(S, "COMPLEX64")], [], [f(S, B)], 0,
          "DTYPE_SUPPORT_910B_LIST: DT_COMPLEX64"),
    Probe("uint32 out on Ascend910B", [f(S), f(S)], [], [f(S, "UINT32")], 161002,
          "CheckDtypeValid: out not in DTYPE_SUPPORT_910B_LIST"),
    Probe("uint32 out on Ascend950", [f(S), f(S)], [], [f(S, "UINT32")], 0,
          "CheckDtypeValid: REGBASE_OUT_DTYPE_SUPPORT_LIST has DT_UINT32", soc="Ascend950"),
    Probe("uint16 out on Ascend950", [f(S), f(S)], [], [f(S, "UINT16")], 0,
          "CheckDtypeValid: REGBASE_OUT_DTYPE_SUPPORT_LIST has DT_UINT16", soc="Ascend950"),
    Probe("bf16 out on Ascend910B", [f(S), f(S)], [], [f(S, "BF16")], 0, "DTYPE_SUPPORT_910B_LIST: DT_BF16"),
    Probe("bf16 out on Ascend910", [f(S), f(S)], [], [f(S, "BF16")], 161002,
          "CheckDtypeValid: out not in DTYPE_SUPPORT_910_LIST", soc="Ascend910"),
    Probe("bf16 self on Ascend910", [f(S, "BF16"), f(S)], [], [f(S, B)], 161002,
          "CheckDtypeValid: DT_BF16 on ASCEND910", soc="Ascend910"),
    Probe("bf16 self on Ascend910B", [f(S, "BF16"), f(S)], [], [f(S, B)], 0, "PromoteType(BF16, FLOAT) = FLOAT"),
    Probe("uint16 self on Ascend950", [f(S, "UINT16"), f(S, "UINT16")], [], [f(S, B)], 161002,
          "CheckDtypeValid: self not in REGBASE_DTYPE_SUPPORT_LIST", soc="Ascend950"),
    Probe("uint16 pair on Ascend910B", [f(S, "UINT16"), f(S, "UINT16")], [], [f(S, B)], 161002,
          "CheckDtypeValid: the promoted DT_UINT16 not in DTYPE_SUPPORT_910B_LIST (self is not checked)"),
    Probe("uint32 pair on Ascend910", [f(S, "UINT32"), f(S, "UINT32")], [], [f(S, B)], 0,
          "CheckDtypeValid: DTYPE_SUPPORT_910_LIST has DT_UINT32", soc="Ascend910"),
    Probe("uint32 pair on Ascend910B", [f(S, "UINT32"), f(S, "UINT32")], [], [f(S, B)], 161002,
          "CheckDtypeValid: the promoted DT_UINT32 not in DTYPE_SUPPORT_910B_LIST"),
    Probe("uint16 out before the bf16 self on Ascend910", [f(S, "BF16"), f(S)], [], [f(S, "UINT16")], 161002,
          "CheckDtypeValid: out's list check first", soc="Ascend910"),
    Probe("uint16 and int8 on Ascend910B", [f(S, "UINT16"), f(S, "INT8")], [], [f(S, B)], 161002,
          "CheckDtypeValid: PromoteType(UINT16, INT8) undefined"),
    Probe("promotion fails before the shape check", [f(S, "UINT16"), f(S, "INT8")], [], [f((3, 2), B)], 161002,
          "CheckParams: CheckDtypeValid before CheckShape"),
    # CheckShape
    Probe("broadcast", [f((2, 1)), f((1, 3))], [], [f(S, B)], 0, "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("no broadcast", [f((2, 3)), f((3, 2))], [], [f(S, B)], 161002,
          "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("out not the broadcast shape", [f((2, 1)), f((1, 3))], [], [f((2, 1), B)], 161002,
          "CheckShape: outShape != out->GetViewShape()"),
    Probe("rank 8", [f(R8), f(R8)], [], [f(R8, B)], 0, "CheckShape: OP_CHECK_MAX_DIM, 8"),
    Probe("rank 9 self", [f(R9), f((3,))], [], [f(R9, B)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9 other", [f((3,)), f(R9)], [], [f(R9, B)], 161002, "CheckShape: OP_CHECK_MAX_DIM(other, 8)"),
    Probe("0-d pair", [f(()), f(())], [], [f((), B)], 0, "CheckShape: rank 0"),
    # the empty return
    Probe("empty", [f(E), f(E)], [], [f(E, B)], 0, "self->IsEmpty() returns success"),
    Probe("empty other broadcast", [f((1, 3)), f(E)], [], [f(E, B)], 0, "other->IsEmpty() returns success"),
    Probe("empty, out of another shape", [f(E), f(E)], [], [f((3, 0), B)], 161002,
          "CheckParams: CheckShape before the IsEmpty() return"),
    # aclnnInplaceEqTensor(selfRef, other): CheckInplace, then out = selfRef
    Probe("inplace: float", [f(S), f(S)], [], [], 0, "aclnnEqTensorGetWorkspaceSize(selfRef, other, selfRef)",
          op=IN),
    Probe("inplace: null selfRef", [None, f(S)], [], [], 161001,
          "CheckInplace's OP_CHECK_NULL returns false (ACLNN_SUCCESS); then CheckNotNull(self)", op=IN),
    Probe("inplace: null other", [f(S), None], [], [], 161001, "CheckNotNull(other)", op=IN),
    Probe("inplace: other broadcast to selfRef", [f(S), f((1, 3))], [], [], 0, "CheckInplace", op=IN),
    Probe("inplace: selfRef broadcast", [f((1, 3)), f(S)], [], [], 161002,
          "CheckInplace: selfRef is not the broadcast shape", op=IN),
    Probe("inplace: no broadcast", [f((2, 3)), f((3, 2))], [], [], 161002, "CheckInplace: BroadcastInferShape",
          op=IN),
    Probe("inplace: int32 selfRef, float other", [f(S, "INT32"), f(S)], [], [], 0, "CanCast(BOOL, INT32)", op=IN),
    Probe("inplace: uint32 selfRef on Ascend910B", [f(S, "UINT32"), f(S, "UINT32")], [], [], 161002,
          "CheckDtypeValid: out (selfRef) not in DTYPE_SUPPORT_910B_LIST", op=IN),
    Probe("inplace: selfRef broadcast before the dtype check", [f((1, 3), "UINT32"), f(S)], [], [], 161002,
          "CheckInplace before aclnnEqTensorGetWorkspaceSize", op=IN),
]

DEVIATIONS = {
    "uint32 pair on Ascend910": (161002, "UINT32 is not among the kernels' dtypes (KERNEL_DTYPES)"),
}
