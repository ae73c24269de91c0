"""aclnnPreluBackward(gradOutput, self, weight, gradInput, gradWeight): gradInput =
gradOutput where self > 0, else weight * gradOutput (weight's value of the channel, dim 1
of self); gradWeight = the sum over every dim but the channel of gradOutput * self where
self <= 0 (shape (C,), or weight's shape where weight has one element).

CANN's rules (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921,
activation/p_relu_grad_update/op_api/aclnn_prelu_backward.cpp, docs/aclnnPreluBackward.md;
the source wins; the check sequence below): null tensors 161001; self FLOAT, FLOAT16, or
BFLOAT16 on Ascend910B..Ascend910E (Ascend910B, Ascend910_93, Ascend950), and every other
tensor of self's dtype; at most 8 dims each; gradInput of self's shape; weight 1 element
(then gradWeight of weight's shape) or as many as self's channels (dim 1; a 1-D self has
one; a 0-d self needs a 1-element weight), then gradWeight of shape (C,); gradOutput
broadcasts to self's shape; else 161002. An empty gradOutput, self or weight then returns
success: CANN writes nothing, nor does ascendops (the sequence's EmptyReturn; the
numpy-like call allocates its outputs zero-filled where an input is empty, so gradWeight's
sums over no element read 0, the value torch gives). CANN computes with two kernels
(PReluGradUpdate: gradInput and the per-element update; PReluGradReduce: its sum per
channel).

Declared as a ChannelReduceOp (ascendops/_reduce.pxi: Input(along=1) for the weight,
Output(along=1) for its gradient; no per-op Python): one pass in C (src/channel.c) writes
gradInput and sums the per-element update of each (channel, fixed chunk) in double, the
chunks then added in order: the same bits at every thread count. fp32 products, 16-bit
results rounded once."""
import numpy as np

from ascendops._core import ChannelReduceOp, Input, Output, register
from ascendops.ops import (BroadcastTo, CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Rank, Require, SameDtype,
                           SameShape)
from ascendops.ops.prelu import channel_view


def reference(grad_output, x, weight):
    x = np.asarray(x, dtype=np.float64)
    g = np.broadcast_to(np.asarray(grad_output, dtype=np.float64), x.shape)
    w = np.asarray(weight, dtype=np.float64)
    grad_input = np.where(x > 0, g, channel_view(w, x.ndim) * g)
    update = np.where(x > 0, 0.0, g * x)
    if w.size == 1:
        grad_weight = np.full(w.shape, update.sum())
    else:
        grad_weight = update.sum(axis=tuple(q for q in range(x.ndim) if q != 1))
    return grad_input, grad_weight


def _torch(t, grad_output, x, weight):
    """torch.ops.aten._prelu_kernel_backward (per-element gradients), then the weight's
    summed over every dim but the channel."""
    w = weight.reshape(-1)
    view = w.reshape(()) if w.numel() == 1 or x.dim() < 2 else w.reshape((1, -1) + (1,) * (x.dim() - 2))
    gi, gw = t.ops.aten._prelu_kernel_backward(grad_output.expand_as(x), x, view)
    if w.numel() == 1:
        return gi, gw.sum().reshape(weight.shape)
    return gi, gw.sum(dim=[q for q in range(x.dim()) if q != 1])


def weight_shapes(ctx):
    """CheckShape: a weight of other than 1 element needs a self of at least 1 dim
    (OP_CHECK_MIN_DIM), as many elements as self's channels (dim 1; 1 for a 1-D self) and
    a gradWeight of shape (channels,); a 1-element weight, a gradWeight of its shape."""
    shape, weight, grad_weight = ctx.tensor("self").shape, ctx.tensor("weight"), ctx.tensor("gradWeight")
    n = weight.numel
    if n != 1:
        if len(shape) < 1:
            return "Tensor self has 0 dims, should be at least 1 (weight has %d elements)." % n
        channels = shape[1] if len(shape) > 1 else 1
        if n != channels:
            return "the number of weight elements must be 1 or self channel size"
        if tuple(grad_weight.shape) != (channels,):
            return "Tensor gradWeight shape %r should be (%d,)." % (tuple(grad_weight.shape), channels)
    elif grad_weight.shape != weight.shape:
        return "Tensor gradWeight shape %r should be weight's %r." % (tuple(grad_weight.shape), tuple(weight.shape))
    return None


DTYPES = ("float32", "float16", "bfloat16")
# GetDtypeSupportList: ASCEND910B_DTYPE_SUPPORT_LIST where SocVersion is in [ASCEND910B,
# ASCEND910E] (Ascend910B, Ascend910_93, Ascend950), else ASCEND910_DTYPE_SUPPORT_LIST
SUPPORT = {"Ascend910B": DTYPES, "Ascend910_93": DTYPES, "Ascend950": DTYPES, "default": ("float32", "float16")}
TENSORS = ("gradOutput", "self", "weight", "gradInput", "gradWeight")
CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/p_relu_grad_update/op_api/aclnn_prelu_backward.cpp"),
    ("CheckNotNull", NotNull(*TENSORS)),
    ("CheckDtypeValid", DtypeIn("self", dtypes=SUPPORT),
     SameDtype("self", "gradOutput", "weight", "gradInput", "gradWeight")),
    ("CheckShape", Rank(*TENSORS, max=8), SameShape("self", "gradInput"),
     Require(weight_shapes, "weight 1 or self's channel count; gradWeight's shape",
             names=("self", "weight", "gradWeight")),
     # OP_CHECK_BROADCAST_AND_INFER_SHAPE(self, gradOutput), then the broadcast shape is self's
     BroadcastTo("gradOutput", "self")),
    ("aclnnPreluBackwardGetWorkspaceSize", EmptyReturn("gradOutput", "self", "weight")),
)

PRELU_BACKWARD = register(ChannelReduceOp(
    name="PreluBackward",
    snake="prelu_backward",
    params=(Input("gradOutput"), Input("self"), Input("weight", along=1), Output("gradInput"),
            Output("gradWeight", along=1)),
    dtypes={"default": ("float32", "float16", "bfloat16"), "Ascend910": ("float32", "float16"),
            "Ascend310P": ("float32", "float16")},
    kernel="prelu_backward",
    ref="self",
    checks=CHECKS,
    info={"reference": reference, "specials": [None, (0.0, -0.0, 1.0, -1.0), None], "torch_composite": _torch},
    doc=__doc__,
))
