"""aclnnSwiGluGrad: the gradient of SwiGlu, written as the two halves of out along `dim`:
outA = yGrad * [s + s * (1 - s) * A] * B and outB = yGrad * s * A, s = sigmoid(A), A and B
the halves of x.

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921 activation/swi_glu_grad/docs/
aclnnSwiGluGrad.md; no op_api source in ops-nn, so the doc's rules):
aclnnSwiGluGradGetWorkspaceSize(const aclTensor *yGrad, const aclTensor *x, int64_t dim,
const aclTensor *out, ...) (CANN's header has `const` on out). BFLOAT16, FLOAT16, FLOAT32
(Atlas inference products FLOAT16, FLOAT32; training products none); yGrad and out of x's
dtype; ranks 1-8; dim in [-rank, rank), x's size there even, yGrad of x's shape halved
there, out of x's shape (161002). The doc says empty tensors are not supported without
naming a status; here they return success, running nothing. Math: src/ops/swi_glu_grad.h
(one kernel, two results: the halves of out)."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Int, Output, register
from ascendops.ops._gated import DTYPES, halves, sigmoid, tiling3


def reference(y_grad, x, dim=-1):
    a, b = halves(x, dim)
    s = sigmoid(a)
    dy = np.asarray(y_grad, dtype=np.float64)
    return np.concatenate([dy * (s + s * (1.0 - s) * a) * b, dy * s * a], axis=dim)


SWI_GLU_GRAD = register(ElementwiseOp(
    name="SwiGluGrad",
    snake="swi_glu_grad",
    params=(Input("yGrad"), Input("x", split="dim"), Int("dim", -1), Output("out", split="dim", const=True)),
    dtypes={"default": DTYPES, "Ascend910": (), "Ascend310P": ("float32", "float16")},
    kernel="swi_glu_grad",
    tiling=tiling3,
    broadcast="never",
    mixed="never",
    min_rank=1,
    info={"reference": reference, "domain": [(-2.0, 2.0), (-4.0, 4.0)],
          "attrs": lambda ndim: [(-1,), (0,)] if ndim else [(-1,)]},
    doc=__doc__,
))
