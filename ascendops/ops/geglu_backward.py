"""aclnnGeGluBackward and aclnnGeGluV3Backward: gradInput of GeGlu / GeGluV3, its halves
along `dim`. With (act, lin) = (B, A), the halves of self (V3's activateLeft=True: (A, B)),
grad(lin) = gradOutput * gelu and grad(act) = gelu'(act) * (gradOutput * lin), where gelu
is the forward's outGelu = gelu(act); approximate 0 is GeLU's erf form, 1 its tanh form.

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921
activation/ge_glu_grad_v2/op_host/op_api/aclnn_geglu_backward.cpp, docs/aclnnGeGluBackward.md,
aclnnGeGluV3Backward.md): aclnnGeGluBackwardGetWorkspaceSize(const aclTensor *gradOutput,
const aclTensor *self, const aclTensor *gelu, int64_t dim, int64_t approximate,
aclTensor *gradInput, ...), V3 with bool activateLeft after approximate.
The check sequence (GEGLU_BACKWARD_CHECKS, in the source's order, V3's too): CheckNotNull
(gradOutput, self, gelu, gradInput: 161001); CheckDtypeValid: gradOutput FLOAT16, FLOAT
(+ BFLOAT16 on DAV_2201 and regbase SoCs), self, gelu and gradInput of its dtype;
CheckShape: gelu of gradOutput's shape, gradInput of self's, dim in [-n, n) with
n = max(self's rank, 1), gradOutput of rank n, its size at dim half self's and its other
dims self's; CheckAttributeValue: approximate 0 or 1 (all 161002); then an empty
gradOutput returns success. A 0-d self passes with gradOutput and gelu of shape (0,)
(GetDim(0) of a 0-d shape reads 0) and a 0-d gradInput: success, as the empty return.
No rank cap in the source (no OP_CHECK_MAX_DIM; the doc's 1-8 is not checked): 9-d
runs. The doc restricts approximate to 1 on Atlas inference products; the source does not
check it, and neither does this declaration.
Math: src/ops/geglu_backward_tanh.h, geglu_backward_erf.h (one kernel per approximation,
four inputs: gradOutput, self's two halves, gelu; two results: gradInput's halves), in
CANN's kernel order (op_kernel/ge_glu_grad_v2_tanh_base.h, _erf_base.h), fp32 with one
rounding for 16-bit. CANN's float16 kernel rounds gradOutput * lin to float16 before the
gelu' product, and its erf form uses a clipped rational erf in cdf = 0.5 erf(x / sqrt 2) +
0.5, which cancels for x < -sqrt 2; here both are fp32, and cdf is Phi(x) without the
cancellation (vmath.h ao_normal_cdff, as GeluBackward's; docs/ops.md)."""
import math

import numpy as np

from ascendops._core import Bool, ElementwiseOp, Input, Int, Output, register
from ascendops.ops import CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Require, SameDtype, SameShape
from ascendops.ops._gated import DTYPES, halves, tiling3

GEGLU_BACKWARD_SOURCE = CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
                                    "activation/ge_glu_grad_v2/op_host/op_api/aclnn_geglu_backward.cpp")
# GetDtypeSupportList: DTYPE_DTYPE_SUPPORT_LIST_WITH_BF16 on DAV_2201 and regbase SoCs
GEGLU_BACKWARD_DTYPES = {"DAV_2201": DTYPES, "regbase": DTYPES, "default": ("float16", "float32")}


def _dim_size(shape, i):
    """op::Shape::GetDim(i): the size, 0 past the rank (a 0-d shape's dims are zeroed)."""
    return shape[i] if i < len(shape) else 0


def geglu_backward_dim_in_range(ctx):
    """CheckShape / CheckDimInRange: dim in [-n, n - 1], n = self's rank (1 for 0-d)."""
    n, dim = max(len(ctx.tensor("self").shape), 1), ctx.values["dim"]
    if dim >= n or dim < -n:
        return "expected dim to be in range of [%d, %d], but got %d." % (-n, n - 1, dim)


def geglu_backward_grad_output_rank(ctx):
    """CheckShape: gradOutput's rank is n (self's, 1 for a 0-d self)."""
    n = max(len(ctx.tensor("self").shape), 1)
    if len(ctx.tensor("gradOutput").shape) != n:
        return "gradOutput: %r and self: %r must have same dimensions" % (ctx.tensor("gradOutput").shape,
                                                                          ctx.tensor("self").shape)


def geglu_backward_grad_output_dims(ctx):
    """CheckGradOutputDims: gradOutput's size at dim half self's, its other dims self's."""
    g, x = ctx.tensor("gradOutput").shape, ctx.tensor("self").shape
    n = max(len(x), 1)
    d = ctx.values["dim"] + n if ctx.values["dim"] < 0 else ctx.values["dim"]
    for i in range(n):
        if i == d and _dim_size(g, i) * 2 != _dim_size(x, i):
            return ("the last dimension of gradOutput: %r must be the half of the last dimension of self: %r"
                    % (g, x))
        if i != d and _dim_size(g, i) != _dim_size(x, i):
            return ("except for the last dimension, all other dimensions of gradOutput: %r and self: %r must "
                    "equal" % (g, x))


