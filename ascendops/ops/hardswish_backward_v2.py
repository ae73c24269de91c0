"""aclnnHardswishBackwardV2: out = gradOutput * g(self), the gradient of HardSwish with
open bounds: g = 0 if x <= -3; x / 3 + 0.5 if -3 < x < 3; 1 if x >= 3 (V1,
aclnnHardswishBackward, takes -3 and 3 into the middle piece; PyTorch's
hardswish_backward gives -0.5 and 1.5 there).

CANN (hicann/ops-nn@e5c3fa93 activation/hard_swish_grad_v2/op_host/op_api/
aclnn_hardswish_backward_v2.cpp, docs/aclnnHardswishBackwardV2.md; the check sequence
below): gradOutput and self in the support list (FLOAT, FLOAT16; BFLOAT16 on DAV_2201 and
regbase SoCs), gradOutput and out of self's dtype; gradOutput and self at most 8 dims
(the doc says 1-8; the source checks only the maximum); gradOutput and out of self's
shape (no broadcast); then an empty gradOutput or self returns success. Math: src/ops/
hardswish_backward_v2.h (x * 0.33333334 in fp32, as CANN's kernel)."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input, NotNull, Output, Rank,
                           SameDtype, SameShape, register)
from ascendops.ops._activation_grad import f64, tiling


def reference(grad_output, x):
    x = f64(x)
    g = np.where(x <= -3.0, 0.0, np.where(x >= 3.0, 1.0, x / 3.0 + 0.5))
    return f64(grad_output) * g


DTYPES = ("float32", "float16", "bfloat16")
# GetDtypeSupportListV2 (common/inc/op_api/level2_base.h): ASCEND910B_DTYPE_SUPPORT_LIST on
# DAV_2201 and regbase SoCs, else ASCEND910_DTYPE_SUPPORT_LIST
SUPPORT = {"DAV_2201": DTYPES, "regbase": DTYPES, "default": ("float32", "float16")}
CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/hard_swish_grad_v2/op_host/op_api/aclnn_hardswish_backward_v2.cpp"),
    ("CheckNotNull3Tensor", NotNull("gradOutput", "self", "out")),
    ("CheckDtypeValid", DtypeIn("gradOutput", dtypes=SUPPORT), DtypeIn("self", dtypes=SUPPORT),
     SameDtype("self", "gradOutput"), SameDtype("self", "out")),
    ("CheckShapeValid", Rank("gradOutput", "self", max=8), SameShape("self", "gradOutput"),
     SameShape("self", "out")),
    ("aclnnHardswishBackwardV2GetWorkspaceSize", EmptyReturn("gradOutput", "self")),
)

HARDSWISH_BACKWARD_V2 = register(ElementwiseOp(
    name="HardswishBackwardV2",
    snake="hardswish_backward_v2",
    params=(Input("gradOutput"), Input("self"), Output("out")),
    dtypes=("float32", "float16", "bfloat16"),
    kernel="hardswish_backward_v2",
    tiling=tiling,
    broadcast="never",
    mixed="never",
    checks=CHECKS,
    # -3 and 3 themselves are in every sample (CANN's V2 convention: 0 and 1 there, where
    # PyTorch's hardswish_backward gives -0.5 and 1.5: named, not called, by the harness;
    # tests/ops/test_activation_bwd.py compares the 16-bit results elsewhere).
    info={"reference": reference, "domain": [(-2.0, 2.0), (-5.0, 5.0)], "specials": [None, (-3.0, 3.0)],
          "torch": "hardswish_backward"},
    doc=__doc__,
))
