"""aclnnHardshrinkBackward and aclnnSoftshrinkBackward: gradInput = gradOutput where
|self| > lambd, else 0 (and gradOutput where self is NaN). The two ops compute the same
function; their checks differ.

HardshrinkBackward (hicann/ops-nn@e5c3fa93 activation/hard_shrink_grad/op_api/
aclnn_hardshrink_backward.cpp): the three tensors in the support list (FLOAT, FLOAT16;
BFLOAT16 on DAV_2201 and regbase SoCs); gradOutput and self promote (the promoted dtype
in the list, gradInput castable from it) and broadcast on every SoC; ranks at most 8; a
negative lambd is taken as 0 (no error); an empty gradOutput or self returns success
after the dtype checks and before the broadcast check (empty_first="before_shapes").
SoftshrinkBackward (activation/soft_shrink_grad/op_api/aclnn_softshrink_backward.cpp):
the three tensors in the support list (no BFLOAT16 on Ascend910/Ascend310P); differing
input dtypes are computed in FLOAT (the promoted dtype of any two of the list);
gradInput only has to be in the list; broadcast on every SoC; ranks at most 8; a
negative lambd is 161002 ("lambd should be greater or equal to 0").
Math: src/ops/shrink_backward.h."""
import numpy as np

from ascendops.ops import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops._activation_grad import f32, f64, real, tiling


def reference(grad_output, x, lambd=0.5):
    x, g = f64(x), f64(grad_output)
    lam = max(f32(lambd), 0.0)
    return np.where((np.abs(x) > lam) | np.isnan(x), g, 0.0)


def _hard_kernel_for(attrs):
    # CANN: `if (lambdFloat < 0) lambdFloat = 0;`
    return "shrink_backward", (max(f32(attrs[0]), 0.0),)


def _nonnegative(lambd):
    """SoftshrinkBackward's CheckParams: lambd < 0 -> 161002 (a complex one: real())."""
    message = real(lambd)
    if message is None and f32(lambd) < 0.0:
        message = "lambd should be greater or equal to 0, but found to be [%f]." % f32(lambd)
    return message


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
    params=(Input("gradOutput"), Input("self"), Scalar("lambd", 0.5, check=real), Output("gradInput")),
    kernel_for=_hard_kernel_for,
    out_dtype="castable",
    empty_first="before_shapes",   # IsEmpty() before CheckShapeBroadcast
    info={"reference": reference, "specials": [None, (0.5, -0.5, 0.0)],
          "attrs": [(0.5,), (0.0,), (1.25,), (-1.0,)],
          "bad_attrs": [((None,), 161001), (("x",), 161002), ((1j,), 161002)],
          "torch": lambda t, g, x, l: t.ops.aten.hardshrink_backward(g, x, max(l, 0.0)),
          "attr_docs": {"lambd": "the half-width of the zero band (negative: 0)"}},
    doc=__doc__,
    **_COMMON,
))

SOFTSHRINK_BACKWARD = register(ElementwiseOp(
    name="SoftshrinkBackward",
    snake="softshrink_backward",
    # CANN's header names it `lambda` (a Python keyword): lambd here, as HardshrinkBackward's.
    params=(Input("gradOutput"), Input("self"), Scalar("lambd", 0.5, check=_nonnegative), Output("gradInput")),
    kernel_for=lambda attrs: ("shrink_backward", (f32(attrs[0]),)),
    out_dtype="unchecked",
    info={"reference": reference, "specials": [None, (0.5, -0.5, 0.0)],
          "attrs": [(0.5,), (0.0,), (1.25,)],
          "bad_attrs": [((None,), 161001), ((-0.5,), 161002), (("x",), 161002), ((1j,), 161002)],
          "torch": lambda t, g, x, l: t.ops.aten.softshrink_backward(g, x, l),
          "attr_docs": {"lambd": "the half-width of the zero band (>= 0)"}},
    doc=__doc__,
    **_COMMON,
))
