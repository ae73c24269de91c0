"""aclnnLeakyRelu: out = self > 0 ? self : negativeSlope * self.

CANN (hicann/ops-nn e5c3fa93, activation/leaky_relu/op_api/aclnn_leaky_relu.cpp):
FLOAT, FLOAT16, DOUBLE, BF16 (BF16 on DAV_2201 and regbase SoCs: Ascend910B/910_93/950);
negativeSlope a non-null scalar (default 0.01 as torch's) whose dtype CANN never checks,
read with ToFloat (a complex one reads as 0: aclScalar::To<float> has no complex case);
out: CanCast(self, out) only (any float or complex dtype), self's shape; rank <= 8; the
checks run before an empty self returns (check sequence: CHECKS). aclnnInplaceLeakyRelu
calls aclnnLeakyReluGetWorkspaceSize(selfRef, negativeSlope, selfRef). DOUBLE runs CANN's
AI-CPU kernel, in float64 with the float slope (leaky_relu.cpp): the body in float64
(src/wide.c). Math: src/ops/leaky_relu.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops import CannSource, CanCast, Checks, DtypeIn, EmptyReturn, NotNull, Rank, SameShape
from ascendops.ops._activation import f32, tiling

DTYPES = ("float32", "float16", "bfloat16")


def to_float(v):
    """aclScalar::ToFloat: the value as fp32; a complex scalar reads as 0 (To<float> falls
    through its complex cases to the default `return 0`)."""
    if isinstance(v, (complex, np.complexfloating)):
        return 0.0
    return f32(v)


def reference(x, negative_slope=0.01):
    x = np.asarray(x, dtype=np.float64)
    return np.where(x > 0, x, x * to_float(negative_slope))     # CANN's ToFloat


# GetDtypeSupportList: ASCEND910B_DTYPE_DTYPE_SUPPORT_LIST on DAV_2201 or IsRegbase(arch)
LEAKY_RELU_DTYPES = {"DAV_2201": DTYPES + ("float64",), "regbase": DTYPES + ("float64",),
                     "default": ("float32", "float16", "float64")}
CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/leaky_relu/op_api/aclnn_leaky_relu.cpp"),
    ("CheckNotNull", NotNull("self", "negativeSlope", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=LEAKY_RELU_DTYPES), CanCast("self", "out")),
    ("CheckShape", Rank("self", max=8), SameShape("out", "self")),
    ("aclnnLeakyReluGetWorkspaceSize", EmptyReturn("self")),
)

LEAKY_RELU = register(ElementwiseOp(
    name="LeakyRelu", snake="leaky_relu",
    params=(Input("self"), Scalar("negativeSlope", 0.01), Output("out")), inplace=True,
    kernel_for=lambda attrs: ("leaky_relu", (to_float(attrs[0]),)),
    dtypes=DTYPES + ("float64",), kernel="leaky_relu", tiling=tiling, broadcast="never", mixed="always",
    out_dtype="castable", out_dtypes="writable", checks=CHECKS,
    info={"reference": reference, "attrs": [(0.01,), (0.2,), (-1.5,), (0.0,)],
          "bad_attrs": [((None,), 161001), (("a",), 161002)],
          "torch": lambda t, x, s: t.nn.functional.leaky_relu(x, s),
          "attr_docs": {"negative_slope": "negativeSlope, the slope for x < 0 (default 0.01)"}},
    doc=__doc__,
))
