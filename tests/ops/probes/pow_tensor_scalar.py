"""Probes of aclnnPowTensorScalar, aclnnInplacePowTensorScalar (ascendops/ops/pow_tensor_scalar.py)."""
import numpy as np

from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/pow/op_api/aclnn_pow.cpp")
OP = "PowTensorScalar"
S = (2, 3)
E = (0, 3)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8
IN = "InplacePowTensorScalar"

PROBES = [
    # CheckPowTensorScalarNotNull
    Probe("null self", [None], [2.0], [f(S)], 161001, "CheckPowTensorScalarNotNull: OP_CHECK_NULL(self)"),
    Probe("null exponent", [f(S)], [None], [f(S)], 161001, "CheckPowTensorScalarNotNull: OP_CHECK_NULL(exponent)"),
    Probe("null out", [f(S)], [2.0], [None], 161001, "CheckPowTensorScalarNotNull: OP_CHECK_NULL(out)"),
    Probe("null out, uint16 self", [f(S, "UINT16")], [2.0], [None], 161001,
          "CheckPowTensorScalarParams: the null check first"),
    # CheckDtypeValid
    Probe("float, float exponent", [f(S)], [2.0], [f(S)], 0, "CheckPowTensorScalarParams passes"),
    Probe("float16, float exponent", [f(S, "FLOAT16")], [0.5], [f(S, "FLOAT16")], 0,
          "PromoteType(FLOAT16, FLOAT) = FLOAT, CanCast(FLOAT, FLOAT16); inferred FLOAT16"),
    Probe("int32, int32 exponent", [f(S, "INT32")], [np.int32(3)], [f(S, "INT32")], 0, "integers"),
    Probe("int32, float exponent, int32 out", [f(S, "INT32")], [0.5], [f(S, "INT32")], 161002,
          "CheckDtypeValid: CanCast(PromoteType(INT32, FLOAT) = FLOAT, INT32) fails"),
    Probe("int32, float exponent, float out", [f(S, "INT32")], [0.5], [f(S)], 0, "CanCast(FLOAT, FLOAT)"),
    Probe("uint16 self", [f(S, "UINT16")], [2], [f(S, "UINT16")], 161002,
          "CheckDtypeValid: self not in DTYPE_SUPPORT_LIST"),
    Probe("uint16 exponent", [f(S)], [np.uint16(2)], [f(S)], 161002,
          "CheckDtypeValid: exponent not in DTYPE_SUPPORT_LIST"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [2.0], [f(S, "BF16")], 0,
          "CheckSocVersionIsSupportBf16: Ascend910B"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [2.0], [f(S, "BF16")], 161002,
          "CheckDtypeValid: BF16 outside [ASCEND910B, ASCEND910E]", soc="Ascend910"),
    Probe("bf16 on Ascend910 before the self list", [f(S, "BF16")], [np.uint16(2)], [f(S, "BF16")], 161002,
          "CheckDtypeValid: the BF16 check first", soc="Ascend910"),
    Probe("double exponent, int32 out", [f(S, "INT32")], [np.float64(0.5)], [f(S, "INT32")], 161002,
          "CheckDtypeValid: CanCast(DOUBLE, INT32) fails"),
    Probe("double exponent, float out", [f(S, "INT32")], [np.float64(0.5)], [f(S)], 0,
          "CheckDtypeValid: CanCast(DOUBLE, FLOAT); InferTensorScalarDtype: FLOAT"),
    Probe("complex exponent, float out", [f(S)], [1 + 1j], [f(S)], 161002,
          "CheckDtypeValid: CanCast(COMPLEX64, FLOAT) fails"),
    Probe("complex64 self, complex exponent", [f(S, "COMPLEX64")], [1 + 1j], [f(S, "COMPLEX64")], 0,
          "DTYPE_SUPPORT_LIST: DT_COMPLEX64"),
    # CheckPromoteType
    Probe("bool pair", [f(S, "BOOL")], [True], [f(S, "BOOL")], 161002,
          "CheckPromoteType: self and exponent dtype are bool"),
    Probe("bool self, int exponent, int64 out", [f(S, "BOOL")], [2], [f(S, "INT64")], 0,
          "InferTensorScalarDtype: PromoteType(BOOL, INT64) = INT64"),
    Probe("bool self, int exponent, bool out", [f(S, "BOOL")], [2], [f(S, "BOOL")], 161002,
          "CheckDtypeValid: CanCast(INT64, BOOL) fails"),
    Probe("bool pair before the shape check", [f(S, "BOOL")], [True], [f((3, 2), "BOOL")], 161002,
          "CheckPowTensorScalarParams: CheckPromoteType before CheckShape"),
    # CheckShape
    Probe("out of another shape", [f(S)], [2.0], [f((3, 2))], 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL"),
    Probe("rank 8", [f(R8)], [2.0], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [2.0], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("0-d", [f(())], [2.0], [f(())], 0, "CheckShape: rank 0"),
    # the empty return, then the regbase exponent checks
    Probe("empty", [f(E)], [2.0], [f(E)], 0, "self->IsEmpty() returns success"),
    Probe("empty, out of another shape", [f(E)], [2.0], [f((3, 0))], 161002, "CheckShape before the empty return"),
    Probe("int32, negative exponent, Ascend910B", [f(S, "INT32")], [-1], [f(S, "INT32")], 0,
          "CheckPowTensorScalarExponet runs on regbase only"),
    Probe("int32, negative exponent, Ascend950", [f(S, "INT32")], [-1], [f(S, "INT32")], 161002,
          "CheckPowTensorScalarExponet: integral inferred dtype, exponent < 0", soc="Ascend950"),
    Probe("empty int32, negative exponent, Ascend950", [f(E, "INT32")], [-1], [f(E, "INT32")], 0,
          "the empty return before CheckPowTensorScalarExponet", soc="Ascend950"),
    Probe("float, negative exponent, Ascend950", [f(S)], [-1], [f(S)], 0,
          "CheckPowTensorScalarExponet: a floating inferred dtype takes it", soc="Ascend950"),
    Probe("int8, exponent 300, Ascend950", [f(S, "INT8")], [300], [f(S, "INT8")], 161002,
          "CheckNotOverflow: 300 overflows INT8", soc="Ascend950"),
    Probe("int8, exponent 127, Ascend950", [f(S, "INT8")], [127], [f(S, "INT8")], 0,
          "CheckNotOverflow: 127 fits INT8", soc="Ascend950"),
    Probe("int8, exponent 300, Ascend910B", [f(S, "INT8")], [300], [f(S, "INT8")], 0,
          "CheckNotOverflow runs on regbase only"),
    Probe("float16, exponent 1e5, Ascend950", [f(S, "FLOAT16")], [np.float64(1e5)], [f(S, "FLOAT16")], 161002,
          "CheckNotOverflow: 1e5 overflows FLOAT16", soc="Ascend950"),
    Probe("float, double exponent 1e300, Ascend950", [f(S)], [np.float64(1e300)], [f(S)], 161002,
          "CheckNotOverflow: 1e300 overflows FLOAT", soc="Ascend950"),
    # aclnnInplacePowTensorScalar(self, exponent): out = self
    Probe("inplace: float", [f(S)], [2.0], [], 0, "aclnnPowTensorScalarGetWorkspaceSize(self, exponent, self)",
          op=IN),
    Probe("inplace: null self", [None], [2.0], [], 161001, "CheckPowTensorScalarNotNull(self)", op=IN),
    Probe("inplace: null exponent", [f(S)], [None], [], 161001, "CheckPowTensorScalarNotNull(exponent)", op=IN),
    Probe("inplace: int32, float exponent", [f(S, "INT32")], [0.5], [], 161002,
          "CheckDtypeValid: CanCast(FLOAT, INT32) fails (out = self)", op=IN),
    Probe("inplace: int64, int exponent", [f(S, "INT64")], [2], [], 0, "integers", op=IN),
    Probe("inplace: rank 9", [f(R9)], [2.0], [], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)", op=IN),
]

DEVIATIONS = {
    "complex64 self, complex exponent": (161002, "no complex pow kernel (KERNEL_DTYPES): the engine refuses "
                                                 "COMPLEX64"),
}
