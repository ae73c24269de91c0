"""Probes of ascendops/ops/heaviside.py: aclnnHeaviside (aclnn_heaviside.cpp, SOURCE)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/heaviside/op_host/op_api/aclnn_heaviside.cpp")
OP = "Heaviside"
S = (2, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S

PROBES = [
    Probe("null input", [None, f(S)], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(input)"),
    Probe("null values", [f(S), None], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(values)"),
    Probe("null out", [f(S), f(S)], [], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null values before bad input dtype", [f(S, "DOUBLE"), None], [], [f(S)], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("float16", [f(S, "FLOAT16"), f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: AICORE_DTYPE_SUPPORT_LIST has FLOAT16"),
    Probe("bf16 on Ascend910B", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 0,
          "CheckDtypeValid: AICORE_DTYPE_SUPPORT_LIST has BF16"),
    Probe("double input", [f(S, "DOUBLE"), f(S)], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(input)"),
    Probe("double values", [f(S), f(S, "DOUBLE")], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(values)"),
    Probe("double out", [f(S), f(S)], [], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out)"),
    Probe("uint32 input", [f(S, "UINT32"), f(S, "UINT32")], [], [f(S, "UINT32")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(input)"),
    Probe("input and values of two dtypes", [f(S), f(S, "FLOAT16")], [], [f(S)], 0,
          "CheckDtypeValid: each tensor against the list, no dtype match (the l0 kernel, of one dtype, is "
          "launched with them: no kernel binary matches when it runs)"),
    Probe("rank 8", [f(R8), f(S)], [], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(input, 8)"),
    Probe("input rank 9", [f(R9), f(S)], [], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(input, 8)"),
    Probe("values rank 9", [f(S), f(R9)], [], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(values, 8)"),
    Probe("broadcast", [f((2, 1, 5)), f((3, 5))], [], [f((2, 3, 5))], 0,
          "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("no broadcast", [f((2, 5)), f((3, 4))], [], [f((2, 3, 5))], 161002,
          "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("out of another size", [f((2, 1, 5)), f((2, 1))], [], [f((2, 3, 5))], 161002,
          "CheckShape: out's GetShapeSize() != broadcastShape.GetShapeSize()"),
    Probe("out of the broadcast size, another shape", [f(S), f(S)], [], [f((6,))], 561103,
          "CheckShape compares only the element counts; then l0op::ViewCopy(the broadcast-shaped result, out) "
          "returns nullptr (its view shapes differ): ACLNN_ERR_INNER_NULLPTR"),
    Probe("out rank 9 of the broadcast size", [f(S), f(S)], [], [f(R9)], 561103,
          "CheckShape: no OP_CHECK_MAX_DIM(out); l0op::ViewCopy into a shape other than the result's: "
          "ACLNN_ERR_INNER_NULLPTR"),
    Probe("empty out of another shape", [f((0, 3)), f((0, 3))], [], [f((3, 0))], 0,
          "the IsEmpty() return comes before the ViewCopy"),
    Probe("float16 out of float inputs", [f(S), f(S)], [], [f(S, "FLOAT16")], 561103,
          "CheckDtypeValid lists each tensor; l0op::Heaviside's result has input's dtype and "
          "l0op::ViewCopy(result, out of another dtype) returns nullptr: ACLNN_ERR_INNER_NULLPTR"),
    Probe("bf16 on Ascend910", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 0,
          "CheckDtypeValid: AICORE_DTYPE_SUPPORT_LIST has BF16, no SoC condition", soc="Ascend910"),
    Probe("0-d", [f(()), f(())], [], [f(())], 0, "CheckShape: no minimum rank"),
    Probe("empty input", [f((0, 3)), f((1, 3))], [], [f((0, 3))], 0,
          "aclnnHeavisideGetWorkspaceSize: input->IsEmpty() returns success"),
    Probe("empty values", [f((2, 1)), f((0,))], [], [f((2, 0))], 0,
          "aclnnHeavisideGetWorkspaceSize: values->IsEmpty() returns success"),
    Probe("empty with double values", [f((0, 3)), f((1, 3), "DOUBLE")], [], [f((0, 3))], 161002,
          "aclnnHeavisideGetWorkspaceSize: CheckParams before the IsEmpty() return"),
    Probe("empty that does not broadcast", [f((0, 3)), f((2, 3))], [], [f((0, 3))], 161002,
          "aclnnHeavisideGetWorkspaceSize: CheckShape before the IsEmpty() return"),
    Probe("empty inputs, out of another size", [f((0, 3)), f((0, 3))], [], [f(S)], 161002,
          "aclnnHeavisideGetWorkspaceSize: the size check before the IsEmpty() return"),
    Probe("empty rank 9 input", [f((0,) + (1,) * 8), f(S)], [], [f((0,) + (1,) * 6 + S)], 161002,
          "aclnnHeavisideGetWorkspaceSize: OP_CHECK_MAX_DIM before the IsEmpty() return"),
]

DEVIATIONS = {
    "input and values of two dtypes": (
        161002, "the engine's kernel reads one dtype: input, values and out must have it (CANN's CheckParams "
                "accepts the call; its kernel launch has no binary for mixed dtypes)"),
}

DOC_SOURCE = [
    "Heaviside: doc says out has the inputs' dtype, the broadcast shape and 0-8 dims; source checks out's dtype "
    "against the list only, its element count against the broadcast shape's only, and no rank of out "
    "(aclnn_heaviside.cpp:CheckDtypeValid, CheckShape)",
]
