"""aclnnGluBackward: gradInput of Glu, its halves along `dim`
gradA = gradOut * s and gradB = (a - a * s) * gradA, s = sigmoid(b), a and b the halves of
self (PyTorch's glu_backward).

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921
activation/glu_grad/op_api/aclnn_glu_backward.cpp, docs/aclnnGluBackward.md):
aclnnGluBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclTensor *self,
int64_t dim, aclTensor *out, ...). self FLOAT, FLOAT16, BFLOAT16 (BF16 on Ascend910B and
later; DOUBLE as for Glu); gradOut and out of self's dtype; ranks at most 8, self at
least 1; dim in [-rank, rank), self's size there even; gradOut has self's shape halved
there, out self's shape (161002 otherwise); an empty self returns success.
Math: src/ops/glu_backward.h (one kernel, two results: the halves of out)."""
from ascendops._core import ElementwiseOp, Input, Int, Output, register
from ascendops.ops._gated import DTYPES, halves, sigmoid, tiling3
import numpy as np


def reference(grad_out, x, dim=-1):
    a, b = halves(x, dim)
    s = sigmoid(b)
    ga = np.asarray(grad_out, dtype=np.float64) * s
    return np.concatenate([ga, (a - a * s) * ga], axis=dim)


GLU_BACKWARD = register(ElementwiseOp(
    name="GluBackward",
    snake="glu_backward",
    params=(Input("gradOut"), Input("self", split="dim"), Int("dim", -1), Output("out", split="dim", const=True)),
    dtypes=DTYPES,
    kernel="glu_backward",
    tiling=tiling3,
    broadcast="never",
    mixed="never",
    min_rank=1,
    info={"reference": reference, "domain": [(-2.0, 2.0), (-4.0, 4.0)], "torch": "glu_backward",
          "attrs": lambda ndim: [(-1,), (0,)] if ndim else [(-1,)]},
    doc=__doc__,
))
