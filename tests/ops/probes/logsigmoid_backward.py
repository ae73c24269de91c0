"""Probes of ascendops/ops/logsigmoid_backward.py: aclnnLogSigmoidBackward
(aclnn_logsigmoid_backward.cpp, SOURCE)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/logsigmoid_grad/op_api/aclnn_logsigmoid_backward.cpp")
OP = "LogSigmoidBackward"
S = (2, 3)
E = (0, 3)
R9 = (1,) * 7 + S


def call(dtype="FLOAT", shape=S, go=None, x=None, buf=None, gi=None):
    """inputs (gradOutput, self, buffer), outputs (gradInput): each of `dtype` and `shape`
    unless given."""
    t = f(shape, dtype)
    return [t if go is None else go, t if x is None else x, t if buf is None else buf], [t if gi is None else gi]


def probe(name, args, status, cite, soc="Ascend910B"):
    ins, outs = args
    return Probe(name, ins, [], outs, status, cite, soc=soc)


PROBES = [
    Probe("null gradOutput", [None, f(S), f(S)], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(gradOutput)"),
    Probe("null self", [f(S), None, f(S)], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null buffer", [f(S), f(S), None], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(buffer)"),
    Probe("null gradInput", [f(S), f(S), f(S)], [], [None], 161001, "CheckNotNull: OP_CHECK_NULL(gradInput)"),
    Probe("null buffer before bad gradOutput dtype", [f(S, "DOUBLE"), f(S), None], [], [f(S)], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    probe("float16", call("FLOAT16"), 0, "CheckDtypeValid: DTYPE_SUPPORT_LIST has FLOAT16"),
    probe("double gradOutput", call(go=f(S, "DOUBLE")), 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)"),
    probe("double self", call(x=f(S, "DOUBLE")), 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    probe("bf16 on Ascend910B", call("BF16"), 0, "GetInputDtypeSupportList: BF16 on ASCEND910B..ASCEND910E"),
    probe("bf16 on Ascend950", call("BF16"), 0, "GetInputDtypeSupportList: ASCEND910_95 in ASCEND910B..910E",
          soc="Ascend950"),
    probe("bf16 on Ascend910", call("BF16"), 161002, "GetInputDtypeSupportList: DTYPE_SUPPORT_LIST, no BF16",
          soc="Ascend910"),
    probe("gradInput of another dtype", call(gi=f(S, "FLOAT16")), 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(gradOutput, gradInput)"),
    probe("self of another dtype", call(x=f(S, "FLOAT16")), 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(self, gradInput)"),
    probe("double gradInput", call(gi=f(S, "DOUBLE")), 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(gradOutput, gradInput)"),
    probe("gradOutput of another shape", call(go=f((3, 2))), 161002,
          "CheckShapeValid: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(gradOutput, gradInput's shape)"),
    probe("self of another shape", call(x=f((3, 2))), 161002,
          "CheckShapeValid: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(self, gradInput's shape)"),
    probe("no broadcast", call(go=f((1, 3))), 161002, "CheckShapeValid: equal shapes, no broadcast"),
    probe("rank 9", call(shape=R9), 0, "CheckParams: no OP_CHECK_MAX_DIM"),
    probe("0-d", call(shape=()), 0, "CheckParams: no minimum rank"),
    probe("buffer of another dtype", call(buf=f(S, "FLOAT16")), 0,
          "CheckDtypeValid: buffer [[maybe_unused]]: its dtype is not checked"),
    probe("double buffer", call(buf=f(S, "DOUBLE")), 0, "CheckDtypeValid: buffer's dtype is not checked"),
    probe("buffer of another shape", call(buf=f((5,))), 0,
          "CheckShapeValid: buffer [[maybe_unused]]: its shape is not checked"),
    probe("empty", call(shape=E), 0,
          "aclnnLogSigmoidBackwardGetWorkspaceSize: gradOutput->IsEmpty() returns success"),
    probe("empty with buffer of another shape", call(shape=E, buf=f((5,))), 0,
          "aclnnLogSigmoidBackwardGetWorkspaceSize: buffer unchecked, then the IsEmpty() return"),
    probe("empty with gradInput of another dtype", call(shape=E, gi=f(E, "FLOAT16")), 161002,
          "aclnnLogSigmoidBackwardGetWorkspaceSize: CheckParams before the IsEmpty() return"),
    probe("empty with self of another shape", call(shape=E, x=f((3, 0))), 161002,
          "aclnnLogSigmoidBackwardGetWorkspaceSize: CheckShapeValid before the IsEmpty() return"),
    probe("empty bf16 on Ascend910", call("BF16", shape=E), 161002,
          "aclnnLogSigmoidBackwardGetWorkspaceSize: CheckDtypeValid before the IsEmpty() return", soc="Ascend910"),
]

_BUFFER = ("the engine's kernel takes buffer as an operand (it never reads its values): past the empty return it "
           "must have gradInput's dtype and shape; CANN's CheckParams never reads buffer")
DEVIATIONS = {
    "buffer of another dtype": (161002, _BUFFER),
    "double buffer": (161002, _BUFFER),
    "buffer of another shape": (161002, _BUFFER),
}

DOC_SOURCE = [
    "LogSigmoidBackward: doc says buffer has the dtype (in the list) and shape of gradOutput, self and gradInput, "
    "and every tensor 1-8 dims; source null-checks buffer only and checks no rank "
    "(aclnn_logsigmoid_backward.cpp:CheckDtypeValid, CheckShapeValid: buffer [[maybe_unused]])",
]
