"""aclnnSwiGluGrad: the gradient of SwiGlu, written as the two halves of out along `dim`:
outA = yGrad * [s + s * (1 - s) * A] * B and outB = yGrad * s * A, s = sigmoid(A), A and B
the halves of x.

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921 activation/swi_glu_grad/:
docs/aclnnSwiGluGrad.md, op_host/swi_glu_grad_def.cpp, ../swi_glu/op_host/swi_glu_tiling.cpp
(Tiling4SwiGlu<SWIGLU_GRAD_SINGLE>), op_host/swi_glu_grad_tiling_regbase.cpp; CANN generates
this aclnn API from the op definition, so there is no op_api source):
aclnnSwiGluGradGetWorkspaceSize(const aclTensor *yGrad, const aclTensor *x, int64_t dim,
const aclTensor *out, ...) (CANN's header has `const` on out).

The check sequence (SWI_GLU_GRAD_CHECKS) is the generated API's phase 1 (hicann/opbase
src/nnopbase/individual_op/executor/indv_executor.cpp): null yGrad / x / out (161001); no
kernel config for the SoC (Ascend910) 561003; the three one dtype of the definition's
list, BFLOAT16, FLOAT16, FLOAT (Ascend310P: FLOAT16, FLOAT; 161002); an empty out skips
the tiling: success; then the tiling's checks (561002). On regbase SoCs (Ascend950, the
host profile; GluBaseTiling4RegBase CheckShapeValid): yGrad of x's rank, dim in
[-rank, rank), yGrad's size at dim half x's and its other dims x's. Elsewhere
(Tiling4SwiGlu, which reads only x): dim in [-rank, rank) (read as uint32, then int32),
the product of x's dims from dim on even, on Ascend310P half that product a multiple of 64
bytes. Nothing in CANN's phase 1 checks out's shape or a rank cap, nor yGrad's shape off
regbase SoCs; the engine needs yGrad of x's shape halved at dim, out of x's shape and x's
size at dim even (161002 after the sequence: deviations, tests/ops/probes/swi_glu_grad.py).
Math: src/ops/swi_glu_grad.h (one kernel, two results: the halves of out)."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Int, Output, register
from ascendops.ops import CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Require, SameDtype, When
from ascendops.ops._gated import DTYPES, halves, sigmoid, tiling3
from ascendops.ops.swi_glu import tiling_dim


def reference(y_grad, x, dim=-1):
    a, b = halves(x, dim)
    s = sigmoid(a)
    dy = np.asarray(y_grad, dtype=np.float64)
    return np.concatenate([dy * (s + s * (1.0 - s) * a) * b, dy * s * a], axis=dim)


SWI_GLU_GRAD_SOURCE = CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
                                 "activation/swi_glu_grad/op_host/swi_glu_grad_def.cpp")
# swi_glu_grad_def.cpp: ascend910b/910_93/950 the BF16 list, ascend310p config_without_bf16
SWI_GLU_GRAD_DTYPES = {"Ascend310P": ("float16", "float32"), "default": DTYPES}


def swi_glu_grad_soc(ctx):
    """NnopbaseGetSupportInfo: the SoC has an AI Core config (not Ascend910): else 561003."""
    if ctx.soc.name == "Ascend910":
        return "Op SwiGluGrad not support soc version %s." % ctx.soc.name


def regbase(ctx):
    """Tiling4SwiGlu: IsRegbaseSocVersion and SwiGluGrad: GluBaseTiling4RegBase."""
    return ctx.soc.regbase


def not_regbase(ctx):
    return not ctx.soc.regbase


def swi_glu_grad_rank(ctx):
    """CheckShapeValid: y_grad's rank is x's."""
    g, x = ctx.tensor("yGrad").shape, ctx.tensor("x").shape
    if len(g) != len(x):
        return "The shape dims of y_grad, x must be the same (%d, %d)" % (len(g), len(x))


def swi_glu_grad_dim_regbase(ctx):
    """CheckShapeValid: dim (int64) in [-rank, rank)."""
    n, dim = len(ctx.tensor("x").shape), ctx.values["dim"]
    if dim < -n or dim >= n:
        return "The value of dim must be in range [%d, %d]" % (-n, n - 1)


def swi_glu_grad_dims(ctx):
    """CheckShapeValid: y_grad's size at dim half x's, the other dims x's."""
    g, x = ctx.tensor("yGrad").shape, ctx.tensor("x").shape
    d = ctx.values["dim"] % len(x)
    for i in range(len(x)):
        if (i == d and x[i] != 2 * g[i]) or (i != d and x[i] != g[i]):
            return "Shape[%d] of y_grad must be equal to Shape[%d] of x%s" % (i, i, " / 2" if i == d else "")


