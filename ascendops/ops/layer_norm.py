"""aclnnLayerNorm: over input's last len(normalizedShape) dims, mean and rstd = 1 /
sqrt(var + eps) (biased variance), out = (input - mean) * rstd * weight + bias.

CANN's checks (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921
norm/layer_norm_v4/op_host/op_api/aclnn_layer_norm.cpp: aclnnLayerNormGetWorkspaceSize is
aclnnLayerNormWithImplModeGetWorkspaceSize with implMode 0), in its order
(LAYER_NORM_CHECKS): input, normalizedShape, out not null (161001; weight, bias, mean and
rstd may be); input in FLOAT16, FLOAT (and BFLOAT16 on DAV_2201 and regbase SoCs), a
weight and a bias in the list and of input's dtype unless FLOAT, of one dtype when both are
given; out, meanOut, rstdOut in the list (any of it: the results are Cast); ranks at most
8, normalizedShape of 1..8 entries, input's rank at least that, weight and bias of that
rank, normalizedShape input's last dims, weight's and bias' shapes normalizedShape, out of
input's shape; on regbase (DAV_3510) a mean or rstd of input's rank with its leading dims
and 1 for the normalized ones, mean's shape rstd's; all 161002. Then an input with no row
(M == 0) returns success; an empty normalized block (N == 0) writes mean 0 and rstd NaN.
eps reaches the kernel as float. Off regbase CANN checks nothing of mean's and rstd's
shapes (a ViewCopy from the l0 op's); the kernel needs one element per row (161002
otherwise: tests/ops/probes/layer_norm.py DEVIATIONS).

An axis reduction in C (AxisReduceOp, kernel "layer_norm", src/norm.c): fp32 math with
double sums (two passes: mean, then the centred squares), results rounded once to each
output's dtype; the numpy-like call allocates mean and rstd in FLOAT (CANN's LayerNormV4
computes them in FLOAT)."""
import numpy as np

from ascendops.ops import (AxisReduceOp, CannSource, Checks, Double, DtypeIn, Input, IntArray, NotNull, Output, Rank,
                           Require, SameShape, Trailing, When, register)
from ascendops.ops.rms_norm import OPS_NN, as_float

_F = ("float16", "float32")
LAYER_NORM_DTYPES = {"DAV_2201": _F + ("bfloat16",), "regbase": _F + ("bfloat16",), "default": _F}


def affine_dtypes(ctx):
    """CheckInputDtype: weight and bias of input's dtype unless FLOAT; one dtype if both."""
    x = ctx.dtype("input")
    w, b = ctx.tensor("weightOptional"), ctx.tensor("biasOptional")
    for n, t in (("weightOptional", w), ("biasOptional", b)):
        if t is not None and t.dtype.name != "float32" and t.dtype is not x:
            return "Tensor %s expected dtype is %s but found %s." % (n, x.log_name, t.dtype.log_name)
    if w is not None and b is not None and w.dtype is not b.dtype:
        return "Expected both tensors to have same dtype, but found weight %s and bias %s." % (
            w.dtype.log_name, b.dtype.log_name)


def normalized_shape(ctx):
    """CheckShape: normalizedShape of 1..8 entries; input of at least that rank; weight and
    bias of that rank; normalizedShape input's last dims, weight's and bias'."""
    ns = ctx.values["normalizedShape"]
    x = ctx.tensor("input").shape
    if len(ns) > 8:
        return "Expected aclnnLayerNorm normalizedShape dim [%d] to not be greater than [8] but check failed." % len(ns)
    if len(ns) < 1:
        return "Expected aclnnLayerNorm normalizedShape len [%d] to be greater than [0] but check failed." % len(ns)
    if len(x) < len(ns):
        return "The input tensor must have at least %d dimensions." % len(ns)
    w, b = ctx.tensor("weightOptional"), ctx.tensor("biasOptional")
    for n, t in (("weightOptional", w), ("biasOptional", b)):
        if t is not None and len(t.shape) != len(ns):
            return "Expected %d dimension input, but got %s with sizes %r." % (len(ns), n, t.shape)
    begin = len(x) - len(ns)
    for i, d in enumerate(ns):
        if d != x[begin + i]:
            return ("Expected normalized index [%d] shape [%d] be equal to input index [%d] shape [%d], but failed."
                    % (i, d, begin + i, x[begin + i]))
        for n, t in (("weightOptional", w), ("biasOptional", b)):
            if t is not None and t.shape[i] != d:
                return "Expected %s index [%d] shape [%d] be equal to normalized shape [%d]." % (n, i, t.shape[i], d)


