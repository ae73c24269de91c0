"""aclnnLeakyReluBackward: out = gradOutput if self > 0 else gradOutput * negativeSlope.

selfIsResult says self is the forward's output (an in-place LeakyRelu); then a negative
negativeSlope cannot be undone: 161002 ("In-place leakyRelu backward calculation is
triggered with a negativeSlope which is not supported").

CANN (hicann/ops-nn@e5c3fa93 activation/leaky_relu_grad/op_api/
aclnn_leaky_relu_backward.cpp, docs/aclnnLeakyReluBackward.md): gradOutput and self in
the support list (FLOAT, FLOAT16, DOUBLE, BFLOAT16 on DAV_2201 and regbase SoCs; a
DOUBLE promoted dtype runs CANN's AI-CPU LeakyReluGrad in float64 with the float slope:
the body in float64, src/wide.c); they broadcast and promote on
every SoC, out has the broadcast shape and a dtype castable from the promoted one (any
float or complex dtype: CanCast alone); ranks of gradOutput and self at most 8;
negativeSlope's dtype in CANN's scalar support list (FLOAT, FLOAT16, DOUBLE, INT32,
INT64, INT8, UINT8, BOOL, INT16; BF16 with the BF16 list); selfIsResult with a negative
slope (as a double) is refused after the shapes and before the promotion; an empty self
returns after every check (check sequence: CHECKS). Math: src/ops/leaky_relu_backward.h."""
import numpy as np

from ascendops.ops import (Bool, Broadcast, CannSource, CanCast, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input,
                           NotNull, Output, Promote, Rank, Require, Scalar, register)
from ascendops.ops._activation_grad import f32, f64, tiling


def reference(grad_output, x, negative_slope=0.01, self_is_result=False):
    x, g = f64(x), f64(grad_output)
    return np.where(x > 0.0, g, g * f32(negative_slope))


def _kernel_for(attrs):
    return "leaky_relu_backward", (f32(attrs[0]),)


def _no_negative_slope_with_result(ctx):
    """CheckIsResult: `selfIsResult && negativeSlope->ToDouble() < 0.0` (the double value:
    -1e-50 is refused, unlike EluBackward's ToFloat)."""
    slope = float(ctx.values["negativeSlope"])
    if ctx.values["selfIsResult"] and slope < 0.0:
        return ("In-place leakyRelu backward calculation is triggered with a negativeSlope which is not supported, "
                "while negativeSlope: [%e], selfIsResult: [1]. This is caused by calling in-place forward "
                "function with a negative slope, please call out-of-place version instead." % slope)
    return None


# GetDtypeSupportList / GetScalarSupportList: the ASCEND910B lists (with BF16) on DAV_2201
# or IsRegbase(arch)
DTYPES = ("float32", "float16", "float64")
SCALAR_DTYPES = ("float32", "float16", "float64", "int32", "int64", "int8", "uint8", "bool", "int16")
DTYPES_BY_SOC = {"DAV_2201": DTYPES + ("bfloat16",), "regbase": DTYPES + ("bfloat16",), "default": DTYPES}
SCALAR_DTYPES_BY_SOC = {"DAV_2201": SCALAR_DTYPES + ("bfloat16",), "regbase": SCALAR_DTYPES + ("bfloat16",),
                        "default": SCALAR_DTYPES}
CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/leaky_relu_grad/op_api/aclnn_leaky_relu_backward.cpp"),
    ("CheckNotNull", NotNull("gradOutput", "self", "negativeSlope", "out")),
    ("CheckDtypeValid", DtypeIn("gradOutput", dtypes=DTYPES_BY_SOC), DtypeIn("self", dtypes=DTYPES_BY_SOC),
     DtypeIn("negativeSlope", dtypes=SCALAR_DTYPES_BY_SOC)),
    ("CheckShape", Rank("gradOutput", max=8), Rank("self", max=8), Broadcast("gradOutput", "self", out="out")),
    ("CheckIsResult", Require(_no_negative_slope_with_result, "selfIsResult needs negativeSlope >= 0",
                              names=("negativeSlope", "selfIsResult"))),
    ("CheckPromoteType", Promote("gradOutput", "self"), CanCast("promoted", "out")),
    ("aclnnLeakyReluBackwardGetWorkspaceSize", EmptyReturn("self")),
)


LEAKY_RELU_BACKWARD = register(ElementwiseOp(
    name="LeakyReluBackward",
    snake="leaky_relu_backward",
    params=(Input("gradOutput"), Input("self"), Scalar("negativeSlope", 0.01), Bool("selfIsResult", False),
            Output("out")),
    kernel="leaky_relu_backward",
    kernel_for=_kernel_for,
    dtypes=("float32", "float16", "bfloat16", "float64"),
    tiling=tiling,
    broadcast="always",
    mixed="always",
    out_dtype="castable",
    out_dtypes="writable",
    checks=CHECKS,
    info={"reference": reference, "specials": [None, (0.0, -0.0)],
          "attrs": [(0.01, False), (-0.2, False), (0.3, True)],
          "bad_attrs": [((None, False), 161001), ((0.01, None), 161001), ((-0.5, True), 161002),
                        ((1j, False), 161002), ((0.01, 1), 161002)],
          "torch": lambda t, g, x, s, r: t.ops.aten.leaky_relu_backward(g, x, s, r),
          "attr_docs": {"negative_slope": "the slope where self <= 0 (a real number)",
                        "self_is_result": "self is the forward's output (then negative_slope must be >= 0)"}},
    doc=__doc__,
))
