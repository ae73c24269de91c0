"""aclnnSilu: out = self * sigmoid(self) = self / (1 + exp(-self)).

SiLU (Swish). Same shape and dtype in and out, any rank. Math:
src/ops/silu.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.tiling import block_tiling


def reference(x):
    x = np.asarray(x, dtype=np.float64)
    return x / (1.0 + np.exp(-x))


SILU = register(ElementwiseOp(
    name="Silu",
    snake="silu",
    params=(Input("self"), Output("out")),
    dtypes=("float16", "float32", "bfloat16"),
    kernel="silu",
    tiling=lambda n, size, ub, cores: block_tiling(n, size, ub, cores, 3, 6),
    broadcast="never",
    mixed="never",
    # CANN's aclnnSilu reshapes to 1-D and has no OP_CHECK_MAX_DIM (hicann/ops-nn
    # activation/swish/tests/ut/op_api/test_aclnn_silu.cpp test_silu_shape_larger_8: 9 dims pass).
    max_rank=None,
    info={"reference": reference, "domain": (-10.0, 10.0), "torch": "silu"},
    doc=__doc__,
))
