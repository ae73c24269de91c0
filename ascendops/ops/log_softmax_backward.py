"""aclnnLogSoftmaxBackward: out = gradOutput - exp(output) * sum_dim(gradOutput), `output`
the LogSoftmax's forward output along `dim`.

CANN's checks (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921,
activation/log_softmax_grad/op_api/aclnn_logsoftmax_backward.cpp), in its order
(LOG_SOFTMAX_BACKWARD_CHECKS): output, gradOutput and out not null (161001); on non-regbase
SoCs an empty gradOutput or output returns success before any other check; a BF16
gradOutput or output outside the SocVersions ASCEND910B..ASCEND910E (Ascend910,
Ascend310P); output and gradOutput in FLOAT, FLOAT16, BFLOAT16 with one dtype; their ranks
at most 8; output and out of gradOutput's shape; dim in [-rank, rank) of gradOutput (a 0-d
tensor takes -1 and 0); else 161002; then (regbase SoCs) an empty input returns success.
out's dtype is never checked (the result, computed in the inputs' dtype, is Cast to it):
here float16/32/64 or bfloat16 (where the SoC has BF16); CANN's Cast to other outs is not
modelled (161002: tests/ops/probes/log_softmax_backward.py DEVIATIONS). CANN declares it
in aclnn_logsoftmax_backward.h.

A row reduction in C (row kernel "log_softmax_backward", src/softmax.c): fp32 math in
torch's order (_log_softmax_backward_data: g - exp(y) * sum g), double row sums."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, EmptyReturn, Input, Int, NotNull, Output, Rank, Require,
                           RowReduceOp, SameDtype, SameShape, register)
from ascendops.ops.softmax import OPS_NN, attrs, bad_attrs, dim_error, not_regbase, soc_910b_to_910e


def reference(grad_output, output, dim=-1):
    g = np.asarray(grad_output, dtype=np.float64)
    y = np.asarray(output, dtype=np.float64)
    if y.ndim == 0:
        return g - np.exp(y) * g
    return g - np.exp(y) * g.sum(axis=dim, keepdims=True)


def log_softmax_backward_bf16_soc(ctx):
    """CheckDtypeValid's first check: a BF16 gradOutput or output needs CheckSocVersionIsSupportBf16."""
    if not soc_910b_to_910e(ctx.soc) and "bfloat16" in (ctx.dtype("gradOutput").name, ctx.dtype("output").name):
        return "aclnnLogSoftmaxBackward is not support bfloat16 in current socversion."
    return None


def log_softmax_backward_check_dim(ctx):
    """aclnn_logsoftmax_backward.cpp CheckDim(gradOutput, dim)."""
    return dim_error(ctx.tensor("gradOutput"), ctx.values["dim"])


LOG_SOFTMAX_BACKWARD_DTYPES = ("float32", "float16", "bfloat16")
LOG_SOFTMAX_BACKWARD_CHECKS = Checks(
    CannSource(*OPS_NN, "activation/log_softmax_grad/op_api/aclnn_logsoftmax_backward.cpp"),
    ("CheckNotNull", NotNull("output", "gradOutput", "out")),
    ("CheckParams", EmptyReturn("gradOutput", "output", where=not_regbase)),
    ("CheckDtypeValid",
     Require(log_softmax_backward_bf16_soc, "no BF16 gradOutput or output outside ASCEND910B..ASCEND910E",
             names=("gradOutput", "output")),
     DtypeIn("output", dtypes=LOG_SOFTMAX_BACKWARD_DTYPES), DtypeIn("gradOutput", dtypes=LOG_SOFTMAX_BACKWARD_DTYPES),
     SameDtype("gradOutput", "output")),
    # its own rank check of both inputs, then OP_CHECK_MAX_DIM(gradOutput, 8) (a repeat: no step)
    ("CheckShape", Rank("gradOutput", "output", max=8), SameShape("gradOutput", "output"),
     SameShape("gradOutput", "out")),
    ("CheckDim", Require(log_softmax_backward_check_dim, "dim in [-rank, rank) of gradOutput (0-d: -1 or 0)",
                         names=("gradOutput", "dim"))),
    # reached with an empty input on regbase SoCs only
    ("aclnnLogSoftmaxBackwardGetWorkspaceSize", EmptyReturn("gradOutput", "output")),
)

LOG_SOFTMAX_BACKWARD = register(RowReduceOp(
    name="LogSoftmaxBackward",
    snake="log_softmax_backward",
    params=(Input("gradOutput"), Input("output"), Int("dim", -1), Output("out")),
    dtypes=("float16", "float32", "bfloat16"),
    kernel="log_softmax_backward",
    header="aclnn_logsoftmax_backward.h",
    out_dtype="unchecked",
    checks=LOG_SOFTMAX_BACKWARD_CHECKS,
    # CheckDtypeValid checks gradOutput and output only; the result is Cast to out
    # (FLOAT64 included: the UT's case_008_diff_in_out_dtype_normal).
    out_dtypes=("float16", "float32", "float64", "bfloat16"),
    info={"reference": reference, "domain": [(-2.0, 2.0), (-4.0, 0.0)], "attrs": attrs,
          "bad_attrs": bad_attrs,
          "torch": lambda t, g, y, dim: t.ops.aten._log_softmax_backward_data(g, y, dim, y.dtype),
          "attr_docs": {"dim": "the dimension the log-softmax ran along, in [-rank, rank) (negative "
                               "counts from the end)"}},
    doc=__doc__,
))
