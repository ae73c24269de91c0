"""aclnnSoftmax: out = exp(self - max) / sum_dim(exp(self - max)) along `dim`.

CANN's rules (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921,
activation/softmax_v2/op_api/aclnn_softmax.cpp and docs/aclnnSoftmax.md): an empty self
returns success before any other check, on every SoC; self and out in the support list,
their dtypes may differ (the result, computed in self's dtype, is Cast to out's); dim in
[-rank, rank) (a 0-d self takes -1 and 0); rank at most 8; out of self's shape; else
161002. BFLOAT16 on Ascend910B..910E only; DOUBLE (CANN's AICPU kernel) everywhere.

A row reduction in C (row kernel "softmax", src/softmax.c, driven by src/rows.c on the
engine's worker threads): fp32 math in torch's order (m = max, e = exp(x - m), e * (1 /
sum e)), double row sums, a float16/bfloat16 result rounded once (then Cast to out's
dtype where it differs, as CANN does); a DOUBLE self is computed in float64 (libm exp)."""
import numpy as np

from ascendops._core import Input, Int, Output, RowReduceOp, register


def reference(x, dim=-1):
    x = np.asarray(x, dtype=np.float64)
    if x.ndim == 0:
        return np.exp(x - x) / np.exp(x - x)
    with np.errstate(invalid="ignore", over="ignore"):
        e = np.exp(x - x.max(axis=dim, keepdims=True, initial=-np.inf))
        return e / e.sum(axis=dim, keepdims=True)


def attrs(ndim):
    return [(-1,), (0,)] if ndim < 2 else [(-1,), (0,), (1 - ndim,)]


def bad_attrs(ndim):
    lim = max(ndim, 1)
    return [((lim,), 161002), ((-lim - 1,), 161002), ((None,), 161001), (("0",), 161002)]


SOFTMAX = register(RowReduceOp(
    name="Softmax",
    snake="softmax",
    params=(Input("self"), Int("dim", -1), Output("out")),
    dtypes=("float16", "float32", "float64", "bfloat16"),
    kernel="softmax",
    empty_first="always",
    out_dtype="unchecked",
    info={"reference": reference, "domain": (-8.0, 8.0), "attrs": attrs, "bad_attrs": bad_attrs,
          "torch": lambda t, x, dim: t.softmax(x, dim),
          "attr_docs": {"dim": "the dimension to normalise along, in [-rank, rank) (negative counts from "
                               "the end)"}},
    doc=__doc__,
))
