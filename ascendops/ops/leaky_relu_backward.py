"""aclnnLeakyReluBackward: out = gradOutput if self > 0 else gradOutput * negativeSlope.

selfIsResult says self is the forward's output (an in-place LeakyRelu); then a negative
negativeSlope cannot be undone: 161002 ("In-place leakyRelu backward calculation is
triggered with a negativeSlope which is not supported").

CANN (hicann/ops-nn@e5c3fa93 activation/leaky_relu_grad/op_api/
aclnn_leaky_relu_backward.cpp, docs/aclnnLeakyReluBackward.md): gradOutput and self in
the support list (FLOAT, FLOAT16, DOUBLE, BFLOAT16 on DAV_2201 and regbase SoCs; a
DOUBLE promoted dtype runs CANN's AI-CPU LeakyReluGrad in float64 with the float slope:
the body in float64, src/wide.c); they broadcast and promote on
every SoC, out has the broadcast shape and a dtype castable from the promoted one;
ranks at most 8; negativeSlope is a real scalar (CANN's scalar support list); an empty
self returns after the checks. Math: src/ops/leaky_relu_backward.h."""
import numpy as np

from ascendops._core import AclnnInvalidParamError
from ascendops.ops import Bool, ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops._activation_grad import f32, f64, real, tiling


def reference(grad_output, x, negative_slope=0.01, self_is_result=False):
    x, g = f64(x), f64(grad_output)
    return np.where(x > 0.0, g, g * f32(negative_slope))


def _kernel_for(attrs):
    slope, self_is_result = attrs
    if self_is_result and slope < 0:
        raise AclnnInvalidParamError(
            "In-place leakyRelu backward calculation is triggered with a negativeSlope which is not supported, "
            "while negativeSlope: [%e], selfIsResult: [1]. This is caused by calling in-place forward function "
            "with a negative slope, please call out-of-place version instead." % slope)
    return "leaky_relu_backward", (f32(slope),)


LEAKY_RELU_BACKWARD = register(ElementwiseOp(
    name="LeakyReluBackward",
    snake="leaky_relu_backward",
    params=(Input("gradOutput"), Input("self"), Scalar("negativeSlope", 0.01, check=real), Bool("selfIsResult", False),
            Output("out")),
    kernel="leaky_relu_backward",
    kernel_for=_kernel_for,
    dtypes=("float32", "float16", "bfloat16", "float64"),
    tiling=tiling,
    broadcast="always",
    mixed="always",
    out_dtype="castable",
    info={"reference": reference, "specials": [None, (0.0, -0.0)],
          "attrs": [(0.01, False), (-0.2, False), (0.3, True)],
          "bad_attrs": [((None, False), 161001), ((0.01, None), 161001), ((-0.5, True), 161002),
                        ((1j, False), 161002), ((0.01, 1), 161002)],
          "torch": lambda t, g, x, s, r: t.ops.aten.leaky_relu_backward(g, x, s, r),
          "attr_docs": {"negative_slope": "the slope where self <= 0 (a real number)",
                        "self_is_result": "self is the forward's output (then negative_slope must be >= 0)"}},
    doc=__doc__,
))
