"""aclnnFastGeluBackward: gradInput = gradOutput * ((d - 1) * (-1.702 x) + 1) * d,
d = 1 / (exp(-1.702 x) + 1), the gradient of FastGelu x / (1 + exp(-1.702 x)).

CANN (hicann/ops-nn@e5c3fa93 activation/fast_gelu_grad/op_api/aclnn_fast_gelu_backward.cpp,
docs/aclnnFastGeluBackward.md): the three tensors have one dtype and one shape (no
broadcast, no promotion), rank at most 8. The dtype support list is FLOAT, FLOAT16,
BFLOAT16 on DAV_2201 (Ascend910B, Ascend910_93) and regbase SoCs, and EMPTY elsewhere:
on Ascend910 and Ascend310P every call is refused with 161002. self's storage format must
be gradInput's and gradOutput's. An empty tensor returns after the checks (the sequence,
FAST_GELU_BACKWARD_CHECKS, is CANN's, in its order). PyTorch has no FastGelu; the
reference is CANN's formula in float64. Math: src/ops/fast_gelu_backward.h."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input, NotNull, Output, Rank,
                           SameDtype, SameFormat, SameShape, register)
from ascendops.ops._activation_grad import errstate, f64, tiling


def reference(grad_output, x):
    x = f64(x)
    with errstate():
        t = -1.702 * x
        d = 1.0 / (np.exp(t) + 1.0)
        return f64(grad_output) * (((d - 1.0) * t + 1.0) * d)


DTYPES = ("float32", "float16", "bfloat16")
FAST_GELU_BACKWARD_CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/fast_gelu_grad/op_api/aclnn_fast_gelu_backward.cpp"),
    ("CheckNotNull", NotNull("gradOutput", "self", "gradInput")),
    # GetDtypeSupportList: the list on regbase SoCs and DAV_2201, an empty one elsewhere.
    # CANN checks gradInput's dtype against it; the three dtypes are equal by then, so
    # gradOutput's is the same check (its message names an input: the numpy-like call
    # allocates gradInput itself)
    ("CheckDtypeValid", SameDtype("self", "gradOutput"), SameDtype("gradOutput", "gradInput"),
     DtypeIn("gradOutput", dtypes={"DAV_2201": DTYPES, "regbase": DTYPES, "default": ()})),
    ("CheckShape", SameShape("self", "gradOutput"), SameShape("gradOutput", "gradInput"), Rank("self", max=8)),
    ("CheckFormat", SameFormat("self", "gradInput"), SameFormat("self", "gradOutput")),
    ("aclnnFastGeluBackwardGetWorkspaceSize", EmptyReturn("self", "gradOutput")),
)


FAST_GELU_BACKWARD = register(ElementwiseOp(
    name="FastGeluBackward",
    snake="fast_gelu_backward",
    params=(Input("gradOutput"), Input("self"), Output("gradInput")),
    # GetDtypeSupportList: the list on DAV_2201 and regbase SoCs, an empty one elsewhere.
    dtypes={"default": DTYPES, "Ascend910": (), "Ascend310P": ()},
    kernel="fast_gelu_backward",
    tiling=tiling,
    broadcast="never",
    mixed="never",
    checks=FAST_GELU_BACKWARD_CHECKS,
    info={"reference": reference, "domain": [(-2.0, 2.0), (-6.0, 6.0)]},
    doc=__doc__,
))
