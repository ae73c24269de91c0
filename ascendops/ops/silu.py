"""aclnnSilu: out = self * sigmoid(self) = self / (1 + exp(-self)).

SiLU (Swish). Same shape and dtype in and out, rank 0-8. Math:
include/ascendops/ops/silu.h."""
import numpy as np

from ascendops._core import ElementwiseOp, register
from ascendops.tiling import block_tiling


def reference(x):
    x = np.asarray(x, dtype=np.float64)
    return x / (1.0 + np.exp(-x))


SILU = register(ElementwiseOp(
    name="Silu",
    snake="silu",
    inputs=("self",),
    output="out",
    args=("x",),
    dtypes=("float16", "float32", "bfloat16"),
    kernel="silu",
    tiling=lambda n, size, ub, cores: block_tiling(n, size, ub, cores, 3, 6),
    broadcast="never",
    mixed="never",
    info={"reference": reference, "domain": (-10.0, 10.0), "torch": "silu"},
    doc=__doc__,
))
