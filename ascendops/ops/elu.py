"""aclnnElu, aclnnCelu, aclnnSelu: exponential linear units.

  Elu(self, alpha, scale, inputScale, out): out = x > 0 ? scale x : alpha scale (exp(inputScale x) - 1)
  Celu(self, alpha, out):                   out = max(0, x) + min(0, alpha (exp(x / alpha) - 1))
  Selu(self, out):                          Elu with alpha = 1.6732632423543772848,
                                            scale = 1.0507009873554804934, inputScale = 1

CANN (hicann/ops-nn e5c3fa93, activation/elu/op_api/aclnn_elu.cpp,
activation/celu_v2/op_api/aclnn_celu.cpp, activation/selu/op_api/aclnn_selu.cpp):
- Elu: FLOAT, FLOAT16, DOUBLE, BF16 on every SoC (BF16 on Ascend910/310P is refused here:
  the engine computes no BF16 there, tests/ops/probes/elu.py DEVIATIONS); alpha, scale,
  inputScale non-null scalars castable to FLOAT (a complex one: 161002); out: CanCast(self,
  out) only (any float or complex dtype); same shape; rank <= 8; all checked before the
  empty-self return (check sequence: ELU_CHECKS). DOUBLE runs CANN's AI-CPU Elu
  in float64 with the float attributes (elu.cpp EluAiCpu): the body in float64
  (src/wide.c). alpha or inputScale inf/NaN: CANN computes Threshold(x, 0, -alpha) * scale
  instead (ComputeEluWithInfNan), with DOUBLE Cast to FLOAT first, so does this
  (src/ops/elu_nonfinite.h, in fp32 for every dtype).
- Celu: FLOAT, FLOAT16, BF16 (BF16 not on Ascend910/310P); alpha non-null, castable to
  FLOAT, alpha as ToFloat == 0 (or NaN: !(alpha > 0 || alpha < 0); 1e-50 rounds to 0) ->
  161002, checked after the shapes and before the empty-self return; out: CanCast(self,
  out) only (any float or complex dtype: the result Cast to it, imaginary 0); rank <= 8.
- Selu: FLOAT, FLOAT16, INT32, INT8, BF16 (BF16 on Ascend910B/910_93/950: the SoC versions
  ASCEND910B..ASCEND910E, or regbase); self and out each in the list, never compared (a
  FLOAT self with an INT8 out is Cast); same shape; any rank (reshaped past 8 dims);
  an empty self or out returns after the checks. INT32/INT8 are read into float32, computed in fp32 and
  written back truncated toward zero (arch35/selu.h: INT32 through fp32, "CAST_TRUNC for
  round-to-zero"; its INT8 path computes in half, which this does not model apart).
The kernel (src/ops/elu.h) computes torch's form: x <= 0 ?
expm1(x * inputScale) * (alpha * scale) : x * scale, Celu as Elu(alpha, 1, 1 / alpha)."""
import math

import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops import CannSource, CanCast, Checks, DtypeIn, EmptyReturn, NotNull, Rank, Require, SameShape
from ascendops.ops._activation import f32, scalar_castable_to_float, tiling

DTYPES = ("float32", "float16", "bfloat16")
SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946


def reference(x, alpha=1.0, scale=1.0, input_scale=1.0):
    x = np.asarray(x, dtype=np.float64)
    if not (math.isfinite(alpha) and math.isfinite(input_scale)):
        return np.where(x > 0, x, -alpha) * scale
    with np.errstate(over="ignore", invalid="ignore"):
        return np.where(x > 0, scale * x, alpha * scale * np.expm1(np.minimum(input_scale * x, 700.0)))


def reference_celu(x, alpha=1.0):
    return reference(x, alpha, 1.0, 1.0 / alpha)


def reference_selu(x):
    return reference(x, SELU_ALPHA, SELU_SCALE, 1.0)


def _elu_kernel(attrs):
    alpha, scale, input_scale = (float(a) for a in attrs)
    if not (math.isfinite(alpha) and math.isfinite(input_scale)):
        # DOUBLE is Cast to FLOAT for this path (NeedCastToFloat): fp32 compute
        return "elu_nonfinite", (f32(-alpha), f32(scale)), {"float64": "float32"}
    # torch's coefficients: alpha * scale multiplied in float32
    return "elu", (f32(np.float32(alpha) * np.float32(scale)), f32(scale), f32(input_scale))


COMMIT = "e5c3fa9327ea95ba26d06227e746923580d10921"


# aclnn_elu.cpp: one support list on every SoC (DOUBLE runs the AI-CPU Elu, and so does
# BF16 where the AI core has none: elu.cpp IsAiCoreSupport)
ELU_DTYPES = DTYPES + ("float64",)
ELU_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/elu/op_api/aclnn_elu.cpp"),
    ("CheckNotNull", NotNull("self", "alpha", "scale", "inputScale", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=ELU_DTYPES),
     Require(scalar_castable_to_float("scale"), "CanCast(scale, FLOAT)", names=("scale",)),
     Require(scalar_castable_to_float("alpha"), "CanCast(alpha, FLOAT)", names=("alpha",)),
     Require(scalar_castable_to_float("inputScale"), "CanCast(inputScale, FLOAT)", names=("inputScale",)),
     CanCast("self", "out")),
    ("CheckShape", SameShape("out", "self"), Rank("self", max=8)),
    ("GetWorkspaceSizeCommon", EmptyReturn("self")),
)


