"""aclnnHardsigmoidBackward: out = gradOutput / 6 where -3 < x < 3 (exactly: where
0 < x / 6 + 0.5 < 1 in fp32), else 0.

CANN (hicann/ops-nn@e5c3fa93 activation/hard_sigmoid_grad/op_api/
aclnn_hardsigmoid_backward.cpp, docs/aclnnHardsigmoidBackward.md; the check sequence
below): gradOutput and self are in the support list (FLOAT, FLOAT16; BFLOAT16 on
Ascend910B..Ascend910E and regbase SoCs) and promote (PromoteType) on every SoC; out is
checked only by CanCast(promoted, out) (any dtype the engine writes: DOUBLE, COMPLEX64,
...; the doc lists BFLOAT16, FLOAT16, FLOAT); ranks at most 8, the three shapes equal (no
broadcast); then an empty gradOutput, self or out returns success. Math: src/ops/hardsigmoid_backward.h (a select,
not a product: 0 outside the band even for an inf or NaN gradOutput)."""
import numpy as np

from ascendops.ops import (CanCast, CannSource, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input, NotNull,
                           Output, Promote, Rank, SameShape, register)
from ascendops.ops._activation_grad import f64, tiling


def reference(grad_output, x):
    x = f64(x)
    return np.where((x > -3.0) & (x < 3.0), f64(grad_output) / 6.0, 0.0)


DTYPES = ("float32", "float16", "bfloat16")
# GetDtypeSupportList: ASCEND910B_DTYPE_SUPPORT_LIST where SocVersion is in [ASCEND910B,
# ASCEND910E] (Ascend910B, Ascend910_93, Ascend950) or IsRegbase(); else ASCEND910's
SUPPORT = {"Ascend910B": DTYPES, "Ascend910_93": DTYPES, "Ascend950": DTYPES, "regbase": DTYPES,
           "default": ("float32", "float16")}
CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/hard_sigmoid_grad/op_api/aclnn_hardsigmoid_backward.cpp"),
    ("CheckNotNull", NotNull("gradOutput", "self", "out")),
    ("CheckDtypeValid", DtypeIn("gradOutput", dtypes=SUPPORT), DtypeIn("self", dtypes=SUPPORT),
     Promote("gradOutput", "self"), CanCast("promoted", "out")),
    ("CheckShape", Rank("gradOutput", "self", "out", max=8), SameShape("self", "gradOutput"),
     SameShape("self", "out")),
    ("aclnnHardsigmoidBackwardGetWorkspaceSize", EmptyReturn("gradOutput", "self", "out")),
)

HARDSIGMOID_BACKWARD = register(ElementwiseOp(
    name="HardsigmoidBackward",
    snake="hardsigmoid_backward",
    params=(Input("gradOutput"), Input("self"), Output("out")),
    dtypes=("float32", "float16", "bfloat16"),
    kernel="hardsigmoid_backward",
    tiling=tiling,
    broadcast="never",
    mixed="always",
    out_dtype="castable",
    out_dtypes="writable",      # CheckDtypeValid: CanCast(promoteType, out) only
    checks=CHECKS,
    info={"reference": reference, "domain": [(-2.0, 2.0), (-5.0, 5.0)], "specials": [None, (-3.0, 3.0)],
          "torch": lambda t, g, x: t.ops.aten.hardsigmoid_backward(g, x)},
    doc=__doc__,
))
