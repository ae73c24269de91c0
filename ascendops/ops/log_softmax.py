"""aclnnLogSoftmax: out = (self - max) - log(sum_dim(exp(self - max))) along `dim`.

CANN's rules (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921,
activation/log_softmax_v2/op_api/aclnn_log_softmax.cpp and docs/aclnnLogSoftmax.md):
dim in [-rank, rank) (a 0-d self takes -1 and 0); self and out in the support list, BFLOAT16
on Ascend910B..910E only; their dtypes may differ (CanCast between floats: always); rank at
most 8; out of self's shape; else 161002. An empty self passes every check, then returns
success. The op Casts self to out's dtype before its kernel, so a float32 self with a
float16 out is rounded to float16 first, and a DOUBLE out computes in float64 (CANN's
AICPU kernel; here libm's exp and log). CANN declares it in aclnn_logsoftmax.h.

A row reduction in C (row kernel "log_softmax", src/softmax.c, on the engine's worker
threads): fp32 math in torch's order ((x - m) - log(sum exp(x - m))), double row sums."""
import numpy as np

from ascendops._core import Input, Int, Output, RowReduceOp, register
from ascendops.ops.softmax import attrs, bad_attrs


def reference(x, dim=-1):
    x = np.asarray(x, dtype=np.float64)
    if x.ndim == 0:
        return x - x
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        d = x - x.max(axis=dim, keepdims=True, initial=-np.inf)
        return d - np.log(np.exp(d).sum(axis=dim, keepdims=True))


LOG_SOFTMAX = register(RowReduceOp(
    name="LogSoftmax",
    snake="log_softmax",
    params=(Input("self"), Int("dim", -1), Output("out")),
    dtypes=("float16", "float32", "float64", "bfloat16"),
    kernel="log_softmax",
    out_dtype="unchecked",
    header="aclnn_logsoftmax.h",
    info={"reference": reference, "domain": (-8.0, 8.0), "attrs": attrs, "bad_attrs": bad_attrs,
          "torch": lambda t, x, dim: t.log_softmax(x, dim),
          "attr_docs": {"dim": "the dimension to normalise along, in [-rank, rank) (negative counts from "
                               "the end)"}},
    doc=__doc__,
))
