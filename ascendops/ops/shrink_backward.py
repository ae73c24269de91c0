"""aclnnHardshrinkBackward and aclnnSoftshrinkBackward: gradInput = gradOutput where
|self| > lambd, else 0 (and gradOutput where self is NaN). The two ops compute the same
function; their checks differ.

HardshrinkBackward (hicann/ops-nn@e5c3fa93 activation/hard_shrink_grad/op_api/
aclnn_hardshrink_backward.cpp; the check sequence below): the three tensors in the support
list (FLOAT, FLOAT16; BFLOAT16 on DAV_2201 and regbase SoCs); ranks at most 8; gradOutput
and self promote (the promoted dtype in the list, gradInput castable from it) on every
SoC; then an empty gradOutput or self returns success, before the broadcast check
(gradOutput and self broadcast, gradInput of the broadcast shape). A negative lambd is
taken as 0 (no error).
SoftshrinkBackward (activation/soft_shrink_grad/op_api/aclnn_softshrink_backward.cpp): the
three tensors in the support list (no BFLOAT16 on Ascend910/Ascend310P); gradOutput and
self at most 8 dims, broadcast, gradInput of the broadcast shape; a negative lambd is
161002 ("lambd should be greater or equal to 0"), after the dtype and shape checks; then
an empty gradOutput or gradInput returns success. Differing input dtypes are computed in
FLOAT (the promoted dtype of any two of the list); gradInput only has to be in the list.
Neither op checks lambd's dtype: aclScalar::ToFloat reads a complex scalar as 0 (its
To<float> has no case for it and returns its default).
Math: src/ops/shrink_backward.h."""
import numpy as np

from ascendops.ops import (Broadcast, CanCast, CannSource, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input,
                           NotNull, Output, Promote, Rank, Require, Scalar, register)
from ascendops.ops._activation_grad import f32, f64, tiling


def reference(grad_output, x, lambd=0.5):
    x, g = f64(x), f64(grad_output)
    lam = max(f32(lambd), 0.0)
    return np.where((np.abs(x) > lam) | np.isnan(x), g, 0.0)


def to_float(lambd):
    """aclScalar::ToFloat: the value as fp32; 0 for a complex scalar (To<float> has no case
    for COMPLEX64/COMPLEX128 and returns its default, 0: opbase's aclScalar::To)."""
    if isinstance(lambd, (complex, np.complexfloating)):
        return 0.0
    return f32(lambd)


def _hard_kernel_for(attrs):
    # CANN: `if (lambdFloat < 0) lambdFloat = 0;`
    return "shrink_backward", (max(to_float(attrs[0]), 0.0),)


def lambd_nonnegative(ctx):
    """SoftshrinkBackward's CheckParams: lambd->ToFloat() < 0.0f -> 161002 (a NaN passes)."""
    v = to_float(ctx.values["lambd"])
    if v < 0.0:
        return "lambd should be greater or equal to 0, but found to be [%f]." % v
    return None


DTYPES = ("float32", "float16", "bfloat16")
COMMIT = "e5c3fa9327ea95ba26d06227e746923580d10921"
# HardshrinkBackward's GetDtypeSupportList: ASCEND910B_DTYPE_SUPPORT_LIST on DAV_2201 and
# regbase SoCs, else ASCEND910_DTYPE_SUPPORT_LIST
HARD_DTYPES = {"DAV_2201": DTYPES, "regbase": DTYPES, "default": ("float32", "float16")}
HARD_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/hard_shrink_grad/op_api/aclnn_hardshrink_backward.cpp"),
    ("CheckNotNull", NotNull("gradOutput", "self", "lambd", "gradInput")),
    ("CheckDtypeValid", DtypeIn("gradOutput", dtypes=HARD_DTYPES), DtypeIn("self", dtypes=HARD_DTYPES),
     DtypeIn("gradInput", dtypes=HARD_DTYPES)),
    ("CheckShape", Rank("gradOutput", "self", "gradInput", max=8)),
    ("CheckPromoteType", Promote("gradOutput", "self"), DtypeIn("promoted", dtypes=HARD_DTYPES),
     CanCast("promoted", "gradInput")),
    ("aclnnHardshrinkBackwardGetWorkspaceSize", EmptyReturn("gradOutput", "self")),
    ("CheckShapeBroadcast", Broadcast("gradOutput", "self", out="gradInput")),
)
# SoftshrinkBackward's GetDtypeSupportList: ASCEND910_DTYPE_SUPPORT_LIST on ASCEND910 and
# ASCEND310P, else ASCEND910B_DTYPE_SUPPORT_LIST
SOFT_DTYPES = {"Ascend910": ("float32", "float16"), "Ascend310P": ("float32", "float16"), "default": DTYPES}
SOFT_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/soft_shrink_grad/op_api/aclnn_softshrink_backward.cpp"),
    ("CheckNotNull", NotNull("gradOutput", "self", "lambd", "gradInput")),
    ("CheckDtypeValid", DtypeIn("gradOutput", "self", "gradInput", dtypes=SOFT_DTYPES)),
    ("CheckShapeValid", Rank("gradOutput", "self", max=8), Broadcast("gradOutput", "self", out="gradInput")),
    ("CheckParams", Require(lambd_nonnegative, "lambd->ToFloat() >= 0", names=("lambd",))),
    ("aclnnSoftshrinkBackwardGetWorkspaceSize", EmptyReturn("gradOutput", "gradInput")),
)


_COMMON = dict(
    kernel="shrink_backward",
    dtypes=("float32", "float16", "bfloat16"),
    tiling=tiling,
    broadcast="always",
    mixed="always",
)

HARDSHRINK_BACKWARD = register(ElementwiseOp(
    name="HardshrinkBackward",
    snake="hardshrink_backward",
    params=(Input("gradOutput"), Input("self"), Scalar("lambd", 0.5), Output("gradInput")),
    kernel_for=_hard_kernel_for,
    out_dtype="castable",
    empty_first="before_shapes",   # IsEmpty() before CheckShapeBroadcast
    checks=HARD_CHECKS,
    info={"reference": reference, "specials": [None, (0.5, -0.5, 0.0)],
          "attrs": [(0.5,), (0.0,), (1.25,), (-1.0,)],
          "bad_attrs": [((None,), 161001), (("x",), 161002)],
          "torch": lambda t, g, x, l: t.ops.aten.hardshrink_backward(g, x, max(l, 0.0)),
          "attr_docs": {"lambd": "the half-width of the zero band (negative: 0)"}},
    doc=__doc__,
    **_COMMON,
))

SOFTSHRINK_BACKWARD = register(ElementwiseOp(
    name="SoftshrinkBackward",
    snake="softshrink_backward",
    # CANN's header names it `lambda` (a Python keyword): lambd here, as HardshrinkBackward's.
    params=(Input("gradOutput"), Input("self"), Scalar("lambd", 0.5), Output("gradInput")),
    kernel_for=lambda attrs: ("shrink_backward", (to_float(attrs[0]),)),
    out_dtype="unchecked",
    checks=SOFT_CHECKS,
    info={"reference": reference, "specials": [None, (0.5, -0.5, 0.0)],
          "attrs": [(0.5,), (0.0,), (1.25,)],
          "bad_attrs": [((None,), 161001), ((-0.5,), 161002), (("x",), 161002)],
          "torch": lambda t, g, x, l: t.ops.aten.softshrink_backward(g, x, l),
          "attr_docs": {"lambd": "the half-width of the zero band (>= 0)"}},
    doc=__doc__,
    **_COMMON,
))
