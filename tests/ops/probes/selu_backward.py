"""Probes of aclnnSeluBackward (ascendops/ops/selu_backward.py). Inputs: gradOutput,
result; output: gradInput."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/selu_grad/op_api/aclnn_selu_backward.cpp")
OP = "SeluBackward"
S = (2, 3)
E = (0, 3)


def _same(dtype, shape=S):
    return [f(shape, dtype), f(shape, dtype)]


PROBES = [
    Probe("null gradOutput", [None, f(S)], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(gradOutput)"),
    Probe("null result", [f(S), None], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(result)"),
    Probe("null gradInput before bad dtype", _same("INT16"), [], [None], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("int8", _same("INT8"), [], [f(S, "INT8")], 0, "CheckDtypeValid: INT8 in the list"),
    Probe("int32", _same("INT32"), [], [f(S, "INT32")], 0, "CheckDtypeValid: INT32 in the list"),
    Probe("int16", _same("INT16"), [], [f(S, "INT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)"),
    Probe("double", _same("DOUBLE"), [], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)"),
    Probe("bf16 on Ascend910B", _same("BF16"), [], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B_DTYPE_SUPPORT_LIST in [ASCEND910B, ASCEND910E]"),
    Probe("bf16 on Ascend950", _same("BF16"), [], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND950 lies in [ASCEND910B, ASCEND910E]", soc="Ascend950"),
    Probe("bf16 on Ascend910", _same("BF16"), [], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend910"),
    Probe("bf16 on Ascend310P", _same("BF16"), [], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND310P lies past ASCEND910E", soc="Ascend310P"),
    Probe("result dtype differs", [f(S), f(S, "FLOAT16")], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(gradOutput, result)"),
    Probe("gradInput dtype differs", _same("FLOAT"), [], [f(S, "FLOAT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(gradOutput, gradInput)"),
    Probe("dtypes differ before the list", [f(S, "INT16"), f(S, "INT64")], [], [f(S, "INT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME before OP_CHECK_DTYPE_NOT_SUPPORT (both 161002)"),
    Probe("result shape differs", [f(S), f((3, 2))], [], [f(S)], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(gradOutput, result)"),
    Probe("broadcastable result", [f(S), f((1, 3))], [], [f(S)], 161002, "CheckShape: equal shapes, no broadcast"),
    Probe("gradInput shape differs", _same("FLOAT"), [], [f((3, 2))], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(gradOutput, gradInput)"),
    Probe("dtype before shape", [f(S), f((3, 2), "FLOAT16")], [], [f(S)], 161002,
          "CheckParams: CheckDtypeValid before CheckShape"),
    Probe("rank 9 (no rank check)", _same("FLOAT", (1,) * 7 + S), [], [f((1,) * 7 + S)], 0,
          "ExecSeluBackwardGetWorkspaceSize: no OP_CHECK_MAX_DIM; more than 8 dims are reshaped to 1-d"),
    Probe("0-d", _same("FLOAT", ()), [], [f(())], 0, "CheckParams: no rank check"),
    Probe("empty", _same("FLOAT", E), [], [f(E)], 0,
          "ExecSeluBackwardGetWorkspaceSize: IsEmpty() returns success after CheckParams"),
    Probe("empty with int16", _same("INT16", E), [], [f(E, "INT16")], 161002,
          "ExecSeluBackwardGetWorkspaceSize: CheckDtypeValid before the IsEmpty() return"),
    Probe("empty with gradInput shape differing", _same("FLOAT", E), [], [f((0, 2))], 161002,
          "ExecSeluBackwardGetWorkspaceSize: CheckShape before the IsEmpty() return"),
    Probe("empty bf16 on Ascend910", _same("BF16", E), [], [f(E, "BF16")], 161002,
          "ExecSeluBackwardGetWorkspaceSize: CheckDtypeValid before the IsEmpty() return", soc="Ascend910"),
]

DOC_SOURCE = [
    "SeluBackward: doc gives the tensors 1-8 dims; source checks no rank (0-d passes, more than 8 dims are "
    "reshaped to 1-d) (aclnn_selu_backward.cpp:CheckParams, ExecSeluBackwardGetWorkspaceSize)",
    "SeluBackward: doc says result does not support empty tensors; source returns success for an empty "
    "gradOutput or result after CheckParams (aclnn_selu_backward.cpp:ExecSeluBackwardGetWorkspaceSize)",
]
