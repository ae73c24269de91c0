"""aclnnPrelu(self, weight, out): out = self where self > 0, else weight * self, with
weight's value of the channel (dim 1 of self).

CANN's rules (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921,
activation/p_relu/op_api/aclnn_prelu.cpp, docs/aclnnPrelu.md; the source wins): null
tensors 161001; self, weight and out each FLOAT, FLOAT16, or BFLOAT16 on DAV_2201
(Ascend910B, Ascend910_93) and regbase SoCs; self and weight promote by CANN's promote
table and the promoted dtype must be castable to out's; at most 8 dims each; out of
self's shape; weight any shape of 1 element or of as many as self's channels (dim 1 of
self; a self of rank 0 or 1 has one channel); else 161002. An empty self or weight then
returns success (workspace 0). The op Casts both inputs to the promoted dtype, reshapes
weight to (1, C, 1, ...) (the channel broadcast) and Casts the result to out's dtype.

Declared as an ElementwiseOp whose weight is an Input(along=1): the operand layout views
it as (1, C, 1, ...) over self's dims (stride 0 but along dim 1), no per-op Python; its
elements must be one stride apart in C order (any 1-D or contiguous weight). fp32 math
(src/ops/prelu.h), 16-bit results rounded once."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops._activation import tiling2


def channel_view(weight, ndim):
    """weight (numpy) as a float64 array broadcasting along dim 1 of a rank-`ndim` self."""
    w = np.asarray(weight, dtype=np.float64).reshape(-1)
    if w.size == 1 or ndim < 2:
        return w.reshape(())
    return w.reshape((1, w.size) + (1,) * (ndim - 2))


def reference(x, weight):
    x = np.asarray(x, dtype=np.float64)
    return np.where(x > 0, x, channel_view(weight, x.ndim) * x)


def _torch(t, x, weight):
    # torch's prelu takes a 1-D weight (of 1 or C elements) and, for a 0-d input, one
    return t.nn.functional.prelu(x, weight.reshape(-1))


PRELU = register(ElementwiseOp(
    name="Prelu", snake="prelu", params=(Input("self"), Input("weight", along=1), Output("out")),
    dtypes=("float32", "float16", "bfloat16"), kernel="prelu", tiling=tiling2, broadcast="never",
    mixed="always", out_dtype="castable",
    info={"reference": reference, "specials": [(0.0, -0.0, 1.0, -1.0, float("nan")), None],
          "torch": _torch},
    doc=__doc__,
))
