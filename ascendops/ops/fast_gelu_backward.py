"""aclnnFastGeluBackward: gradInput = gradOutput * ((d - 1) * (-1.702 x) + 1) * d,
d = 1 / (exp(-1.702 x) + 1), the gradient of FastGelu x / (1 + exp(-1.702 x)).

CANN (hicann/ops-nn@e5c3fa93 activation/fast_gelu_grad/op_api/aclnn_fast_gelu_backward.cpp,
docs/aclnnFastGeluBackward.md): the three tensors have one dtype and one shape (no
broadcast, no promotion), rank at most 8. The dtype support list is FLOAT, FLOAT16,
BFLOAT16 on DAV_2201 (Ascend910B, Ascend910_93) and regbase SoCs, and EMPTY elsewhere:
on Ascend910 and Ascend310P every call is refused with 161002. An empty tensor returns
after the checks. PyTorch has no FastGelu; the reference is CANN's formula in float64.
Math: src/ops/fast_gelu_backward.h."""
import numpy as np

from ascendops.ops import ElementwiseOp, Input, Output, register
from ascendops.ops._activation_grad import errstate, f64, tiling


def reference(grad_output, x):
    x = f64(x)
    with errstate():
        t = -1.702 * x
        d = 1.0 / (np.exp(t) + 1.0)
        return f64(grad_output) * (((d - 1.0) * t + 1.0) * d)


FAST_GELU_BACKWARD = register(ElementwiseOp(
    name="FastGeluBackward",
    snake="fast_gelu_backward",
    params=(Input("gradOutput"), Input("self"), Output("gradInput")),
    # GetDtypeSupportList: the list on DAV_2201 and regbase SoCs, an empty one elsewhere.
    dtypes={"default": ("float32", "float16", "bfloat16"), "Ascend910": (), "Ascend310P": ()},
    kernel="fast_gelu_backward",
    tiling=tiling,
    broadcast="never",
    mixed="never",
    info={"reference": reference, "domain": [(-2.0, 2.0), (-6.0, 6.0)]},
    doc=__doc__,
))
