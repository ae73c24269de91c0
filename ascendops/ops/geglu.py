"""aclnnGeGlu and aclnnGeGluV3: out = A * gelu(B) and outGelu = gelu(B), where A and B are
the first and second half of self along `dim` (V3's activateLeft=True: gelu of the first
half, out = gelu(A) * B); approximate 0 is GeLU's erf form, 1 its tanh form.

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921
activation/ge_glu_v2/op_host/op_api/aclnn_geglu.cpp, docs/aclnnGeGlu.md, aclnnGeGluV3.md):
aclnnGeGluGetWorkspaceSize(const aclTensor *self, int64_t dim, int64_t approximate,
aclTensor *out, aclTensor *outGelu, ...), V3 with bool activateLeft after approximate.
The check sequence (GEGLU_CHECKS, in the source's order, V3's too): CheckNotNull (self, out,
outGelu: 161001); CheckDtypeValid: each of the three FLOAT16, FLOAT (+ BFLOAT16 on DAV_2201
and regbase SoCs), then, unless self is empty or 0-d, out and outGelu of self's dtype;
CheckShape: the three at most 8-d, dim in [-n, n) with n = max(rank, 1), self's size at
dim even, out's and outGelu's there half of it, out and outGelu of rank n, the other dims
equal; checkApproximate: approximate 0 or 1 (all 161002); then an empty or 0-d self
returns success. A 0-d self passes CheckShape only with out and outGelu of shape (0,)
(GetDim(0) of a 0-d shape reads 0), so that return is the empty-out one here.
Two outputs from one kernel per approximation
(src/ops/geglu_erf.h, geglu_tanh.h)."""
import math

import numpy as np

from ascendops._core import Bool, ElementwiseOp, Input, Int, Output, register
from ascendops.ops import CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Rank, Require, SameDtype, When
from ascendops.ops._gated import DTYPES, halves, tiling3


GEGLU_SOURCE = CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
                           "activation/ge_glu_v2/op_host/op_api/aclnn_geglu.cpp")
# GetDtypeSupportList: dtype_support_list_with_bf16 on DAV_2201 and regbase SoCs
GEGLU_DTYPES = {"DAV_2201": DTYPES, "regbase": DTYPES, "default": ("float16", "float32")}


def _dim_size(shape, i):
    """op::Shape::GetDim(i): the size, 0 past the rank (a 0-d shape's dims are zeroed)."""
    return shape[i] if i < len(shape) else 0


def geglu_nonempty_nonscalar(ctx):
    """CheckDtypeValid: `if (self->IsEmpty() || self 0-d) return true` before the dtype match."""
    t = ctx.tensor("self")
    return t.numel != 0 and len(t.shape) != 0


def geglu_dim_in_range(ctx):
    """CheckShape: dim in [-dimNum, dimNum - 1], dimNum = self's rank (1 for a 0-d self)."""
    n, dim = max(len(ctx.tensor("self").shape), 1), ctx.values["dim"]
    if dim < -n or dim > n - 1:
        return "Expected aclnnGeGlu dim value %d to be in range [%d, %d] but check failed." % (dim, -n, n - 1)


def _slice_dim(ctx):
    n = max(len(ctx.tensor("self").shape), 1)
    dim = ctx.values["dim"]
    return dim + n if dim < 0 else dim


