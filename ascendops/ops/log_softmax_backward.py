"""aclnnLogSoftmaxBackward: out = gradOutput - exp(output) * sum_dim(gradOutput), `output`
the LogSoftmax's forward output along `dim`.

CANN's rules (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921,
activation/log_softmax_grad/op_api/aclnn_logsoftmax_backward.cpp and
docs/aclnnLogSoftmaxBackward.md): on non-regbase SoCs an empty gradOutput or output returns
success before any other check; gradOutput and output in the support list (BFLOAT16 on
Ascend910B..910E only) with one dtype; out is not checked against the list (the
result, computed in the inputs' dtype, is Cast to it): float16/32/64 or bfloat16 here
(CANN's Cast to integer outs is not modelled: 161002); rank at most 8; every tensor of one shape; dim in
[-rank, rank) (a 0-d tensor takes -1 and 0); else 161002. CANN declares it in
aclnn_logsoftmax_backward.h.

A row reduction in C (row kernel "log_softmax_backward", src/softmax.c): fp32 math in
torch's order (_log_softmax_backward_data: g - exp(y) * sum g), double row sums."""
import numpy as np

from ascendops._core import Input, Int, Output, RowReduceOp, register
from ascendops.ops.softmax import attrs, bad_attrs


def reference(grad_output, output, dim=-1):
    g = np.asarray(grad_output, dtype=np.float64)
    y = np.asarray(output, dtype=np.float64)
    if y.ndim == 0:
        return g - np.exp(y) * g
    return g - np.exp(y) * g.sum(axis=dim, keepdims=True)


LOG_SOFTMAX_BACKWARD = register(RowReduceOp(
    name="LogSoftmaxBackward",
    snake="log_softmax_backward",
    params=(Input("gradOutput"), Input("output"), Int("dim", -1), Output("out")),
    dtypes=("float16", "float32", "bfloat16"),
    kernel="log_softmax_backward",
    header="aclnn_logsoftmax_backward.h",
    empty_first="non_regbase",
    out_dtype="unchecked",
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
