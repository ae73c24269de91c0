"""aclnnHardtanhBackward: out = gradOutput where min < self < max (or self is NaN),
else 0.

CANN (hicann/ops-nn@e5c3fa93 activation/hardtanh_grad/op_api/aclnn_hardtanh_backward.cpp,
docs/aclnnHardtanhBackward.md): null checks in the order self, gradOutput, out, min,
max; the three tensors in the support list (FLOAT, FLOAT16; BFLOAT16 on DAV_2201 and
regbase SoCs), gradOutput's dtype equal to self's; one shape (no broadcast), ranks at
most 8; min and max are real scalars, not compared with each other (min >= max gives
all zeros); an empty tensor returns after the checks. Math:
src/ops/hardtanh_backward.h."""
import numpy as np

from ascendops.ops import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops._activation_grad import f32, f64, real, tiling


def reference(grad_output, x, min=-1.0, max=1.0):
    x, g = f64(x), f64(grad_output)
    lo, hi = f32(min), f32(max)
    return np.where(((x > lo) & (x < hi)) | np.isnan(x), g, 0.0)


HARDTANH_BACKWARD = register(ElementwiseOp(
    name="HardtanhBackward",
    snake="hardtanh_backward",
    params=(Input("gradOutput"), Input("self"), Scalar("min", -1.0, check=real), Scalar("max", 1.0, check=real),
            Output("out")),
    kernel="hardtanh_backward",     # attrs[0] min, attrs[1] max
    dtypes=("float32", "float16", "bfloat16"),
    tiling=tiling,
    broadcast="never",
    mixed="never",
    info={"reference": reference, "specials": [None, (-1.0, 1.0, 0.0, 6.0)],
          "attrs": [(-1.0, 1.0), (0.0, 6.0), (1.0, -1.0)],
          "bad_attrs": [((None, 1.0), 161001), ((-1.0, None), 161001), ((-1.0, "1"), 161002), ((1j, 1.0), 161002)],
          "torch": lambda t, g, x, lo, hi: t.ops.aten.hardtanh_backward(g, x, lo, hi),
          "attr_docs": {"min": "the lower bound (a real number)", "max": "the upper bound (a real number)"}},
    doc=__doc__,
))
