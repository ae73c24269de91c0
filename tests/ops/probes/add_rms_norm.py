"""Probes of aclnnAddRmsNorm (ascendops/ops/add_rms_norm.py). The mode follows from the
null outputs (CheckParams): ADD (rstdOut given), PRE (xOut given, rstdOut null), POST
(both null). The l0 op's tiling (add_rms_norm_tiling.cpp Tiling4AddRmsNorm, on the l0
op's own outputs) fails inside ADD_TO_LAUNCHER_LIST_AICORE: l0op::AddRmsNorm returns
nullptrs and the API 561103 (ComputeAddRmsNorm: CHECK_RET(yComputeOut != nullptr))."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "norm/add_rms_norm/op_host/op_api/aclnn_add_rms_norm.cpp")
OP = "AddRmsNorm"
X, G, R = (2, 8), (8,), (2, 1)
E = 1e-6
_ = object()


def p(name, status, cite, soc="Ascend910B", dtype="FLOAT", x1=_, x2=_, gamma=_, y=_, rstd=_, xout=_, eps=E):
    t = lambda v, shape: f(shape, dtype) if v is _ else v      # noqa: E731
    ins = [t(x1, X), t(x2, X), t(gamma, G)]
    outs = [t(y, X), f(R) if rstd is _ else rstd, t(xout, X)]
    return Probe(name, ins, [eps], outs, status, cite, soc=soc)


H = "FLOAT16"
PRE = dict(dtype=H, rstd=None, gamma=f((1, 8), H))          # PRE mode: xOut given, rstdOut null
POST = dict(dtype=H, rstd=None, xout=None, gamma=f((1, 8), H))

PROBES = [
    # CheckNotNull: x1, x2, gamma, yOut; ADD mode rstdOut and xOut; PRE mode xOut
    p("null x1", 161001, "CheckNotNull: OP_CHECK_NULL(x1)", x1=None),
    p("null x2", 161001, "CheckNotNull: OP_CHECK_NULL(x2)", x2=None),
    p("null gamma", 161001, "CheckNotNull: OP_CHECK_NULL(gamma)", gamma=None),
    p("null yOut", 161001, "CheckNotNull: OP_CHECK_NULL(yOut)", y=None),
    p("null xOut, rstdOut given (ADD mode)", 161001,
      "CheckParams: rstdOut given is ADD mode; CheckNotNull: OP_CHECK_NULL(xOut)", xout=None),
    p("null yOut in POST mode", 161001, "CheckNotNull: yOut in every mode", y=None, **POST),
    p("null x2 before an int32 x1", 161001, "CheckParams: CheckNotNull before CheckDtypeValid",
      x1=f(X, "INT32"), x2=None),
    p("null xOut before an empty x1", 161001, "CheckParams before the IsEmpty() return",
      x1=f((0, 8)), x2=f((0, 8)), y=f((0, 8)), rstd=f((0, 1)), xout=None),
    # CheckDtypeValid: the list per SoC and mode
    p("float32", 0, "CheckDtypeValid: NORMAL_DTYPE_SUPPORT_LIST has DT_FLOAT"),
    p("float16", 0, "CheckDtypeValid: NORMAL_DTYPE_SUPPORT_LIST has DT_FLOAT16", dtype=H),
    p("bf16 on Ascend910B", 0, "CheckDtypeValid: NORMAL_DTYPE_SUPPORT_LIST has DT_BF16", dtype="BF16"),
    p("bf16 on Ascend910_93", 0, "CheckDtypeValid: NORMAL_DTYPE_SUPPORT_LIST off ASCEND310P", dtype="BF16",
      soc="Ascend910_93"),
    p("bf16 on Ascend950", 0, "CheckDtypeValid: NORMAL_DTYPE_SUPPORT_LIST off ASCEND310P", dtype="BF16",
      soc="Ascend950"),
    p("bf16 on Ascend910", 0,
      "CheckDtypeValid: IsSocVersion310P() alone narrows the list (no other SoC loses DT_BF16)", dtype="BF16",
      soc="Ascend910"),
    p("bf16 on Ascend310P", 161002, "CheckDtypeValid: ASCEND310P_DTYPE_SUPPORT_LIST has no DT_BF16", dtype="BF16",
      soc="Ascend310P"),
    p("float16 on Ascend310P", 0, "CheckDtypeValid: ASCEND310P_DTYPE_SUPPORT_LIST has DT_FLOAT16", dtype=H,
      soc="Ascend310P"),
    p("double", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(x1)", dtype="DOUBLE"),
    p("x2 of another dtype", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(x1, x2)", x2=f(X, H)),
    p("float16 x, float32 gamma", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(x1, gamma) (no mixed gamma)",
      dtype=H, gamma=f(G)),
    p("yOut of another dtype", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(yOut, x1)", y=f(X, H)),
    p("int32 yOut", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(yOut)", y=f(X, "INT32")),
    p("xOut of another dtype", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(xOut, yOut) in ADD mode",
      xout=f(X, H)),
    p("float16 rstdOut", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(rstdOut, DT_FLOAT)", dtype=H,
      rstd=f(R, H)),
    p("float32 rstdOut of a float16 x", 0, "CheckDtypeValid: rstdOut DT_FLOAT whatever x1's dtype", dtype=H),
    p("PRE mode float16", 0, "CheckDtypeValid: EXTEND_ATB_DTYPE_SUPPORT_LIST has DT_FLOAT16", **PRE),
    p("PRE mode bf16", 0, "CheckDtypeValid: EXTEND_ATB_DTYPE_SUPPORT_LIST has DT_BF16",
      **dict(PRE, dtype="BF16", gamma=f((1, 8), "BF16"))),
    p("PRE mode float32", 161002, "CheckDtypeValid: EXTEND_ATB_DTYPE_SUPPORT_LIST (PRE, POST) has no DT_FLOAT",
      **dict(PRE, dtype="FLOAT", gamma=f((1, 8)))),
    p("POST mode float32", 161002, "CheckDtypeValid: EXTEND_ATB_DTYPE_SUPPORT_LIST (PRE, POST) has no DT_FLOAT",
      **dict(POST, dtype="FLOAT", gamma=f((1, 8)))),
    p("PRE mode bf16 on Ascend310P", 161002, "CheckDtypeValid: PRE and POST on ASCEND310P: {DT_FLOAT16}",
      soc="Ascend310P", **dict(PRE, dtype="BF16", gamma=f((1, 8), "BF16"))),
    p("PRE mode xOut of another dtype", 161002, "CheckDtypeValid: PRE mode OP_CHECK_DTYPE_NOT_SAME(xOut, yOut)",
      **dict(PRE, xout=f(X, "BF16"))),
    p("POST mode, xOut's dtype not read", 0, "CheckDtypeValid: POST mode reads no xOut", **POST),
    # CheckShapeDim
    p("x1 of rank 8", 0, "CheckShapeDim: OP_CHECK_MAX_DIM(x1, 8)", x1=f((1,) * 7 + (8,)), x2=f((1,) * 7 + (8,)),
      y=f((1,) * 7 + (8,)), xout=f((1,) * 7 + (8,)), rstd=f((1,) * 8)),
    p("x1 of rank 9", 161002, "CheckShapeDim: OP_CHECK_MAX_DIM(x1, 8)", x1=f((1,) * 8 + (8,)),
      x2=f((1,) * 8 + (8,)), y=f((1,) * 8 + (8,)), xout=f((1,) * 8 + (8,)), rstd=f((1,) * 8)),
    p("0-d gamma", 161002, "CheckShapeDim: OP_CHECK_MIN_DIM(gamma, 1)", gamma=f(())),
    p("0-d x1", 161002, "CheckShapeDim: OP_CHECK_MIN_DIM(x1, 1)", x1=f(()), x2=f(()), y=f(()), xout=f(()),
      gamma=f((1,)), rstd=f((1,))),
    p("x2 of another shape", 161002, "CheckShapeDim: OP_CHECK_SHAPE_NOT_EQUAL(x1, x2)", x2=f((4, 4))),
    p("yOut of another shape", 161002, "CheckShapeDim: OP_CHECK_SHAPE_NOT_EQUAL(x1, yOut)", y=f((1, 16))),
    p("rstdOut of rank 9", 161002, "CheckShapeDim: OP_CHECK_MAX_DIM(rstdOut, 8) in ADD mode",
      rstd=f((2,) + (1,) * 8)),
    p("xOut of another shape", 161002, "CheckShapeDim: OP_CHECK_SHAPE_NOT_EQUAL(x1, xOut) in ADD mode",
      xout=f((16,))),
    p("rstdOut of x1's leading dims", 0, "CheckShapeDim: rstdOut's rank alone (ViewCopy from (2, 1))", rstd=f((2,))),
    p("rstdOut (1, 2)", 0, "CheckShapeDim: rstdOut's rank alone", rstd=f((1, 2))),
    p("rstdOut of another element count", 0, "CheckShapeDim: rstdOut's rank alone; nothing compares its shape",
      rstd=f((4, 1))),
    p("PRE mode gamma of rank 3", 161002, "CheckShapeDim: PRE mode OP_CHECK_MAX_DIM(gamma, DIM_TWO)",
      **dict(PRE, gamma=f((1, 1, 8), H))),
    p("POST mode gamma of rank 3", 161002, "CheckShapeDim: POST mode OP_CHECK_MAX_DIM(gamma, DIM_TWO)",
      **dict(POST, gamma=f((1, 1, 8), H))),
    p("PRE mode xOut of another shape", 161002, "CheckShapeDim: PRE mode OP_CHECK_SHAPE_NOT_EQUAL(x1, xOut)",
      **dict(PRE, xout=f((16,), H))),
    p("ADD mode gamma of rank 3", 0, "CheckShapeDim: ADD mode gamma up to 8 dims",
      x1=f((1, 2, 8)), x2=f((1, 2, 8)), y=f((1, 2, 8)), xout=f((1, 2, 8)), gamma=f((1, 2, 8)), rstd=f((1, 1, 1))),
    # the IsEmpty() return: after CheckParams, before the l0 op
    p("empty x1", 0, "aclnnAddRmsNormGetWorkspaceSize: x1->IsEmpty() returns success",
      x1=f((0, 8)), x2=f((0, 8)), y=f((0, 8)), xout=f((0, 8)), rstd=f((0, 1))),
    p("empty gamma", 0, "aclnnAddRmsNormGetWorkspaceSize: gamma->IsEmpty() returns success",
      x1=f((2, 0)), x2=f((2, 0)), y=f((2, 0)), xout=f((2, 0)), gamma=f((0,))),
    p("empty x1, rstdOut of any shape", 0, "the IsEmpty() return before the l0 op (rstdOut's shape unread)",
      x1=f((0, 8)), x2=f((0, 8)), y=f((0, 8)), xout=f((0, 8)), rstd=f((5, 5))),
    p("empty x1, gamma not its last dim", 0, "the IsEmpty() return before the l0 op's tiling",
      x1=f((0, 8)), x2=f((0, 8)), y=f((0, 8)), xout=f((0, 8)), rstd=f((0, 1)), gamma=f((4,))),
    p("empty x1, negative epsilon", 0, "the IsEmpty() return before the l0 op's tiling",
      x1=f((0, 8)), x2=f((0, 8)), y=f((0, 8)), xout=f((0, 8)), rstd=f((0, 1)), eps=-1.0),
    p("empty x1, float16 rstdOut", 161002, "CheckDtypeValid before the IsEmpty() return",
      x1=f((0, 8)), x2=f((0, 8)), y=f((0, 8)), xout=f((0, 8)), rstd=f((0, 1), H)),
    p("empty x1, yOut of another shape", 161002, "CheckShapeDim before the IsEmpty() return",
      x1=f((0, 8)), x2=f((0, 8)), y=f((8, 0)), xout=f((0, 8)), rstd=f((0, 1))),
    p("empty x1 in PRE mode, float32", 161002, "CheckDtypeValid (PRE list) before the IsEmpty() return",
      x1=f((0, 8)), x2=f((0, 8)), y=f((0, 8)), xout=f((0, 8)), rstd=None, gamma=f((1, 8))),
    p("empty x1 in PRE mode, 1-d gamma", 0, "the IsEmpty() return before the tiling's gamma rule",
      **dict(PRE, x1=f((0, 8), H), x2=f((0, 8), H), y=f((0, 8), H), xout=f((0, 8), H), gamma=f(G, H))),
    # the l0 op's tiling (CheckInputOutputShape, GetEpsilonParameter): 561103
    p("gamma not x1's last dims", 561103,
      "Tiling4AddRmsNorm CheckInputOutputShape: gamma[i] != x1[x1Dim - gDim + i]", gamma=f((4,))),
    p("gamma x1's last two dims", 0, "CheckInputOutputShape: gamma (2, 8) is x1's last 2 dims", gamma=f(X),
      rstd=f((1, 1))),
    p("PRE mode 1-d gamma", 561103, "CheckInputOutputDim: PRE and POST need gammaDimNum == 2",
      **dict(PRE, gamma=f(G, H))),
    p("POST mode 1-d gamma", 561103, "CheckInputOutputDim: PRE and POST need gammaDimNum == 2",
      **dict(POST, gamma=f(G, H))),
    p("POST mode float16", 0, "CheckInputOutputShape: gamma (1, x1[-1]) in POST mode", **POST),
    p("PRE mode gamma (2, 8)", 561103, "CheckInputOutputShape: PRE and POST need gamma[0] == 1",
      **dict(PRE, gamma=f((2, 8), H))),
    p("PRE mode gamma (1, 4)", 561103, "CheckInputOutputShape: gamma[-1] != x1[-1]",
      **dict(PRE, gamma=f((1, 4), H))),
    p("epsilon 0", 0, "GetEpsilonParameter: epsilon < 0 is false", eps=0.0),
    p("negative epsilon", 561103, "Tiling4AddRmsNorm GetEpsilonParameter: epsilon < 0 (GRAPH_FAILED)", eps=-1e-6),
    p("negative epsilon on Ascend950", 561103, "TilingAddRmsNormRegbase: *epsilon < 0", eps=-1e-6,
      soc="Ascend950"),
    p("epsilon -1e-50 narrows to -0.0", 0, "OP_ATTR(static_cast<float>(epsilon)): -0.0 is not < 0", eps=-1e-50),
    p("bad shape before negative epsilon", 161002, "CheckShapeDim (op_api) before the l0 op's tiling",
      x2=f((4, 4)), eps=-1.0),
]

DEVIATIONS = {
    "rstdOut of another element count": (161002, "the engine writes one rstd per row of x1 and needs an rstdOut of "
                                                 "that many elements; CANN checks only its rank and ViewCopies "
                                                 "the l0 op's (2, 1) rstd into it"),
}

DOC_SOURCE = [
    "AddRmsNorm: the doc gives rstdOut x1's rank with 1 for the normalized dims; the source (aclnn_add_rms_norm.cpp "
    "CheckShapeDim) checks only its rank (at most 8) and ViewCopies the l0 op's rstd into it. The doc lists an "
    "rstdOut with a null xOut as an error without a code: the source reads it as ADD mode, 161001 (CheckNotNull)",
]
