"""Shared pieces of the activation backward declarations (hardswish_backward_v2.py ...
threshold_backward.py): CANN's aclScalar attribute checks and the elementwise tiling.

Not an op module (the leading underscore keeps ascendops.ops from importing it as one)."""
import numpy as np

from ascendops._core import AclnnInvalidParamError, AclnnNullptrError
from ascendops.tiling import block_tiling

OPS_NN = "hicann/ops-nn@e5c3fa93"   # the CANN source every declaration here cites
FLT_EPSILON = float(np.finfo(np.float32).eps)


def scalar(name, value, optional=False):
    """An aclScalar attribute as the float CANN's ToFloat gives: None -> 161001 (unless
    optional: then None), a value CANN cannot cast to FLOAT (complex, strings) -> 161002."""
    if value is None:
        if optional:
            return None
        raise AclnnNullptrError("Expected a proper value but got null for attribute %s." % name)
    if isinstance(value, (bool, int, float, np.bool_, np.integer, np.floating)):
        return float(np.float32(value)) if not isinstance(value, bool) else float(value)
    raise AclnnInvalidParamError("%s dtype %s can not cast to float32." % (name, type(value).__name__))


def flag(name, value):
    """A C bool attribute: Python bools (and numpy bools, what the C ABI passes)."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise AclnnInvalidParamError("Attribute %s should be a bool, but got %r." % (name, value))


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


SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946
