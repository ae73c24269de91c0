"""Shared pieces of the activation-family declarations: the tilings, the
float32 view of an aclScalar, CANN's "castable to FLOAT" check of scalar attributes,
and betaOptional's optional scalar. Not an op module (the leading underscore keeps
ascendops.ops from importing it as one)."""
import numpy as np

from ascendops.tiling import block_tiling


def f32(v):
    """A scalar attribute as the fp32 kernel sees it (CANN's aclScalar ToFloat)."""
    return float(np.float32(float(v)))


def tiling(n, size, ub, cores):
    # One input, one output, an fp32 temporary: CANN's activation ops split UB 3 ways.
    return block_tiling(n, size, ub, cores, 3, 6)


def tiling2(n, size, ub, cores):
    return block_tiling(n, size, ub, cores, 4, 7)


def to_float(v):
    """CANN's CanCast(scalar dtype, FLOAT) (aclnn_elu.cpp, aclnn_celu.cpp, aclnn_swish.cpp):
    complex scalars are refused (161002)."""
    if isinstance(v, (complex, np.complexfloating)):
        return "dtype %s can not cast to float32." % type(v).__name__
    return None


def scalar_castable_to_float(name):
    """A Require check of aclScalar `name`: CANN's `if (!CanCast(name->GetDataType(),
    DataType::DT_FLOAT))` (aclnn_elu.cpp, aclnn_celu.cpp, aclnn_elu_backward.cpp). Of the dtypes an
    aclScalar can have, only a complex one cannot be cast to FLOAT (opbase CanCast)."""
    def check(ctx):
        d = ctx.dtype(name)
        if d is not None and d.code in (16, 17, 33):
            return "%s dtype %s can not cast to float32." % (name, d.log_name)
        return None
    check.__name__ = check.__qualname__ = "%s_castable_to_float" % name
    return check
