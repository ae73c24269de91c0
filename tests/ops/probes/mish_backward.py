"""Probes of aclnnMishBackward (ascendops/ops/mish_backward.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/mish_grad/op_api/aclnn_mish_backward.cpp")
OP = "MishBackward"
S = (2, 3)
R8 = (1, 2, 1, 1, 1, 1, 1, 3)
R9 = (1, 1, 2, 1, 1, 1, 1, 1, 3)
E = (0, 3)

PROBES = [
    Probe("null gradOutput", [None, f(S)], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(gradOutput)"),
    Probe("null self", [f(S), None], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null gradInput", [f(S), f(S)], [], [None], 161001, "CheckNotNull: OP_CHECK_NULL(gradInput)"),
    Probe("null gradInput before bad self dtype", [f(S), f(S, "INT32")], [], [None], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("float16", [f(S, "FLOAT16"), f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: FLOAT16 in the list"),
    Probe("self not castable to gradInput", [f(S), f(S)], [], [f(S, "INT32")], 161002,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, INT32)"),
    Probe("int32 self castable but not listed", [f(S), f(S, "INT32")], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("double gradOutput", [f(S, "DOUBLE"), f(S)], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)"),
    Probe("double gradInput", [f(S), f(S)], [], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradInput)"),
    Probe("mixed float16 and float, float16 gradInput", [f(S, "FLOAT16"), f(S)], [], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: CanCast(FLOAT, FLOAT16); the promoted FLOAT is cast to gradInput"),
    Probe("mixed on DAV_2201", [f(S, "BF16"), f(S, "FLOAT16")], [], [f(S)], 0,
          "CheckDtypeValid: no same-dtype check; PromoteType(FLOAT16, BF16) = FLOAT"),
    Probe("bf16 on DAV_2201", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportListBySocVersion: DAV_2201"),
    Probe("bf16 on DAV_3510", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportListBySocVersion: DAV_3510", soc="Ascend950"),
    Probe("bf16 on DAV_1001", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "GetDtypeSupportListBySocVersion: ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend910"),
    Probe("bf16 gradInput on DAV_2002", [f(S), f(S)], [], [f(S, "BF16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradInput) without BF16", soc="Ascend310P"),
    Probe("float16 on DAV_1001", [f(S, "FLOAT16"), f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0,
          "GetDtypeSupportListBySocVersion: FLOAT16 on every SoC", soc="Ascend910"),
    Probe("rank 8", [f(R8), f(R8)], [], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(gradInput, 8)"),
    Probe("rank 9", [f(R9), f(R9)], [], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(gradOutput, 8)"),
    Probe("broadcast", [f((2, 1)), f((1, 3))], [], [f(S)], 0, "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("no broadcast", [f(S), f((4, 3))], [], [f(S)], 161002, "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("gradInput not the broadcast shape", [f((2, 1)), f((1, 3))], [], [f((2, 1))], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(gradInput, broadcastShape)"),
    Probe("empty", [f(E), f((1, 3))], [], [f(E)], 0,
          "aclnnMishBackwardGetWorkspaceSize: gradOutput->IsEmpty() returns success"),
    Probe("empty with bad cast", [f(E), f(E)], [], [f(E, "INT32")], 161002,
          "CheckDtypeValid runs before the IsEmpty() return"),
    Probe("empty that does not broadcast", [f(E), f((2, 3))], [], [f(E)], 161002,
          "CheckShape runs before the IsEmpty() return"),
    Probe("empty bf16 on DAV_1001", [f(E, "BF16"), f(E, "BF16")], [], [f(E, "BF16")], 161002,
          "CheckDtypeValid runs before the IsEmpty() return", soc="Ascend910"),
]
