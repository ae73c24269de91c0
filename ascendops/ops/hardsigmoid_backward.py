"""aclnnHardsigmoidBackward: out = gradOutput / 6 where -3 < x < 3 (exactly: where
0 < x / 6 + 0.5 < 1 in fp32), else 0.

CANN (hicann/ops-nn@e5c3fa93 activation/hard_sigmoid_grad/op_api/
aclnn_hardsigmoid_backward.cpp, docs/aclnnHardsigmoidBackward.md): gradOutput and self
are in the support list (FLOAT, FLOAT16; BFLOAT16 on Ascend910B..Ascend910E and regbase
SoCs) and promote (PromoteType) on every SoC; out must be castable from the promoted
dtype; the three shapes are equal (no broadcast), ranks at most 8; an empty tensor
returns after the checks. Math: src/ops/hardsigmoid_backward.h (a select,
not a product: 0 outside the band even for an inf or NaN gradOutput)."""
import numpy as np

from ascendops.ops import ElementwiseOp, Input, Output, register
from ascendops.ops._activation_grad import f64, tiling


def reference(grad_output, x):
    x = f64(x)
    return np.where((x > -3.0) & (x < 3.0), f64(grad_output) / 6.0, 0.0)


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
    info={"reference": reference, "domain": [(-2.0, 2.0), (-5.0, 5.0)], "specials": [None, (-3.0, 3.0)],
          "torch": lambda t, g, x: t.ops.aten.hardsigmoid_backward(g, x)},
    doc=__doc__,
))
