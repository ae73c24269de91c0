"""aclnnGeluMul: out = gelu(x1) * x2, x1 and x2 the first and second half of input along
its last dim; approximateOptional "none" is GeLU's erf form, "tanh" its tanh form (a null
string is "none").

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921 activation/gelu_mul/:
docs/aclnnGeluMul.md, op_host/gelu_mul_def.cpp, op_host/gelu_mul_tiling.cpp; CANN generates
this aclnn API from the op definition, so there is no op_api source and no op_api unit
test): aclnnGeluMulGetWorkspaceSize(const aclTensor *input, char *approximateOptional,
const aclTensor *out, ...) (`const` on out, as CANN's generated header has it). Dtypes (the op definition): BFLOAT16, FLOAT16, FLOAT on Ascend910B,
Ascend910_93 and Ascend950, none on Ascend910 and Ascend310P (no AI Core config); out of
input's dtype; ranks 2-8 (the doc; the tiling refuses fewer than 2); out of input's shape
with the last dim halved (161002); an empty input returns success (the doc: "支持空Tensor";
the tiling's "last dim can not be zero" is not modelled). The tiling's checks (561002,
ACLNN_ERR_INNER_TILING_ERROR), before the shape checks: approximate "none" or "tanh", the
last dim even and at most 1024, the product of the other dims at most 200000. The rank
range is the declaration's (161002), checked before the tiling: a 1-d input, which CANN's
tiling refuses with 561002, is 161002 here. Math: src/ops/gelu_mul_tanh.h, gelu_mul_erf.h (GeLU as aclnnGelu / GeluV2 compute
it here, fp32, one rounding for 16-bit; CANN's kernel has its own erf polynomial)."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Str, register
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
    """gelu_mul_tiling.cpp: GetTilingAttr (approximate), ShapeCheck (last dim, batch)."""
    shape = shapes[0]
    if _approximate(attrs[0]) not in ("none", "tanh"):
        return "Approximate can only be 'tanh' or 'none'."
    if shape[-1] % 2:
        return "Last dim size should be even."
    last, batch = shape[-1], int(np.prod(shape[:-1], dtype=np.int64))
    if last > 1024:
        return "Last dim size should be no more than 1024."
    if batch > 200000:
        return "Batch dim size should be no more than 200000."
    return None


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
    min_rank=2,     # the doc's 2-8 (CANN's tiling refuses a 1-d input, 561002: see cann_ut/gelu_mul.py)
    info={"reference": reference, "domain": (-4.0, 4.0),
          "attrs": [("none",), ("tanh",), (None,)],
          "bad_attrs": lambda ndim: [(("gelu",), 561002)] if ndim >= 2 else []},
    doc=__doc__,
))
