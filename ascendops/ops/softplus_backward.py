"""aclnnSoftplusBackward: gradInput = gradOutput if beta * self > threshold, else
gradOutput / (1 + exp(-beta * self)).

CANN (hicann/ops-nn@e5c3fa93 activation/softplus_v2_grad/op_api/
aclnn_softplus_backward.cpp, docs/aclnnSoftplusBackward.md): gradOutput and gradInput
in FLOAT, FLOAT16, DOUBLE (BFLOAT16 on Ascend910B, Ascend910_93 and regbase SoCs); self
also INT8/16/32/64, UINT8 and BOOL; inputs outside the kernels' FLOAT/FLOAT16/BF16 (and
differing ones) are Cast to FLOAT, the kernel runs in FLOAT and the result is cast to
gradInput's dtype, which is only checked against the list (a FLOAT16 gradOutput with an
integer self is cast to FLOAT16 here, their promoted dtype, not to FLOAT); the three
shapes are equal (no broadcast), ranks at most 8. beta and threshold are aclScalars read
with ToFloat after the checks and the empty return, never checked by CANN: a complex one
is ToFloat's 0 (aclScalar::To<float> has no complex case), a null one would crash there
(here it is 161001, from the Param: also with an empty tensor, which CANN returns before
reading it). An empty tensor returns after the checks. The sequence
(SOFTPLUS_BACKWARD_CHECKS) is CANN's, in its order. Math: src/ops/softplus_backward.h."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input, NotNull, Output, Rank,
                           Require, SameShape, Scalar, When, register)
from ascendops.ops._activation_grad import errstate, f32, f64, tiling


def reference(grad_output, x, beta=1.0, threshold=20.0):
    x, g = f64(x), f64(grad_output)
    b, th = f32(beta), f32(threshold)
    with errstate():
        bx = b * x
        return np.where(bx > th, g, g / (1.0 + np.exp(-bx)))


def to_float(v):
    """aclScalar::ToFloat: To<float>(), whose switch has no case for a complex dtype (it
    falls through to the default: 0)."""
    return 0.0 if isinstance(v, (complex, np.complexfloating)) else float(v)


def _kernel_for(attrs):
    return "softplus_backward", (to_float(attrs[0]), to_float(attrs[1]))


# GetDtypeSupportList / GetSelfDtypeSupportList: the 910B lists on regbase SoCs and the
# SocVersions ASCEND910B and ASCEND910_93, the 910 lists elsewhere
_LIST = ("float32", "float16", "float64")
_SELF_LIST = ("int8", "int16", "int32", "int64", "uint8", "float16", "float32", "float64", "bool")
GRAD_DTYPES = {"regbase": _LIST + ("bfloat16",), "Ascend910B": _LIST + ("bfloat16",),
               "Ascend910_93": _LIST + ("bfloat16",), "default": _LIST}
SELF_DTYPES = {"regbase": _SELF_LIST + ("bfloat16",), "Ascend910B": _SELF_LIST + ("bfloat16",),
               "Ascend910_93": _SELF_LIST + ("bfloat16",), "default": _SELF_LIST}
KERNEL_SUPPORT_LIST = ("float32", "float16", "bfloat16")


def _outside_kernel_list(ctx):
    return not all(ctx.dtype(n).name in KERNEL_SUPPORT_LIST for n in ("gradOutput", "self"))


def inputs_cast_to_float(ctx):
    """OP_CHECK_RESULT_DTYPE_CAST_FAILED(gradOutput / self, DT_FLOAT): every dtype of the
    lists casts to FLOAT (no complex is listed), so this never refuses."""
    for n in ("gradOutput", "self"):
        d = ctx.dtype(n)
        if d.name.startswith("complex"):
            return "Result type %s can't be cast to the desired output type DT_FLOAT." % d.log_name
    return None


SOFTPLUS_BACKWARD_CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/softplus_v2_grad/op_api/aclnn_softplus_backward.cpp"),
    ("CheckNotNull", NotNull("gradOutput", "self", "gradInput")),
    ("CheckDtypeValid", DtypeIn("gradOutput", dtypes=GRAD_DTYPES), DtypeIn("self", dtypes=SELF_DTYPES),
     DtypeIn("gradInput", dtypes=GRAD_DTYPES),
     When(_outside_kernel_list, "gradOutput or self outside KERNEL_SUPPORT_LIST",
          Require(inputs_cast_to_float, "gradOutput and self castable to FLOAT", names=("gradOutput", "self")))),
    ("CheckShape", Rank("gradOutput", "self", "gradInput", max=8), SameShape("self", "gradOutput"),
     SameShape("self", "gradInput")),
    ("aclnnSoftplusBackwardGetWorkspaceSize", EmptyReturn("gradOutput", "self", "gradInput")),
)


SOFTPLUS_BACKWARD = register(ElementwiseOp(
    name="SoftplusBackward",
    snake="softplus_backward",
    # beta and threshold: any aclScalar (CANN checks neither; ToFloat reads a complex one as 0)
    params=(Input("gradOutput"), Input("self"), Scalar("beta", 1.0), Scalar("threshold", 20.0), Output("gradInput")),
    kernel="softplus_backward",     # attrs[0] beta, attrs[1] threshold
    kernel_for=_kernel_for,
    dtypes=("float32", "float16", "bfloat16", "float64"),
    input_dtypes=("float32", "float16", "bfloat16", "float64", "int8", "int16", "int32", "int64", "uint8", "bool"),
    input_dtypes_of=("self",),
    compute={"float64": "float32"},
    tiling=tiling,
    broadcast="never",
    mixed="always",
    out_dtype="unchecked",
    checks=SOFTPLUS_BACKWARD_CHECKS,
    info={"reference": reference, "domain": [(-2.0, 2.0), (-8.0, 8.0)],
          # DOUBLE is computed in FLOAT (Cast first): float32's 16 ulps in float64's eps
          "ulps": {"float64": 16 * 2 ** 29},
          "attrs": [(1.0, 20.0), (2.0, 3.0), (0.5, 1.0), (-1.0, 2.0)],
          "bad_attrs": [((None, 20.0), 161001), ((1.0, None), 161001)],
          "torch": lambda t, g, x, b, th: t.ops.aten.softplus_backward(g, x, b, th),
          "attr_docs": {"beta": "the scale of self (a number; a complex one reads as 0, as CANN's ToFloat)",
                        "threshold": "above it (beta * self) the gradient passes through (a number; complex: 0)"}},
    doc=__doc__,
))