def geglu_backward_approximate(ctx):
    """CheckAttributeValue: approximate 0 or 1."""
    v = ctx.values["approximate"]
    return None if v in (0, 1) else "expected approximate to be 0 or 1, but got %d." % v


GEGLU_BACKWARD_CHECKS = Checks(
    GEGLU_BACKWARD_SOURCE,
    ("CheckNotNull", NotNull("gradOutput", "self", "gelu", "gradInput")),
    ("CheckDtypeValid", DtypeIn("gradOutput", dtypes=GEGLU_BACKWARD_DTYPES),
     SameDtype("gradOutput", "self", "gelu", "gradInput")),
    ("CheckShape", SameShape("gradOutput", "gelu"), SameShape("self", "gradInput"),
     Require(geglu_backward_dim_in_range, "dim in [-n, n), n = max(rank, 1)", names=("self", "dim")),
     Require(geglu_backward_grad_output_rank, "gradOutput of self's rank", names=("self", "gradOutput")),
     Require(geglu_backward_grad_output_dims, "gradOutput self's shape halved at dim",
             names=("self", "dim", "gradOutput"))),
    ("CheckAttributeValue", Require(geglu_backward_approximate, "approximate 0 or 1", names=("approximate",))),
    ("ExecGeGluBackwardGetWorkspaceSize", EmptyReturn("gradOutput")),
)


def gelu_grad64(x, approximate):
    """gelu'(x) in float64, CANN's formulas (golden.py of ge_glu_grad_v2)."""
    if approximate == 1:
        with np.errstate(over="ignore"):
            g1 = 1.0 / (np.exp(x * (x * x * -0.0713548162726002527220 - 1.5957691216057308)) + 1.0)
        g2 = x * x * -0.21406444881780074632901625683959062 - 1.5957691216057307117597842397375274738
        return (x * (g1 - 1.0) * g2 + 1.0) * g1
    cdf = 0.5 * np.vectorize(math.erf, otypes=[np.float64])(x / math.sqrt(2.0)) + 0.5
    pdf = np.exp(-0.5 * x * x) / math.sqrt(2.0 * math.pi)
    return cdf + x * pdf


def reference(grad_output, x, gelu, dim=-1, approximate=1, activate_left=False):
    a, b = halves(x, dim)
    act, lin = (a, b) if activate_left else (b, a)
    dy = np.asarray(grad_output, dtype=np.float64)
    grad_lin = dy * np.asarray(gelu, dtype=np.float64)
    grad_act = gelu_grad64(act, approximate) * (dy * lin)
    parts = (grad_act, grad_lin) if activate_left else (grad_lin, grad_act)
    return np.concatenate(parts, axis=dim)


def torch_reference(t, dy, x, gelu, dim=-1, approximate=1, activate_left=False):
    """PyTorch's composition (autograd of lin * gelu(act)): grad(lin) = dy * gelu,
    grad(act) = gelu_backward(dy * lin, act)."""
    a, b = t.chunk(x, 2, dim)
    act, lin = (a, b) if activate_left else (b, a)
    grad_act = t.ops.aten.gelu_backward(dy * lin, act, approximate="tanh" if approximate == 1 else "none")
    grad_lin = dy * gelu
    return t.cat((grad_act, grad_lin) if activate_left else (grad_lin, grad_act), dim)


def kernel_for(attrs):
    left = float(bool(attrs[2])) if len(attrs) > 2 else 0.0
    return ("geglu_backward_tanh" if attrs[1] == 1 else "geglu_backward_erf"), (left,)


_COMMON = dict(dtypes=DTYPES, kernel="geglu_backward_tanh", kernel_for=kernel_for, tiling=tiling3,
               broadcast="never", mixed="never", min_rank=1, max_rank=None,
               header="aclnn_geglu_backward.h", checks=GEGLU_BACKWARD_CHECKS)

GEGLU_BACKWARD = register(ElementwiseOp(
    name="GeGluBackward",
    snake="ge_glu_backward",
    params=(Input("gradOutput"), Input("self", split="dim"), Input("gelu"), Int("dim", -1),
            Int("approximate", 1), Output("gradInput", split="dim")),
    info={"reference": reference, "domain": [(-2.0, 2.0), (-4.0, 4.0), (-2.0, 2.0)],
          "attrs": lambda ndim: [(-1, 1), (0, 0)] if ndim else [(-1, 1)],
          "bad_attrs": [((-1, 2), 161002), ((-1, -1), 161002), ((5, 1), 161002)]},
    doc=__doc__, **_COMMON))

GEGLU_V3_BACKWARD = register(ElementwiseOp(
    name="GeGluV3Backward",
    snake="ge_glu_v3_backward",
    params=(Input("gradOutput"), Input("self", split="dim"), Input("gelu"), Int("dim", -1),
            Int("approximate", 1), Bool("activateLeft", False),
            Output("gradInput", split="dim")),
    info={"reference": reference, "domain": [(-2.0, 2.0), (-4.0, 4.0), (-2.0, 2.0)],
          "attrs": lambda ndim: [(-1, 1, True), (0, 0, False), (-1, 0, True)] if ndim else [(-1, 1, False)],
          "bad_attrs": [((-1, 3, False), 161002)]},
    doc=__doc__, **_COMMON))
