"""aclnnSwishBackward: gradInput = gradOutput * s * (1 + b * (1 - s)), b = beta * self,
s = sigmoid(b): the gradient of Swish x * sigmoid(beta x) (beta 1: SiLU's).

CANN (hicann/ops-nn@e5c3fa93 activation/swish_grad/op_api/aclnn_swish_backward.cpp,
docs/aclnnSwishBackward.md): betaOptional may be null (then 1.0); the three tensors have
one dtype (FLOAT, FLOAT16; BFLOAT16 only on Ascend910B..Ascend910E SocVersions, so here
where the SoC has BF16) and one shape (no broadcast), ranks at most 8; an empty tensor
returns after the checks. PyTorch has no swish_backward (beta 1 is silu_backward, in a
different op order); the reference is CANN's formula in float64. Math:
src/ops/swish_backward.h."""
import numpy as np

from ascendops.ops import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops._activation_grad import errstate, f32, f64, real, tiling


def reference(grad_output, x, beta=None):
    b = 1.0 if beta is None else f32(beta)
    with errstate():
        bx = b * f64(x)
        s = 1.0 / (1.0 + np.exp(-bx))
        return f64(grad_output) * (s * (1.0 + bx * (1.0 - s)))


def _kernel_for(attrs):
    # a null betaOptional is 1.0 (aclnn_swish_backward.cpp)
    return "swish_backward", (1.0 if attrs[0] is None else f32(attrs[0]),)


SWISH_BACKWARD = register(ElementwiseOp(
    name="SwishBackward",
    snake="swish_backward",
    params=(Input("gradOutput"), Input("self"), Scalar("betaOptional", None, optional=True, check=real),
            Output("gradInput")),
    kernel="swish_backward",
    kernel_for=_kernel_for,
    dtypes=("float32", "float16", "bfloat16"),
    tiling=tiling,
    broadcast="never",
    mixed="never",
    info={"reference": reference, "domain": [(-2.0, 2.0), (-6.0, 6.0)],
          "attrs": [(None,), (1.0,), (1.702,), (-0.5,)],
          "bad_attrs": [(("b",), 161002), ((1j,), 161002)],
          "attr_docs": {"beta_optional": "the scale inside the sigmoid (None: 1.0)"}},
    doc=__doc__,
))