def geglu_slice_dim_sizes(ctx):
    """CheckSliceDimSizes: self's size at dim even; out's and outGelu's there half of it."""
    d = _slice_dim(ctx)
    size = _dim_size(ctx.tensor("self").shape, d)
    if size % 2:
        return "selfSliceDimSize[%d] must be even number." % size
    for name in ("out", "outGelu"):
        got = _dim_size(ctx.tensor(name).shape, d)
        if got != size // 2:
            return ("Expected aclnnGeGlu %s slice dim size %d to be equal to %d but check failed."
                    % (name, got, size // 2))


def geglu_out_ranks(ctx):
    """CheckShape: out's and outGelu's ranks equal, and equal to dimNum (1 for a 0-d self)."""
    n = max(len(ctx.tensor("self").shape), 1)
    a, b = len(ctx.tensor("out").shape), len(ctx.tensor("outGelu").shape)
    if not (a == b and a == n):
        return "outDimNum[%d] and outGeluDimNum[%d] must be the same with inputDimNum[%d]." % (a, b, n)


def geglu_other_dims(ctx):
    """CheckOtherDimsMatch: every dim but the slice dim equal in self, out and outGelu."""
    s, o, g = ctx.tensor("self").shape, ctx.tensor("out").shape, ctx.tensor("outGelu").shape
    d = _slice_dim(ctx)
    for i in range(max(len(s), 1)):
        if i != d and not (_dim_size(s, i) == _dim_size(o, i) == _dim_size(g, i)):
            return ("Except the slice dim[%d], all other shape dim must be the same, but got input shape: %r, "
                    "out shape: %r, out gelu shape: %r" % (ctx.values["dim"], s, o, g))


def geglu_approximate(ctx):
    """checkApproximate: 0 or 1."""
    v = ctx.values["approximate"]
    return None if v in (0, 1) else "Approximate should be 0 or 1, but current is %d" % v


GEGLU_CHECKS = Checks(
    GEGLU_SOURCE,
    ("CheckNotNull", NotNull("self", "out", "outGelu")),
    ("CheckDtypeValid", DtypeIn("self", "out", "outGelu", dtypes=GEGLU_DTYPES),
     When(geglu_nonempty_nonscalar, "self neither empty nor 0-d", SameDtype("self", "out", "outGelu"))),
    ("CheckShape", Rank("self", "out", "outGelu", max=8),
     Require(geglu_dim_in_range, "dim in [-n, n), n = max(rank, 1)", names=("self", "dim")),
     Require(geglu_slice_dim_sizes, "self even at dim, out and outGelu half of it",
             names=("self", "dim", "out", "outGelu")),
     Require(geglu_out_ranks, "out and outGelu of self's rank", names=("self", "out", "outGelu")),
     Require(geglu_other_dims, "the other dims equal", names=("self", "dim", "out", "outGelu"))),
    ("checkApproximate", Require(geglu_approximate, "approximate 0 or 1", names=("approximate",))),
    # `self->IsEmpty() || self 0-d`: after CheckShape a 0-d self has out of shape (0,)
    ("ExecGeGluGetWorkspaceSize", EmptyReturn("self", "out")),
)


def gelu64(x, approximate):
    if approximate == 1:
        return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))
    return 0.5 * x * (1.0 + np.vectorize(math.erf, otypes=[np.float64])(x / math.sqrt(2.0)))


def reference(x, dim=-1, approximate=1, activate_left=False):
    a, b = halves(x, dim)
    act, lin = (a, b) if activate_left else (b, a)
    g = gelu64(act, approximate)
    return lin * g, g


def kernel_for(attrs):
    left = float(bool(attrs[2])) if len(attrs) > 2 else 0.0
    return ("geglu_tanh" if attrs[1] == 1 else "geglu_erf"), (left,)


_COMMON = dict(dtypes=DTYPES, kernel="geglu_tanh", kernel_for=kernel_for, tiling=tiling3,
               broadcast="never", mixed="never", min_rank=1, header="aclnn_geglu.h", checks=GEGLU_CHECKS)

GEGLU = register(ElementwiseOp(
    name="GeGlu",
    snake="ge_glu",
    params=(Input("self", split="dim"), Int("dim", -1), Int("approximate", 1),
            Output("out"), Output("outGelu")),
    info={"reference": reference, "domain": (-4.0, 4.0),
          "attrs": lambda ndim: [(-1, 1), (0, 0)] if ndim else [(-1, 1)],
          "bad_attrs": [((-1, 2), 161002), ((5, 1), 161002)]},
    doc=__doc__, **_COMMON))

GEGLU_V3 = register(ElementwiseOp(
    name="GeGluV3",
    snake="ge_glu_v3",
    params=(Input("self", split="dim"), Int("dim", -1), Int("approximate", 1),
            Bool("activateLeft", False), Output("out"), Output("outGelu")),
    info={"reference": reference, "domain": (-4.0, 4.0),
          "attrs": lambda ndim: [(-1, 1, True), (0, 0, False), (-1, 0, True)] if ndim else [(-1, 1, False)],
          "bad_attrs": [((-1, -1, False), 161002)]},
    doc=__doc__, **_COMMON))
