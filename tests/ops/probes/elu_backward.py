"""Probes of aclnnEluBackward (ascendops/ops/elu_backward.py). Inputs: gradOutput,
selfOrResult; attributes: alpha, scale, inputScale, isResult; output: gradInput."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/elu_grad_v2/op_api/aclnn_elu_backward.cpp")
OP = "EluBackward"
S = (2, 3)
R8, R9 = (1,) * 6 + S, (1,) * 7 + S
E = (0, 3)
A = [1.0, 1.0, 1.0, False]


PROBES = [
    Probe("null gradOutput", [None, f(S)], A, [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(gradOutput)"),
    Probe("null selfOrResult before complex alpha", [f(S), None], [1j, 1.0, 1.0, False], [f(S)], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("null alpha", [f(S), f(S)], [None, 1.0, 1.0, False], [f(S)], 161001,
          "CheckNotNull: OP_CHECK_NULL(alpha)"),
    Probe("null scale before dtypes differing", [f(S), f(S, "FLOAT16")], [1.0, None, 1.0, False], [f(S)], 161001,
          "CheckParams: CheckNotNull(scale) before CheckDtypeValid"),
    Probe("null inputScale", [f(S), f(S)], [1.0, 1.0, None, False], [f(S)], 161001,
          "CheckNotNull: OP_CHECK_NULL(inputScale)"),
    Probe("null gradInput before bad dtype", [f(S, "DOUBLE"), f(S, "DOUBLE")], A, [None], 161001,
          "CheckNotNull: OP_CHECK_NULL(gradInput)"),
    Probe("dtypes differ", [f(S), f(S, "FLOAT16")], A, [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(gradOutput, selfOrResult)"),
    Probe("double inputs", [f(S, "DOUBLE"), f(S, "DOUBLE")], A, [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)"),
    Probe("bf16 on DAV_2201", [f(S, "BF16"), f(S, "BF16")], A, [f(S, "BF16")], 0,
          "CheckDtypeValid: DTYPE_SUPPORT_LIST_WITH_BF16 on DAV_2201"),
    Probe("bf16 on Ascend950", [f(S, "BF16"), f(S, "BF16")], A, [f(S, "BF16")], 0,
          "CheckDtypeValid: DTYPE_SUPPORT_LIST_WITH_BF16 where IsRegbase()", soc="Ascend950"),
    Probe("bf16 on DAV_1001", [f(S, "BF16"), f(S, "BF16")], A, [f(S, "BF16")], 161002,
          "CheckDtypeValid: DTYPE_SUPPORT_LIST", soc="Ascend910"),
    Probe("bf16 on DAV_2002", [f(S, "BF16"), f(S, "BF16")], A, [f(S, "BF16")], 161002,
          "CheckDtypeValid: DTYPE_SUPPORT_LIST", soc="Ascend310P"),
    Probe("float16 on DAV_1001", [f(S, "FLOAT16"), f(S, "FLOAT16")], A, [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: DTYPE_SUPPORT_LIST", soc="Ascend910"),
    Probe("complex alpha", [f(S), f(S)], [1j, 1.0, 1.0, False], [f(S)], 161002,
          "CheckDtypeValid: CanCast(alpha, FLOAT)"),
    Probe("complex scale", [f(S), f(S)], [1.0, 1j, 1.0, False], [f(S)], 161002,
          "CheckDtypeValid: CanCast(scale, FLOAT)"),
    Probe("complex inputScale", [f(S), f(S)], [1.0, 1.0, 1j, False], [f(S)], 161002,
          "CheckDtypeValid: CanCast(inputScale, FLOAT)"),
    Probe("double gradInput is castable", [f(S), f(S)], A, [f(S, "DOUBLE")], 0,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(gradOutput, gradInput) only"),
    Probe("complex128 gradInput is castable", [f(S), f(S)], A, [f(S, "COMPLEX128")], 0,
          "CheckDtypeValid: CanCast(FLOAT, COMPLEX128)"),
    Probe("float16 gradInput of float", [f(S), f(S)], A, [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: CanCast(FLOAT, FLOAT16)"),
    Probe("int32 gradInput", [f(S), f(S)], A, [f(S, "INT32")], 161002,
          "CheckDtypeValid: CanCast(FLOAT, INT32) is false"),
    Probe("selfOrResult shape differs", [f(S), f((3, 2))], A, [f(S)], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(selfOrResult, gradOutput)"),
    Probe("broadcastable selfOrResult", [f(S), f((1, 3))], A, [f(S)], 161002,
          "CheckShape: equal shapes, no broadcast"),
    Probe("gradInput shape differs", [f(S), f(S)], A, [f((3, 2))], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(gradInput, gradOutput)"),
    Probe("dtype before shape", [f(S), f((3, 2), "FLOAT16")], A, [f(S)], 161002,
          "CheckParams: CheckDtypeValid before CheckShape"),
    Probe("rank 8", [f(R8), f(R8)], A, [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(gradOutput, 8)"),
    Probe("rank 9", [f(R9), f(R9)], A, [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(gradOutput, 8)"),
    Probe("isResult with negative alpha", [f(S), f(S)], [-0.5, 1.0, 1.0, True], [f(S)], 161002,
          "CheckAttributeValue: isResult && alpha->ToFloat() < 0"),
    Probe("negative alpha without isResult", [f(S), f(S)], [-0.5, 1.0, 1.0, False], [f(S)], 0,
          "CheckAttributeValue: only with isResult"),
    Probe("isResult with alpha 0", [f(S), f(S)], [0.0, 1.0, 1.0, True], [f(S)], 0,
          "CheckAttributeValue: 0 is not < 0"),
    Probe("isResult with alpha -1e-50", [f(S), f(S)], [-1e-50, 1.0, 1.0, True], [f(S)], 0,
          "CheckAttributeValue: alpha->ToFloat() of -1e-50 is -0, not < 0"),
    Probe("empty", [f(E), f(E)], A, [f(E)], 0,
          "aclnnEluBackwardGetWorkspaceSize: gradOutput->IsEmpty() returns success after CheckParams"),
    Probe("empty with isResult and negative alpha", [f(E), f(E)], [-0.5, 1.0, 1.0, True], [f(E)], 161002,
          "aclnnEluBackwardGetWorkspaceSize: CheckParams (CheckAttributeValue) before the IsEmpty() return"),
    Probe("empty with int32 gradInput", [f(E), f(E)], A, [f(E, "INT32")], 161002,
          "aclnnEluBackwardGetWorkspaceSize: CheckDtypeValid before the IsEmpty() return"),
    Probe("empty gradOutput, selfOrResult shape differs", [f(E), f(S)], A, [f(E)], 161002,
          "aclnnEluBackwardGetWorkspaceSize: CheckShape before the IsEmpty() return"),
]

DOC_SOURCE = [
    "EluBackward: doc lists gradInput FLOAT, FLOAT16, BFLOAT16; source checks only "
    "CanCast(gradOutput, gradInput): DOUBLE and COMPLEX gradInputs pass (aclnn_elu_backward.cpp:CheckDtypeValid)",
]
