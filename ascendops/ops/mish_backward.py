"""aclnnMishBackward: gradInput = gradOutput * (t + x * sigmoid(x) * (1 - t^2)),
t = tanh(softplus(x)), the gradient of Mish x * tanh(softplus(x)).

CANN (hicann/ops-nn@e5c3fa93 activation/mish_grad/op_api/aclnn_mish_backward.cpp,
docs/aclnnMishBackward.md): gradOutput and self broadcast and promote on every SoC
(PromoteType, BroadcastTo); the three tensors are in the support list (FLOAT, FLOAT16,
and BFLOAT16 on DAV_2201 and DAV_3510 only); gradInput must be castable from self's
dtype (checked first, before the support lists) and have the broadcast shape; ranks at
most 8; an empty tensor returns after the checks. The sequence (MISH_BACKWARD_CHECKS) is
CANN's, in its order. Math: src/ops/mish_backward.h (CANN's tanh-free formula;
gradient form: 16-bit inputs look the factor up)."""
import numpy as np

from ascendops.ops import (Broadcast, CannSource, CanCast, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input, NotNull,
                           Output, Rank, register)
from ascendops.ops._activation_grad import errstate, f64, tiling


def reference(grad_output, x):
    x = f64(x)
    with errstate():
        t = np.tanh(np.logaddexp(0.0, x))
        s = 1.0 / (1.0 + np.exp(-x))
        return f64(grad_output) * (t + x * s * (1.0 - t * t))


DTYPES = ("float32", "float16", "bfloat16")
# GetDtypeSupportListBySocVersion: ASCEND910B_DTYPE_SUPPORT_LIST on DAV_2201 and DAV_3510
MISH_DTYPES = {"DAV_2201": DTYPES, "DAV_3510": DTYPES, "default": ("float32", "float16")}
MISH_BACKWARD_CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/mish_grad/op_api/aclnn_mish_backward.cpp"),
    ("CheckNotNull", NotNull("gradOutput", "self", "gradInput")),
    ("CheckDtypeValid", CanCast("self", "gradInput"), DtypeIn("gradOutput", "self", "gradInput", dtypes=MISH_DTYPES)),
    ("CheckShape", Rank("gradOutput", "self", "gradInput", max=8), Broadcast("self", "gradOutput", out="gradInput")),
    ("aclnnMishBackwardGetWorkspaceSize", EmptyReturn("self", "gradOutput", "gradInput")),
)


MISH_BACKWARD = register(ElementwiseOp(
    name="MishBackward",
    snake="mish_backward",
    params=(Input("gradOutput"), Input("self"), Output("gradInput")),
    dtypes=DTYPES,
    kernel="mish_backward",
    tiling=tiling,
    broadcast="always",
    mixed="always",
    out_dtype="castable",
    checks=MISH_BACKWARD_CHECKS,
    info={"reference": reference, "domain": [(-2.0, 2.0), (-6.0, 6.0)],
          "torch": lambda t, g, x: t.ops.aten.mish_backward(g, x)},
    doc=__doc__,
))
