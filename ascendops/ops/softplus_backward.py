"""aclnnSoftplusBackward: gradInput = gradOutput if beta * self > threshold, else
gradOutput / (1 + exp(-beta * self)).

CANN (hicann/ops-nn@e5c3fa93 activation/softplus_v2_grad/op_api/
aclnn_softplus_backward.cpp, docs/aclnnSoftplusBackward.md): gradOutput and gradInput
in FLOAT, FLOAT16, DOUBLE (BFLOAT16 on Ascend910B, Ascend910_93 and regbase SoCs); self
also INT8/16/32/64, UINT8 and BOOL; inputs outside the kernels' FLOAT/FLOAT16/BF16 (and
differing ones) are Cast to FLOAT, the kernel runs in FLOAT and the result is cast to
gradInput's dtype, which is only checked against the list (a FLOAT16 gradOutput with an
integer self is cast to FLOAT16 here, their promoted dtype, not to FLOAT); the three shapes are equal (no broadcast), ranks at most 8.
beta and threshold are aclScalars read with ToFloat and never null-checked by CANN
(a null one would crash there; here it is 161001). An empty tensor returns after the
checks. Math: src/ops/softplus_backward.h."""
import numpy as np

from ascendops.ops import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops._activation_grad import errstate, f32, f64, real, tiling


def reference(grad_output, x, beta=1.0, threshold=20.0):
    x, g = f64(x), f64(grad_output)
    b, th = f32(beta), f32(threshold)
    with errstate():
        bx = b * x
        return np.where(bx > th, g, g / (1.0 + np.exp(-bx)))


SOFTPLUS_BACKWARD = register(ElementwiseOp(
    name="SoftplusBackward",
    snake="softplus_backward",
    params=(Input("gradOutput"), Input("self"), Scalar("beta", 1.0, check=real),
            Scalar("threshold", 20.0, check=real), Output("gradInput")),
    kernel="softplus_backward",     # attrs[0] beta, attrs[1] threshold
    dtypes=("float32", "float16", "bfloat16", "float64"),
    input_dtypes=("float32", "float16", "bfloat16", "float64", "int8", "int16", "int32", "int64", "uint8", "bool"),
    input_dtypes_of=("self",),
    compute={"float64": "float32"},
    tiling=tiling,
    broadcast="never",
    mixed="always",
    out_dtype="unchecked",
    info={"reference": reference, "domain": [(-2.0, 2.0), (-8.0, 8.0)],
          # DOUBLE is computed in FLOAT (Cast first): float32's 16 ulps in float64's eps
          "ulps": {"float64": 16 * 2 ** 29},
          "attrs": [(1.0, 20.0), (2.0, 3.0), (0.5, 1.0), (-1.0, 2.0)],
          "bad_attrs": [((None, 20.0), 161001), ((1.0, None), 161001), ((1.0, 2j), 161002)],
          "torch": lambda t, g, x, b, th: t.ops.aten.softplus_backward(g, x, b, th),
          "attr_docs": {"beta": "the scale of self (a real number)",
                        "threshold": "above it (beta * self) the gradient passes through (a real number)"}},
    doc=__doc__,
))
