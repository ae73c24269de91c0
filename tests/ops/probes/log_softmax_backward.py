"""Probes of aclnnLogSoftmaxBackward (ascendops/ops/log_softmax_backward.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/log_softmax_grad/op_api/aclnn_logsoftmax_backward.cpp")
OP = "LogSoftmaxBackward"
S = (2, 3)
E = (0, 3)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

PROBES = [
    # CheckNotNull: output, gradOutput, out
    Probe("null gradOutput", [None, f(S)], [0], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(gradOutput)"),
    Probe("null output", [f(S), None], [0], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(output)"),
    Probe("null out", [f(S), f(S)], [0], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null out with an empty gradOutput", [f(E), f(E)], [0], [None], 161001,
          "CheckParams: CheckNotNull runs before the IsEmpty() return"),
    # the empty return: before the checks on non-regbase SoCs, after them on regbase ones
    Probe("empty, mismatched dtypes, dim and out on Ascend910B", [f(E), f(E, "FLOAT16")], [5], [f((2, 2), "INT32")],
          0, "CheckParams: !IsRegbase() && gradOutput->IsEmpty() returns success first"),
    Probe("empty output only, double gradOutput on Ascend310P", [f(S, "DOUBLE"), f(E)], [0], [f(S)], 0,
          "CheckParams: !IsRegbase() && output->IsEmpty() returns success first", soc="Ascend310P"),
    Probe("empty, mismatched dtypes on Ascend950", [f(E), f(E, "FLOAT16")], [0], [f(E)], 161002,
          "CheckParams: IsRegbase() (DAV_3510) runs the checks: OP_CHECK_DTYPE_NOT_SAME", soc="Ascend950"),
    Probe("empty, dim out of range on host", [f(E), f(E)], [2], [f(E)], 161002,
          "CheckDim runs before the IsEmpty() return on regbase SoCs (the host reads as Ascend950)", soc="host"),
    Probe("empty, output of another shape on Ascend950", [f(E), f((0, 4))], [0], [f(E)], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(gradOutput, output) on regbase SoCs", soc="Ascend950"),
    Probe("empty, valid on Ascend950", [f(E), f(E)], [0], [f(E, "DOUBLE")], 0,
          "aclnnLogSoftmaxBackwardGetWorkspaceSize: IsEmpty() returns success after CheckParams", soc="Ascend950"),
    # CheckDtypeValid
    Probe("bf16 on Ascend910B", [f(S, "BF16"), f(S, "BF16")], [0], [f(S, "BF16")], 0,
          "CheckSocVersionIsSupportBf16: ASCEND910B is in [ASCEND910B, ASCEND910E]"),
    Probe("bf16 on Ascend910_93", [f(S, "BF16"), f(S, "BF16")], [0], [f(S, "BF16")], 0,
          "CheckSocVersionIsSupportBf16: ASCEND910_93 is in the range", soc="Ascend910_93"),
    Probe("bf16 on Ascend910", [f(S, "BF16"), f(S, "BF16")], [0], [f(S)], 161002,
          "CheckDtypeValid: BF16 gradOutput outside [ASCEND910B, ASCEND910E]", soc="Ascend910"),
    Probe("bf16 output, float gradOutput on Ascend310P", [f(S), f(S, "BF16")], [0], [f(S)], 161002,
          "CheckDtypeValid: BF16 output outside [ASCEND910B, ASCEND910E]", soc="Ascend310P"),
    Probe("double inputs", [f(S, "DOUBLE"), f(S, "DOUBLE")], [0], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(output): no DT_DOUBLE"),
    Probe("int32 gradOutput", [f(S, "INT32"), f(S)], [0], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)"),
    Probe("float gradOutput, float16 output", [f(S), f(S, "FLOAT16")], [0], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(gradOutput, output)"),
    Probe("float16 out of float inputs", [f(S), f(S)], [0], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid never checks out (the result is Cast to it)"),
    Probe("double out", [f(S), f(S)], [0], [f(S, "DOUBLE")], 0, "CheckDtypeValid never checks out: Cast to DT_DOUBLE"),
    Probe("int32 out", [f(S), f(S)], [0], [f(S, "INT32")], 0, "CheckDtypeValid never checks out: Cast to DT_INT32"),
    Probe("complex64 out", [f(S), f(S)], [0], [f(S, "COMPLEX64")], 0,
          "CheckDtypeValid never checks out; l0op::Cast(FLOAT -> COMPLEX64) runs on AI-CPU (ops-math "
          "math/cast/op_api/cast.cpp: both in AICPU_DTYPE_SUPPORT_LIST)"),
    Probe("bf16 out of float inputs on Ascend910", [f(S), f(S)], [0], [f(S, "BF16")], 0,
          "CheckDtypeValid: the BF16 rule reads gradOutput and output only; out is Cast", soc="Ascend910"),
    # CheckShape, before CheckDim
    Probe("rank 8", [f(R8), f(R8)], [7], [f(R8)], 0, "CheckShape: dims of gradOutput and output at most 8"),
    Probe("rank 9", [f(R9), f(R9)], [0], [f(R9)], 161002, "CheckShape: gradOutput dims > AXIS_LIMIT"),
    Probe("output of rank 9", [f(S), f(R9)], [0], [f(S)], 161002, "CheckShape: output dims > AXIS_LIMIT"),
    Probe("output of another shape", [f(S), f((3, 2))], [0], [f(S)], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(gradOutput, output)"),
    Probe("out of another shape", [f(S), f(S)], [0], [f((2, 4))], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(gradOutput, out)"),
    # CheckDim
    Probe("dim rank - 1", [f(S), f(S)], [1], [f(S)], 0, "CheckDim: dim < selfDimNumber"),
    Probe("dim rank", [f(S), f(S)], [2], [f(S)], 161002, "CheckDim: dim >= selfDimNumber"),
    Probe("dim -rank", [f(S), f(S)], [-2], [f(S)], 0, "CheckDim: dim >= -selfDimNumber"),
    Probe("dim -rank - 1", [f(S), f(S)], [-3], [f(S)], 161002, "CheckDim: dim < -selfDimNumber"),
    Probe("0-d, dim 0", [f(()), f(())], [0], [f(())], 0, "CheckDim: a 0-d gradOutput counts as 1 dim"),
    Probe("0-d, dim -2", [f(()), f(())], [-2], [f(())], 161002, "CheckDim: dim < -1"),
]

DEVIATIONS = {
    "complex64 out": (161002, "the row kernels write floating dtypes only, and no complex cast of the result "
                              "follows them (ao_row_dtype_ok)"),
    "int32 out": (161002, "the row kernels write floating dtypes only (ao_row_dtype_ok); the declaration's "
                          "out_dtypes lists FLOAT16, FLOAT, DOUBLE, BFLOAT16"),
}

DOC_SOURCE = [
    "LogSoftmaxBackward: docs/aclnnLogSoftmaxBackward.md lists 161002 for unsupported dtypes, unequal shapes and a "
    "dim out of range; on non-regbase SoCs the source returns success for an empty gradOutput or output before all "
    "of them (aclnn_logsoftmax_backward.cpp: CheckParams)",
]
