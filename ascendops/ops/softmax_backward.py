"""aclnnSoftmaxBackward: out = gradOutput * output - sum_dim(gradOutput * output) *
output, `output` the softmax's forward output along `dim`.

Same shape for every tensor, one dtype for gradOutput and output, out any dtype of
the list (CANN casts the result to it), rank 0-8, dim in [-rank, rank) (negative dims
count from the end; a 0-d tensor takes -1 and 0), else 161002. A row reduction in C
(row kernel "softmax_backward", src/softmax.c, driven by src/rows.c): fp32 math,
double row sums, the engine's worker threads over the rows."""
import numpy as np

from ascendops._core import Input, Int, Output, RowReduceOp, register


def reference(grad_output, output, dim=-1):
    g = np.asarray(grad_output, dtype=np.float64)
    y = np.asarray(output, dtype=np.float64)
    if y.ndim == 0:
        return g * y - g * y * y
    gy = g * y
    return gy - gy.sum(axis=dim, keepdims=True) * y


def _attrs(ndim):
    return [(-1,), (0,)] if ndim < 2 else [(-1,), (0,), (1 - ndim,)]


def _bad_attrs(ndim):
    lim = max(ndim, 1)
    return [((lim,), 161002), ((-lim - 1,), 161002), ((None,), 161001), (("0",), 161002)]


SOFTMAX_BACKWARD = register(RowReduceOp(
    name="SoftmaxBackward",
    snake="softmax_backward",
    params=(Input("gradOutput"), Input("output"), Int("dim", -1), Output("out")),
    dtypes=("float16", "float32", "bfloat16"),
    kernel="softmax_backward",
    # hicann/ops-nn activation/softmax_grad/op_api/aclnn_softmax_backward.cpp: on non-regbase
    # SoCs an empty gradOutput or output returns success before the dtype/dim/shape checks.
    empty_first="non_regbase",
    # Its CheckDtypeValid compares output with gradOutput, never out: the result is cast
    # to out's dtype (here: any dtype of the list; CANN's FP64/COMPLEX outs are refused).
    out_dtype="unchecked",
    info={"reference": reference, "domain": [(-2.0, 2.0), (0.0, 1.0)], "attrs": _attrs,
          "bad_attrs": _bad_attrs, "torch": "_softmax_backward_data",
          "attr_docs": {"dim": "the dimension the softmax ran along, in [-rank, rank) (negative counts "
                               "from the end)"}},
    doc=__doc__,
))
