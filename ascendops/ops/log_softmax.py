"""aclnnLogSoftmax: out = (self - max) - log(sum_dim(exp(self - max))) along `dim`.

CANN's checks (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921,
activation/log_softmax_v2/op_api/aclnn_log_softmax.cpp), in its order
(LOG_SOFTMAX_CHECKS): self and out not null (161001); dim in [-rank, rank) of self (a 0-d
self takes -1 and 0); a BF16 self or out outside the SocVersions ASCEND910B..ASCEND910E
(Ascend910, Ascend310P); self and out in FLOAT, FLOAT16, DOUBLE, BFLOAT16, their dtypes may
differ (CanCast of out's dtype to self's and out's: always, between floats); self's and
out's ranks at most 8; out of self's shape; else 161002. An empty self passes every check,
then returns success. The op Casts self to out's dtype before its kernel, so a float32
self with a float16 out is rounded to float16 first, and a DOUBLE out computes in float64
(CANN's AICPU kernel; here libm's exp and log). CANN declares it in aclnn_logsoftmax.h.

A row reduction in C (row kernel "log_softmax", src/softmax.c, on the engine's worker
threads): fp32 math in torch's order ((x - m) - log(sum exp(x - m))), double row sums."""
import numpy as np

from ascendops.ops import (CanCast, CannSource, Checks, DtypeIn, EmptyReturn, Input, Int, NotNull, Output, Rank,
                           Require, RowReduceOp, SameShape, register)
from ascendops.ops.softmax import OPS_NN, attrs, bad_attrs, dim_error, soc_910b_to_910e


def reference(x, dim=-1):
    x = np.asarray(x, dtype=np.float64)
    if x.ndim == 0:
        return x - x
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        d = x - x.max(axis=dim, keepdims=True, initial=-np.inf)
        return d - np.log(np.exp(d).sum(axis=dim, keepdims=True))


def log_softmax_check_dim(ctx):
    """aclnn_log_softmax.cpp CheckDim(self, dim)."""
    return dim_error(ctx.tensor("self"), ctx.values["dim"])


def log_softmax_bf16_soc(ctx):
    """CheckDtypeValid's first check: a BF16 self or out needs CheckSocVersionIsSupportBf16."""
    if not soc_910b_to_910e(ctx.soc) and "bfloat16" in (ctx.dtype("self").name, ctx.dtype("out").name):
        return "aclnnLogSoftmax is not support bfloat16 in current socversion."
    return None


LOG_SOFTMAX_DTYPES = ("float32", "float16", "float64", "bfloat16")
LOG_SOFTMAX_CHECKS = Checks(
    CannSource(*OPS_NN, "activation/log_softmax_v2/op_api/aclnn_log_softmax.cpp"),
    ("CheckNotNull", NotNull("self", "out")),
    ("CheckDim", Require(log_softmax_check_dim, "dim in [-rank, rank) of self (a 0-d self: -1 or 0)",
                         names=("self", "dim"))),
    ("CheckDtypeValid",
     Require(log_softmax_bf16_soc, "no BF16 self or out outside ASCEND910B..ASCEND910E", names=("self", "out")),
     DtypeIn("self", dtypes=LOG_SOFTMAX_DTYPES), DtypeIn("out", dtypes=LOG_SOFTMAX_DTYPES)),
    # CheckPromoteType(self, out, out's dtype): OP_CHECK_RESULT_DTYPE_CAST_FAILED(promoteType,
    # self's dtype) and (promoteType, out's dtype); between the listed floats always true
    ("CheckPromoteType", CanCast("out", "self"), CanCast("out", "out")),
    ("CheckShape", Rank("self", "out", max=8), SameShape("out", "self")),
    ("aclnnLogSoftmaxGetWorkspaceSize", EmptyReturn("self")),
)

LOG_SOFTMAX = register(RowReduceOp(
    name="LogSoftmax",
    snake="log_softmax",
    params=(Input("self"), Int("dim", -1), Output("out")),
    dtypes=("float16", "float32", "float64", "bfloat16"),
    kernel="log_softmax",
    out_dtype="unchecked",
    checks=LOG_SOFTMAX_CHECKS,
    header="aclnn_logsoftmax.h",
    info={"reference": reference, "domain": (-8.0, 8.0), "attrs": attrs, "bad_attrs": bad_attrs,
          "torch": lambda t, x, dim: t.log_softmax(x, dim),
          "attr_docs": {"dim": "the dimension to normalise along, in [-rank, rank) (negative counts from "
                               "the end)"}},
    doc=__doc__,
))
