"""Probes of ascendops/ops/logsigmoid_forward.py: aclnnLogSigmoidForward (aclnn_logsigmoid.cpp,
SOURCE: ExecLogSigmoidGetWorkspaceSize, as aclnnLogSigmoid; buffer never read)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/log_sigmoid/op_api/aclnn_logsigmoid.cpp")
OP = "LogSigmoidForward"
S = (2, 3)
E = (0, 3)
R9 = (1,) * 7 + S

PROBES = [
    Probe("null self", [None], [], [f(S), f(S)], 161001, "CheckNotNull2Tensor: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [], [None, f(S)], 161001, "CheckNotNull2Tensor: OP_CHECK_NULL(out)"),
    Probe("null buffer", [f(S)], [], [f(S), None], 0,
          "aclnnLogSigmoidForwardGetWorkspaceSize: buffer goes to the DFX log only, never null-checked"),
    Probe("null self before bad out dtype", [None], [], [f(S, "DOUBLE"), f(S)], 161001,
          "CheckParams: CheckNotNull2Tensor first"),
    Probe("float16", [f(S, "FLOAT16")], [], [f(S, "FLOAT16"), f(S, "FLOAT16")], 0,
          "CheckDtypeValid: SELF_DTYPE_SUPPORT_LIST has FLOAT16"),
    Probe("double self", [f(S, "DOUBLE")], [], [f(S, "DOUBLE"), f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("double out", [f(S)], [], [f(S, "DOUBLE"), f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out)"),
    Probe("out of another dtype", [f(S)], [], [f(S, "FLOAT16"), f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(self, out)"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [], [f(S, "BF16"), f(S, "BF16")], 0,
          "GetDtypeSupportListV2: the BF16 list on DAV_2201"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [], [f(S, "BF16"), f(S, "BF16")], 0,
          "GetDtypeSupportListV2: the BF16 list on a regbase SoC", soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [], [f(S, "BF16"), f(S, "BF16")], 161002,
          "GetDtypeSupportListV2: SELF_DTYPE_SUPPORT_LIST on DAV_1001", soc="Ascend910"),
    Probe("out of another shape", [f(S)], [], [f((3, 2)), f(S)], 161002,
          "CheckSameShapeNotlimit1In1Out: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("rank 9", [f(R9)], [], [f(R9), f(R9)], 0, "CheckSameShapeNotlimit1In1Out: no OP_CHECK_MAX_DIM"),
    Probe("buffer of another dtype and shape", [f(S)], [], [f(S), f((5,), "INT64")], 0,
          "ExecLogSigmoidGetWorkspaceSize(self, out): no check reads buffer"),
    Probe("empty", [f(E)], [], [f(E), f(E)], 0, "ExecLogSigmoidGetWorkspaceSize: self->IsEmpty() returns success"),
    Probe("empty double", [f(E, "DOUBLE")], [], [f(E, "DOUBLE"), f(E)], 161002,
          "ExecLogSigmoidGetWorkspaceSize: CheckParams before the IsEmpty() return"),
    Probe("empty with out of another shape", [f(E)], [], [f((3, 0)), f(E)], 161002,
          "ExecLogSigmoidGetWorkspaceSize: CheckSameShapeNotlimit1In1Out before the IsEmpty() return"),
]

DOC_SOURCE = [
    "LogSigmoidForward: doc gives self and out 1-8 dims; source has no rank check (aclnn_logsigmoid.cpp:"
    "CheckSameShapeNotlimit1In1Out)",
]
