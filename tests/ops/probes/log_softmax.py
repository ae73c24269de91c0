"""Probes of aclnnLogSoftmax (ascendops/ops/log_softmax.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/log_softmax_v2/op_api/aclnn_log_softmax.cpp")
OP = "LogSoftmax"
S = (2, 3)
E = (2, 0)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

PROBES = [
    # CheckNotNull
    Probe("null self", [None], [0], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [0], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null out with a dim out of range", [f(S)], [7], [None], 161001, "CheckNotNull runs before CheckDim"),
    Probe("null out with an int32 self", [f(S, "INT32")], [0], [None], 161001,
          "CheckNotNull runs before CheckDtypeValid"),
    # the empty return comes after every check
    Probe("empty self", [f(E)], [0], [f(E)], 0,
          "aclnnLogSoftmaxGetWorkspaceSize: self->IsEmpty() returns success after the checks"),
    Probe("empty int32 self", [f(E, "INT32")], [0], [f(E, "INT32")], 161002,
          "CheckLogSoftmaxParams: CheckDtypeValid runs before the IsEmpty() return"),
    Probe("empty self, dim out of range", [f(E)], [2], [f(E)], 161002,
          "CheckLogSoftmaxParams: CheckDim runs before the IsEmpty() return"),
    Probe("empty self, out of another shape", [f(E)], [0], [f((0, 2))], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(out, self) before the IsEmpty() return"),
    Probe("empty bf16 self on Ascend910", [f(E, "BF16")], [0], [f(E)], 161002,
          "CheckDtypeValid: the BF16 rule before the IsEmpty() return", soc="Ascend910"),
    # CheckDim, before the dtype checks (same status)
    Probe("dim rank - 1", [f(S)], [1], [f(S)], 0, "CheckDim: dim <= inputShapeLen - 1"),
    Probe("dim rank", [f(S)], [2], [f(S)], 161002, "CheckDim: dim > inputShapeLen - 1"),
    Probe("dim -rank", [f(S)], [-2], [f(S)], 0, "CheckDim: dim >= -inputShapeLen"),
    Probe("dim -rank - 1", [f(S)], [-3], [f(S)], 161002, "CheckDim: dim < -inputShapeLen"),
    Probe("0-d self, dim -1", [f(())], [-1], [f(())], 0, "CheckDim: a 0-d self counts as 1 dim"),
    Probe("0-d self, dim 1", [f(())], [1], [f(())], 161002, "CheckDim: dim > 0"),
    Probe("rank 9, dim 8 passes CheckDim", [f(R9)], [8], [f(R9)], 161002,
          "CheckDim passes, then CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    # CheckDtypeValid
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [0], [f(S, "BF16")], 0,
          "CheckSocVersionIsSupportBf16: ASCEND910B is in [ASCEND910B, ASCEND910E]"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [0], [f(S, "BF16")], 0,
          "CheckSocVersionIsSupportBf16: ASCEND950 (= ASCEND910_95) is in the range", soc="Ascend950"),
    Probe("bf16 self on Ascend910", [f(S, "BF16")], [0], [f(S)], 161002,
          "CheckDtypeValid: BF16 self outside [ASCEND910B, ASCEND910E]", soc="Ascend910"),
    Probe("bf16 out on Ascend310P", [f(S)], [0], [f(S, "BF16")], 161002,
          "CheckDtypeValid: BF16 out outside [ASCEND910B, ASCEND910E]", soc="Ascend310P"),
    Probe("double self on Ascend910", [f(S, "DOUBLE")], [0], [f(S, "DOUBLE")], 0,
          "DTYPE_SUPPORT_LIST: DT_DOUBLE on every SoC", soc="Ascend910"),
    Probe("uint32 self", [f(S, "UINT32")], [0], [f(S)], 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("int32 out", [f(S)], [0], [f(S, "INT32")], 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out)"),
    # CheckPromoteType: out's dtype cast to self's and out's
    Probe("float self, float16 out", [f(S)], [0], [f(S, "FLOAT16")], 0,
          "CheckPromoteType: CanCast(FLOAT16, FLOAT) and CanCast(FLOAT16, FLOAT16)"),
    Probe("double self, bf16 out", [f(S, "DOUBLE")], [0], [f(S, "BF16")], 0,
          "CheckPromoteType: CanCast(BF16, DOUBLE)"),
    # CheckShape
    Probe("rank 8", [f(R8)], [7], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [0], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("out of rank 9", [f(R8)], [0], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(out, 8)"),
    Probe("out of another shape", [f(S)], [0], [f((3, 2))], 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(out, self)"),
]
