"""Probes of aclnnHardswishBackward (ascendops/ops/hardswish_backward.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/hard_swish_grad/op_host/op_api/aclnn_hardswish_backward.cpp")
OP = "HardswishBackward"
S = (2, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S
E = (0, 3)

PROBES = [
    Probe("null gradOutput", [None, f(S)], [], [f(S)], 161001, "CheckNotNull3Tensor: OP_CHECK_NULL(gradOutput)"),
    Probe("null self", [f(S), None], [], [f(S)], 161001, "CheckNotNull3Tensor: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S), f(S)], [], [None], 161001, "CheckNotNull3Tensor: OP_CHECK_NULL(out)"),
    Probe("null out before bad self dtype", [f(S), f(S, "DOUBLE")], [], [None], 161001,
          "CheckParams: CheckNotNull3Tensor before CheckDtypeValid"),
    Probe("double self", [f(S, "DOUBLE"), f(S, "DOUBLE")], [], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT"),
    Probe("int32 gradOutput", [f(S, "INT32"), f(S)], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)"),
    Probe("float16", [f(S, "FLOAT16"), f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: DT_FLOAT16 in both lists"),
    Probe("bf16 on DAV_2201", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportListV2: ASCEND910B_DTYPE_SUPPORT_LIST on DAV_2201"),
    Probe("bf16 on regbase", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportListV2: ASCEND910B_DTYPE_SUPPORT_LIST where IsRegbase()", soc="Ascend950"),
    Probe("bf16 on DAV_1001", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "GetDtypeSupportListV2: ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend910"),
    Probe("bf16 on DAV_2002", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "GetDtypeSupportListV2: ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend310P"),
    Probe("gradOutput dtype differs", [f(S, "FLOAT16"), f(S)], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(gradOutput, self): no promotion"),
    Probe("out dtype differs", [f(S), f(S)], [], [f(S, "FLOAT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(out, self)"),
    Probe("double out", [f(S), f(S)], [], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(out, self)"),
    Probe("rank 8", [f(R8), f(R8)], [], [f(R8)], 0, "CheckShapeValid: OP_CHECK_MAX_DIM(8)"),
    Probe("rank 9", [f(R9), f(R9)], [], [f(R9)], 161002, "CheckShapeValid: OP_CHECK_MAX_DIM(gradOutput, 8)"),
    Probe("0-d", [f(()), f(())], [], [f(())], 0, "CheckShapeValid: no minimum rank"),
    Probe("gradOutput broadcasts but differs", [f((1, 3)), f(S)], [], [f(S)], 161002,
          "CheckShapeValid: OP_CHECK_SHAPE_NOT_EQUAL(gradOutput, self): no broadcast"),
    Probe("out shape differs", [f(S), f(S)], [], [f((3, 2))], 161002,
          "CheckShapeValid: OP_CHECK_SHAPE_NOT_EQUAL(out, self)"),
    Probe("dtype before shape", [f((1, 3), "FLOAT16"), f(S)], [], [f(S)], 161002,
          "CheckParams: CheckDtypeValid, then CheckShapeValid (both 161002)"),
    Probe("empty", [f(E), f(E)], [], [f(E)], 0,
          "aclnnHardswishBackwardGetWorkspaceSize: IsEmpty() returns success after CheckParams"),
    Probe("empty with out dtype differing", [f(E), f(E)], [], [f(E, "FLOAT16")], 161002,
          "CheckParams (CheckDtypeValid) before the IsEmpty() return"),
    Probe("empty with out shape differing", [f(E), f(E)], [], [f((3, 0))], 161002,
          "CheckParams (CheckShapeValid) before the IsEmpty() return"),
    Probe("empty rank 9", [f((0,) + (1,) * 8), f((0,) + (1,) * 8)], [], [f((0,) + (1,) * 8)], 161002,
          "CheckShapeValid: OP_CHECK_MAX_DIM before the IsEmpty() return"),
]

DOC_SOURCE = [
    "HardswishBackward: doc names gradOutput and self as the parameters whose null gives 161001; source "
    "null-checks out too (aclnn_hardswish_backward.cpp:CheckParams, CheckNotNull3Tensor)",
]
