"""aclnnGeluMul: out = gelu(x1) * x2, x1 and x2 the first and second half of input along
its last dim; approximateOptional "none" is GeLU's erf form, "tanh" its tanh form (a null
string is "none").

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921 activation/gelu_mul/:
docs/aclnnGeluMul.md, op_host/gelu_mul_def.cpp, op_host/gelu_mul_tiling.cpp; CANN generates
this aclnn API from the op definition, so there is no op_api source and no op_api unit
test): aclnnGeluMulGetWorkspaceSize(const aclTensor *input, char *approximateOptional,
const aclTensor *out, ...) (`const` on out, as CANN's generated header has it). Dtypes (the op definition): BFLOAT16, FLOAT16, FLOAT on Ascend910B,
Ascend910_93 and Ascend950, none on Ascend910 and Ascend310P (no AI Core config); out of
input's dtype; ranks at most 8 (the doc's 2-8, 161002, before the tiling); out of input's
shape with the last dim halved (161002, after the tiling). The tiling's checks (561002,
ACLNN_ERR_INNER_TILING_ERROR), in GeluMulTiling::RunBigKernelTiling's order: approximate
"none" or "tanh", rank at least 2, a last dim other than 0, at most 1024 and even, the
product of the other dims at most 200000. An empty input whose last dim is not 0 returns
success after them (the doc: "支持空Tensor"; an empty last dim is the tiling's 561002).
The sequence (GELU_MUL_CHECKS) says this in order. Math: src/ops/gelu_mul_tanh.h,
gelu_mul_erf.h (GeLU as aclnnGelu / GeluV2 compute it here, fp32, one rounding for
16-bit; CANN's kernel has its own erf polynomial)."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Str, register
from ascendops.ops import CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Rank, Require, SameDtype
from ascendops.ops._gated import halves, tiling
from ascendops.ops.geglu import gelu64

DTYPES = ("float32", "float16", "bfloat16")


def _approximate(a):
    return "none" if a is None else a


def reference(x, approximate="none"):
    a, b = halves(x, -1)
    return gelu64(a, 1 if _approximate(approximate) == "tanh" else 0) * b


def torch_reference(t, x, approximate="none"):
    """PyTorch's composition: gelu of the first half times the second."""
    a, b = t.chunk(x, 2, -1)
    return t.nn.functional.gelu(a, approximate=_approximate(approximate)) * b


def tiling_check(shapes, attrs):
    """gelu_mul_tiling.cpp RunBigKernelTiling, in its order: approximate, the rank, the
    last dim not 0, then ShapeCheck (last dim at most 1024 and even, batch at most
    200000)."""
    shape = shapes[0]
    if _approximate(attrs[0]) not in ("none", "tanh"):
        return "Approximate can only be 'tanh' or 'none'."
    if len(shape) < 2:
        return "Input shape dim should be no less than 2."
    last = shape[-1]
    if last == 0:
        return "Last dim elements can not be zero."
    batch = int(np.prod(shape, dtype=np.int64)) // last
    if last > 1024:
        return "Last dim size should be no more than 1024."
    if last % 2:
        return "Last dim size should be even."
    if batch > 200000:
        return "Batch dim size should be no more than 200000."
    return None


def tiling_refuses(ctx):
    """The tiling's checks on the call's input shape and approximateOptional."""
    return tiling_check((ctx.tensor("input").shape,), (ctx.values["approximateOptional"],))


def out_shape_is_inferred(ctx):
    """InferShape4GeluMul: out is input's shape with the last dim halved."""
    shape = ctx.tensor("input").shape
    want = shape[:-1] + (shape[-1] // 2,)
    got = ctx.tensor("out").shape
    if got != want:
        return "The shape of out must be %r, but got %r." % (want, got)
    return None


# gelu_mul_def.cpp: AICore configs ascend910b, ascend910_93, ascend950 (and Kirin SoCs),
# DataType columns (input, output): (BF16, BF16), (FLOAT16, FLOAT16), (FLOAT, FLOAT)
GELU_MUL_DTYPES = {"Ascend910B": DTYPES, "Ascend910_93": DTYPES, "Ascend950": DTYPES, "default": ()}
GELU_MUL_CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/gelu_mul/op_host/gelu_mul_def.cpp"),
    ("GeluMul op definition (the generated aclnnGeluMulGetWorkspaceSize)", NotNull("input", "out"),
     DtypeIn("input", dtypes=GELU_MUL_DTYPES), SameDtype("input", "out")),
    ("docs/aclnnGeluMul.md: input and out of 2-8 dims", Rank("input", "out", max=8)),
    ("GeluMulTiling::RunBigKernelTiling (gelu_mul_tiling.cpp)",
     Require(tiling_refuses, "approximate; rank >= 2; last dim 1-1024 and even; batch <= 200000",
             status=561002, names=("input", "approximateOptional"))),
    ("InferShape4GeluMul (gelu_mul_infershape.cpp)",
     Require(out_shape_is_inferred, "out: input's shape, last dim halved", names=("input", "out"))),
    ("docs/aclnnGeluMul.md: empty Tensor supported", EmptyReturn("input")),
)


def kernel_for(attrs):
    return ("gelu_mul_tanh" if _approximate(attrs[0]) == "tanh" else "gelu_mul_erf"), ()


GELU_MUL = register(ElementwiseOp(
    name="GeluMul",
    snake="gelu_mul",
    params=(Input("input", split=-1), Str("approximateOptional", "none", optional=True),
            Output("out", const=True)),
    dtypes={"default": DTYPES, "Ascend910": (), "Ascend310P": ()},
    kernel="gelu_mul_erf",
    kernel_for=kernel_for,
    tiling_check=tiling_check,
    tiling=tiling,
    broadcast="never",
    mixed="never",
    min_rank=2,     # the doc's 2-8 (the sequence's tiling step refuses fewer dims first, 561002)
    checks=GELU_MUL_CHECKS,
    info={"reference": reference, "domain": (-4.0, 4.0),
          "attrs": [("none",), ("tanh",), (None,)],
          "bad_attrs": lambda ndim: [(("gelu",), 561002)] if ndim >= 2 else []},
    doc=__doc__,
))
