"""Probes of aclnnSoftmax (ascendops/ops/softmax.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "activation/softmax_v2/op_api/aclnn_softmax.cpp")
OP = "Softmax"
S = (2, 3)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

PROBES = [
    # CheckNotNull, before everything
    Probe("null self", [None], [0], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [0], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null out with an empty self", [f((0, 3))], [0], [None], 161001,
          "CheckParams: CheckNotNull runs before the IsEmpty() return"),
    Probe("null out with an int32 self", [f(S, "INT32")], [0], [None], 161001,
          "CheckParams: CheckNotNull runs before CheckDtypeValid"),
    # the empty return, before every other check, on every SoC
    Probe("empty self", [f((0, 3))], [0], [f((0, 3))], 0, "CheckParams: self->IsEmpty() returns success"),
    Probe("empty int32 self", [f((0, 3), "INT32")], [0], [f((0, 3), "INT32")], 0,
          "CheckParams: IsEmpty() before CheckDtypeValid"),
    Probe("empty int32 self on Ascend950", [f((0, 3), "INT32")], [0], [f((0, 3), "INT32")], 0,
          "CheckParams: IsEmpty() before CheckDtypeValid on every SoC (no regbase condition)", soc="Ascend950"),
    Probe("empty bf16 self on Ascend910", [f((0, 3), "BF16")], [0], [f((0, 3), "BF16")], 0,
          "CheckParams: IsEmpty() before GetDtypeSupportList's BF16 rule", soc="Ascend910"),
    Probe("empty self, dim out of range", [f((0, 3))], [5], [f((0, 3))], 0, "CheckParams: IsEmpty() before CheckDim"),
    Probe("empty self, out of another shape", [f((0, 3))], [0], [f((4, 4), "INT32")], 0,
          "CheckParams: IsEmpty() before CheckShape"),
    Probe("empty self of rank 9", [f((0,) + R8)], [0], [f((0,) + R8)], 0,
          "CheckParams: IsEmpty() before OP_CHECK_MAX_DIM"),
    # CheckDtypeValid: GetDtypeSupportList per SoC
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [0], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B_DTYPE_SUPPORT_LIST (SocVersion in [ASCEND910B, ASCEND910E])"),
    Probe("bf16 on Ascend910_93", [f(S, "BF16")], [0], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910_93 is in [ASCEND910B, ASCEND910E]", soc="Ascend910_93"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [0], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND950 (= ASCEND910_95) is in [ASCEND910B, ASCEND910E]", soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [0], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910_DTYPE_SUPPORT_LIST has no BF16", soc="Ascend910"),
    Probe("bf16 on Ascend310P", [f(S, "BF16")], [0], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND310P is above ASCEND910E", soc="Ascend310P"),
    Probe("bf16 out of a float self on Ascend910", [f(S)], [0], [f(S, "BF16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out)", soc="Ascend910"),
    Probe("double self on Ascend310P", [f(S, "DOUBLE")], [0], [f(S, "DOUBLE")], 0,
          "ASCEND910_DTYPE_SUPPORT_LIST: DT_DOUBLE (AICPU)", soc="Ascend310P"),
    Probe("int32 self", [f(S, "INT32")], [0], [f(S)], 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("int32 out", [f(S)], [0], [f(S, "INT32")], 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out)"),
    Probe("float16 self, float32 out", [f(S, "FLOAT16")], [0], [f(S)], 0,
          "CheckDtypeValid: each in the list, never compared (Cast to out's dtype)"),
    Probe("double self, bf16 out", [f(S, "DOUBLE")], [0], [f(S, "BF16")], 0,
          "CheckDtypeValid: each in the list, never compared"),
    # CheckDim
    Probe("dim rank - 1", [f(S)], [1], [f(S)], 0, "CheckDim: dim < selfDimNum"),
    Probe("dim rank", [f(S)], [2], [f(S)], 161002, "CheckDim: dim >= selfDimNum"),
    Probe("dim -rank", [f(S)], [-2], [f(S)], 0, "CheckDim: dim >= -selfDimNum"),
    Probe("dim -rank - 1", [f(S)], [-3], [f(S)], 161002, "CheckDim: dim < -selfDimNum"),
    Probe("0-d self, dim -1", [f(())], [-1], [f(())], 0, "CheckDim: a 0-d self counts as 1 dim"),
    Probe("0-d self, dim 0", [f(())], [0], [f(())], 0, "CheckDim: a 0-d self counts as 1 dim"),
    Probe("0-d self, dim 1", [f(())], [1], [f(())], 161002, "CheckDim: dim >= 1"),
    # CheckShape
    Probe("rank 8", [f(R8)], [7], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [0], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9, dim 8 passes CheckDim", [f(R9)], [8], [f(R9)], 161002,
          "CheckDim passes (8 < 9), then OP_CHECK_MAX_DIM(self, 8)"),
    Probe("out of another shape", [f(S)], [0], [f((3, 2))], 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("out of another rank", [f(S)], [0], [f((1, 2, 3))], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
]

DOC_SOURCE = [
    "Softmax: docs/aclnnSoftmax.md lists 161002 for a self dtype out of the list or a dim out of range; the "
    "source returns success for an empty self before CheckDtypeValid, CheckDim and CheckShape, on every SoC "
    "(aclnn_softmax.cpp: CheckParams)",
]
