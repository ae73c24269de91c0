"""Shared pieces of the activation-family declarations (issue 18): CANN's aclScalar
attributes (a number: None -> 161001, anything else that is not a number -> 161002,
then the op's own value check -> 161002), the numeric conversion for the fp32 kernel,
and the tiling. Not an op module (the leading underscore keeps ascendops.ops from
importing it as one)."""
import numbers

import numpy as np

from ascendops._core import AclnnInvalidParamError, AclnnNullptrError, ElementwiseOp
from ascendops.tiling import block_tiling

SCALAR = "scalar"   # const aclScalar *: a real number (bool included: CanCast(BOOL, FLOAT))
INT = "int"         # int64_t


def f32(v):
    """A scalar attribute as the fp32 kernel sees it (CANN's aclScalar ToFloat)."""
    return float(np.float32(float(v)))


def tiling(n, size, ub, cores):
    # One input, one output, an fp32 temporary: CANN's activation ops split UB 3 ways.
    return block_tiling(n, size, ub, cores, 3, 6)


def tiling2(n, size, ub, cores):
    return block_tiling(n, size, ub, cores, 4, 7)


class ActivationOp(ElementwiseOp):
    """An ElementwiseOp whose attributes are typed as in CANN's C signature.

    kinds: per attribute SCALAR or INT; checks: per attribute None or
    f(value) -> None or a message (161002, naming the attribute)."""

    def __init__(self, *args, kinds=(), checks=(), **kw):
        ElementwiseOp.__init__(self, *args, **kw)
        self.kinds = tuple(kinds)
        self.checks = tuple(checks) or (None,) * len(self.kinds)
        if len(self.kinds) != len(self.attrs) or len(self.checks) != len(self.attrs):
            raise ValueError("%s: kinds/checks must give one entry per attribute" % self.name)

    def check_attrs(self, attrs):
        out = []
        for name, kind, check, v in zip(self.attrs, self.kinds, self.checks, attrs):
            if v is None:
                if kind == INT:
                    raise AclnnInvalidParamError("Attribute %s should be an integer, but got None." % name)
                raise AclnnNullptrError("Expected a proper value but got null for argument %s." % name)
            if kind == INT:
                if isinstance(v, (bool, np.bool_)) or not isinstance(v, (numbers.Integral, np.integer)):
                    raise AclnnInvalidParamError("Attribute %s should be an integer, but got %r." % (name, v))
                v = int(v)
            else:
                if isinstance(v, (complex, np.complexfloating)) or not isinstance(v, (numbers.Real, np.number, np.bool_)):
                    raise AclnnInvalidParamError("%s dtype %s can not cast to float32." % (name, type(v).__name__))
                v = float(v)
            if check is not None:
                msg = check(v)
                if msg:
                    raise AclnnInvalidParamError("%s %s" % (name, msg))
            out.append(v)
        return tuple(out)