def _celu_alpha_nonzero(ctx):
    """CheckAttributeValue: `!(alpha->ToFloat() > 0 || alpha->ToFloat() < 0)` (0, -0, NaN,
    and a value that ToFloat rounds to 0)."""
    alpha = f32(ctx.values["alpha"])
    if not (alpha > 0 or alpha < 0):
        return "alpha cannot be 0 for CELU."
    return None


# aclnn_celu.cpp GetDtypeSupportList: BF16 on DAV_2201 and regbase SoCs and on any SoC
# but Ascend310P and Ascend910
CELU_DTYPES = {"Ascend910": ("float32", "float16"), "Ascend310P": ("float32", "float16"), "default": DTYPES}
CELU_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/celu_v2/op_api/aclnn_celu.cpp"),
    ("CheckNotNull", NotNull("self", "alpha", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=CELU_DTYPES),
     Require(scalar_castable_to_float("alpha"), "CanCast(alpha, FLOAT)", names=("alpha",)),
     CanCast("self", "out")),
    ("CheckShape", Rank("self", max=8), SameShape("out", "self")),
    ("CheckAttributeValue", Require(_celu_alpha_nonzero, "alpha.ToFloat() != 0", names=("alpha",))),
    ("GetWorkspaceSizeCommon", EmptyReturn("self")),
)

# aclnn_selu.cpp GetDtypeSupportList: BF16 where IsRegbase() or the SoC version is in
# [ASCEND910B, ASCEND910E] (Ascend910B, Ascend910_93, Ascend950), else none
SELU_DTYPES = DTYPES + ("int32", "int8")
SELU_DTYPES_BY_SOC = {"Ascend910B": SELU_DTYPES, "Ascend910_93": SELU_DTYPES, "Ascend950": SELU_DTYPES,
                      "regbase": SELU_DTYPES, "default": ("float32", "float16", "int32", "int8")}
SELU_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/selu/op_api/aclnn_selu.cpp"),
    ("CheckNotNull", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=SELU_DTYPES_BY_SOC), DtypeIn("out", dtypes=SELU_DTYPES_BY_SOC)),
    ("CheckShape", SameShape("self", "out")),
    ("ExecSeluGetWorkspaceSize", EmptyReturn("out", "self")),
)


_ELU_ATTR_DOC = {"alpha": "alpha, a number (default 1)", "scale": "scale, a number (default 1)",
                 "input_scale": "inputScale, a number (default 1)"}

ELU = register(ElementwiseOp(
    name="Elu", snake="elu",
    params=(Input("self"), Scalar("alpha", 1.0), Scalar("scale", 1.0), Scalar("inputScale", 1.0), Output("out")),
    kernel_for=_elu_kernel, inplace=True,
    dtypes=ELU_DTYPES, kernel="elu", tiling=tiling, broadcast="never", mixed="always", out_dtype="castable",
    out_dtypes="writable", checks=ELU_CHECKS,
    info={"reference": reference, "domain": (-6.0, 6.0),
          # (alpha or inputScale inf/NaN: tests/ops/test_activation_fwd.py, exact values)
          "attrs": [(1.0, 1.0, 1.0), (0.5, 2.0, 1.5), (-1.0, 1.0, 0.5)],
          "bad_attrs": [((None, 1.0, 1.0), 161001), ((1.0, None, 1.0), 161001), ((1.0, 1.0, None), 161001),
                        (("a", 1.0, 1.0), 161002)],
          "torch": lambda t, x, a, s, i: t.ops.aten.elu(x, a, s, i),
          "attr_docs": _ELU_ATTR_DOC},
    doc="aclnnElu: out = self > 0 ? scale self : alpha scale (exp(inputScale self) - 1).\n\n" + __doc__,
))

CELU = register(ElementwiseOp(
    name="Celu", snake="celu", params=(Input("self"), Scalar("alpha", 1.0), Output("out")),
    kernel_for=lambda attrs: ("elu", (f32(attrs[0]), 1.0, f32(1.0 / float(attrs[0])))), inplace=True,
    dtypes=DTYPES, kernel="elu", tiling=tiling, broadcast="never", mixed="always", out_dtype="castable",
    out_dtypes="writable", checks=CELU_CHECKS,
    info={"reference": reference_celu, "domain": (-6.0, 6.0), "attrs": [(1.0,), (0.5,), (2.0,), (-1.5,)],
          "bad_attrs": [((None,), 161001), ((0.0,), 161002), ((float("nan"),), 161002), (("a",), 161002)],
          "torch": lambda t, x, a: t.nn.functional.celu(x, a),
          "attr_docs": {"alpha": "alpha, a nonzero number (default 1)"}},
    doc="aclnnCelu: out = max(0, self) + min(0, alpha (exp(self / alpha) - 1)).\n\n" + __doc__,
))

SELU = register(ElementwiseOp(
    name="Selu", snake="selu", params=(Input("self"), Output("out")), inplace=True,
    kernel_for=lambda attrs: ("elu", (f32(np.float32(SELU_ALPHA) * np.float32(SELU_SCALE)), f32(SELU_SCALE), 1.0)),
    dtypes=DTYPES + ("int32", "int8"), kernel="elu", tiling=tiling, broadcast="never", mixed="always",
    out_dtype="unchecked", max_rank=None, checks=SELU_CHECKS,
    info={"reference": reference_selu, "domain": (-6.0, 6.0), "torch": lambda t, x: t.selu(x)},
    doc="aclnnSelu: out = scale (max(0, self) + min(0, alpha (exp(self) - 1))).\n\n" + __doc__,
))
