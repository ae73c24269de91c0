"""aclnnThresholdBackward: out = 0 where self <= threshold, else gradOutput (also where
self is NaN).

CANN (hicann/ops-nn@e5c3fa93 activation/threshold_grad_v2_d/op_api/
aclnn_threshold_backward.cpp, docs/aclnnThresholdBackward.md): null checks threshold,
out, then gradOutput and self; threshold's dtype is never checked (ToFloat: a complex
one reads as 0); gradOutput and self each in the list (FLOAT, FLOAT16, INT32, INT8,
UINT8; BFLOAT16 on DAV_2201 and regbase SoCs; INT64 too on a regbase SoC with
|threshold| <= FLT_EPSILON, which runs ReluGrad's integer body), then gradOutput's and
out's dtype equal to self's; ranks of gradOutput and self at most 8; gradOutput and self
broadcast on every SoC and out has the broadcast shape; an empty input returns after the
broadcast check (check sequence: CHECKS).
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

from ascendops.ops import (Broadcast, CannSource, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input, NotNull,
                           Output, Rank, SameDtype, Scalar, When, register)
from ascendops.ops._activation_grad import FLT_EPSILON, f32, f64, tiling


def to_float(v):
    """threshold->ToFloat(): the value as fp32; a complex scalar reads as 0
    (aclScalar::To<float> has no complex-to-real case and falls to `return 0`)."""
    return 0.0 if isinstance(v, (complex, np.complexfloating)) else f32(v)


def reference(grad_output, x, threshold):
    x, g = f64(x), f64(grad_output)
    th = to_float(threshold)
    if abs(th) <= FLT_EPSILON:
        # ReluGrad: a product, -0 for a negative gradOutput, NaN for an inf one
        with np.errstate(invalid="ignore"):
            return g * np.where(x > 0.0, 1.0, 0.0)
    return np.where(x <= th, 0.0, g)


def _kernel_for(attrs):
    th = to_float(attrs[0])
    if abs(th) <= FLT_EPSILON:
        return "threshold_backward_zero", ()
    return "threshold_backward", (th,)


def _relu_grad_on_regbase(ctx):
    """GetDtypeSupportList's REGBASE list: IsRegbase(arch) && IsFloatEqual(thresholdVal_, 0)
    (|threshold->ToFloat()| <= FLT_EPSILON)."""
    return bool(ctx.soc.regbase) and abs(to_float(ctx.values["threshold"])) <= FLT_EPSILON


def _not_relu_grad_on_regbase(ctx):
    return not _relu_grad_on_regbase(ctx)


# GetDtypeSupportList: the ASCEND910B list (BF16) on DAV_2201 and regbase SoCs, the REGBASE
# list (BF16, INT64: ReluGrad) on a regbase SoC with threshold 0, else the ASCEND910 list
DTYPES = ("float32", "int32", "float16", "int8", "uint8")
DTYPES_BY_SOC = {"DAV_2201": DTYPES + ("bfloat16",), "regbase": DTYPES + ("bfloat16",), "default": DTYPES}
REGBASE_RELU_GRAD_DTYPES = DTYPES + ("bfloat16", "int64")
CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/threshold_grad_v2_d/op_api/aclnn_threshold_backward.cpp"),
    ("aclnnThresholdBackwardGetWorkspaceSize", NotNull("threshold"), NotNull("out")),
    ("CheckPtrValid", NotNull("gradOutput", "self")),
    ("CheckDtypeValid",
     When(_relu_grad_on_regbase, "regbase SoC, threshold ToFloat within FLT_EPSILON of 0",
          DtypeIn("gradOutput", dtypes=REGBASE_RELU_GRAD_DTYPES), DtypeIn("self", dtypes=REGBASE_RELU_GRAD_DTYPES)),
     When(_not_relu_grad_on_regbase, "otherwise",
          DtypeIn("gradOutput", dtypes=DTYPES_BY_SOC), DtypeIn("self", dtypes=DTYPES_BY_SOC)),
     SameDtype("self", "gradOutput"), SameDtype("self", "out")),
    ("CheckShape", Rank("gradOutput", max=8), Rank("self", max=8)),
    ("aclnnThresholdBackwardGetWorkspaceSize", Broadcast("self", "gradOutput", out="out"),
     EmptyReturn("self", "gradOutput")),
)


THRESHOLD_BACKWARD = register(ElementwiseOp(
    name="ThresholdBackward",
    snake="threshold_backward",
    # Null checks in CANN's order: threshold, out, then gradOutput and self.
    # Neither CANN nor PyTorch has a default for threshold; 0 is ReLU's backward (PyTorch's
    # relu backward is threshold_backward(grad, x, 0)).
    params=(Input("gradOutput"), Input("self"), Scalar("threshold", 0.0), Output("out")),
    kernel="threshold_backward",
    kernel_for=_kernel_for,
    # the kernels' dtypes; INT64 (ReluGrad's integer body) where CANN's REGBASE list has it
    dtypes={"default": ("float32", "float16", "bfloat16", "int32", "int8", "uint8"),
            "Ascend950": ("float32", "float16", "bfloat16", "int32", "int8", "uint8", "int64"),
            "host": ("float32", "float16", "bfloat16", "int32", "int8", "uint8", "int64")},
    checks=CHECKS,
    tiling=tiling,
    broadcast="always",
    mixed="never",
    info={"reference": reference, "specials": [None, (0.0, -0.0, 0.5, 1.0)],
          "attrs": [(0.0,), (0.5,), (-1.0,), (1e-8,)],
          "bad_attrs": [((None,), 161001), (("0",), 161002)],
          "torch": lambda t, g, x, th: t.ops.aten.threshold_backward(g, x, 0.0 if abs(th) <= FLT_EPSILON else th),
          "attr_docs": {"threshold": "self <= threshold gets 0 (a real number; |threshold| <= FLT_EPSILON is 0)"}},
    doc=__doc__,
))
