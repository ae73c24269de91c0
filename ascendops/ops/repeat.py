"""aclnnRepeat: out = self tiled `repeats` times along each dim (torch's Tensor.repeat:
self's dims aligned to the last of repeats, leading dims of size 1 added).

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
math/tile/op_api/aclnn_repeat.cpp), in its order (REPEAT_CHECKS): self, repeats and out not
null (161001); CheckDtypeValid: self's dtype in the list of the SoC (ASCEND910B,
ASCEND910_93, ASCEND310P: every integer type, BOOL, FLOAT16, FLOAT, DOUBLE, BF16,
COMPLEX64/128; IsRegBase(): also HIFLOAT8, FLOAT8_E5M2, FLOAT8_E4M3FN; others: no UINT16),
out of self's dtype; CheckRepeatsSize: repeats at least as long as self's rank;
CheckRepeatsValue: no negative repeat; CheckTensorDimSize: self at most 8 dims, repeats at
most 8 long; else 161002. An empty self or out, or a zero repeat, then returns success
(out's shape unchecked). No repeats (a 0-d self): ViewCopy(self, out) (an out of another
shape: 561103). Else l0op::Tile, then out of the tiled shape (161002), ViewCopy.

Here: one copy whose dims are (repeat, size) pairs: out steps by the size along the
repeat dim while self does not move (the Layout kind: the Cast kernel's copy of the bytes,
bit-exact). The complex and 8-bit float dtypes, which the Cast kernel cannot copy, are
refused after the sequence (161002; tests/ops/probes/repeat.py DEVIATIONS). numpy:
np.tile(self, repeats)."""
import numpy as np

from ascendops._core import ACLNN_ERR_INNER_NULLPTR
from ascendops.ops import (CannSource, Check, Checks, Copy, DtypeIn, EmptyReturn, Input, IntArray, Layout, LayoutOp,
                           NotNull, Output, Rank, Require, SameDtype, dim_step, register)
from ascendops.ops._layout import COMMIT, REPO, copyable

DTYPE_SUPPORT_LIST = ("float32", "float16", "float64", "complex64", "complex128", "uint8", "int8", "int16", "int32",
                      "int64", "bool", "bfloat16", "uint32", "uint64")
DTYPE_SUPPORT_910B310P_LIST = DTYPE_SUPPORT_LIST + ("uint16",)
DTYPE_SUPPORT_950_LIST = DTYPE_SUPPORT_910B310P_LIST + ("hifloat8", "float8_e5m2", "float8_e4m3fn")
SELF_DTYPES = {"Ascend910B": DTYPE_SUPPORT_910B310P_LIST, "Ascend910_93": DTYPE_SUPPORT_910B310P_LIST,
               "Ascend310P": DTYPE_SUPPORT_910B310P_LIST, "regbase": DTYPE_SUPPORT_950_LIST,
               "default": DTYPE_SUPPORT_LIST}


def reference(x, repeats):
    x = np.asarray(x)
    if not len(repeats):
        return x.copy()
    return np.tile(x.reshape((1,) * (len(repeats) - x.ndim) + x.shape), repeats)


def mapping(shape, attrs):
    """Per out dim k, a repeat dim (out steps the padded size, self stays) and a size dim."""
    (repeats,) = attrs
    m, lead = len(repeats), len(repeats) - len(shape)
    if m == 0:
        return Layout(shape, [Copy(shape, (), (), (), ())])
    sizes = (1,) * lead + tuple(shape)
    oshape = tuple(r * s for r, s in zip(repeats, sizes))
    pshape, osteps, isteps = [], [], []
    for k in range(m):
        pshape += [repeats[k], sizes[k]]
        osteps += [dim_step(k, sizes[k]), dim_step(k)]
        isteps += [{}, dim_step(k - lead) if k >= lead else {}]
    return Layout(oshape, [Copy(pshape, (0,) * m, osteps, (0,) * len(shape), isteps)])


class ZeroRepeatReturn(Check):
    """`if (... || CheckRepeatsZero(repeats)) return ACLNN_SUCCESS`: a zero repeat succeeds
    with nothing to run."""
    names = ("repeats",)

    def apply(self, ctx):
        if 0 in ctx.values["repeats"]:
            ctx.empty = True


def repeats_size(ctx):
    n, m = len(ctx.tensor("self").shape), len(ctx.values["repeats"])
    if n > m:
        return ("Number of dimensions of repeat dims can not be smaller than number of dimensions of input "
                "tensor, self %d, repeats %d." % (n, m))
    return None


def repeats_value(ctx):
    for i, r in enumerate(ctx.values["repeats"]):
        if r < 0:
            return "repeats expected %dth value > 0, but got %d" % (i + 1, r)
    return None


def repeats_max(ctx):
    if len(ctx.values["repeats"]) > 8:
        return "repeats size should not be larger than 8. self %d, repeats %d" % (
            len(ctx.tensor("self").shape), len(ctx.values["repeats"]))
    return None


def view_copy_shape(ctx):
    """No repeats: ViewCopy(self, out) of a 0-d self needs an out of its shape."""
    if not ctx.values["repeats"] and tuple(ctx.tensor("out").shape) != tuple(ctx.tensor("self").shape):
        return "ViewCopy: out shape %r is not self's %r." % (tuple(ctx.tensor("out").shape),
                                                             tuple(ctx.tensor("self").shape))
    return None


def tiled_shape(ctx):
    """CheckRepeatOutShape: OP_CHECK_SHAPE_NOT_EQUAL(repeatRes, out)."""
    want = mapping(tuple(ctx.tensor("self").shape), (ctx.values["repeats"],)).shape
    if ctx.values["repeats"] and tuple(ctx.tensor("out").shape) != want:
        return "Shape of out %r should be %r." % (tuple(ctx.tensor("out").shape), want)
    return None


REPEAT_CHECKS = Checks(
    CannSource(REPO, COMMIT, "math/tile/op_api/aclnn_repeat.cpp"),
    ("CheckNotNull", NotNull("self", "repeats", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=SELF_DTYPES), SameDtype("self", "out")),
    ("CheckRepeatsSize", Require(repeats_size, "repeats at least self's rank long", names=("self", "repeats"))),
    ("CheckRepeatsValue", Require(repeats_value, "no negative repeat", names=("repeats",))),
    ("CheckTensorDimSize", Rank("self", max=8), Require(repeats_max, "at most 8 repeats", names=("self", "repeats"))),
    ("aclnnRepeatGetWorkspaceSize", EmptyReturn("self", "out"), ZeroRepeatReturn(),
     Require(view_copy_shape, "no repeats: out of self's shape", status=ACLNN_ERR_INNER_NULLPTR,
             names=("self", "repeats", "out"))),
    ("CheckRepeatOutShape", Require(tiled_shape, "out of the tiled shape", names=("self", "repeats", "out"))),
)

REPEAT = register(LayoutOp(
    name="Repeat",
    snake="repeat",
    # CANN's header: aclnnRepeatGetWorkspaceSize(const aclTensor *self, const aclIntArray *repeats, aclTensor *out)
    params=(Input("self"), IntArray("repeats"), Output("out")),
    dtypes=copyable(DTYPE_SUPPORT_950_LIST),
    mapping=mapping,
    checks=REPEAT_CHECKS,
    info={"reference": reference, "exact": True, "sized": True, "example_attrs": ((2, 1),),
          "shape_attrs": lambda shape: (((2,) + (1, 3) * 4)[:min(len(shape) + 1, 8)],),
          "torch": lambda t, x, repeats: x.repeat(*repeats)},
    doc=__doc__,
))
