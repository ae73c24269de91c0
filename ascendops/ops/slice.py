"""aclnnSlice: out = self[..., start:end:step, ...] along `dim` (start and end clamped to
the dim, as Python slicing with a positive step).

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/slice/op_api/aclnn_slice.cpp), in its order (SLICE_CHECKS): self and out not
null (161001); CheckDtypeValid: out of self's dtype, a BF16 self only on SocVersion
ASCEND910B..ASCEND910E, self's dtype in DTYPE_SUPPORT_LIST (FLOAT, FLOAT16, INT64, INT8,
INT32, UINT8, BOOL, BF16); CheckShape: self 1 to 8 dims, dim in [-rank, rank - 1], step
positive, out of self's shape with dim's size (end - start + step - 1) / step once start and
end are made positive (+ size) and clamped (start to [0, size], end to [start, size]);
else 161002. An empty self or out then returns success. The computation:
StridedSliceV3, ViewCopy into out.

Here: one strided copy (the Layout kind: the Cast kernel's copy of the bytes, bit-exact).
numpy: self[(slice(None),) * dim + (slice(start, end, step),)] with CANN's clamping."""
import numpy as np

from ascendops._core import _soc_entry
from ascendops.ops import (CannSource, Checks, Copy, DtypeIn, EmptyReturn, Input, Int, Layout, LayoutOp, NotNull,
                           Output, Require, SameDtype, dim_step, box, register)
from ascendops.ops._layout import COMMIT, REPO, copyable

DTYPE_SUPPORT_LIST = ("float32", "float16", "int64", "int8", "int32", "uint8", "bool", "bfloat16")
# CheckSocVersionIsSupportBf16: SocVersion in [ASCEND910B, ASCEND910E]
_BF16_SOCS = {"Ascend910B": True, "Ascend910_93": True, "Ascend950": True, "default": False}
_I64 = 1 << 64


def _wrap(v):
    """int64 arithmetic as CANN's C++ does it (two's complement)."""
    v &= _I64 - 1
    return v - _I64 if v >= 1 << 63 else v


def bounds(shape, dim, start, end, step):
    """CalculateValuesSliceUpper/LowerForSlice, then sliceNum: (dim, start, count)."""
    n = len(shape)
    dim = dim + n if dim < 0 else dim
    size = shape[dim]
    start = start + size if start < 0 else start
    end = end + size if end < 0 else end
    start = 0 if start < 0 else min(start, size)
    end = start if end < start else min(end, size)
    num = _wrap(end - start + step - 1)
    count = abs(num) // step * (1 if num >= 0 else -1)     # C's division truncates toward zero
    return dim, start, count


def reference(x, dim, start, end, step):
    x = np.asarray(x)
    d, s, count = bounds(x.shape, dim, start, end, step)
    return x[(slice(None),) * d + (slice(s, s + count * step, step),)]


def mapping(shape, attrs):
    dim, start, end, step = attrs
    d, s, count = bounds(shape, dim, start, end, step)
    oshape = tuple(count if k == d else n for k, n in enumerate(shape))
    at, steps = box(oshape)
    isteps = [dim_step(k, step if k == d else 1) for k in range(len(shape))]
    return Layout(oshape, [Copy(oshape, at, steps, tuple(s if k == d else 0 for k in range(len(shape))), isteps)])


def bf16_soc(ctx):
    if ctx.dtype("self").name == "bfloat16" and not _soc_entry(_BF16_SOCS, ctx.soc):
        return "Input dtype of aclnnSlice is not support bfloat16 in current socversion."
    return None


def check_shape(ctx):
    shape, dim, step = tuple(ctx.tensor("self").shape), ctx.values["dim"], ctx.values["step"]
    n = len(shape)
    if n > 8:
        return "Expected aclnnSlice self len %d to not be greater than 8 but check failed." % n
    if n <= 0:
        return "Expected aclnnSlice self len %d to not be less than one but check failed." % n
    if dim < -n or dim > n - 1:
        return "Expected aclnnSlice dim value %d to be in range [%d, %d] but check failed." % (dim, -n, n - 1)
    if step <= 0:
        return "aclnnSlice step must be positive."
    want = mapping(shape, (dim, ctx.values["start"], ctx.values["end"], step)).shape
    if tuple(ctx.tensor("out").shape) != want:
        return "Shape of out should be %r, but current is %r." % (want, tuple(ctx.tensor("out").shape))
    return None


SLICE_CHECKS = Checks(
    CannSource(REPO, COMMIT, "conversion/slice/op_api/aclnn_slice.cpp"),
    ("CheckNotNull2TensorForSlice", NotNull("self", "out")),
    ("CheckDtypeValid", SameDtype("self", "out"),
     Require(bf16_soc, "a BF16 self on ASCEND910B..ASCEND910E only", names=("self",)),
     DtypeIn("self", dtypes=DTYPE_SUPPORT_LIST)),
    ("CheckShape", Require(check_shape, "self 1-8 dims, dim in range, step > 0, out of the sliced shape",
                           names=("self", "dim", "start", "end", "step", "out"))),
    ("aclnnSliceGetWorkspaceSize", EmptyReturn("self", "out")),
)

SLICE = register(LayoutOp(
    name="Slice",
    snake="slice",
    # CANN's header: aclnnSliceGetWorkspaceSize(const aclTensor *self, int64_t dim, int64_t start, int64_t end,
    #                                           int64_t step, aclTensor *out)
    params=(Input("self"), Int("dim", 0), Int("start", 0), Int("end", 1 << 62), Int("step", 1), Output("out")),
    dtypes=copyable(DTYPE_SUPPORT_LIST),
    mapping=mapping,
    checks=SLICE_CHECKS,
    min_rank=1,
    info={"reference": reference, "exact": True, "sized": True, "example_attrs": (0, 1, 3, 1),
          "shape_attrs": lambda shape: (-1, 1, 100, 2),
          "torch": lambda t, x, dim, start, end, step: x[(slice(None),) * (dim % x.dim())
                                                          + (slice(start, end, step),)]},
    doc=__doc__,
))
