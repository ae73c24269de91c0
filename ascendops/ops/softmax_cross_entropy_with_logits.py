"""aclnnSoftmaxCrossEntropyWithLogits: per row of the 2-D features and labels,
loss = -sum(labels * log_softmax(features)) (shape (N,)) and backprop =
softmax(features) - labels (shape (N, C)).

CANN's rules (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921,
activation/softmax_cross_entropy_with_logits/op_api/aclnn_softmax_cross_entropy_with_logits.cpp,
docs/aclnnSoftmaxCrossEntropyWithLogits.md): null tensors 161001; every tensor's dtype in
the support list (FLOAT16, FLOAT, and BFLOAT16 on Ascend910B, Ascend910_93 and regbase
SoCs), loss and backprop of features' dtype; at most 8 dims each, and features and labels
exactly 2-D; else 161002. An empty features or labels then returns success. The source
checks nothing more; the doc says labels has features' shape and dtype, loss is 1-D and
backprop 2-D, which ascendops checks (161002) rather than write outside a tensor: labels
and backprop of features' shape (N, C), loss of shape (N,).

A row reduction in C (row kernel "softmax_cross_entropy_with_logits", src/softmax.c, on the
engine's worker threads) with two outputs: backprop of the rows' shape, and loss with one
element per row (Output(reduced=True)). fp32 math (m = max x, s = sum exp(x - m),
backprop = exp(x - m) * (1 / s) - y, loss = -sum(y * ((x - m) - log s))), double row sums,
16-bit results rounded once."""
import numpy as np

from ascendops._core import Input, Output, RowReduceOp, register


def reference(features, labels):
    x = np.asarray(features, dtype=np.float64)
    y = np.asarray(labels, dtype=np.float64)
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        d = x - x.max(axis=-1, keepdims=True, initial=-np.inf)
        log_softmax = d - np.log(np.exp(d).sum(axis=-1, keepdims=True))
        return -(y * log_softmax).sum(axis=-1), np.exp(log_softmax) - y


def _torch(t, features, labels):
    """torch by composition (torch has no fused op of this name)."""
    log_softmax = t.log_softmax(features, -1)
    return -(labels * log_softmax).sum(-1), log_softmax.exp() - labels


SOFTMAX_CROSS_ENTROPY_WITH_LOGITS = register(RowReduceOp(
    name="SoftmaxCrossEntropyWithLogits",
    snake="softmax_cross_entropy_with_logits",
    params=(Input("features"), Input("labels"), Output("loss", reduced=True), Output("backprop")),
    dtypes=("float16", "float32", "bfloat16"),
    kernel="softmax_cross_entropy_with_logits",
    dim=-1,
    min_rank=2,
    max_rank=2,
    info={"reference": reference, "domain": [(-8.0, 8.0), (0.0, 1.0)], "torch_composite": _torch},
    doc=__doc__,
))
