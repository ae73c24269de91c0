"""aclnnHardtanhBackward: out = gradOutput where min < self < max (or self is NaN),
else 0.

CANN (hicann/ops-nn@e5c3fa93 activation/hardtanh_grad/op_api/aclnn_hardtanh_backward.cpp,
docs/aclnnHardtanhBackward.md): null checks in the order self, gradOutput, out, min,
max; the three tensors each in the support list (FLOAT, FLOAT16; BFLOAT16 on DAV_2201
and regbase SoCs), gradOutput's dtype equal to self's; gradOutput and self of one shape
(no broadcast), ranks at most 8; an empty gradOutput or self returns after the checks
(check sequence: CHECKS). out's dtype and shape are never compared with self's by the
op_api: an out of another listed dtype gets the result cast (out_dtype="unchecked");
on Ascend950 (and the host profile) the arch35 tiling of HardtanhGrad, which writes out
directly, refuses an out whose dtype or shape is not self's, after the empty return
(561103: l0op::HardtanhGrad returns nullptr). An out of another shape elsewhere is
refused here (161002: tests/ops/probes/hardtanh_backward.py DEVIATIONS). min and max are
aclScalars of any dtype (never checked; ToFloat, a complex one reads as 0), not compared
with each other (min >= max gives all zeros). Math: src/ops/hardtanh_backward.h."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input, NotNull, Output, Rank,
                           Require, SameDtype, SameShape, Scalar, When, register)
from ascendops.ops._activation_grad import f32, f64, tiling


def to_float(v):
    """aclScalar::ToFloat: the value as fp32; a complex scalar reads as 0 (To<float> has no
    complex-to-real case and falls to `return 0`)."""
    return 0.0 if isinstance(v, (complex, np.complexfloating)) else f32(v)


def reference(grad_output, x, min=-1.0, max=1.0):
    x, g = f64(x), f64(grad_output)
    lo, hi = to_float(min), to_float(max)
    return np.where(((x > lo) & (x < hi)) | np.isnan(x), g, 0.0)


def _regbase(ctx):
    return bool(ctx.soc.regbase)


def _arch35_tiling_out_matches(ctx):
    """HardtanhGradTiling (op_host/arch35/hardtanh_grad_tiling_arch35.cpp) CalcOutputDtype
    and CheckShape: output y (out) has input result's (self's) dtype and shape."""
    x, out = ctx.tensor("self"), ctx.tensor("out")
    if out.dtype is not x.dtype:
        return "The dtypes of output y and input result must be the same: %s, %s." % (
            out.dtype.log_name, x.dtype.log_name)
    if out.shape != x.shape:
        return "The shapes of input result and output y must be the same: %r, %r." % (x.shape, out.shape)
    return None


# GetDtypeSupportList: DTYPE_SUPPORT_LIST_WITH_BF16 on DAV_2201 or IsRegbase()
DTYPES = {"DAV_2201": ("float32", "float16", "bfloat16"), "regbase": ("float32", "float16", "bfloat16"),
          "default": ("float32", "float16")}
CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/hardtanh_grad/op_api/aclnn_hardtanh_backward.cpp"),
    ("CheckNotNull", NotNull("self", "gradOutput", "out", "min", "max")),
    ("CheckDtypeValid", DtypeIn("gradOutput", dtypes=DTYPES), DtypeIn("self", dtypes=DTYPES),
     DtypeIn("out", dtypes=DTYPES), SameDtype("self", "gradOutput")),
    ("CheckShapeValid", Rank("gradOutput", max=8), Rank("self", max=8), SameShape("gradOutput", "self")),
    ("aclnnHardtanhBackwardGetWorkspaceSize", EmptyReturn("gradOutput", "self")),
    ("HardtanhGradTiling", When(_regbase, "regbase SoC (HardtanhGrad's arch35 tiling)",
                                Require(_arch35_tiling_out_matches, "out has self's dtype and shape",
                                        status=561103, names=("self", "out")))),
)

HARDTANH_BACKWARD = register(ElementwiseOp(
    name="HardtanhBackward",
    snake="hardtanh_backward",
    params=(Input("gradOutput"), Input("self"), Scalar("min", -1.0), Scalar("max", 1.0), Output("out")),
    kernel="hardtanh_backward",     # attrs[0] min, attrs[1] max
    kernel_for=lambda attrs: ("hardtanh_backward", (to_float(attrs[0]), to_float(attrs[1]))),
    dtypes=("float32", "float16", "bfloat16"),
    tiling=tiling,
    broadcast="never",
    mixed="never",
    out_dtype="unchecked",
    checks=CHECKS,
    info={"reference": reference, "specials": [None, (-1.0, 1.0, 0.0, 6.0)],
          "attrs": [(-1.0, 1.0), (0.0, 6.0), (1.0, -1.0)],
          "bad_attrs": [((None, 1.0), 161001), ((-1.0, None), 161001), ((-1.0, "1"), 161002)],
          "torch": lambda t, g, x, lo, hi: t.ops.aten.hardtanh_backward(g, x, lo, hi),
          "attr_docs": {"min": "the lower bound (a number)", "max": "the upper bound (a number)"}},
    doc=__doc__,
))
