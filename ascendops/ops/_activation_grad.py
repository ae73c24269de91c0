"""Shared pieces of the activation backward declarations (hardswish_backward_v2.py ...
threshold_backward.py): aclScalar checks and values, and the elementwise tiling.

Not an op module (the leading underscore keeps ascendops.ops from importing it as one)."""
import numpy as np

from ascendops.tiling import block_tiling

FLT_EPSILON = float(np.finfo(np.float32).eps)
SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946


def real(value):
    """Scalar(check=real): CANN's kernels take an aclScalar as FLOAT (ToFloat after
    CanCast(dtype, FLOAT) or the op's scalar support list): a complex one is refused."""
    if isinstance(value, (complex, np.complexfloating)):
        return "dtype %s can not cast to float32" % np.asarray(value).dtype.name.upper()
    return None


def f32(value):
    """An aclScalar's ToFloat: the value rounded to fp32."""
    return float(np.float32(value))


def tiling(n, dtype_size, ub_size, core_num):
    """CANN's elementwise block split (tiling.block_tiling) with 4 / 7 UB units per element
    (single / double buffer), as hardswish_backward.py: these ops' own tiling files
    (op_host/arch35/*_tiling*.cpp, Ascend950's generic elementwise scheduler) set UB
    factors per dtype that this engine does not use; the split only decides which worker
    runs which elements, never a value."""
    return block_tiling(n, dtype_size, ub_size, core_num, 4, 7)


def errstate():
    return np.errstate(over="ignore", invalid="ignore", divide="ignore")


def f64(a):
    return np.asarray(a, dtype=np.float64)