def mean_rstd_shapes(ctx):
    """CheckMeanRstdOutputShape (DAV_3510): a given, non-empty mean or rstd of input's rank,
    its leading dims, 1 for the normalized ones; then mean's shape rstd's where both are
    given (empty or not)."""
    x = ctx.tensor("input").shape
    begin = len(x) - len(ctx.values["normalizedShape"])
    given = []
    for n in ("meanOutOptional", "rstdOutOptional"):
        t = ctx.tensor(n)
        if t is None:
            continue
        given.append(t.shape)
        if t.numel == 0:
            continue
        if len(t.shape) != len(x):
            return "Expected %s dimNum [%d] to be equal to input dimNum [%d], but check failed." % (
                n, len(t.shape), len(x))
        if t.shape[:begin] != x[:begin] or any(d != 1 for d in t.shape[begin:]):
            return "Expected %s shape %r to be %r." % (n, t.shape, x[:begin] + (1,) * (len(x) - begin))
    if len(given) == 2 and given[0] != given[1]:
        return "Expected mean shape %r to be equal to rstd shape %r." % tuple(given)


LAYER_NORM_CHECKS = Checks(
    CannSource(*OPS_NN, "norm/layer_norm_v4/op_host/op_api/aclnn_layer_norm.cpp"),
    ("CheckNotNull", NotNull("input", "normalizedShape", "out")),
    ("CheckInputDtype", DtypeIn("input", "weightOptional", "biasOptional", dtypes=LAYER_NORM_DTYPES),
     Require(affine_dtypes, "weight and bias of input's dtype unless FLOAT, of one dtype",
             names=("input",))),
    ("CheckOutputDtype", DtypeIn("out", "meanOutOptional", "rstdOutOptional", dtypes=LAYER_NORM_DTYPES)),
    ("CheckShape", Rank("input", "out", "weightOptional", "biasOptional", "meanOutOptional", "rstdOutOptional",
                        max=8),
     Require(normalized_shape, "normalizedShape input's last dims, weight's and bias'",
             names=("input", "normalizedShape")),
     SameShape("input", "out")),
    ("CheckMeanRstdOutputShape", When(lambda ctx: ctx.soc.regbase, "DAV_3510",
                                      Require(mean_rstd_shapes, "mean and rstd: input's leading dims, then 1s",
                                              names=("input", "normalizedShape")))),
)


def reference(x, weight, bias, normalized_shape, eps):
    x = np.asarray(x, dtype=np.float64)
    axes = tuple(range(x.ndim - len(normalized_shape), x.ndim))
    mean = x.mean(axis=axes, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=axes, keepdims=True)
    rstd = 1.0 / np.sqrt(var + as_float(eps))
    y = (x - mean) * rstd
    if weight is not None:
        y = y * np.asarray(weight, dtype=np.float64)
    if bias is not None:
        y = y + np.asarray(bias, dtype=np.float64)
    return y, mean, rstd


LAYER_NORM = register(AxisReduceOp(
    name="LayerNorm",
    snake="layer_norm",
    params=(Input("input"), IntArray("normalizedShape"), Input("weightOptional", optional=True, affine=True),
            Input("biasOptional", optional=True, affine=True), Double("eps", 1e-5), Output("out"),
            Output("meanOutOptional", reduced=True, optional=True),
            Output("rstdOutOptional", reduced=True, optional=True)),
    dtypes=("float16", "float32", "bfloat16"),
    kernel="layer_norm",
    reduce=Trailing("normalizedShape"),
    kernel_attrs=(("eps", as_float),),
    stat_dtype="float32",
    min_rank=1,
    checks=LAYER_NORM_CHECKS,
    info={"reference": reference, "sized": True,
          "torch": lambda t, x, w, b, ns, eps: t.nn.functional.layer_norm(x, ns, w, b, as_float(eps)), "example_attrs": ((3,), 1e-5),
          "shape_attrs": lambda shape: ((shape[-1],), 1e-5)},
    doc=__doc__,
))
