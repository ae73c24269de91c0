"""Probes of aclnnSigmoidBackward (ascendops/ops/sigmoid_backward.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/sigmoid_grad/op_api/aclnn_sigmoid_backward.cpp")
OP = "SigmoidBackward"
S = (2, 3)
R8 = (1, 2, 1, 1, 1, 1, 1, 3)
R9 = (1, 1, 2, 1, 1, 1, 1, 1, 3)
E = (0, 3)

PROBES = [
    Probe("null gradOutput", [None, f(S)], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(gradOutput)"),
    Probe("null output", [f(S), None], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(output)"),
    Probe("null gradInput", [f(S), f(S)], [], [None], 161001, "CheckNotNull: OP_CHECK_NULL(gradInput)"),
    Probe("null output before bad gradOutput dtype", [f(S, "INT32"), None], [], [f(S)], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("double", [f(S, "DOUBLE"), f(S, "DOUBLE")], [], [f(S, "DOUBLE")], 0,
          "CheckDtypeValid: DOUBLE in DTYPE_SUPPORT_LIST"),
    Probe("complex64", [f(S, "COMPLEX64"), f(S, "COMPLEX64")], [], [f(S, "COMPLEX64")], 0,
          "CheckDtypeValid: COMPLEX64 in DTYPE_SUPPORT_LIST"),
    Probe("complex128 output", [f(S), f(S, "COMPLEX128")], [], [f(S, "COMPLEX128")], 0,
          "CheckPromoteType: PromoteType(FLOAT, COMPLEX128) = COMPLEX128"),
    Probe("int32 gradOutput", [f(S, "INT32"), f(S)], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)"),
    Probe("int64 output", [f(S), f(S, "INT64")], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(output)"),
    Probe("int32 gradInput", [f(S), f(S)], [], [f(S, "INT32")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradInput)"),
    Probe("bf16 on Ascend910B", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 0,
          "CheckSocVersionIsSupportBf16: ASCEND910B"),
    Probe("bf16 on Ascend950", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 0,
          "CheckSocVersionIsSupportBf16: ASCEND910_95 is in [ASCEND910B, ASCEND910E]", soc="Ascend950"),
    Probe("bf16 gradOutput on Ascend910", [f(S, "BF16"), f(S)], [], [f(S)], 161002,
          "CheckDtypeValid: !bf16flag and gradOutput DT_BF16", soc="Ascend910"),
    Probe("bf16 output on Ascend910", [f(S), f(S, "BF16")], [], [f(S)], 0,
          "CheckDtypeValid: only gradOutput's dtype is BF16-checked", soc="Ascend910"),
    Probe("bf16 gradInput on Ascend310P", [f(S), f(S)], [], [f(S, "BF16")], 0,
          "CheckDtypeValid: gradInput's dtype is not BF16-checked; CanCast(FLOAT, BF16)", soc="Ascend310P"),
    Probe("mixed float16 and float", [f(S, "FLOAT16"), f(S)], [], [f(S)], 0,
          "CheckPromoteType: PromoteType(FLOAT16, FLOAT) = FLOAT"),
    Probe("float promoted to a float16 gradInput", [f(S, "FLOAT16"), f(S)], [], [f(S, "FLOAT16")], 0,
          "CheckPromoteType: CanCast(FLOAT, FLOAT16)"),
    Probe("double promoted to a float gradInput", [f(S, "DOUBLE"), f(S)], [], [f(S)], 0,
          "CheckPromoteType: CanCast(DOUBLE, FLOAT)"),
    Probe("float promoted to a complex gradInput", [f(S), f(S)], [], [f(S, "COMPLEX64")], 0,
          "CheckPromoteType: CanCast(FLOAT, COMPLEX64)"),
    Probe("complex promoted to a float gradInput", [f(S, "COMPLEX64"), f(S)], [], [f(S)], 161002,
          "CheckPromoteType: OP_CHECK_RESULT_DTYPE_CAST_FAILED(COMPLEX64, FLOAT)"),
    Probe("rank 8", [f(R8), f(R8)], [], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(gradOutput, 8)"),
    Probe("rank 9 output", [f(S), f(R9)], [], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(output, 8)"),
    Probe("broadcast", [f((2, 1)), f((1, 3))], [], [f(S)], 0, "CheckShapeBroadcast: BroadcastInferShape"),
    Probe("no broadcast", [f(S), f((4, 3))], [], [f(S)], 161002, "CheckShapeBroadcast: BroadcastInferShape"),
    Probe("gradInput not the broadcast shape", [f((2, 1)), f((1, 3))], [], [f((2, 1))], 161002,
          "CheckShapeBroadcast: resultShape == gradInput->GetViewShape()"),
    Probe("empty", [f(E), f((1, 3))], [], [f(E)], 0,
          "aclnnSigmoidBackwardGetWorkspaceSize: gradOutput->IsEmpty() returns success"),
    Probe("empty with bad dtype", [f(E, "INT32"), f(E)], [], [f(E)], 161002,
          "CheckParams runs before the IsEmpty() return"),
    Probe("empty with bad cast", [f(E, "COMPLEX64"), f(E)], [], [f(E)], 161002,
          "CheckPromoteType runs before the IsEmpty() return"),
    Probe("empty that does not broadcast", [f(E), f((2, 3))], [], [f(E)], 161002,
          "CheckShapeBroadcast runs before the IsEmpty() return"),
]

DEVIATIONS = {
    "complex64": (161002, "CANN computes complex sigmoid gradients (SigmoidGrad takes COMPLEX64/128); the "
                          "sigmoid_backward kernel (src/ops/sigmoid_backward.h) has no complex body, so the op kind "
                          "refuses a complex compute dtype"),
    "complex128 output": (161002, "a COMPLEX128 promoted dtype: the kernel has no complex body (as complex64)"),
}
