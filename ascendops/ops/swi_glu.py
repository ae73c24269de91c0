"""aclnnSwiGlu: out = swish(A) * B = A * sigmoid(A) * B, where A and B are the first and
second half of x along `dim`.

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921 activation/swi_glu/:
docs/aclnnSwiGlu.md, op_host/swi_glu_def.cpp, op_host/swi_glu_tiling.cpp; CANN generates
this aclnn API from the op definition, so there is no op_api source):
aclnnSwiGluGetWorkspaceSize(const aclTensor *x, int64_t dim, const aclTensor *out, ...)
(`const` on out, as CANN's generated header has it).

The check sequence (SWI_GLU_CHECKS) is the generated API's phase 1 (hicann/opbase
src/nnopbase/individual_op/executor/indv_executor.cpp): null x / out (161001); no kernel
config for the SoC (Ascend910) 561003 (NnopbaseExecutorCheckSocVersionAndParam); x and out
one dtype of the definition's list, BFLOAT16, FLOAT16, FLOAT (Ascend310P: FLOAT16, FLOAT;
161002); an empty out skips the tiling (NnopbaseExecutorMatchCache: isOutEmpty): success;
then the tiling's checks (Tiling4SwiGlu, 561002): on regbase SoCs an empty x with a
non-empty out; dim in [-rank, rank) (the tiling reads dim as uint32, then int32); the
product of x's dims from dim on even; on Ascend310P half that product a multiple of 64
bytes. Nothing in CANN's phase 1 checks out's shape, x's size at dim alone, or a rank cap;
the engine needs out of x's shape halved at dim and an even size there (161002 after the
sequence: deviations, tests/ops/probes/swi_glu.py). Math: src/ops/swi_glu.h."""
from ascendops._core import ElementwiseOp, Input, Int, Output, register
from ascendops.ops import CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Require, SameDtype
from ascendops.ops._gated import DTYPES, halves, sigmoid, tiling


def reference(x, dim=-1):
    a, b = halves(x, dim)
    return a * sigmoid(a) * b


SWI_GLU_SOURCE = CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
                            "activation/swi_glu/op_host/swi_glu_def.cpp")
# swi_glu_def.cpp: ascend910b/910_93/950 the BF16 list, ascend310p config_without_bf16
SWI_GLU_DTYPES = {"Ascend310P": ("float16", "float32"), "default": DTYPES}


def swi_glu_soc(ctx):
    """NnopbaseGetSupportInfo: the SoC has an AI Core config (not Ascend910): else 561003."""
    if ctx.soc.name == "Ascend910":
        return "Op SwiGlu not support soc version %s." % ctx.soc.name


def tiling_dim(dim):
    """Tiling4SwiGlu: `uint32_t inDim = *(attrs->GetInt(0))`, passed as int32_t."""
    d = dim & 0xFFFFFFFF
    return d - (1 << 32) if d >= (1 << 31) else d


def swi_glu_empty_x(ctx):
    """Tiling4SwiGlu: on regbase SoCs an empty x goes to processEmptyTensor, which needs an
    empty y (here y is not: an empty y returned before the tiling)."""
    if ctx.soc.regbase and ctx.tensor("x").numel == 0:
        return "Output y must be an empty tensor when input x is an empty tensor"


def swi_glu_dim_in_range(ctx):
    """SetTotalShape: inDim in [-dimNum, dimNum)."""
    n, dim = len(ctx.tensor("x").shape), tiling_dim(ctx.values["dim"])
    if dim < -n or dim >= n:
        return "dim %d: the value of attribute dim depends on the number of shape axes of input x" % dim


def _shape_after(shape, dim):
    d = tiling_dim(dim) % len(shape)
    p = 1
    for s in shape[d:]:
        p *= s
    return p


def swi_glu_after_even(ctx):
    """SetTotalShape: shapeAfter, the product of x's dims from dim on, even."""
    x = ctx.tensor("x").shape
    if _shape_after(x, ctx.values["dim"]) % 2:
        return "The split axis of input x must be an even number (x shape %r)" % (x,)


def swi_glu_310p_align(ctx):
    """CalcTiling: on DAV_2002 (Ascend310P) colLen = shapeAfter / 2 a multiple of 64 bytes."""
    if ctx.soc.arch != "DAV_2002":
        return None
    col = _shape_after(ctx.tensor("x").shape, ctx.values["dim"]) // 2
    if col % (64 // ctx.dtype("x").itemsize):
        return "input shape is not support Non-64B aligned"


SWI_GLU_CHECKS = Checks(
    SWI_GLU_SOURCE,
    ("aclnnSwiGluGetWorkspaceSize", NotNull("x", "out")),
    ("NnopbaseExecutorCheckSocVersionAndParam",
     Require(swi_glu_soc, "a kernel config for the SoC", status=561003, names=()),
     DtypeIn("x", dtypes=SWI_GLU_DTYPES), SameDtype("x", "out")),
    ("NnopbaseExecutorMatchCache", EmptyReturn("out")),
    ("Tiling4SwiGlu", Require(swi_glu_empty_x, "regbase: x not empty", status=561002, names=("x",))),
    ("SetTotalShape", Require(swi_glu_dim_in_range, "dim in [-rank, rank)", status=561002, names=("x", "dim")),
     Require(swi_glu_after_even, "x's dims from dim on, multiplied, even", status=561002, names=("x", "dim"))),
    ("CalcTiling", Require(swi_glu_310p_align, "Ascend310P: 64-byte rows", status=561002, names=("x", "dim"))),
)

SWI_GLU = register(ElementwiseOp(
    name="SwiGlu",
    snake="swi_glu",
    params=(Input("x", split="dim"), Int("dim", -1), Output("out", const=True)),
    dtypes={"default": DTYPES, "Ascend910": (), "Ascend310P": ("float32", "float16")},
    kernel="swi_glu",
    tiling=tiling,
    broadcast="never",
    mixed="never",
    min_rank=1,
    max_rank=None,
    checks=SWI_GLU_CHECKS,
    info={"reference": reference, "domain": (-4.0, 4.0),
          "attrs": lambda ndim: [(-1,), (0,)] if ndim else [(-1,)]},
    doc=__doc__,
))
