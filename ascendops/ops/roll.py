"""aclnnRoll: out = x rolled by `shifts` along `dims` (elements leaving one end enter at the
other; with no dims, x rolled as one flat sequence by shifts[0]), torch.roll.

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/roll/op_api/aclnn_roll.cpp), in its order (ROLL_CHECKS): x, shifts, dims and out
not null (161001); CheckDtypeValid: x's and out's dtype in the list of the SoC (IsRegBase():
FLOAT, FLOAT16, INT8, UINT8, INT32, UINT32, BOOL, INT64, BF16, INT16, COMPLEX64; ASCEND910B,
ASCEND910_93: the same without COMPLEX64; others: also without BF16 and INT16), out of x's
dtype; CheckShape: out of x's shape; CheckArraySize: as many shifts as dims, or one shift
and no dims; x at most 8 dims; else 161002. An empty x then returns success. A 0-d x needs
one shift and no dims (161002) and is copied. CheckDimsRange: each dim in [-rank, rank - 1]
(161002). A dim named twice rolls twice (the shifts add).

Here: the rolled dims' two segments each, as strided copies (2 per rolled dim; a flat roll
is a roll of the last dim by shift mod its size and of the leading dims, as one flat
sequence, by the quotient and the quotient + 1: at most 2 per dim), the Layout kind: the
Cast kernel's copy of the bytes, bit-exact. COMPLEX64, which the Cast kernel cannot copy,
is refused after the sequence (161002; tests/ops/probes/roll.py DEVIATIONS). numpy:
np.roll(x, shifts, dims) (no dims: np.roll(x, shifts[0]))."""
import numpy as np

from ascendops.ops import (CannSource, Checks, Copy, DtypeIn, EmptyReturn, Input, IntArray, Layout, LayoutOp, NotNull,
                           Output, Rank, Require, SameDtype, SameShape, dim_step, register)
from ascendops.ops._layout import COMMIT, REPO, copyable

ASCEND910_LIST = ("float32", "float16", "int8", "uint8", "int32", "uint32", "bool", "int64")
ASCEND910B_LIST = ASCEND910_LIST + ("bfloat16", "int16")
ASCEND950_LIST = ASCEND910B_LIST + ("complex64",)
# GetDtypeSupportListV1: IsRegBase() first, then ASCEND910B / ASCEND910_93
DTYPES = {"regbase": ASCEND950_LIST, "Ascend910B": ASCEND910B_LIST, "Ascend910_93": ASCEND910B_LIST,
          "default": ASCEND910_LIST}


def reference(x, shifts, dims):
    x = np.asarray(x)
    if not len(dims):
        return np.roll(x, shifts[0])
    return np.roll(x, tuple(shifts), tuple(dims))


def flat_roll(shape, s):
    """A C-order flat roll of `shape` by s as boxes [(sizes, out start, x start)]: the last
    dim's two segments, each with the leading dims rolled flat by the quotient (+ 1)."""
    if not shape:
        return [((), (), ())]
    n = int(np.prod(shape))
    if n == 0:
        return []
    q, r = divmod(s % n, shape[-1])
    lead, size = tuple(shape[:-1]), shape[-1]
    boxes = [(z + (size - r,), o + (r,), i + (0,)) for z, o, i in flat_roll(lead, q)]
    if r:
        boxes += [(z + (r,), o + (0,), i + (size - r,)) for z, o, i in flat_roll(lead, q + 1)]
    return boxes


def mapping(shape, attrs):
    shifts, dims = attrs
    n = len(shape)
    steps = [dim_step(d) for d in range(n)]
    if not dims:
        boxes = flat_roll(tuple(shape), shifts[0])
    else:
        total = [0] * n
        for s, d in zip(shifts, dims):
            total[d + n if d < 0 else d] += s
        boxes = [((), (), ())]
        for d in range(n):
            size = shape[d]
            r = total[d] % size if size else 0
            segs = [(size - r, r, 0)] + ([(r, 0, size - r)] if r else [])
            boxes = [(z + (m,), o + (oa,), i + (ia,)) for z, o, i in boxes for m, oa, ia in segs]
    return Layout(shape, [Copy(z, o, steps, i, steps) for z, o, i in boxes])


def array_size(ctx):
    shifts, dims = ctx.values["shifts"], ctx.values["dims"]
    if len(shifts) != len(dims) and len(dims) != 0:
        return "The size of shifts and dims should be the same when the size of dims is not 0."
    if len(dims) == 0 and len(shifts) != 1:
        return "The size of shifts must be 1 if the size of dims is 0."
    return None


def zero_dim(ctx):
    """HandleDimZeroTensor: a 0-d x takes one shift and no dims."""
    if not ctx.tensor("x").shape and (ctx.values["dims"] or len(ctx.values["shifts"]) != 1):
        return "When tensor x has no dimensions, shifts should be size 1, dims should be size 0."
    return None


def dims_range(ctx):
    n = len(ctx.tensor("x").shape)
    lo, hi = min(-n, n - 1), max(-n, n - 1)
    if n and any(d < lo or d > hi for d in ctx.values["dims"]):
        return "The values of dims should be in range [%d, %d]." % (lo, hi)
    return None


ROLL_CHECKS = Checks(
    CannSource(REPO, COMMIT, "conversion/roll/op_api/aclnn_roll.cpp"),
    ("CheckNotNull", NotNull("x", "shifts", "dims", "out")),
    ("CheckDtypeValid", DtypeIn("x", dtypes=DTYPES), DtypeIn("out", dtypes=DTYPES), SameDtype("x", "out")),
    ("CheckShape", SameShape("x", "out")),
    ("CheckArraySize", Require(array_size, "as many shifts as dims, or one shift", names=("shifts", "dims"))),
    ("CheckTensorDimSize", Rank("x", max=8)),
    ("aclnnRollGetWorkspaceSize", EmptyReturn("x"),
     Require(zero_dim, "a 0-d x: one shift, no dims", names=("x", "shifts", "dims"))),
    ("CheckDimsRange", Require(dims_range, "dims in [-rank, rank - 1]", names=("x", "dims"))),
)

ROLL = register(LayoutOp(
    name="Roll",
    snake="roll",
    # CANN's header: aclnnRollGetWorkspaceSize(const aclTensor *x, const aclIntArray *shifts,
    #                                          const aclIntArray *dims, aclTensor *out)
    params=(Input("x"), IntArray("shifts"), IntArray("dims", ()), Output("out")),
    dtypes=copyable(ASCEND950_LIST),
    mapping=mapping,
    checks=ROLL_CHECKS,
    info={"reference": reference, "exact": True, "sized": True, "example_attrs": ((1,), (0,)),
          "shape_attrs": lambda shape: ((1,), (0,)) if shape else ((1,), ()),
          "torch": lambda t, x, shifts, dims: t.roll(x, tuple(shifts), tuple(dims))},
    doc=__doc__,
))
