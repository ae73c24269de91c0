"""Probes of aclnnPowTensorTensor, aclnnInplacePowTensorTensor (ascendops/ops/pow_tensor_tensor.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214",
          "math/pow/op_api/aclnn_pow_tensor_tensor.cpp")
OP = "PowTensorTensor"
S = (2, 3)
E = (0, 3)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8
IN = "InplacePowTensorTensor"

PROBES = [
    # CheckNotNull
    Probe("null self", [None, f(S)], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null exponent", [f(S), None], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(exponent)"),
    Probe("null out", [f(S), f(S)], [], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null out, bool pair", [f(S, "BOOL"), f(S, "BOOL")], [], [None], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    # CheckDtypeValid
    Probe("float", [f(S), f(S)], [], [f(S)], 0, "CheckParams passes"),
    Probe("float16 and float, float out", [f(S, "FLOAT16"), f(S)], [], [f(S)], 0,
          "PromoteType(FLOAT16, FLOAT) = FLOAT"),
    Probe("int32 and int8", [f(S, "INT32"), f(S, "INT8")], [], [f(S, "INT32")], 0, "DTYPE_SUPPORT_LIST: integers"),
    Probe("bool self, int32 exponent", [f(S, "BOOL"), f(S, "INT32")], [], [f(S, "INT32")], 0,
          "CheckDtypeValid: only a BOOL pair is refused"),
    Probe("bool pair", [f(S, "BOOL"), f(S, "BOOL")], [], [f(S, "BOOL")], 161002,
          "CheckDtypeValid: self and exponent both DT_BOOL"),
    Probe("bool pair, bf16 out", [f(S, "BOOL"), f(S, "BOOL")], [], [f(S, "BF16")], 161002,
          "CheckDtypeValid: the BOOL pair (out is not checked there)"),
    Probe("uint16 self", [f(S, "UINT16"), f(S)], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self): no DT_UINT16"),
    Probe("uint32 exponent", [f(S), f(S, "UINT32")], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(exponent)"),
    Probe("bf16 on Ascend910B", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 0,
          "CheckSocVersionIsSupportBf16: Ascend910B"),
    Probe("bf16 on Ascend910", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "CheckDtypeValid: BF16 outside [ASCEND910B, ASCEND910E]", soc="Ascend910"),
    Probe("bf16 exponent on Ascend310P", [f(S), f(S, "BF16")], [], [f(S)], 161002,
          "CheckDtypeValid: BF16 outside [ASCEND910B, ASCEND910E]", soc="Ascend310P"),
    Probe("bf16 on Ascend950", [f(S, "BF16"), f(S)], [], [f(S)], 0, "CheckSocVersionIsSupportBf16: Ascend950",
          soc="Ascend950"),
    Probe("bf16 on Ascend910 before the bool pair", [f(S, "BF16"), f(S, "BOOL")], [], [f(S)], 161002,
          "CheckDtypeValid: the BF16 check first", soc="Ascend910"),
    Probe("uint16 self before the promotion", [f(S, "UINT16"), f(S, "INT8")], [], [f(S, "BOOL")], 161002,
          "CheckParams: CheckDtypeValid before CheckPromoteType"),
    # CheckPromoteType
    Probe("float promoted, int32 out", [f(S), f(S, "INT32")], [], [f(S, "INT32")], 161002,
          "CheckPromoteType: CanCast(FLOAT, INT32) fails"),
    Probe("int32 promoted, bool out", [f(S, "INT32"), f(S, "INT32")], [], [f(S, "BOOL")], 161002,
          "CheckPromoteType: CanCast(INT32, BOOL) fails"),
    Probe("complex promoted, float out", [f(S, "COMPLEX64"), f(S)], [], [f(S)], 161002,
          "CheckPromoteType: CanCast(COMPLEX64, FLOAT) fails"),
    Probe("complex64 pair", [f(S, "COMPLEX64"), f(S, "COMPLEX64")], [], [f(S, "COMPLEX64")], 0,
          "DTYPE_SUPPORT_LIST: DT_COMPLEX64"),
    Probe("int8 promoted, float16 out", [f(S, "INT8"), f(S, "UINT8")], [], [f(S, "FLOAT16")], 0,
          "CheckPromoteType: PromoteType(INT8, UINT8) = INT16, CanCast(INT16, FLOAT16)"),
    Probe("cast fails before the shape check", [f(S), f(S)], [], [f((3, 2), "INT32")], 161002,
          "CheckParams: CheckPromoteType before CheckShape"),
    # CheckShape
    Probe("broadcast", [f((2, 1)), f((1, 3))], [], [f(S)], 0, "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("no broadcast", [f((2, 3)), f((3, 2))], [], [f(S)], 161002,
          "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("out not the broadcast shape", [f((2, 1)), f((1, 3))], [], [f((2, 1))], 161002,
          "CheckShape: broadcastShape != out->GetViewShape()"),
    Probe("rank 8", [f(R8), f(R8)], [], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9 self", [f(R9), f((3,))], [], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9 exponent", [f((3,)), f(R9)], [], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(exponent, 8)"),
    Probe("0-d pair", [f(()), f(())], [], [f(())], 0, "CheckShape: rank 0"),
    # the empty return
    Probe("empty", [f(E), f(E)], [], [f(E)], 0, "self->IsEmpty() returns success"),
    Probe("empty exponent broadcast", [f((1, 3)), f(E)], [], [f(E)], 0, "exponent->IsEmpty() returns success"),
    Probe("empty, out of another shape", [f(E), f(E)], [], [f((3, 0))], 161002,
          "CheckParams: CheckShape before the IsEmpty() return"),
    # aclnnInplacePowTensorTensor(self, exponent): out = self
    Probe("inplace: float", [f(S), f(S)], [], [], 0, "aclnnPowTensorTensorGetWorkspaceSize(self, exponent, self)",
          op=IN),
    Probe("inplace: null self", [None, f(S)], [], [], 161001, "CheckNotNull(self)", op=IN),
    Probe("inplace: null exponent", [f(S), None], [], [], 161001, "CheckNotNull(exponent)", op=IN),
    Probe("inplace: float16 self, float exponent", [f(S, "FLOAT16"), f(S)], [], [], 0,
          "CanCast(FLOAT, FLOAT16)", op=IN),
    Probe("inplace: int32 self, float exponent", [f(S, "INT32"), f(S)], [], [], 161002,
          "CheckPromoteType: CanCast(FLOAT, INT32) fails (out = self)", op=IN),
    Probe("inplace: exponent broadcast to self", [f(S), f((1, 3))], [], [], 0, "CheckShape: out = self", op=IN),
    Probe("inplace: self broadcast", [f((1, 3)), f(S)], [], [], 161002,
          "CheckShape: the broadcast shape is not out's (self's)", op=IN),
]

DEVIATIONS = {
    "complex64 pair": (161002, "no complex pow kernel (KERNEL_DTYPES): the engine refuses COMPLEX64"),
}
