"""aclnnHardswishBackward: out = gradOutput * g(self), with CANN's convention
g = 0 if x < -3; x / 3 + 0.5 if -3 <= x <= 3; 1 if x > 3.

CANN (hicann/ops-nn@e5c3fa93 activation/hard_swish_grad/op_host/op_api/
aclnn_hardswish_backward.cpp; the check sequence below): self and gradOutput in the
support list (FLOAT, FLOAT16; BFLOAT16 on DAV_2201 and regbase SoCs), gradOutput and out
of self's dtype; gradOutput and self at most 8 dims; gradOutput and out of self's shape
(no broadcast, no mixed precision); then an empty gradOutput or self returns success.
Math: src/ops/hardswish_backward.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops import CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Rank, SameDtype, SameShape
from ascendops.tiling import block_tiling


def reference(grad_output, x):
    x = np.asarray(x, dtype=np.float64)
    g = np.where(x < -3.0, 0.0, np.where(x > 3.0, 1.0, x / 3.0 + 0.5))
    return np.asarray(grad_output, dtype=np.float64) * g


DTYPES = ("float32", "float16", "bfloat16")
# GetDtypeSupportListV2 (common/inc/op_api/level2_base.h): ASCEND910B_DTYPE_SUPPORT_LIST on
# DAV_2201 and regbase SoCs, else ASCEND910_DTYPE_SUPPORT_LIST
SUPPORT = {"DAV_2201": DTYPES, "regbase": DTYPES, "default": ("float32", "float16")}
CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/hard_swish_grad/op_host/op_api/aclnn_hardswish_backward.cpp"),
    ("CheckNotNull3Tensor", NotNull("gradOutput", "self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=SUPPORT), DtypeIn("gradOutput", dtypes=SUPPORT),
     SameDtype("self", "gradOutput"), SameDtype("self", "out")),
    ("CheckShapeValid", Rank("gradOutput", "self", max=8), SameShape("self", "gradOutput"),
     SameShape("self", "out")),
    ("aclnnHardswishBackwardGetWorkspaceSize", EmptyReturn("gradOutput", "self")),
)

HARDSWISH_BACKWARD = register(ElementwiseOp(
    name="HardswishBackward",
    snake="hardswish_backward",
    params=(Input("gradOutput"), Input("self"), Output("out")),
    dtypes=("float16", "float32", "bfloat16"),
    kernel="hardswish_backward",
    tiling=lambda n, size, ub, cores: block_tiling(n, size, ub, cores, 4, 7),
    broadcast="never",
    mixed="never",
    checks=CHECKS,
    # The boundaries -3 and 3 are in every sample (CANN's convention differs there
    # from PyTorch's, so no torch comparison).
    info={"reference": reference, "domain": [(-2.0, 2.0), (-5.0, 5.0)], "specials": [None, (-3.0, 3.0)]},
    doc=__doc__,
))
