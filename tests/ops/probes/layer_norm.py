"""Probes of aclnnLayerNorm (ascendops/ops/layer_norm.py): aclnnLayerNormGetWorkspaceSize
is aclnnLayerNormWithImplModeGetWorkspaceSize with implMode 0 (aclnn_layer_norm.cpp), so
CheckImplMode always passes here."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "norm/layer_norm_v4/op_host/op_api/aclnn_layer_norm.cpp")
OP = "LayerNorm"
X, W, M = (2, 3, 4), (4,), (2, 3, 1)
_ = object()


def p(name, status, cite, soc="Ascend910B", dtype="FLOAT", x=_, w=_, b=_, ns=(4,), eps=1e-5, out=_, mean=_, rstd=_):
    t = lambda v, shape: f(shape, dtype) if v is _ else v      # noqa: E731
    return Probe(name, [t(x, X), t(w, W), t(b, W)], [None if ns is None else list(ns), eps],
                 [t(out, X), t(mean, M), t(rstd, M)], status, cite, soc=soc)


H, B = "FLOAT16", "BF16"

PROBES = [
    # CheckNotNull: input, normalizedShape, out; the rest may be null
    p("null input", 161001, "CheckNotNull: OP_CHECK_NULL(input)", x=None),
    p("null normalizedShape", 161001, "CheckNotNull: OP_CHECK_NULL(normalizedShape)", ns=None),
    p("null out", 161001, "CheckNotNull: OP_CHECK_NULL(out)", out=None),
    p("null out before an int32 input", 161001, "CheckNotNull before CheckParamsWithImplMode", x=f(X, "INT32"),
      out=None),
    p("null out before an empty input", 161001, "CheckNotNull before the M == 0 return", x=f((0, 3, 4)),
      out=None, mean=f((0, 3, 1)), rstd=f((0, 3, 1))),
    p("null weight, bias, mean and rstd", 0, "CheckNotNull: weight, bias, mean, rstd are optional",
      w=None, b=None, mean=None, rstd=None),
    p("null mean", 0, "CheckOutputDtype, CheckLen: a null meanOutOptional is skipped", mean=None),
    p("null rstd", 0, "CheckOutputDtype, CheckLen: a null rstdOutOptional is skipped", rstd=None),
    p("null weight, bias given", 0, "CheckInputDtype: weight checked only when given", w=None),
    # CheckInputDtype: GetDtypeSupportList ({F16, F32, BF16} on DAV_2201 and regbase, else {F16, F32})
    p("float16", 0, "GetDtypeSupportList: DT_FLOAT16", dtype=H),
    p("bf16 on Ascend910B", 0, "GetDtypeSupportList: DAV_2201 has DT_BF16", dtype=B),
    p("bf16 on Ascend910_93", 0, "GetDtypeSupportList: DAV_2201 has DT_BF16", dtype=B, soc="Ascend910_93"),
    p("bf16 on Ascend950", 0, "GetDtypeSupportList: IsRegbase(DAV_3510) has DT_BF16", dtype=B, soc="Ascend950"),
    p("bf16 on Ascend910", 161002, "GetDtypeSupportList: ASCEND910_DTYPE_DTYPE_SUPPORT_LIST has no DT_BF16",
      dtype=B, soc="Ascend910"),
    p("bf16 on Ascend310P", 161002, "GetDtypeSupportList: DAV_2002 is neither DAV_2201 nor regbase", dtype=B,
      soc="Ascend310P"),
    p("float16 on Ascend310P", 0, "GetDtypeSupportList: DT_FLOAT16 on every arch", dtype=H, soc="Ascend310P"),
    p("double input", 161002, "CheckInputDtype: OP_CHECK_DTYPE_NOT_SUPPORT(input)", dtype="DOUBLE"),
    p("int32 weight", 161002, "CheckInputDtype: OP_CHECK_DTYPE_NOT_SUPPORT(weightOptional)", w=f(W, "INT32")),
    p("float16 input, float32 weight and bias", 0, "CheckInputDtype: a DT_FLOAT weight or bias need not match",
      x=f(X, H), out=f(X, H)),
    p("bf16 input, float32 weight and bias", 0, "CheckInputDtype: a DT_FLOAT weight or bias need not match",
      x=f(X, B), out=f(X, B)),
    p("float32 input, float16 weight and bias", 161002,
      "CheckInputDtype: a weight not DT_FLOAT has input's dtype (OP_CHECK_DTYPE_NOT_SAME)", w=f(W, H), b=f(W, H)),
    p("float16 input, float16 weight, float32 bias", 161002,
      "CheckInputDtype: weightOptional and biasOptional of one dtype", x=f(X, H), w=f(W, H), out=f(X, H)),
    p("float16 input, float32 bias, null weight", 0, "CheckInputDtype: the weight-bias rule needs both",
      x=f(X, H), w=None, out=f(X, H)),
    p("bf16 input, float16 weight", 161002, "CheckInputDtype: weight not DT_FLOAT and not input's dtype",
      x=f(X, B), w=f(W, H), b=None, out=f(X, B)),
    # CheckOutputDtype: in the list, not compared with input (the results are Cast)
    p("float16 out of a float32 input", 0, "CheckOutputDtype: out in the list only", out=f(X, H)),
    p("float16 mean and rstd of a float32 input", 0, "CheckOutputDtype: meanOut, rstdOut in the list only",
      mean=f(M, H), rstd=f(M, H)),
    p("bf16 out on Ascend910", 161002, "CheckOutputDtype: OP_CHECK_DTYPE_NOT_SUPPORT(out), no DT_BF16",
      out=f(X, B), soc="Ascend910"),
    p("int32 rstd", 161002, "CheckOutputDtype: OP_CHECK_DTYPE_NOT_SUPPORT(rstdOutOptional)", rstd=f(M, "INT32")),
    p("int32 out before bad shapes", 161002, "CheckOutputDtype before CheckShape", out=f((9,), "INT32"), ns=(5,)),
    # CheckShape: CheckLen, then normalizedShape, then out
    p("input of rank 8", 0, "CheckLen: OP_CHECK_MAX_DIM(input, 8)", x=f((1,) * 7 + (4,)), out=f((1,) * 7 + (4,)),
      mean=f((1,) * 8), rstd=f((1,) * 8)),
    p("input of rank 9", 161002, "CheckLen: OP_CHECK_MAX_DIM(input, 8)", x=f((1,) * 8 + (4,)),
      out=f((1,) * 8 + (4,)), mean=f((1,) * 8), rstd=f((1,) * 8)),
    p("mean of rank 9", 161002, "CheckLen: OP_CHECK_MAX_DIM(meanOutOptional, 8)", mean=f((2, 3) + (1,) * 7)),
    p("normalizedShape of 9 entries", 161002, "CheckArrayLen: normalizedShape->Size() > 8",
      x=f((1,) * 8 + (4,)), ns=(1,) * 8 + (4,), w=None, b=None, out=f((1,) * 8 + (4,)), mean=None, rstd=None),
    p("empty normalizedShape", 161002, "CheckShape: normalizedShape->Size() < LEAST_NORMALIZED_SHAPE_LEN", ns=(),
      w=None, b=None),
    p("normalizedShape longer than input's rank", 161002, "CheckShape: OP_CHECK_MIN_DIM(input, normalizedShape size)",
      ns=(1, 2, 3, 4), w=None, b=None),
    p("normalizedShape all of input", 0, "CheckShape: beginAxis 0", ns=X, w=f(X), b=f(X), mean=f((1, 1, 1)),
      rstd=f((1, 1, 1))),
    p("weight of another rank", 161002, "CheckShape: OP_CHECK_WRONG_DIMENSION(weightOptional, size)",
      w=f((1, 4))),
    p("bias of another rank", 161002, "CheckShape: OP_CHECK_WRONG_DIMENSION(biasOptional, size)", b=f((1, 4))),
    p("normalizedShape not input's last dims", 161002, "CheckShape: normDim != inputDim", ns=(3,), w=f((3,)),
      b=f((3,))),
    p("weight of another size", 161002, "CheckShape: normDim != weightDim", w=f((5,))),
    p("bias of another size", 161002, "CheckShape: normDim != biasDim", b=f((5,))),
    p("out of another shape", 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(input, out)", out=f((6, 4))),
    # mean and rstd shapes: CheckMeanRstdOutputShape on DAV_3510 alone
    p("mean of input's leading dims and 1 on Ascend950", 0, "CheckMeanRstdOutputShape: (2, 3, 1)",
      soc="Ascend950"),
    p("mean of another rank on Ascend950", 161002, "CheckMeanRstdOutputShape: meanRstdDimNum != inputDimNum",
      mean=f((2, 3)), soc="Ascend950"),
    p("mean of another leading dim on Ascend950", 161002, "CheckMeanRstdOutputShape: meanRstdDim != inputDim",
      mean=f((3, 2, 1)), soc="Ascend950"),
    p("rstd not 1 in a normalized dim on Ascend950", 161002,
      "CheckMeanRstdOutputShape: a trailing dim != 1", rstd=f((2, 3, 4)), soc="Ascend950"),
    p("empty mean on Ascend950", 161002,
      "CheckMeanRstdOutputShape skips an empty mean; then meanOut's shape != rstdOut's", mean=f((0,)),
      soc="Ascend950"),
    p("empty mean and rstd of one shape, empty input, on Ascend950", 0,
      "CheckMeanRstdOutputShape skips empty tensors; equal shapes; then M == 0",
      x=f((0, 4)), out=f((0, 4)), w=None, b=None, mean=f((0,)), rstd=f((0,)), soc="Ascend950"),
    p("empty mean and rstd of two shapes, empty input, on Ascend950", 161002,
      "IsArch3510(): meanOutOptional->GetViewShape() != rstdOutOptional->GetViewShape(), empty or not",
      x=f((0, 4)), out=f((0, 4)), w=None, b=None, mean=f((0,)), rstd=f((0, 1)), soc="Ascend950"),
    p("mean of input's leading dims, rank not input's, on Ascend910B", 0,
      "CheckParamsWithImplMode: mean and rstd shapes unchecked off DAV_3510 (ViewCopy)", mean=f((2, 3)),
      rstd=f((2, 3))),
    p("mean of another rank on Ascend910", 0, "CheckParamsWithImplMode: IsArch3510() false on DAV_1001",
      mean=f((6,)), rstd=f((6,)), soc="Ascend910"),
    p("mean of another element count on Ascend910B", 0,
      "CheckParamsWithImplMode: mean and rstd shapes unchecked off DAV_3510", mean=f((2, 1, 1))),
    p("mean and rstd of two shapes on Ascend910B", 0, "the mean-rstd shape comparison is on DAV_3510 alone",
      mean=f((2, 3)), rstd=f((6,))),
    # the empty returns, after every check
    p("no row (M == 0)", 0, "aclnnLayerNormWithImplModeGetWorkspaceSize: M == 0 returns success",
      x=f((0, 3, 4)), out=f((0, 3, 4)), mean=f((0, 3, 1)), rstd=f((0, 3, 1))),
    p("no row, mean of any shape on Ascend910B", 0, "M == 0 returns before any ViewCopy",
      x=f((0, 3, 4)), out=f((0, 3, 4)), mean=f((7,)), rstd=f((1,))),
    p("empty block (N == 0)", 0, "N == 0: meanOut filled with 0, rstdOut with NaN",
      x=f((2, 3, 0)), ns=(0,), w=f((0,)), b=f((0,)), out=f((2, 3, 0))),
    p("empty block, null mean and rstd", 0, "N == 0: only given outputs are filled",
      x=f((2, 3, 0)), ns=(0,), w=None, b=None, out=f((2, 3, 0)), mean=None, rstd=None),
    p("empty input, bad dtype", 161002, "CheckParamsWithImplMode before the M == 0 return",
      x=f((0, 3, 4), "INT32"), out=f((0, 3, 4)), mean=f((0, 3, 1)), rstd=f((0, 3, 1))),
    p("empty input, out of another shape", 161002, "CheckShape before the M == 0 return",
      x=f((0, 3, 4)), out=f((3, 0, 4)), mean=f((0, 3, 1)), rstd=f((0, 3, 1))),
    p("empty input, normalizedShape not its last dims", 161002, "CheckShape before the M == 0 return",
      x=f((0, 3, 4)), ns=(5,), w=None, b=None, out=f((0, 3, 4)), mean=None, rstd=None),
    # eps: no check
    p("negative eps", 0, "CheckParamsWithImplMode reads no eps", eps=-1.0),
]

DEVIATIONS = {
    "mean of another element count on Ascend910B": (
        161002, "the engine writes one mean and rstd per row of input and needs tensors of that many elements; CANN "
                "checks their shapes on DAV_3510 alone and ViewCopies the l0 op's (2, 3, 1) result elsewhere"),
}

DOC_SOURCE = [
    "LayerNorm: the doc gives out, meanOut and rstdOut input's dtype and mean/rstd of shape (A..., 1...); the source "
    "(aclnn_layer_norm.cpp CheckOutputDtype, CheckParamsWithImplMode) takes any dtype of the list (the results are "
    "Cast) and checks the mean/rstd shapes on DAV_3510 alone; an empty normalized block writes mean 0, rstd NaN",
]
