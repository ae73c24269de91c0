"""aclnnHardswishBackward: out = gradOutput * g(self), with CANN's convention
g = 0 if x < -3; x / 3 + 0.5 if -3 <= x <= 3; 1 if x > 3.

Same shape and dtype for every tensor (no broadcast, no mixed precision), rank 0-8.
Math: src/ops/hardswish_backward.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.tiling import block_tiling


def reference(grad_output, x):
    x = np.asarray(x, dtype=np.float64)
    g = np.where(x < -3.0, 0.0, np.where(x > 3.0, 1.0, x / 3.0 + 0.5))
    return np.asarray(grad_output, dtype=np.float64) * g


HARDSWISH_BACKWARD = register(ElementwiseOp(
    name="HardswishBackward",
    snake="hardswish_backward",
    params=(Input("gradOutput"), Input("self"), Output("out")),
    dtypes=("float16", "float32", "bfloat16"),
    kernel="hardswish_backward",
    tiling=lambda n, size, ub, cores: block_tiling(n, size, ub, cores, 4, 7),
    broadcast="never",
    mixed="never",
    # The boundaries -3 and 3 are in every sample (CANN's convention differs there
    # from PyTorch's, so no torch comparison).
    info={"reference": reference, "domain": [(-2.0, 2.0), (-5.0, 5.0)], "specials": [None, (-3.0, 3.0)]},
    doc=__doc__,
))
