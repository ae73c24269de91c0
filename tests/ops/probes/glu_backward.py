"""Probes of aclnnGluBackward (ascendops/ops/glu_backward.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/glu_grad/op_api/aclnn_glu_backward.cpp")
OP = "GluBackward"
G, X = (2, 2), (2, 4)

PROBES = [
    Probe("null self", [f(G), None], [-1], [f(X)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null gradOut", [None, f(X)], [-1], [f(X)], 161001, "CheckNotNull: OP_CHECK_NULL(gradOut)"),
    Probe("null out", [f(G), f(X)], [-1], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null gradOut before bad self dtype", [None, f(X, "INT32")], [-1], [f(X)], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("float32", [f(G), f(X)], [-1], [f(X)], 0, "CheckDtypeValid: FLOAT in the list"),
    Probe("float16", [f(G, "FLOAT16"), f(X, "FLOAT16")], [-1], [f(X, "FLOAT16")], 0,
          "CheckDtypeValid: FLOAT16 in the list"),
    Probe("bf16 on Ascend910B", [f(G, "BF16"), f(X, "BF16")], [-1], [f(X, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B list on SocVersion 910B..910E"),
    Probe("bf16 on Ascend910_93", [f(G, "BF16"), f(X, "BF16")], [-1], [f(X, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B list on SocVersion 910B..910E", soc="Ascend910_93"),
    Probe("bf16 on regbase", [f(G, "BF16"), f(X, "BF16")], [-1], [f(X, "BF16")], 0,
          "GetDtypeSupportList: ASCEND950 list on regbase", soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(G, "BF16"), f(X, "BF16")], [-1], [f(X, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910 list (no BF16)", soc="Ascend910"),
    Probe("double", [f(G, "DOUBLE"), f(X, "DOUBLE")], [-1], [f(X, "DOUBLE")], 0,
          "CheckDtypeValid: DOUBLE in every list (ExecGluBackwardA2)"),
    Probe("int32 self", [f(G, "INT32"), f(X, "INT32")], [-1], [f(X, "INT32")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("gradOut of another dtype", [f(G, "FLOAT16"), f(X)], [-1], [f(X)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(gradOut, self)"),
    Probe("out of another dtype", [f(G), f(X)], [-1], [f(X, "FLOAT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(out, self)"),
    Probe("rank 8", [f((1,) * 7 + (2,)), f((1,) * 7 + (4,))], [-1], [f((1,) * 7 + (4,))], 0,
          "CheckParamsDataAndShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f((1,) * 8 + (2,)), f((1,) * 8 + (4,))], [-1], [f((1,) * 8 + (4,))], 161002,
          "CheckParamsDataAndShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9 gradOut", [f((1,) * 7 + (2, 2)), f(X)], [-1], [f(X)], 161002,
          "CheckParamsDataAndShape: OP_CHECK_MAX_DIM(gradOut, 8)"),
    Probe("0-d self", [f(()), f(())], [0], [f(())], 161002, "CheckParamsDataAndShape: OP_CHECK_MIN_DIM(self, 1)"),
    Probe("dim rank-1", [f((4, 1)), f((4, 2))], [1], [f((4, 2))], 0, "CheckParamsDataAndShape: dim < selfDim"),
    Probe("dim rank", [f((4, 1)), f((4, 2))], [2], [f((4, 2))], 161002, "CheckParamsDataAndShape: dim >= selfDim"),
    Probe("dim -rank", [f((2, 2)), f((4, 2))], [-2], [f((4, 2))], 0, "CheckParamsDataAndShape: dim >= -selfDim"),
    Probe("dim -rank-1", [f((2, 2)), f((4, 2))], [-3], [f((4, 2))], 161002,
          "CheckParamsDataAndShape: dim < -selfDim"),
    Probe("odd size at dim", [f((2, 1)), f((2, 3))], [-1], [f((2, 3))], 161002,
          "CheckParamsDataAndShape: splitShape % SPLIT_NUM != 0"),
    Probe("gradOut not halved", [f(X), f(X)], [-1], [f(X)], 161002,
          "CheckParamsDataAndShape: gradOutShapeExpect != gradOut->GetViewShape()"),
    Probe("out not self's shape", [f(G), f(X)], [-1], [f(G)], 161002,
          "CheckParamsDataAndShape: OP_CHECK_SHAPE_NOT_EQUAL(out, self)"),
    Probe("empty self", [f((0, 2)), f((0, 4))], [-1], [f((0, 4))], 0,
          "aclnnGluBackwardGetWorkspaceSize: self->IsEmpty() after CheckParams"),
    Probe("empty self, gradOut of another dtype", [f((0, 2), "FLOAT16"), f((0, 4))], [-1], [f((0, 4))], 161002,
          "CheckParams (CheckDtypeValid) runs before the IsEmpty() return"),
    Probe("empty self, gradOut not halved", [f((0, 4)), f((0, 4))], [-1], [f((0, 4))], 161002,
          "CheckParams (gradOut shape) runs before the IsEmpty() return"),
    Probe("empty self, odd size at dim", [f((0, 1)), f((0, 3))], [-1], [f((0, 3))], 161002,
          "CheckParams (split parity) runs before the IsEmpty() return"),
    Probe("bad gradOut dtype before bad shape", [f(X, "FLOAT16"), f(X)], [-1], [f(X)], 161002,
          "CheckDtypeValid before CheckParamsDataAndShape"),
]

DEVIATIONS = {
    "double": (161002, "the fp32 engine has no DOUBLE path for the gated kernels (the op kind's support list "
                       "after the sequence); CANN computes it with SplitV, Sigmoid, Mul, Sub, ConcatD"),
}
