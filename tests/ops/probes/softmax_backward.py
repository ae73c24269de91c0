"""Probes of aclnnSoftmaxBackward (ascendops/ops/softmax_backward.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/softmax_grad/op_api/aclnn_softmax_backward.cpp")
OP = "SoftmaxBackward"
S = (2, 3)
E = (0, 3)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

PROBES = [
    # CheckNotNull
    Probe("null gradOutput", [None, f(S)], [0], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(gradOutput)"),
    Probe("null output", [f(S), None], [0], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(output)"),
    Probe("null out", [f(S), f(S)], [0], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null out with an empty gradOutput", [f(E), f(E)], [0], [None], 161001,
          "CheckParams: CheckNotNull runs before the IsEmpty() return"),
    # the empty return: before the checks on non-regbase SoCs, after them on regbase ones
    Probe("empty, mismatched dtypes, dim and out on Ascend910B", [f(E), f(E, "FLOAT16")], [5], [f((2, 2), "DOUBLE")],
          0, "CheckParams: !IsRegbase() && gradOutput->IsEmpty() returns success first"),
    Probe("empty, mismatched dtypes on Ascend910", [f(E), f(E, "FLOAT16")], [0], [f(E)], 0,
          "CheckParams: !IsRegbase() && IsEmpty() returns success first", soc="Ascend910"),
    Probe("empty output only, bad gradOutput dtype on Ascend910B", [f(S, "DOUBLE"), f(E)], [0], [f(S)], 0,
          "CheckParams: output->IsEmpty() returns success too"),
    Probe("empty, mismatched dtypes on Ascend950", [f(E), f(E, "FLOAT16")], [0], [f(E)], 161002,
          "CheckParams: IsRegbase() (DAV_3510) runs the checks: OP_CHECK_DTYPE_NOT_MATCH", soc="Ascend950"),
    Probe("empty, mismatched dtypes on host", [f(E), f(E, "FLOAT16")], [0], [f(E)], 161002,
          "CheckParams: the host profile reads as the regbase Ascend950", soc="host"),
    Probe("empty, dim out of range on Ascend950", [f(E), f(E)], [2], [f(E)], 161002,
          "CheckDim runs on regbase SoCs before the IsEmpty() return", soc="Ascend950"),
    Probe("empty, out of another shape on Ascend950", [f(E), f(E)], [0], [f((2, 3))], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(gradOutput, out) on regbase SoCs", soc="Ascend950"),
    Probe("empty, valid on Ascend950", [f(E), f(E)], [0], [f(E, "DOUBLE")], 0,
          "aclnnSoftmaxBackwardGetWorkspaceSize: IsEmpty() returns success after CheckParams (out never checked)",
          soc="Ascend950"),
    # CheckDtypeValid
    Probe("bf16 on Ascend910B", [f(S, "BF16"), f(S, "BF16")], [0], [f(S, "BF16")], 0,
          "CheckSocVersionIsSupportBf16: ASCEND910B is in [ASCEND910B, ASCEND910E]"),
    Probe("bf16 on Ascend950", [f(S, "BF16"), f(S, "BF16")], [0], [f(S, "BF16")], 0,
          "CheckSocVersionIsSupportBf16: ASCEND950 (= ASCEND910_95) is in the range", soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16"), f(S, "BF16")], [0], [f(S)], 161002,
          "CheckDtypeValid: BF16 gradOutput outside [ASCEND910B, ASCEND910E]", soc="Ascend910"),
    Probe("bf16 on Ascend310P", [f(S, "BF16"), f(S, "BF16")], [0], [f(S)], 161002,
          "CheckDtypeValid: ASCEND310P is above ASCEND910E", soc="Ascend310P"),
    Probe("double gradOutput", [f(S, "DOUBLE"), f(S, "DOUBLE")], [0], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput): no DT_DOUBLE"),
    Probe("int32 output", [f(S), f(S, "INT32")], [0], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(output)"),
    Probe("float gradOutput, float16 output", [f(S), f(S, "FLOAT16")], [0], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(output, gradOutput's dtype)"),
    Probe("float16 out of float inputs", [f(S), f(S)], [0], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid never checks out (the result is Cast to it)"),
    Probe("double out", [f(S), f(S)], [0], [f(S, "DOUBLE")], 0,
          "CheckDtypeValid never checks out: l0op::Cast to DT_DOUBLE"),
    Probe("int32 out", [f(S), f(S)], [0], [f(S, "INT32")], 0,
          "CheckDtypeValid never checks out: l0op::Cast to DT_INT32"),
    Probe("complex64 out", [f(S), f(S)], [0], [f(S, "COMPLEX64")], 0,
          "CheckDtypeValid never checks out; l0op::Cast(FLOAT -> COMPLEX64) runs on AI-CPU (ops-math "
          "math/cast/op_api/cast.cpp: both in AICPU_DTYPE_SUPPORT_LIST)"),
    Probe("bf16 out of float inputs on Ascend910", [f(S), f(S)], [0], [f(S, "BF16")], 0,
          "CheckDtypeValid: the BF16 rule reads gradOutput only; out is Cast", soc="Ascend910"),
    # CheckDim, after CheckDtypeValid
    Probe("dim rank - 1", [f(S), f(S)], [1], [f(S)], 0, "CheckDim: dim < selfDimNum"),
    Probe("dim rank", [f(S), f(S)], [2], [f(S)], 161002, "CheckDim: dim >= selfDimNum"),
    Probe("dim -rank", [f(S), f(S)], [-2], [f(S)], 0, "CheckDim: dim >= -selfDimNum"),
    Probe("dim -rank - 1", [f(S), f(S)], [-3], [f(S)], 161002, "CheckDim: dim < -selfDimNum"),
    Probe("0-d, dim -1", [f(()), f(())], [-1], [f(())], 0, "CheckDim: a 0-d gradOutput counts as 1 dim"),
    Probe("0-d, dim 1", [f(()), f(())], [1], [f(())], 161002, "CheckDim: dim >= 1"),
    # CheckShape
    Probe("rank 8", [f(R8), f(R8)], [7], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(gradOutput, 8)"),
    Probe("rank 9", [f(R9), f(R9)], [0], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(gradOutput, 8)"),
    Probe("output of another shape", [f(S), f((3, 2))], [0], [f(S)], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(gradOutput, output)"),
    Probe("out of another shape", [f(S), f(S)], [0], [f((2, 4))], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(gradOutput, out)"),
]

DEVIATIONS = {
    "complex64 out": (161002, "the row kernels write floating dtypes only, and no complex cast of the result "
                              "follows them (ao_row_dtype_ok)"),
    "double out": (161002, "the row kernel softmax_backward writes FLOAT16/FLOAT/BFLOAT16 only (src/rows.c: no f64 "
                           "path), and RowReduceOp checks out against the support list"),
    "int32 out": (161002, "the row kernels write floating dtypes only (ao_row_dtype_ok); RowReduceOp checks out "
                          "against the support list"),
}

DOC_SOURCE = [
    "SoftmaxBackward: docs/aclnnSoftmaxBackward.md lists BFLOAT16 for gradOutput and output on every product; the "
    "source refuses a BF16 gradOutput outside SocVersion ASCEND910B..ASCEND910E (Ascend910, Ascend310P) "
    "(aclnn_softmax_backward.cpp: CheckDtypeValid, CheckSocVersionIsSupportBf16)",
    "SoftmaxBackward: the doc lists 161002 for unsupported dtypes, a dim out of range and unequal shapes; on "
    "non-regbase SoCs the source returns success for an empty gradOutput or output before all of them "
    "(aclnn_softmax_backward.cpp: CheckParams)",
]
