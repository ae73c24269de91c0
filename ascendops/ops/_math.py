"""Shared pieces of the ops-math unary declarations (exp.py, sqrt.py, log.py, sin_cos.py,
tanh.py, abs.py, neg.py, sign.py): CANN's source commit, the dtype groups, the
result-castable-to-out step. Not an op module (the leading underscore keeps
ascendops.ops from importing it as one)."""
import numpy as np

from ascendops._core import as_dtype
from ascendops.ops import CanCast, CannSource

# hicann/ops-math, the commit ascendops/_cann_api.py read CANN's headers from
COMMIT = "c41933244c31e44fd496e3bb3212164f8c48c214"
FLOATS = ("float32", "float16", "bfloat16")
COMPLEX = ("complex64", "complex128")
INTS = ("int8", "int16", "int32", "int64", "uint8")
_FLOAT = as_dtype("float32")
_RESULT_TO_OUT = CanCast("result", "out")


def source(op, path=None):
    """CannSource of math/<op>/op_api/aclnn_<op>.cpp at COMMIT."""
    return CannSource("hicann/ops-math", COMMIT, path or "math/%s/op_api/aclnn_%s.cpp" % (op, op))


def result_casts_to_out(to_float):
    """OP_CHECK_RESULT_DTYPE_CAST_FAILED(resultDtype, out): the result dtype is self's,
    or FLOAT where self's dtype is in `to_float` (a derived dtype "result", then CanCast)."""
    to_float = tuple(as_dtype(t) for t in to_float)

    def check(ctx):
        d = ctx.dtype("self")
        ctx.derived["result"] = _FLOAT if d in to_float else d
        _RESULT_TO_OUT.apply(ctx)
        return None
    check.__name__ = "result_casts_to_out"
    return check


def as_float(x):
    """The input as float64, or complex128 for a complex one (the references)."""
    x = np.asarray(x)
    return x.astype(np.complex128 if np.iscomplexobj(x) else np.float64)
