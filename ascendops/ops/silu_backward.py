"""aclnnSiluBackward: gradInput = gradOutput * s * (1 + x * (1 - s)), s = sigmoid(x).

The gradient of SiLU (Swish). Math: src/ops/silu_backward.h, in the
op order of CANN's SiluGrad kernel. Checks, broadcasting, layouts, ViewCopy and
caching come from the dispatcher."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.tiling import block_tiling


def silu_grad_tiling(n, dtype_size, ub_size, core_num):
    """SiluGrad's tiling: UB units per element are 5 / 13 (single buffer, FLOAT /
    16-bit) and 8 / 16 (double buffer): the queues plus the fp32 temporaries."""
    single, double = (5, 8) if dtype_size == 4 else (13, 16)
    return block_tiling(n, dtype_size, ub_size, core_num, single, double)


def reference(grad_output, x):
    """float64 golden value (PyTorch's aten.silu_backward computes the same formula)."""
    x = np.asarray(x, dtype=np.float64)
    s = 1.0 / (1.0 + np.exp(-x))
    return np.asarray(grad_output, dtype=np.float64) * s * (1.0 + x * (1.0 - s))


SILU_BACKWARD = register(ElementwiseOp(
    name="SiluBackward",
    snake="silu_backward",
    params=(Input("gradOutput"), Input("self"), Output("gradInput")),
    dtypes=("float16", "float32", "bfloat16"),
    kernel="silu_backward",
    tiling=silu_grad_tiling,
    broadcast="soc",          # numpy broadcasting on regbase SoCs (Ascend950, host)
    mixed="soc",              # mixed input dtypes -> FLOAT output on regbase SoCs
    info={"reference": reference},
    doc=__doc__,
))
