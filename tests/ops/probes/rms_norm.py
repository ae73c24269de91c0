"""Probes of aclnnRmsNorm (ascendops/ops/rms_norm.py), an API CANN generates from its op
definition: phase 1 is nnopbase's (hicann/opbase src/nnopbase/individual_op/executor/
indv_executor.cpp: the null checks, the kernel match against rms_norm_def.cpp's (x, gamma,
y, rstd) columns, every output empty skipping the tiling) and then Tiling4RmsNorm's
(rms_norm_tiling.cpp: CheckInputShape4RmsNorm, then epsilon as float >= 0; 561002)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "norm/rms_norm/op_host/rms_norm_tiling.cpp")
OP = "RmsNorm"
X, G, R = (2, 8), (8,), (2, 1)
E = 1e-6


def call(x=f(X), gamma=f(G), y=f(X), rstd=f(R), eps=E):
    return [x, gamma], [eps], [y, rstd]


def p(name, status, cite, soc="Ascend910B", **kw):
    ins, attrs, outs = call(**kw)
    return Probe(name, ins, attrs, outs, status, cite, soc=soc)


def cols(x, gamma, y=None, rstd="FLOAT"):
    return dict(x=f(X, x), gamma=f(G, gamma), y=f(X, y or x), rstd=f(R, rstd))


PROBES = [
    # the generated API's null checks, before everything
    p("null x", 161001, "generated aclnnRmsNormGetWorkspaceSize: x required", x=None),
    p("null gamma", 161001, "generated aclnnRmsNormGetWorkspaceSize: gamma required", gamma=None),
    p("null yOut", 161001, "generated aclnnRmsNormGetWorkspaceSize: y required", y=None),
    p("null rstdOut", 161001, "generated aclnnRmsNormGetWorkspaceSize: rstd required (ParamType REQUIRED)",
      rstd=None),
    p("null rstdOut before an int32 x", 161001, "the null checks before NnopbaseAddSupportList's kernel match",
      x=f(X, "INT32"), rstd=None),
    p("null rstdOut with empty outputs", 161001, "the null checks before the empty-output skip",
      x=f((0, 8)), y=f((0, 8)), rstd=None),
    # the kernel match: rms_norm_def.cpp's columns per SoC
    p("float32 column", 0, "rms_norm_def.cpp: (F32, F32, F32, F32)"),
    p("float16 column", 0, "rms_norm_def.cpp: (F16, F16, F16, F32)", **cols("FLOAT16", "FLOAT16")),
    p("float16 x, float32 gamma on Ascend910B", 0, "rms_norm_def.cpp ascend910b: (F16, F32, F16, F32)",
      **cols("FLOAT16", "FLOAT")),
    p("float16 x, float32 gamma on Ascend910_93", 0, "rms_norm_def.cpp ascend910_93: (F16, F32, F16, F32)",
      soc="Ascend910_93", **cols("FLOAT16", "FLOAT")),
    p("float16 x, float32 gamma on Ascend950", 0, "rms_norm_def.cpp ascend950 config_regbase: (F16, F32, F16, F32)",
      soc="Ascend950", **cols("FLOAT16", "FLOAT")),
    p("float16 x, float32 gamma on Ascend910", 161002,
      "rms_norm_def.cpp ascend910 config_without_bf16: (F16, F16) and (F32, F32) alone", soc="Ascend910",
      **cols("FLOAT16", "FLOAT")),
    p("float16 x, float32 gamma on Ascend310P", 161002,
      "rms_norm_def.cpp ascend310p config_without_bf16: no mixed column", soc="Ascend310P",
      **cols("FLOAT16", "FLOAT")),
    p("float16 column on Ascend910", 0, "rms_norm_def.cpp ascend910 config_without_bf16: (F16, F16, F16, F32)",
      soc="Ascend910", **cols("FLOAT16", "FLOAT16")),
    p("float32 column on Ascend310P", 0, "rms_norm_def.cpp ascend310p config_without_bf16: (F32, F32, F32, F32)",
      soc="Ascend310P"),
    p("bf16 on Ascend910B", 0, "rms_norm_def.cpp ascend910b: (BF16, BF16, BF16, F32)", **cols("BF16", "BF16")),
    p("bf16 x, float32 gamma on Ascend910B", 0, "rms_norm_def.cpp ascend910b: (BF16, F32, BF16, F32)",
      **cols("BF16", "FLOAT")),
    p("bf16 on Ascend910_93", 0, "rms_norm_def.cpp ascend910_93: (BF16, BF16, BF16, F32)", soc="Ascend910_93",
      **cols("BF16", "BF16")),
    p("bf16 on Ascend950", 0, "rms_norm_def.cpp ascend950: (BF16, BF16, BF16, F32)", soc="Ascend950",
      **cols("BF16", "BF16")),
    p("bf16 on Ascend910", 161002, "rms_norm_def.cpp ascend910 config_without_bf16: no BF16", soc="Ascend910",
      **cols("BF16", "BF16")),
    p("bf16 on Ascend310P", 161002, "rms_norm_def.cpp ascend310p config_without_bf16: no BF16", soc="Ascend310P",
      **cols("BF16", "BF16")),
    p("float32 x, float16 gamma", 161002, "rms_norm_def.cpp: no (F32, F16) column", **cols("FLOAT", "FLOAT16")),
    p("bf16 x, float16 gamma", 161002, "rms_norm_def.cpp: no (BF16, F16) column", **cols("BF16", "FLOAT16")),
    p("float16 x, float32 y", 161002, "rms_norm_def.cpp: y of x's dtype in every column",
      **cols("FLOAT16", "FLOAT16", "FLOAT")),
    p("float16 rstd", 161002, "rms_norm_def.cpp: rstd FLOAT in every column",
      **cols("FLOAT16", "FLOAT16", rstd="FLOAT16")),
    p("bf16 rstd on Ascend910B", 161002, "rms_norm_def.cpp: rstd FLOAT in every column",
      **cols("BF16", "BF16", rstd="BF16")),
    p("double x", 161002, "rms_norm_def.cpp: no DOUBLE column", **cols("DOUBLE", "DOUBLE")),
    p("int32 x", 161002, "rms_norm_def.cpp: no INT32 column", **cols("INT32", "INT32")),
    # every output empty: no tiling (after the kernel match)
    p("empty x and outputs", 0, "NnopbaseExecutorMatchCache: every output empty, no tiling",
      x=f((0, 8)), y=f((0, 8)), rstd=f((0, 1))),
    p("empty outputs, int32 x", 161002, "the kernel match runs before the empty-output skip",
      x=f((0, 8), "INT32"), y=f((0, 8), "INT32"), rstd=f((0, 1))),
    p("empty outputs, float16 rstd", 161002, "the kernel match runs before the empty-output skip",
      x=f((0, 8)), y=f((0, 8)), rstd=f((0, 1), "FLOAT16")),
    p("empty outputs, shapes unrelated to x", 0, "an all-empty output skips CheckInputShape4RmsNorm",
      y=f((0, 3)), rstd=f((0,))),
    p("empty outputs, negative epsilon", 0, "an all-empty output skips Tiling4RmsNorm's epsilon check",
      x=f((0, 8)), y=f((0, 8)), rstd=f((0, 1)), eps=-1.0),
    p("empty x, rstd not empty", 561002,
      "CheckInputShape4RmsNorm: a dim of x is 0 (one output not empty: the tiling runs)",
      x=f((0, 8)), y=f((0, 8)), rstd=f((1, 1))),
    p("empty gamma, y not empty", 561002, "CheckInputShape4RmsNorm: a dim of gamma is 0",
      x=f((2, 0)), gamma=f((0,)), y=f((2, 0)), rstd=f(R)),
    p("x not empty, empty rstd", 561002, "CheckInputShape4RmsNorm: a dim of rstd is 0",
      rstd=f((0, 1))),
    # CheckInputShape4RmsNorm, in its order
    p("x of rank 8", 0, "CheckInputShape4RmsNorm: xDimNum in [1, 8]",
      x=f((1,) * 7 + (8,)), y=f((1,) * 7 + (8,)), rstd=f((1,) * 8)),
    p("x of rank 9", 561002, "CheckInputShape4RmsNorm: xDimNum > MAX_DIM_NUM",
      x=f((1,) * 8 + (8,)), y=f((1,) * 8 + (8,)), rstd=f((1,) * 8)),
    p("x of rank 1", 0, "CheckInputShape4RmsNorm: xDimNum >= 1", x=f((8,)), y=f((8,)), rstd=f((1,))),
    p("0-d x", 561002, "CheckInputShape4RmsNorm: xDimNum < MIN_DIM_X", x=f(()), gamma=f((1,)), y=f(()),
      rstd=f((1,))),
    p("0-d gamma", 561002, "CheckInputShape4RmsNorm: gammaDimNum < MIN_DIM_GAMMA", gamma=f(())),
    p("gamma of more dims than x", 561002, "CheckInputShape4RmsNorm: gammaDimNum > xDimNum",
      x=f((8,)), gamma=f((1, 8)), y=f((8,)), rstd=f((1,))),
    p("y of another rank", 561002, "CheckInputShape4RmsNorm: xDimNum != yDimNum", y=f((16,))),
    p("gamma not x's last dims", 561002, "CheckInputShape4RmsNorm: gamma[i] != x[xDim - gDim + i]", gamma=f((4,))),
    p("gamma x's last two dims", 0, "CheckInputShape4RmsNorm: gamma (2, 8) is x's last 2 dims", gamma=f(X),
      rstd=f((1, 1))),
    p("y of another shape", 561002, "CheckInputShape4RmsNorm: y[i] != x[i]", y=f((4, 4))),
    p("rstd x's leading dims, rank not x's", 0,
      "CheckInputShape4RmsNorm: rstd's dims compared for i < rstdDimNum only (its rank is not checked)", rstd=f((2,))),
    p("rstd of x's leading dims and 1", 0, "CheckInputShape4RmsNorm: rstd[1] == 1"),
    p("rstd 1 where x's dim is 2", 0, "CheckInputShape4RmsNorm: rstd[i] == 1 passes for any x[i]", rstd=f((1, 1))),
    p("rstd of x's shape", 0, "CheckInputShape4RmsNorm: rstd[1] == x[1] passes", rstd=f(X)),
    p("rstd dim neither x's nor 1", 561002, "CheckInputShape4RmsNorm: rstd[0] != x[0] and != 1", rstd=f((3, 1))),
    p("bad dtype before bad shape", 161002, "the kernel match before the tiling",
      x=f(X, "INT32"), y=f(X, "INT32"), gamma=f((4,), "INT32")),
    # Tiling4RmsNorm: epsilon, the definition's Float attribute
    p("epsilon 0", 0, "Tiling4RmsNorm: *epsilon < 0 is false", eps=0.0),
    p("negative epsilon", 561002, "Tiling4RmsNorm: *epsilon < 0", eps=-1e-6),
    p("epsilon -1e-50 narrows to -0.0", 0, "Attr epsilon Float: (float)-1e-50 is -0.0, not < 0", eps=-1e-50),
    p("bad gamma before negative epsilon", 561002,
      "Tiling4RmsNorm: CheckInputShape4RmsNorm before the epsilon check (the same status)", gamma=f((4,)), eps=-1.0),
]

DEVIATIONS = {
    "rstd 1 where x's dim is 2": (161002, "the engine writes one rstd per row of x (CANN's kernel too: numRow "
                                          "floats); an rstd of fewer elements is refused, where CANN's tiling "
                                          "lets it through and its kernel writes past it"),
    "rstd of x's shape": (161002, "the engine needs rstd of one element per row (x's leading dims); CANN's tiling "
                                  "lets (2, 8) through and its kernel writes the first numRow floats"),
}

DOC_SOURCE = [
    "RmsNorm: the doc says x may be an empty tensor and rstd has x's rank with 1 for the normalized dims; the source "
    "(rms_norm_tiling.cpp CheckInputShape4RmsNorm) refuses any dim 0 unless every output is empty (the launch is "
    "skipped), compares rstd's dims with x's only for as many as rstd has (1 or x's dim), and does not check its rank",
]
