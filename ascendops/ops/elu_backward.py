"""aclnnEluBackward: the gradient of ELU, x = selfOrResult:
  isResult false (x the forward's input):  gradInput = gradOutput * (scale if x > 0 else
      inputScale * alpha * scale * exp(x * inputScale));
  isResult true (x the forward's output):  gradInput = gradOutput * (scale if x > 0 else
      inputScale * (x + alpha * scale)); alpha must then be >= 0 (161002: "In-place elu
      backward calculation is triggered with a negative slope which is not supported").

CANN (hicann/ops-nn@e5c3fa93 activation/elu_grad_v2/op_api/aclnn_elu_backward.cpp,
docs/aclnnEluBackward.md): gradOutput and selfOrResult have one dtype (FLOAT, FLOAT16;
BFLOAT16 on DAV_2201 and regbase SoCs) and one shape (no broadcast), rank at most 8;
gradInput has that shape and any dtype the input dtype can be cast to (the result is
cast: DOUBLE, COMPLEX64/128 with imaginary 0 included); alpha, scale and inputScale are
aclScalars castable to FLOAT; isResult with alpha < 0 (as ToFloat) is checked after the
shapes and, like every check, before an empty gradOutput returns (check sequence:
CHECKS). The kernel takes alpha * scale as one fp32 constant (negcoef, computed on the
host). Math: src/ops/elu_backward.h, src/ops/elu_backward_result.h."""
import numpy as np

from ascendops.ops import (Bool, CannSource, CanCast, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input, NotNull,
                           Output, Rank, Require, SameDtype, SameShape, Scalar, register)
from ascendops.ops._activation import scalar_castable_to_float
from ascendops.ops._activation_grad import errstate, f32, f64, tiling


def reference(grad_output, self_or_result, alpha=1.0, scale=1.0, input_scale=1.0, is_result=False):
    x, g = f64(self_or_result), f64(grad_output)
    a, s, i = (f32(v) for v in (alpha, scale, input_scale))
    with errstate():
        neg = i * (x + a * s) if is_result else i * a * s * np.exp(x * i)
        return g * np.where(x <= 0.0, neg, s)


def _kernel_for(attrs):
    alpha, scale, input_scale, is_result = f32(attrs[0]), f32(attrs[1]), f32(attrs[2]), attrs[3]
    negcoef = float(np.float32(alpha) * np.float32(scale))   # fp32 on CANN's host
    return ("elu_backward_result" if is_result else "elu_backward"), (negcoef, scale, input_scale)


def _no_negative_alpha_with_result(ctx):
    """CheckAttributeValue: `isResult && alpha->ToFloat() < 0` (ToFloat: -1e-50 is -0, not < 0)."""
    if ctx.values["isResult"] and f32(ctx.values["alpha"]) < 0.0:
        return ("In-place elu backward calculation is triggered with a negative slope which is not supported. "
                "This is caused by calling in-place forward function with a negative slope, please call "
                "out-of-place version instead.")
    return None


# CheckDtypeValid: DTYPE_SUPPORT_LIST_WITH_BF16 where the arch is DAV_2201 or IsRegbase()
DTYPES = {"DAV_2201": ("float32", "float16", "bfloat16"), "regbase": ("float32", "float16", "bfloat16"),
          "default": ("float32", "float16")}
CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/elu_grad_v2/op_api/aclnn_elu_backward.cpp"),
    ("CheckNotNull", NotNull("gradOutput", "alpha", "scale", "inputScale", "selfOrResult", "gradInput")),
    ("CheckDtypeValid", SameDtype("gradOutput", "selfOrResult"), DtypeIn("gradOutput", dtypes=DTYPES),
     Require(scalar_castable_to_float("alpha"), "CanCast(alpha, FLOAT)", names=("alpha",)),
     Require(scalar_castable_to_float("scale"), "CanCast(scale, FLOAT)", names=("scale",)),
     Require(scalar_castable_to_float("inputScale"), "CanCast(inputScale, FLOAT)", names=("inputScale",)),
     CanCast("gradOutput", "gradInput")),
    ("CheckShape", SameShape("gradOutput", "selfOrResult"), SameShape("gradOutput", "gradInput"),
     Rank("gradOutput", max=8)),
    ("CheckAttributeValue", Require(_no_negative_alpha_with_result, "isResult needs alpha >= 0",
                                    names=("alpha", "isResult"))),
    ("aclnnEluBackwardGetWorkspaceSize", EmptyReturn("gradOutput")),
)

ELU_BACKWARD = register(ElementwiseOp(
    name="EluBackward",
    snake="elu_backward",
    # CANN's order: the attributes sit between the two tensors. Neither CANN nor PyTorch's
    # elu_backward has defaults; these are ELU's (alpha 1, no scaling) on the forward's input.
    params=(Input("gradOutput"), Scalar("alpha", 1.0), Scalar("scale", 1.0), Scalar("inputScale", 1.0),
            Bool("isResult", False), Input("selfOrResult"), Output("gradInput")),
    kernel="elu_backward",
    kernel_for=_kernel_for,
    dtypes=("float32", "float16", "bfloat16"),
    out_dtypes="writable",
    out_dtype="castable",
    checks=CHECKS,
    tiling=tiling,
    broadcast="never",
    mixed="never",
    info={"reference": reference, "domain": [(-2.0, 2.0), (-4.0, 3.0)], "specials": [None, (0.0, -0.0)],
          "attrs": [(1.0, 1.0, 1.0, False), (1.0, 1.0, 1.0, True), (1.6732632, 1.0507010, 1.0, False),
                    (0.5, 2.0, 1.5, True), (-0.5, 1.0, 2.0, False)],
          "bad_attrs": [((None, 1.0, 1.0, False), 161001), ((1.0, None, 1.0, False), 161001),
                        ((1.0, 1.0, None, False), 161001), ((-0.5, 1.0, 1.0, True), 161002),
                        ((1.0, 1j, 1.0, False), 161002), ((1.0, 1.0, 1.0, None), 161001)],
          "torch": lambda t, g, x, a, s, i, r: t.ops.aten.elu_backward(g, a, s, i, r, x),
          "attr_docs": {"alpha": "ELU's alpha (>= 0 when is_result)", "scale": "the output scale",
                        "input_scale": "the input scale",
                        "is_result": "self_or_result is the forward's output (else its input)"}},
    doc=__doc__,
))
