"""aclnnGroupNorm: self viewed as (N, group, C / group, HxW); per (n, group) mean and
rstd = 1 / sqrt(var + eps) (biased variance), out = (self - mean) * rstd * gamma[c] +
beta[c]; meanOut and rstdOut of shape (N, group).

CANN's checks (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921
norm/group_norm/op_host/op_api/aclnn_group_norm.cpp CheckParams), in its order
(GROUP_NORM_CHECKS): self, out, meanOut, rstdOut not null (161001; gamma and beta may be,
for ones and zeros); self in FLOAT16, FLOAT (and BFLOAT16 on DAV_2201 and regbase SoCs),
gamma, beta, out, meanOut and rstdOut of self's dtype; group > 0, C divisible by group,
eps > 0; self of rank 2..8, out of self's shape, meanOut and rstdOut exactly (N, group),
self's dims N, C and HxW (the product of the rest) with N * C * HxW elements, gamma and
beta 1-d of C elements; self and out of one storage format, not NHWC, HWCN, NDHWC or a
private one; all 161002. An empty self then writes meanOut 0 and rstdOut NaN and returns
success. eps reaches the kernel as float.

An axis reduction in C (AxisReduceOp, kernel "layer_norm" per group, src/norm.c): fp32
math with double sums (two passes: mean, then the centred squares), results rounded once."""
import numpy as np

from ascendops.ops import (AxisReduceOp, CannSource, Checks, Double, DtypeIn, FormatIn, Groups, Input, Int, NotNull, Output,
                           Rank, Require, SameDtype, SameFormat, SameShape, register)
from ascendops.ops.gelu import PUBLIC_FORMATS
from ascendops.ops.rms_norm import OPS_NN, as_float

_F = ("float16", "float32")
GROUP_NORM_DTYPES = {"DAV_2201": _F + ("bfloat16",), "regbase": _F + ("bfloat16",), "default": _F}


def group_norm_attrs(ctx):
    """CheckAttr: group > 0, C % group == 0, eps > 0."""
    v = ctx.values
    if v["group"] <= 0:
        return "Expected group to be greater than 0, got %d." % v["group"]
    if v["C"] % v["group"]:
        return ("Expected number of channels in input to be divisible by group, but got input of shape %r and "
                "group=%d." % (ctx.tensor("self").shape, v["group"]))
    if not v["eps"] > 0.0:
        return "Expected eps to be greater than 0, got %f." % v["eps"]


def group_norm_stats_shape(ctx):
    """CheckShape: meanOut, then rstdOut, exactly (N, group)."""
    want = (ctx.values["N"], ctx.values["group"])
    for n in ("meanOut", "rstdOut"):
        if ctx.tensor(n).shape != want:
            return "Expected tensor for %s to have same size as %r, but got %r." % (n, want, ctx.tensor(n).shape)


def group_norm_dims(ctx):
    """CheckShape: self's dims N, C, HxW (1 for a 2-d self) and element count."""
    s, v = ctx.tensor("self"), ctx.values
    hw = 1
    for d in s.shape[2:]:
        hw *= d
    if s.shape[0] != v["N"]:
        return "Expected self.shape[0] == N to be true, but got false."
    if s.shape[1] != v["C"]:
        return "Expected self.shape[1] == C to be true, but got false."
    if hw != v["HxW"]:
        return "Expected HxW of self to be %d, but got %d." % (v["HxW"], hw)
    if s.numel != v["N"] * v["C"] * v["HxW"]:
        return "Expected self's element count to be N * C * HxW."
    for n in ("gamma", "beta"):
        t = ctx.tensor(n)
        if t is not None and (len(t.shape) != 1 or t.numel != v["C"]):
            return ("Expected %s to be a vector of size equal to the number of channels in input, but got %s of "
                    "shape %r and input of shape %r." % (n, n, t.shape, s.shape))


GROUP_NORM_CHECKS = Checks(
    CannSource(*OPS_NN, "norm/group_norm/op_host/op_api/aclnn_group_norm.cpp"),
    ("CheckNotNull4Tensor", NotNull("self", "out", "meanOut", "rstdOut")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=GROUP_NORM_DTYPES),
     SameDtype("self", "gamma", "beta", "out", "meanOut", "rstdOut")),
    ("CheckAttr", Require(group_norm_attrs, "group > 0, C % group == 0, eps > 0", names=("self", "C", "group", "eps"))),
    ("CheckShape", Rank("self", min=2, max=8), SameShape("self", "out"),
     Require(group_norm_stats_shape, "meanOut and rstdOut (N, group)", names=("N", "group", "meanOut", "rstdOut")),
     Require(group_norm_dims, "self's N, C, HxW; gamma and beta (C,)", names=("self", "N", "C", "HxW"))),
    ("CheckFormat", SameFormat("self", "out"),
     FormatIn("self", formats=tuple(f for f in PUBLIC_FORMATS if f not in ("NHWC", "HWCN", "NDHWC")))),
)


def reference(x, gamma, beta, N, C, HxW, group, eps):
    x = np.asarray(x, dtype=np.float64)
    v = x.reshape(N, group, -1)
    mean = v.mean(axis=2)
    var = ((v - mean[..., None]) ** 2).mean(axis=2)
    rstd = 1.0 / np.sqrt(var + as_float(eps))
    y = ((v - mean[..., None]) * rstd[..., None]).reshape(N, C, -1)
    if gamma is not None:
        y = y * np.asarray(gamma, dtype=np.float64)[None, :, None]
    if beta is not None:
        y = y + np.asarray(beta, dtype=np.float64)[None, :, None]
    return y.reshape(x.shape), mean, rstd


GROUP_NORM = register(AxisReduceOp(
    name="GroupNorm",
    snake="group_norm",
    params=(Input("self"), Input("gamma", optional=True, affine=True), Input("beta", optional=True, affine=True),
            Int("N"), Int("C"), Int("HxW"), Int("group"), Double("eps", 1e-5), Output("out"),
            Output("meanOut", reduced=True), Output("rstdOut", reduced=True)),
    dtypes=("float16", "float32", "bfloat16"),
    kernel="layer_norm",
    reduce=Groups("N", "C", "HxW", "group"),
    kernel_attrs=(("eps", as_float),),
    min_rank=2,
    checks=GROUP_NORM_CHECKS,
    info={"reference": reference, "sized": True,
          "torch": lambda t, x, g, b, n, c, hw, group, eps: t.nn.functional.group_norm(
              x.reshape(n, c, -1), group, g, b, as_float(eps)).reshape(x.shape), "example_attrs": (2, 3, 1, 1, 1e-5),
          "shape_attrs": lambda shape: (shape[0], shape[1], int(np.prod(shape[2:])), 1, 1e-5)},
    doc=__doc__,
))
