"""aclnnPrelu(self, weight, out): out = self where self > 0, else weight * self, with
weight's value of the channel (dim 1 of self).

CANN's rules (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921,
activation/p_relu/op_api/aclnn_prelu.cpp, docs/aclnnPrelu.md; the source wins; the check
sequence below): null tensors 161001; self, weight and out each FLOAT, FLOAT16, or
BFLOAT16 on DAV_2201 (Ascend910B, Ascend910_93) and regbase SoCs (out included: a BF16 out
on Ascend910 is 161002); self and weight promote by CANN's promote table and the promoted
dtype must be castable to out's; at most 8 dims each; out of self's shape; weight any
shape of 1 element or of as many as self's channels (dim 1 of self; a self of rank 0 or 1
has one channel); else 161002. An empty self or weight then returns success (workspace
0). The op Casts both inputs to the promoted dtype, reshapes weight to (1, C, 1, ...)
(the channel broadcast) and Casts the result to out's dtype.

Declared as an ElementwiseOp whose weight is an Input(along=1): the operand layout views
it as (1, C, 1, ...) over self's dims (stride 0 but along dim 1), no per-op Python; its
elements must be one stride apart in C order (any 1-D or contiguous weight; a weight whose
elements are not, such as a transposed 2-D one, is 161002 where CANN's Contiguous copies
it: the engine reads the weight with one stride, a deviation). fp32 math (src/ops/prelu.h),
16-bit results rounded once."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops import CanCast, CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Promote, Rank, Require, SameShape
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


def weight_size(ctx):
    """CheckShape: weight's element count is 1 or self's channels (dim 1; 1 where self has
    at most one dim)."""
    shape = ctx.tensor("self").shape
    channels = 1 if len(shape) <= 1 else shape[1]
    n = ctx.tensor("weight").numel
    if n != channels and n != 1:
        return "expected weight tensor size equal input channels, but found %d does not equal %d" % (n, channels)
    return None


DTYPES = ("float32", "float16", "bfloat16")
# GetDtypeSupportList: ASCEND910B_DTYPE_DTYPE_SUPPORT_LIST on DAV_2201 and regbase SoCs
SUPPORT = {"DAV_2201": DTYPES, "regbase": DTYPES, "default": ("float32", "float16")}
CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "activation/p_relu/op_api/aclnn_prelu.cpp"),
    ("CheckNotNull", NotNull("self", "weight", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=SUPPORT), DtypeIn("weight", dtypes=SUPPORT),
     DtypeIn("out", dtypes=SUPPORT)),
    ("CheckPromoteType", Promote("self", "weight"), CanCast("promoted", "out")),
    ("CheckShape", Rank("self", "weight", "out", max=8), SameShape("self", "out"),
     Require(weight_size, "weight has 1 element or self's channel count", names=("self", "weight"))),
    # (after it, IsAiCoreSupport of the promoted dtype: two listed dtypes always promote
    # into the list, so it never refuses)
    ("aclnnPreluGetWorkspaceSize", EmptyReturn("self", "weight")),
)

PRELU = register(ElementwiseOp(
    name="Prelu", snake="prelu", params=(Input("self"), Input("weight", along=1), Output("out")),
    dtypes=("float32", "float16", "bfloat16"), kernel="prelu", tiling=tiling2, broadcast="never",
    mixed="always", out_dtype="castable", checks=CHECKS,
    info={"reference": reference, "specials": [(0.0, -0.0, 1.0, -1.0, float("nan")), None],
          "torch": _torch},
    doc=__doc__,
))
