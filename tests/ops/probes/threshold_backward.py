"""Probes of aclnnThresholdBackward (ascendops/ops/threshold_backward.py). Inputs:
gradOutput, self; attribute: threshold; output: out."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/threshold_grad_v2_d/op_api/aclnn_threshold_backward.cpp")
OP = "ThresholdBackward"
S = (2, 3)
R8, R9 = (1,) * 6 + S, (1,) * 7 + S
E = (0, 3)


def _two(dtype="FLOAT", shape=S):
    return [f(shape, dtype), f(shape, dtype)]


PROBES = [
    Probe("null threshold", _two(), [None], [f(S)], 161001,
          "aclnnThresholdBackwardGetWorkspaceSize: CHECK_RET(threshold != nullptr)"),
    Probe("null out", _two(), [0.5], [None], 161001,
          "aclnnThresholdBackwardGetWorkspaceSize: CHECK_RET(out != nullptr)"),
    Probe("null gradOutput", [None, f(S)], [0.5], [f(S)], 161001, "CheckPtrValid: OP_CHECK_NULL(gradOutput)"),
    Probe("null self before bad out dtype", [f(S), None], [0.5], [f(S, "DOUBLE")], 161001,
          "CheckParams: CheckPtrValid before CheckDtypeValid"),
    Probe("int32", _two("INT32"), [0.5], [f(S, "INT32")], 0, "CheckDtypeValid: INT32 in the list"),
    Probe("uint8 on DAV_1001", _two("UINT8"), [0.5], [f(S, "UINT8")], 0,
          "GetDtypeSupportList: ASCEND910 list has UINT8", soc="Ascend910"),
    Probe("int16", _two("INT16"), [0.5], [f(S, "INT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)"),
    Probe("double", _two("DOUBLE"), [0.5], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)"),
    Probe("bf16 on DAV_2201", _two("BF16"), [0.5], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B list on DAV_2201"),
    Probe("bf16 on Ascend950", _two("BF16"), [0.5], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B list where IsRegbase(arch)", soc="Ascend950"),
    Probe("bf16 on DAV_1001", _two("BF16"), [0.5], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910_DTYPE_DTYPE_SUPPORT_LIST", soc="Ascend910"),
    Probe("bf16 on DAV_2002", _two("BF16"), [0.0], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910_DTYPE_DTYPE_SUPPORT_LIST", soc="Ascend310P"),
    Probe("int64, threshold 0, Ascend950", _two("INT64"), [0.0], [f(S, "INT64")], 0,
          "GetDtypeSupportList: REGBASE list (INT64) where IsRegbase && IsFloatEqual(threshold, 0)",
          soc="Ascend950"),
    Probe("int64, threshold 1e-8, Ascend950", _two("INT64"), [1e-8], [f(S, "INT64")], 0,
          "GetDtypeSupportList: IsFloatEqual: |threshold| <= FLT_EPSILON", soc="Ascend950"),
    Probe("int64, threshold 0.5, Ascend950", _two("INT64"), [0.5], [f(S, "INT64")], 161002,
          "GetDtypeSupportList: ASCEND910B list (no INT64) for another threshold", soc="Ascend950"),
    Probe("int64, threshold 0, DAV_2201", _two("INT64"), [0.0], [f(S, "INT64")], 161002,
          "GetDtypeSupportList: ASCEND910B list, not regbase"),
    Probe("int64, complex threshold, Ascend950", _two("INT64"), [1j], [f(S, "INT64")], 0,
          "thresholdVal_ = threshold->ToFloat(): a complex scalar reads as 0", soc="Ascend950"),
    Probe("complex threshold", _two(), [2j], [f(S)], 0,
          "aclnnThresholdBackwardGetWorkspaceSize: threshold's dtype is never checked"),
    Probe("gradOutput dtype differs", [f(S, "FLOAT16"), f(S)], [0.5], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(gradOutput, self's dtype)"),
    Probe("out dtype differs", _two(), [0.5], [f(S, "FLOAT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(out, self's dtype)"),
    Probe("double out", _two(), [0.5], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(out, self's dtype)"),
    Probe("rank 8", _two("FLOAT", R8), [0.5], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(gradOutput/self, 8)"),
    Probe("gradOutput rank 9", [f(R9), f(S)], [0.5], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(gradOutput, 8)"),
    Probe("self rank 9", [f(S), f(R9)], [0.5], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("broadcast", [f((2, 1)), f((1, 3))], [0.5], [f(S)], 0,
          "aclnnThresholdBackwardGetWorkspaceSize: OP_CHECK_BROADCAST_AND_INFER_SHAPE(self, gradOutput)"),
    Probe("no broadcast", [f(S), f((4, 3))], [0.5], [f(S)], 161002,
          "aclnnThresholdBackwardGetWorkspaceSize: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("out not the broadcast shape", [f((2, 1)), f((1, 3))], [0.5], [f((2, 1))], 161002,
          "aclnnThresholdBackwardGetWorkspaceSize: broadcastShape != out->GetViewShape()"),
    Probe("dtype before broadcast", [f(S, "FLOAT16"), f((4, 3))], [0.5], [f(S)], 161002,
          "CheckParams (dtypes) before the broadcast check (both 161002)"),
    Probe("empty", [f((1, 3)), f(E)], [0.5], [f(E)], 0,
          "aclnnThresholdBackwardGetWorkspaceSize: IsEmpty() returns success after the broadcast check"),
    Probe("empty with no broadcast", [f((2, 3)), f(E)], [0.5], [f(E)], 161002,
          "aclnnThresholdBackwardGetWorkspaceSize: the broadcast check before the IsEmpty() return"),
    Probe("empty with out not the broadcast shape", [f(E), f(E)], [0.5], [f((0, 1))], 161002,
          "aclnnThresholdBackwardGetWorkspaceSize: the out shape check before the IsEmpty() return"),
    Probe("empty with out dtype differing", [f(E), f(E)], [0.5], [f(E, "INT32")], 161002,
          "aclnnThresholdBackwardGetWorkspaceSize: CheckParams before the IsEmpty() return"),
    Probe("empty int64 on DAV_2201", _two("INT64", E), [0.0], [f(E, "INT64")], 161002,
          "aclnnThresholdBackwardGetWorkspaceSize: CheckDtypeValid before the IsEmpty() return"),
]

DOC_SOURCE = [
    "ThresholdBackward: doc lists 161001 only for a null gradOutput or self; source also returns 161001 for a "
    "null threshold or out, before them (aclnn_threshold_backward.cpp:aclnnThresholdBackwardGetWorkspaceSize)",
]
