"""aclnnGlu: out = a * sigmoid(b), where a and b are the first and second half of self
along `dim` (the gated linear unit; PyTorch's torch.nn.functional.glu).

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921
activation/glu/op_host/op_api/aclnn_glu.cpp, docs/aclnnGlu.md):
aclnnGluGetWorkspaceSize(const aclTensor *self, int64_t dim, aclTensor *out, ...).
The check sequence (GLU_CHECKS, in the source's order): CheckNotNull (self, out: 161001);
CheckDtypeValid: self and out each FLOAT, FLOAT16, DOUBLE (+ BFLOAT16 on DAV_2201 and
regbase SoCs: Ascend910B/910_93/950), CanCast(self, out) (OP_CHECK_RESULT_DTYPE_CAST_FAILED);
CheckParamsDataAndShape: self and out at most 8-d, self at least 1-d, dim in
[-rank, rank), self's size there even, out's shape self's with that size halved (all
161002); then an empty self returns success. A DOUBLE self, which CANN computes with
SplitV + Sigmoid + Mul, is refused here after the sequence (161002: the fp32 engine has no
DOUBLE path); a DOUBLE out of a float self is written by the wide path's cast. Math:
src/ops/glu.h."""
from ascendops._core import ElementwiseOp, Input, Int, Output, register
from ascendops.ops import CannSource, CanCast, Checks, DtypeIn, EmptyReturn, NotNull, Rank, Require
from ascendops.ops._gated import DTYPES, halves, sigmoid, tiling


def reference(x, dim=-1):
    a, b = halves(x, dim)
    return a * sigmoid(b)


GLU_SOURCE = CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
                         "activation/glu/op_host/op_api/aclnn_glu.cpp")
# GetDtypeSupportList: ASCEND910B_DTYPE_DTYPE_SUPPORT_LIST on DAV_2201 and regbase arches
GLU_DTYPES = {"DAV_2201": ("float32", "float16", "float64", "bfloat16"),
              "regbase": ("float32", "float16", "float64", "bfloat16"),
              "default": ("float32", "float16", "float64")}


def glu_dim_in_range(ctx):
    """CheckParamsDataAndShape: dim in [-selfDim, selfDim - 1]."""
    nd, dim = len(ctx.tensor("self").shape), ctx.values["dim"]
    if dim < -nd or dim >= nd:
        return "Input dimension out of range (expected to be in range of [%d, %d], but got %d)." % (-nd, nd - 1, dim)


def glu_split_even(ctx):
    """CheckParamsDataAndShape: self's size at dim even."""
    shape, dim = ctx.tensor("self").shape, ctx.values["dim"]
    if shape[dim] % 2:
        return "Split dimension must be even, but dimension %d is size %d." % (dim, shape[dim])


def glu_out_shape(ctx):
    """CheckParamsDataAndShape: out's shape is self's with the size at dim halved."""
    shape, dim = ctx.tensor("self").shape, ctx.values["dim"] % len(ctx.tensor("self").shape)
    want = shape[:dim] + (shape[dim] // 2,) + shape[dim + 1:]
    if ctx.tensor("out").shape != want:
        return "The shape of out must be %r, but get %r." % (want, ctx.tensor("out").shape)


GLU_CHECKS = Checks(
    GLU_SOURCE,
    ("CheckNotNull", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=GLU_DTYPES), DtypeIn("out", dtypes=GLU_DTYPES),
     CanCast("self", "out")),
    ("CheckParamsDataAndShape", Rank("self", "out", max=8), Rank("self", min=1),
     Require(glu_dim_in_range, "dim in [-rank, rank)", names=("self", "dim")),
     Require(glu_split_even, "self's size at dim even", names=("self", "dim")),
     Require(glu_out_shape, "out is self halved at dim", names=("self", "dim", "out"))),
    ("aclnnGluGetWorkspaceSize", EmptyReturn("self")),
)

GLU = register(ElementwiseOp(
    name="Glu",
    snake="glu",
    params=(Input("self", split="dim"), Int("dim", -1), Output("out", const=True)),
    dtypes=DTYPES,
    kernel="glu",
    tiling=tiling,
    broadcast="never",
    mixed="never",
    out_dtype="castable",
    out_dtypes="writable",
    min_rank=1,
    checks=GLU_CHECKS,
    info={"reference": reference, "domain": (-4.0, 4.0), "torch": "glu",
          "attrs": lambda ndim: [(-1,), (0,)] if ndim else [(-1,)]},
    doc=__doc__,
))
