"""aclnnSoftmaxCrossEntropyWithLogits: per row of the 2-D features and labels,
loss = -sum(labels * log_softmax(features)) (shape (N,)) and backprop =
softmax(features) - labels (shape (N, C)).

CANN's checks (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921,
activation/softmax_cross_entropy_with_logits/op_api/aclnn_softmax_cross_entropy_with_logits.cpp),
in its order (SOFTMAX_CROSS_ENTROPY_WITH_LOGITS_CHECKS): null tensors 161001; every
tensor's dtype in the support list (FLOAT16, FLOAT, and BFLOAT16 on Ascend910B,
Ascend910_93 and regbase SoCs), loss and backprop of features' dtype; at most 8 dims each,
and features and labels exactly 2-D; else 161002. An empty features or labels then returns
success. The source checks nothing more of labels (neither its dtype against features' nor
its shape: the kernel broadcasts it) nor of the outputs' shapes: the l0op writes a loss of
(N,) and a backprop of features' shape, and its ViewCopy into outputs of other shapes
fails (561103, ACLNN_ERR_INNER_NULLPTR). The doc says labels has features' shape and
dtype; ascendops refuses (161002) labels of another dtype or shape, which its kernel
does not read (tests/ops/probes/softmax_cross_entropy_with_logits.py DEVIATIONS).

A row reduction in C (row kernel "softmax_cross_entropy_with_logits", src/softmax.c, on the
engine's worker threads) with two outputs: backprop of the rows' shape, and loss with one
element per row (Output(reduced=True)). fp32 math (m = max x, s = sum exp(x - m),
backprop = exp(x - m) * (1 / s) - y, loss = -sum(y * ((x - m) - log s))), double row sums,
16-bit results rounded once."""
import numpy as np

from ascendops._core import ACLNN_ERR_INNER_NULLPTR
from ascendops.ops import (CannSource, Checks, DtypeIn, EmptyReturn, Input, NotNull, Output, Rank, Require,
                           RowReduceOp, SameDtype, register)
from ascendops.ops.softmax import OPS_NN


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


def loss_view_copy(ctx):
    """l0op::ViewCopy(loss of shape (features.shape[0],), loss): the shapes must match."""
    want = ctx.tensor("features").shape[:1]
    got = ctx.tensor("loss").shape
    if got != want:
        return "ViewCopy: the loss result's shape %r is not loss's %r." % (want, got)
    return None


def backprop_view_copy(ctx):
    """l0op::ViewCopy(backprop of features' shape, backprop): the shapes must match."""
    want = ctx.tensor("features").shape
    got = ctx.tensor("backprop").shape
    if got != want:
        return "ViewCopy: the backprop result's shape %r is not backprop's %r." % (want, got)
    return None


_F = ("float16", "float32")
# GetDtypeSupportList: Ascend910B_dtype_support_list on ASCEND910B, ASCEND910_93 or IsRegbase()
SOFTMAX_CROSS_ENTROPY_WITH_LOGITS_DTYPES = {"Ascend910B": _F + ("bfloat16",), "Ascend910_93": _F + ("bfloat16",),
                                            "DAV_3510": _F + ("bfloat16",), "default": _F}
SOFTMAX_CROSS_ENTROPY_WITH_LOGITS_CHECKS = Checks(
    CannSource(*OPS_NN, "activation/softmax_cross_entropy_with_logits/op_api/"
                        "aclnn_softmax_cross_entropy_with_logits.cpp"),
    ("CheckNotNull", NotNull("features", "labels", "loss", "backprop")),
    ("CheckDtypeValid",
     DtypeIn("features", "labels", "loss", "backprop", dtypes=SOFTMAX_CROSS_ENTROPY_WITH_LOGITS_DTYPES),
     SameDtype("features", "loss", "backprop")),
    ("CheckShape", Rank("features", "labels", "loss", "backprop", max=8), Rank("features", "labels", min=2, max=2)),
    ("ExecSoftmaxCrossEntropyWithLogitsGetWorkspaceSize", EmptyReturn("features"), EmptyReturn("labels")),
    # CHECK_RET(viewCopy... != nullptr, ACLNN_ERR_INNER_NULLPTR): the l0op's loss is (N,), its
    # backprop features' shape; ViewCopy needs the output's view shape equal to them
    ("ViewCopy",
     Require(loss_view_copy, "loss of shape (N,)", status=ACLNN_ERR_INNER_NULLPTR, names=("features", "loss")),
     Require(backprop_view_copy, "backprop of features' shape", status=ACLNN_ERR_INNER_NULLPTR,
             names=("features", "backprop"))),
)

SOFTMAX_CROSS_ENTROPY_WITH_LOGITS = register(RowReduceOp(
    name="SoftmaxCrossEntropyWithLogits",
    snake="softmax_cross_entropy_with_logits",
    params=(Input("features"), Input("labels", const=False), Output("loss", reduced=True), Output("backprop")),
    dtypes=("float16", "float32", "bfloat16"),
    kernel="softmax_cross_entropy_with_logits",
    dim=-1,
    min_rank=2,
    max_rank=2,
    checks=SOFTMAX_CROSS_ENTROPY_WITH_LOGITS_CHECKS,
    info={"reference": reference, "domain": [(-8.0, 8.0), (0.0, 1.0)], "torch_composite": _torch},
    doc=__doc__,
))
