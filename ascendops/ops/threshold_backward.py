"""aclnnThresholdBackward: out = 0 where self <= threshold, else gradOutput (also where
self is NaN).

CANN (hicann/ops-nn@e5c3fa93 activation/threshold_grad_v2_d/op_api/
aclnn_threshold_backward.cpp, docs/aclnnThresholdBackward.md): null checks threshold,
out, then gradOutput and self; gradOutput, self and out have one dtype (FLOAT,
FLOAT16, INT32, INT8, UINT8; BFLOAT16 on DAV_2201 and regbase SoCs; CANN's INT64 on
regbase SoCs with threshold 0 is not modelled: 161002 here); gradOutput
and self broadcast on every SoC and out has the broadcast shape; ranks at most 8; an
empty input returns after the broadcast check.
With |threshold| <= FLT_EPSILON (IsFloatEqual(threshold, 0)) CANN runs ReluGrad,
gradOutput * (self > 0 ? 1 : 0) with self compared to 0, not to the threshold: a
product, so a negative gradOutput gives -0 and an inf or NaN gradOutput gives NaN where
self <= 0 (src/ops/threshold_backward_zero.h); any other threshold runs
ThresholdGradV2D, a select (exactly 0; src/ops/threshold_backward.h).
Integers: ReluGrad runs in the dtype (threshold_backward_zero.h's integer body: dy or 0,
exactly); ThresholdGradV2D reads INT32 into float32 (rounding past 2^24), INT8/UINT8
into half (exact), compares and selects in float and writes back (threshold_grad_v2_d_dag.h
ThresholdGradV2DInt32Dag / 8BDag): the fp32 kernel with the operands converted."""
import numpy as np

from ascendops.ops import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops._activation_grad import FLT_EPSILON, f32, f64, real, tiling


def reference(grad_output, x, threshold):
    x, g = f64(x), f64(grad_output)
    th = f32(threshold)
    if abs(th) <= FLT_EPSILON:
        # ReluGrad: a product, -0 for a negative gradOutput, NaN for an inf one
        with np.errstate(invalid="ignore"):
            return g * np.where(x > 0.0, 1.0, 0.0)
    return np.where(x <= th, 0.0, g)


def _kernel_for(attrs):
    th = f32(attrs[0])
    if abs(th) <= FLT_EPSILON:
        return "threshold_backward_zero", ()
    return "threshold_backward", (th,)


THRESHOLD_BACKWARD = register(ElementwiseOp(
    name="ThresholdBackward",
    snake="threshold_backward",
    # Null checks in CANN's order: threshold, out, then gradOutput and self.
    # Neither CANN nor PyTorch has a default for threshold; 0 is ReLU's backward (PyTorch's
    # relu backward is threshold_backward(grad, x, 0)).
    params=(Input("gradOutput"), Input("self"), Scalar("threshold", 0.0, check=real), Output("out")),
    kernel="threshold_backward",
    kernel_for=_kernel_for,
    dtypes=("float32", "float16", "bfloat16", "int32", "int8", "uint8"),
    tiling=tiling,
    broadcast="always",
    mixed="never",
    info={"reference": reference, "specials": [None, (0.0, -0.0, 0.5, 1.0)],
          "attrs": [(0.0,), (0.5,), (-1.0,), (1e-8,)],
          "bad_attrs": [((None,), 161001), (("0",), 161002), ((1j,), 161002)],
          "torch": lambda t, g, x, th: t.ops.aten.threshold_backward(g, x, 0.0 if abs(th) <= FLT_EPSILON else th),
          "attr_docs": {"threshold": "self <= threshold gets 0 (a real number; |threshold| <= FLT_EPSILON is 0)"}},
    doc=__doc__,
))