def _shape_after(shape, dim):
    p = 1
    for s in shape[dim % len(shape):]:
        p *= s
    return p


def swi_glu_grad_after_even(ctx):
    """CalcShapeTo2D (regbase), SetTotalShape: x's dims from dim on, multiplied, even."""
    x = ctx.tensor("x").shape
    dim = ctx.values["dim"] if ctx.soc.regbase else tiling_dim(ctx.values["dim"])
    if _shape_after(x, dim) % 2:
        return "The split axis of input x must be an even number (x shape %r)" % (x,)


def swi_glu_grad_dim(ctx):
    """SetTotalShape: inDim (uint32 -> int32) in [-dimNum, dimNum)."""
    n, dim = len(ctx.tensor("x").shape), tiling_dim(ctx.values["dim"])
    if dim < -n or dim >= n:
        return "dim %d: the value of attribute dim depends on the number of shape axes of input x" % dim


def swi_glu_grad_310p_align(ctx):
    """CalcTiling: on DAV_2002 (Ascend310P) colLen = shapeAfter / 2 a multiple of 64 bytes."""
    if ctx.soc.arch != "DAV_2002":
        return None
    col = _shape_after(ctx.tensor("x").shape, tiling_dim(ctx.values["dim"])) // 2
    if col % (64 // ctx.dtype("x").itemsize):
        return "input shape is not support Non-64B aligned"


SWI_GLU_GRAD_CHECKS = Checks(
    SWI_GLU_GRAD_SOURCE,
    ("aclnnSwiGluGradGetWorkspaceSize", NotNull("yGrad", "x", "out")),
    ("NnopbaseExecutorCheckSocVersionAndParam",
     Require(swi_glu_grad_soc, "a kernel config for the SoC", status=561003, names=()),
     DtypeIn("yGrad", dtypes=SWI_GLU_GRAD_DTYPES), SameDtype("yGrad", "x", "out")),
    ("NnopbaseExecutorMatchCache", EmptyReturn("out")),
    ("GluBaseTiling4RegBase::GetShapeAttrsInfo", When(
        regbase, "a regbase SoC",
        Require(swi_glu_grad_rank, "yGrad of x's rank", status=561002, names=("yGrad", "x")),
        Require(swi_glu_grad_dim_regbase, "dim in [-rank, rank)", status=561002, names=("x", "dim")),
        Require(swi_glu_grad_dims, "yGrad x's shape halved at dim", status=561002, names=("yGrad", "x", "dim")),
        Require(swi_glu_grad_after_even, "x's dims from dim on even", status=561002, names=("x", "dim")))),
    ("Tiling4SwiGlu", When(
        not_regbase, "not a regbase SoC",
        Require(swi_glu_grad_dim, "dim in [-rank, rank)", status=561002, names=("x", "dim")),
        Require(swi_glu_grad_after_even, "x's dims from dim on even", status=561002, names=("x", "dim")),
        Require(swi_glu_grad_310p_align, "Ascend310P: 64-byte rows", status=561002, names=("x", "dim")))),
)

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
    max_rank=None,
    checks=SWI_GLU_GRAD_CHECKS,
    info={"reference": reference, "domain": [(-2.0, 2.0), (-4.0, 4.0)],
          "attrs": lambda ndim: [(-1,), (0,)] if ndim else [(-1,)]},
    doc=__doc__,
))
