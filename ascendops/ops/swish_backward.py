"""aclnnSwishBackward: gradInput = gradOutput * s * (1 + b * (1 - s)), b = beta * self,
s = sigmoid(b): the gradient of Swish x * sigmoid(beta x) (beta 1: SiLU's).

CANN (hicann/ops-nn@e5c3fa93 activation/swish_grad/op_api/aclnn_swish_backward.cpp,
docs/aclnnSwishBackward.md): betaOptional may be null (then 1.0), else its dtype must
cast to FLOAT (a complex one is refused); the three tensors have one dtype (FLOAT,
FLOAT16; a BFLOAT16 self only on the SocVersions Ascend910B..Ascend910E: Ascend910B,
910_93, 950) and one shape (no broadcast), ranks at most 8; an empty tensor returns after
the checks. The sequence (SWISH_BACKWARD_CHECKS) is CANN's, in its order. PyTorch has no
swish_backward (beta 1 is silu_backward, in a different op order); the reference is
CANN's formula in float64. Math:
src/ops/swish_backward.h."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input, NotNull, Output, Rank,
                           Require, SameDtype, SameShape, Scalar, register)
from ascendops.ops._activation_grad import errstate, f32, f64, tiling


def reference(grad_output, x, beta=None):
    b = 1.0 if beta is None else f32(beta)
    with errstate():
        bx = b * f64(x)
        s = 1.0 / (1.0 + np.exp(-bx))
        return f64(grad_output) * (s * (1.0 + bx * (1.0 - s)))


def _kernel_for(attrs):
    # a null betaOptional is 1.0 (aclnn_swish_backward.cpp)
    return "swish_backward", (1.0 if attrs[0] is None else f32(attrs[0]),)


DTYPES = ("float32", "float16", "bfloat16")
# CheckSocVersionIsSupportBf16: ASCEND910B <= SocVersion <= ASCEND910E (910B, 910_93,
# 910_95 = Ascend950), else no BF16 self
SELF_DTYPES = {"Ascend910B": DTYPES, "Ascend910_93": DTYPES, "Ascend950": DTYPES, "default": ("float32", "float16")}


def beta_casts_to_float(ctx):
    """CheckDtypeValid: betaOptional != nullptr && !CanCast(betaOptional dtype, DT_FLOAT)
    (only a complex aclScalar cannot)."""
    d = ctx.dtype("betaOptional")
    if d is not None and d.name.startswith("complex"):
        return "betaOptional dtype %s can not cast to float32." % d.log_name
    return None


SWISH_BACKWARD_CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/swish_grad/op_api/aclnn_swish_backward.cpp"),
    ("CheckNotNull", NotNull("gradOutput", "self", "gradInput")),
    ("CheckDtypeValid", DtypeIn("gradOutput", "self", dtypes=DTYPES),
     Require(beta_casts_to_float, "betaOptional castable to FLOAT", names=("betaOptional",)),
     SameDtype("gradInput", "gradOutput"), SameDtype("gradInput", "self"), DtypeIn("self", dtypes=SELF_DTYPES)),
    ("CheckShapeValid", Rank("gradOutput", "self", "gradInput", max=8), SameShape("gradInput", "gradOutput"),
     SameShape("gradInput", "self")),
    ("aclnnSwishBackwardGetWorkspaceSize", EmptyReturn("gradOutput", "self")),
)


SWISH_BACKWARD = register(ElementwiseOp(
    name="SwishBackward",
    snake="swish_backward",
    params=(Input("gradOutput"), Input("self"), Scalar("betaOptional", None, optional=True),
            Output("gradInput")),
    kernel="swish_backward",
    kernel_for=_kernel_for,
    dtypes=DTYPES,
    tiling=tiling,
    broadcast="never",
    mixed="never",
    checks=SWISH_BACKWARD_CHECKS,
    info={"reference": reference, "domain": [(-2.0, 2.0), (-6.0, 6.0)],
          "attrs": [(None,), (1.0,), (1.702,), (-0.5,)],
          "bad_attrs": [(("b",), 161002), ((1j,), 161002)],
          "attr_docs": {"beta_optional": "the scale inside the sigmoid (None: 1.0)"}},
    doc=__doc__,
))
