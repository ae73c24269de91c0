"""Probes of aclnnPowScalarTensor (ascendops/ops/pow_scalar_tensor.py)."""
import numpy as np

from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/pow/op_api/aclnn_pow.cpp")
OP = "PowScalarTensor"
S = (2, 3)
E = (0, 3)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

PROBES = [
    # CheckPowScalarTensorNotNull
    Probe("null self", [f(S)], [None], [f(S)], 161001, "CheckPowScalarTensorNotNull: OP_CHECK_NULL(self)"),
    Probe("null exponent", [None], [2.0], [f(S)], 161001, "CheckPowScalarTensorNotNull: OP_CHECK_NULL(exponent)"),
    Probe("null out", [f(S)], [2.0], [None], 161001, "CheckPowScalarTensorNotNull: OP_CHECK_NULL(out)"),
    Probe("null out, uint16 exponent", [f(S, "UINT16")], [2.0], [None], 161001,
          "CheckPowScalarTensorParams: the null check first"),
    # CheckDtypeValid
    Probe("float base, float16 exponent (llama.cpp's ALiBi slopes)", [f(S, "FLOAT16")], [2.0], [f(S, "FLOAT16")], 0,
          "PromoteType(FLOAT, FLOAT16) = FLOAT, CanCast(FLOAT, FLOAT16); inferred FLOAT16"),
    Probe("float base, float exponent", [f(S)], [0.5], [f(S)], 0, "CheckPowScalarTensorParams passes"),
    Probe("int base, int32 exponent", [f(S, "INT32")], [2], [f(S, "INT32")], 0,
          "PromoteType(INT64, INT32) = INT64, CanCast(INT64, INT32); inferred INT32"),
    Probe("float base, int32 exponent, int32 out", [f(S, "INT32")], [2.0], [f(S, "INT32")], 161002,
          "CheckDtypeValid: CanCast(FLOAT, INT32) fails"),
    Probe("float base, int32 exponent, float out", [f(S, "INT32")], [2.0], [f(S)], 0,
          "InferScalarTensorDtype: PromoteType(INT32, FLOAT) = FLOAT"),
    Probe("uint16 exponent", [f(S, "UINT16")], [2], [f(S)], 161002,
          "CheckDtypeValid: exponent not in DTYPE_SUPPORT_LIST"),
    Probe("uint16 base", [f(S)], [np.uint16(2)], [f(S)], 161002, "CheckDtypeValid: self not in DTYPE_SUPPORT_LIST"),
    Probe("uint16 base before uint16 exponent", [f(S, "UINT32")], [np.uint16(2)], [f(S)], 161002,
          "CheckDtypeValid: self's list check first"),
    Probe("bf16 exponent on Ascend910B", [f(S, "BF16")], [2.0], [f(S, "BF16")], 0,
          "CheckSocVersionIsSupportBf16: Ascend910B"),
    Probe("bf16 exponent on Ascend310P", [f(S, "BF16")], [2.0], [f(S, "BF16")], 161002,
          "CheckDtypeValid: BF16 outside [ASCEND910B, ASCEND910E]", soc="Ascend310P"),
    Probe("complex base, float out", [f(S)], [1 + 1j], [f(S)], 161002,
          "CheckDtypeValid: CanCast(COMPLEX64, FLOAT) fails"),
    Probe("double base, float exponent", [f(S)], [np.float64(2.5)], [f(S)], 0,
          "PromoteType(DOUBLE, FLOAT) = DOUBLE, CanCast(DOUBLE, FLOAT); inferred FLOAT"),
    Probe("float base, complex64 exponent", [f(S, "COMPLEX64")], [2.0], [f(S, "COMPLEX64")], 0,
          "DTYPE_SUPPORT_LIST: DT_COMPLEX64"),
    # CheckPromoteType
    Probe("bool pair", [f(S, "BOOL")], [True], [f(S, "BOOL")], 161002,
          "CheckPromoteType: self and exponent dtype are bool"),
    Probe("int base, bool exponent, int64 out", [f(S, "BOOL")], [3], [f(S, "INT64")], 0,
          "InferScalarTensorDtype: PromoteType(BOOL, INT64) = INT64"),
    Probe("bool pair before the shape check", [f(S, "BOOL")], [True], [f((3, 2), "BOOL")], 161002,
          "CheckPowScalarTensorParams: CheckPromoteType before CheckShape"),
    # CheckShape (exponent, out)
    Probe("out of another shape", [f(S)], [2.0], [f((3, 2))], 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL"),
    Probe("rank 8", [f(R8)], [2.0], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(exponent, 8)"),
    Probe("rank 9", [f(R9)], [2.0], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(exponent, 8)"),
    Probe("1-d (llama.cpp's Arange exponent)", [f((8,))], [2.0], [f((8,))], 0, "CheckShape"),
    # the empty return, the Fill(1) branch
    Probe("empty", [f(E)], [2.0], [f(E)], 0, "exponent->IsEmpty() returns success"),
    Probe("empty, out of another shape", [f(E)], [2.0], [f((3, 0))], 161002, "CheckShape before the empty return"),
    Probe("base 1 on Ascend950", [f(S)], [1.0], [f(S)], 0, "IsRegBase() and self 1: Fill(1)", soc="Ascend950"),
    Probe("int base 1, int32 exponent on Ascend950", [f(S, "INT32")], [1], [f(S, "INT32")], 0,
          "IsRegBase() and self 1: Fill(1)", soc="Ascend950"),
]

DEVIATIONS = {
    "float base, complex64 exponent": (161002, "no complex pow kernel (KERNEL_DTYPES): the engine refuses "
                                               "COMPLEX64"),
}
