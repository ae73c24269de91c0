"""aclnnLeakyRelu: out = self > 0 ? self : negativeSlope * self.

CANN (hicann/ops-nn e5c3fa93, activation/leaky_relu/op_api/aclnn_leaky_relu.cpp):
FLOAT, FLOAT16, DOUBLE, BF16 (BF16 on Ascend910B/910_93/950); negativeSlope a non-null
scalar (default 0.01 as torch's), read with ToFloat; out: CanCast(self, out), self's
shape; rank <= 8; empty -> success. DOUBLE runs CANN's AI-CPU kernel, in float64 with
the float slope (leaky_relu.cpp): the body in float64 (src/wide.c). Math:
src/ops/leaky_relu.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops._activation import f32, tiling, to_float

DTYPES = ("float32", "float16", "bfloat16")


def reference(x, negative_slope=0.01):
    x = np.asarray(x, dtype=np.float64)
    return np.where(x > 0, x, x * f32(negative_slope))     # CANN's ToFloat


LEAKY_RELU = register(ElementwiseOp(
    name="LeakyRelu", snake="leaky_relu",
    params=(Input("self"), Scalar("negativeSlope", 0.01, check=to_float), Output("out")), inplace=True,
    dtypes=DTYPES + ("float64",), kernel="leaky_relu", tiling=tiling, broadcast="never", mixed="always", out_dtype="castable",
    info={"reference": reference, "attrs": [(0.01,), (0.2,), (-1.5,), (0.0,)],
          "bad_attrs": [((None,), 161001), (("a",), 161002)],
          "torch": lambda t, x, s: t.nn.functional.leaky_relu(x, s),
          "attr_docs": {"negative_slope": "negativeSlope, the slope for x < 0 (default 0.01)"}},
    doc=__doc__,
))
