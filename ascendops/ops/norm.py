"""aclnnNorm: the p-norm of self over `dim` (every dim when empty): (sum |x|^p)^(1/p);
p = 0 the count of non-zeros, inf / -inf the max / min of |x|; keepdim keeps the reduced
dims as 1.

CANN's checks (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921
norm/lp_norm_v2/op_api/aclnn_norm.cpp CheckParams), in its order (NORM_CHECKS): self,
pScalar, dim, out not null (161001); on regbase SoCs only, self and out in FLOAT, FLOAT16,
BFLOAT16; self's and out's dtypes promote (PromoteType), on regbase the promoted dtype
CanCast to out's; dim's entries in [-rank, rank) (a 0-d self: rank 1) and none twice; self
and out of at most 8 dims, out of the reduced shape (keepdim: 1 for the reduced dims, else
without them); all 161002. CheckOrdValue, which would restrict p, is never called: any p.
An empty self then fills out with 0 (for every p). The result is computed in FLOAT and
Cast to out's dtype.

An axis reduction in C (AxisReduceOp, kernel "lp_norm", src/norm.c): fp32 loads, double
sums (p = 2 in fixed lanes), the result rounded once to out's dtype. CANN computes DOUBLE
and COMPLEX selfs off regbase; the kernel loads FLOAT, FLOAT16 and BFLOAT16 only (561103
otherwise: tests/ops/probes/norm.py DEVIATIONS)."""
import numpy as np

from ascendops.ops import (AxisReduceOp, Bool, CanCast, CannSource, Checks, Dims, DtypeIn, Input, IntArray, NotNull, Output,
                           Promote, Rank, Require, Scalar, When, register)
from ascendops.ops.rms_norm import OPS_NN

NORM_DTYPES = ("float32", "float16", "bfloat16")


def dims_valid(ctx):
    """CheckDimValid: each dim in [-r, r), r = max(rank, 1); no dim twice."""
    r = max(len(ctx.tensor("self").shape), 1)
    seen = set()
    for d in ctx.values["dim"]:
        if d < -r or d >= r:
            return "provided dim %d not in the range of input tensor size %d." % (d, r)
        if d % r in seen:
            return "Dim %d appears multiple times in the list of dims" % d
        seen.add(d % r)


def out_shape(ctx):
    """CheckShape: out of NormInferShape(self, dim, keepdim)."""
    s = ctx.tensor("self").shape
    r = max(len(s), 1)
    dims = {d % r for d in ctx.values["dim"]} or set(range(len(s)))
    want = tuple(1 if d in dims else s[d] for d in range(len(s))) if ctx.values["keepdim"] else \
        tuple(s[d] for d in range(len(s)) if d not in dims)
    if ctx.tensor("out").shape != want:
        return "Expected tensor for out to have same size as %r, but got %r." % (want, ctx.tensor("out").shape)


NORM_CHECKS = Checks(
    CannSource(*OPS_NN, "norm/lp_norm_v2/op_api/aclnn_norm.cpp"),
    ("CheckNotNull", NotNull("self", "pScalar", "dim", "out")),
    ("CheckDtypeValid", When(lambda ctx: ctx.soc.regbase, "IsRegBase()",
                             DtypeIn("self", "out", dtypes=NORM_DTYPES))),
    ("CheckPromoteType", Promote("self", "out"),
     When(lambda ctx: ctx.soc.regbase, "IsRegBase()", CanCast("promoted", "out"))),
    ("CheckDimValid", Require(dims_valid, "dims in range, none twice", names=("self", "dim"))),
    ("CheckShape", Rank("self", "out", max=8),
     Require(out_shape, "out of the reduced shape", names=("self", "dim", "keepdim", "out"))),
)


def reference(x, p, dim, keepdim):
    x = np.abs(np.asarray(x, dtype=np.float64))
    axes = tuple(sorted({d % max(x.ndim, 1) for d in dim})) if dim else tuple(range(x.ndim))
    axes = tuple(a for a in axes if a < x.ndim)
    p = float(p)
    if x.size == 0:
        shape = np.sum(x, axis=axes, keepdims=keepdim).shape
        return np.zeros(shape)
    if p == np.inf:
        r = x.max(axis=axes, keepdims=keepdim)
    elif p == -np.inf:
        r = x.min(axis=axes, keepdims=keepdim)
    elif p == 0:
        r = (x != 0).sum(axis=axes, keepdims=keepdim).astype(np.float64)
    else:
        r = (x ** p).sum(axis=axes, keepdims=keepdim) ** (1.0 / p)
    return r


def attr_cases(ndim):
    cases = [(2.0, (-1,), False), (1.0, (0,), True), (float("inf"), (), False), (0.0, (-1,), True)]
    return cases + ([(3.0, (0, -1), False), (float("-inf"), (1 - ndim,), True)] if ndim >= 2 else [])


NORM = register(AxisReduceOp(
    name="Norm",
    snake="norm",
    params=(Input("self"), Scalar("pScalar", 2.0), IntArray("dim", ()), Bool("keepdim", False),
            Output("out", reduced=True)),
    dtypes=NORM_DTYPES,
    kernel="lp_norm",
    reduce=Dims("dim", "keepdim"),
    kernel_attrs=("pScalar",),
    checks=NORM_CHECKS,
    info={"reference": reference, "attrs": attr_cases,
          "torch": lambda t, x, p, dim, keepdim: t.linalg.vector_norm(x, float(p), dim or None, keepdim)},
    doc=__doc__,
))
