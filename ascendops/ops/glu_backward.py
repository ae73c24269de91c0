"""aclnnGluBackward: gradInput of Glu, its halves along `dim`
gradA = gradOut * s and gradB = (a - a * s) * gradA, s = sigmoid(b), a and b the halves of
self (PyTorch's glu_backward).

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921
activation/glu_grad/op_api/aclnn_glu_backward.cpp, docs/aclnnGluBackward.md):
aclnnGluBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclTensor *self,
int64_t dim, aclTensor *out, ...).
The check sequence (GLU_BACKWARD_CHECKS, in the source's order): CheckNotNull (self,
gradOut, out: 161001); CheckDtypeValid: self FLOAT, FLOAT16, DOUBLE (+ BFLOAT16 on regbase
SoCs and Ascend910B..910E: Ascend910B/910_93/950), gradOut and out of self's dtype;
CheckParamsDataAndShape: self, out, gradOut at most 8-d, self at least 1-d, dim in
[-rank, rank), self's size there even, gradOut self's shape halved there, out self's
shape (all 161002); then an empty self returns success. A DOUBLE self is refused after the
sequence (161002: the fp32 engine has no DOUBLE path).
Math: src/ops/glu_backward.h (one kernel, two results: the halves of out)."""
from ascendops._core import ElementwiseOp, Input, Int, Output, register
from ascendops.ops import CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Rank, Require, SameDtype, SameShape
from ascendops.ops._gated import DTYPES, halves, sigmoid, tiling3
import numpy as np


def reference(grad_out, x, dim=-1):
    a, b = halves(x, dim)
    s = sigmoid(b)
    ga = np.asarray(grad_out, dtype=np.float64) * s
    return np.concatenate([ga, (a - a * s) * ga], axis=dim)


GLU_BACKWARD_SOURCE = CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
                                  "activation/glu_grad/op_api/aclnn_glu_backward.cpp")
# GetDtypeSupportList: ASCEND950 list on regbase, ASCEND910B list on SocVersion 910B..910E
_WITH_BF16 = ("float32", "float16", "float64", "bfloat16")
GLU_BACKWARD_DTYPES = {"regbase": _WITH_BF16, "Ascend910B": _WITH_BF16, "Ascend910_93": _WITH_BF16,
                       "default": ("float32", "float16", "float64")}


def glu_backward_dim_in_range(ctx):
    """CheckParamsDataAndShape: dim in [-selfDim, selfDim - 1]."""
    nd, dim = len(ctx.tensor("self").shape), ctx.values["dim"]
    if dim < -nd or dim >= nd:
        return "Dimension out of range (expected to be in range of [%d, %d], but got %d)." % (-nd, nd - 1, dim)


def glu_backward_split_even(ctx):
    """CheckParamsDataAndShape: self's size at dim even."""
    shape, dim = ctx.tensor("self").shape, ctx.values["dim"]
    if shape[dim] % 2:
        return "Halving dimension must be even, but dimension %d is size %d." % (dim, shape[dim])


def glu_backward_grad_out_shape(ctx):
    """CheckParamsDataAndShape: gradOut's shape is self's with the size at dim halved."""
    shape = ctx.tensor("self").shape
    dim = ctx.values["dim"] % len(shape)
    want = shape[:dim] + (shape[dim] // 2,) + shape[dim + 1:]
    if ctx.tensor("gradOut").shape != want:
        return "The shape of gradOut must be %r, but got %r." % (want, ctx.tensor("gradOut").shape)


GLU_BACKWARD_CHECKS = Checks(
    GLU_BACKWARD_SOURCE,
    ("CheckNotNull", NotNull("self", "gradOut", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=GLU_BACKWARD_DTYPES), SameDtype("self", "gradOut", "out")),
    ("CheckParamsDataAndShape", Rank("self", "out", "gradOut", max=8), Rank("self", min=1),
     Require(glu_backward_dim_in_range, "dim in [-rank, rank)", names=("self", "dim")),
     Require(glu_backward_split_even, "self's size at dim even", names=("self", "dim")),
     Require(glu_backward_grad_out_shape, "gradOut is self halved at dim", names=("self", "dim", "gradOut")),
     SameShape("self", "out")),
    ("aclnnGluBackwardGetWorkspaceSize", EmptyReturn("self")),
)

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
    checks=GLU_BACKWARD_CHECKS,
    info={"reference": reference, "domain": [(-2.0, 2.0), (-4.0, 4.0)], "torch": "glu_backward",
          "attrs": lambda ndim: [(-1,), (0,)] if ndim else [(-1,)]},
    doc=__doc__,
))
