"""Probes of aclnnSwishBackward (ascendops/ops/swish_backward.py)."""
import numpy as np

from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/swish_grad/op_api/aclnn_swish_backward.cpp")
OP = "SwishBackward"
S = (2, 3)
R8 = (1, 2, 1, 1, 1, 1, 1, 3)
R9 = (1, 1, 2, 1, 1, 1, 1, 1, 3)
E = (0, 3)

PROBES = [
    Probe("null gradOutput", [None, f(S)], [1.0], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(gradOutput)"),
    Probe("null self", [f(S), None], [1.0], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null gradInput", [f(S), f(S)], [1.0], [None], 161001, "CheckNotNull: OP_CHECK_NULL(gradInput)"),
    Probe("null betaOptional", [f(S), f(S)], [None], [f(S)], 0,
          "CheckDtypeValid: betaOptional != nullptr is checked; null: scale 1.0"),
    Probe("null gradOutput before complex beta", [None, f(S)], [1j], [f(S)], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("complex beta", [f(S), f(S)], [1j], [f(S)], 161002,
          "CheckDtypeValid: !CanCast(COMPLEX64, DT_FLOAT)"),
    Probe("complex128 beta", [f(S), f(S)], [np.complex128(2.0)], [f(S)], 161002,
          "CheckDtypeValid: !CanCast(COMPLEX128, DT_FLOAT)"),
    Probe("bool beta", [f(S), f(S)], [True], [f(S)], 0, "CheckDtypeValid: CanCast(BOOL, DT_FLOAT)"),
    Probe("int beta", [f(S), f(S)], [2], [f(S)], 0, "CheckDtypeValid: CanCast(INT64, DT_FLOAT)"),
    Probe("double beta", [f(S), f(S)], [np.float64(0.5)], [f(S)], 0, "CheckDtypeValid: CanCast(DOUBLE, DT_FLOAT)"),
    Probe("float16", [f(S, "FLOAT16"), f(S, "FLOAT16")], [1.0], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: FLOAT16 in DTYPE_SUPPORT_LIST"),
    Probe("double gradOutput", [f(S, "DOUBLE"), f(S, "DOUBLE")], [1.0], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)"),
    Probe("int32 self", [f(S), f(S, "INT32")], [1.0], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("gradInput dtype not gradOutput's", [f(S), f(S)], [1.0], [f(S, "FLOAT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(gradOutput, gradInput)"),
    Probe("self dtype not gradInput's", [f(S, "FLOAT16"), f(S)], [1.0], [f(S, "FLOAT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(self, gradInput)"),
    Probe("mixed dtypes on regbase", [f(S, "FLOAT16"), f(S)], [1.0], [f(S)], 161002,
          "CheckDtypeValid: no mixed precision on any SoC", soc="Ascend950"),
    Probe("bf16 on Ascend910B", [f(S, "BF16"), f(S, "BF16")], [1.0], [f(S, "BF16")], 0,
          "CheckSocVersionIsSupportBf16: ASCEND910B"),
    Probe("bf16 on Ascend950", [f(S, "BF16"), f(S, "BF16")], [1.0], [f(S, "BF16")], 0,
          "CheckSocVersionIsSupportBf16: ASCEND910_95 is in [ASCEND910B, ASCEND910E]", soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16"), f(S, "BF16")], [1.0], [f(S, "BF16")], 161002,
          "CheckDtypeValid: !bf16flag and self DT_BF16", soc="Ascend910"),
    Probe("float16 on Ascend310P", [f(S, "FLOAT16"), f(S, "FLOAT16")], [1.0], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: FLOAT16 on every SoC", soc="Ascend310P"),
    Probe("rank 8", [f(R8), f(R8)], [1.0], [f(R8)], 0, "CheckShapeValid: OP_CHECK_MAX_DIM(gradInput, 8)"),
    Probe("rank 9", [f(R9), f(R9)], [1.0], [f(R9)], 161002, "CheckShapeValid: OP_CHECK_MAX_DIM(gradOutput, 8)"),
    Probe("no broadcast", [f((2, 1)), f((1, 3))], [1.0], [f(S)], 161002,
          "CheckShapeValid: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(gradOutput, gradInput shape)"),
    Probe("no broadcast on regbase", [f(S), f((1, 3))], [1.0], [f(S)], 161002,
          "CheckShapeValid: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(self, gradInput shape)", soc="Ascend950"),
    Probe("empty", [f(E), f(E)], [1.0], [f(E)], 0,
          "aclnnSwishBackwardGetWorkspaceSize: gradOutput->IsEmpty() returns success"),
    Probe("empty with complex beta", [f(E), f(E)], [1j], [f(E)], 161002,
          "CheckDtypeValid runs before the IsEmpty() return"),
    Probe("empty with dtype mismatch", [f(E), f(E)], [1.0], [f(E, "FLOAT16")], 161002,
          "CheckDtypeValid runs before the IsEmpty() return"),
    Probe("empty with shape mismatch", [f(E), f((3, 0))], [1.0], [f(E)], 161002,
          "CheckShapeValid runs before the IsEmpty() return"),
]
