"""Shared pieces of the pow declarations (pow_tensor_tensor.py, pow_tensor_scalar.py,
pow_scalar_tensor.py): CANN's dtype lists and checks of hicann/ops-math math/pow/op_api
(aclnn_pow.cpp, aclnn_pow_tensor_tensor.cpp), the compute dtype of a tensor and an
aclScalar (InferTensorScalarDtype, InferScalarTensorDtype) and float64 / integer
references with torch.pow's rules. Not an op module."""
import numpy as np

from ascendops._core import _soc_entry
from ascendops.ops._binary import COMMIT, REPO  # noqa: F401  (the pow modules' CannSource)
from ascendops.ops._scalar import (COMPLEX, can_cast, combine_categories, name, promote, scalar_default_dtype,
                                   scalar_value)

# DTYPE_SUPPORT_LIST (both sources): FLOAT, INT32, INT64, FLOAT16, INT8, UINT8, DOUBLE,
# BOOL, INT16, COMPLEX64, COMPLEX128, BF16
DTYPE_SUPPORT_LIST = ("float32", "int32", "int64", "float16", "int8", "uint8", "float64", "bool", "int16",
                      "complex64", "complex128", "bfloat16")
# what the kernels compute (src/ops/pow_*.h): floats through ao_powf, DOUBLE through libm
# pow, integers in their dtype; BOOL only as an input cast to the compute dtype (a BOOL
# pair is refused); no complex kernel
KERNEL_DTYPES = ("float32", "float16", "bfloat16", "float64", "int8", "uint8", "int16", "int32", "int64")
INPUT_DTYPES = KERNEL_DTYPES + ("bool",)
# CheckSocVersionIsSupportBf16: SocVersion in [ASCEND910B, ASCEND910E]
_BF16_SOCS = {"Ascend910B": True, "Ascend910_93": True, "Ascend950": True, "default": False}
_FLOAT_TYPES = ("float64", "float32", "float16", "bfloat16")         # isFloatType


def bf16_supported(soc):
    return _soc_entry(_BF16_SOCS, soc)


def infer_tensor_scalar(self_d, exp_d, out_d, regbase):
    """aclnn_pow.cpp InferTensorScalarDtype(self, exponent, out) (names; None: undefined)."""
    if regbase:
        p = combine_categories(self_d, scalar_default_dtype(exp_d))
        return "complex64" if p == "complex32" else p
    if exp_d == "float64" and out_d == "float32":
        return "float32"
    if exp_d in COMPLEX:
        return promote(self_d, exp_d)
    if self_d in _FLOAT_TYPES:
        return self_d
    if exp_d in _FLOAT_TYPES or self_d == "bool":
        return promote(self_d, exp_d)
    return self_d


def infer_scalar_tensor(self_d, exp_d, out_d, regbase):
    """aclnn_pow.cpp InferScalarTensorDtype(self (the scalar), exponent, out)."""
    if regbase:
        p = combine_categories(exp_d, scalar_default_dtype(self_d))
        return "complex64" if p == "complex32" else p
    if exp_d == "float64" and out_d == "float32":
        return "float32"
    if self_d in COMPLEX:
        return promote(self_d, exp_d)
    if exp_d in _FLOAT_TYPES:
        return exp_d
    if self_d in _FLOAT_TYPES or exp_d == "bool":
        return promote(exp_d, self_d)
    return exp_d


def dtype_valid(self_name, exp_name, out_name):
    """aclnn_pow.cpp CheckDtypeValid(self, exponent, out): BF16 on a SoC without it, each
    in DTYPE_SUPPORT_LIST, PromoteType(self, exponent) defined, CanCast(it, out)."""
    def check(ctx):
        s, e, o = (name(ctx.dtype(n)) for n in (self_name, exp_name, out_name))
        if not bf16_supported(ctx.soc) and "bfloat16" in (s, e):
            return "Input dtype of pow is not support bfloat16 in current socversion."
        if s not in DTYPE_SUPPORT_LIST:
            return "Self dtype %s should be in dtype support list %s." % (s, list(DTYPE_SUPPORT_LIST))
        if e not in DTYPE_SUPPORT_LIST:
            return "exp dtype %s should be in dtype support list %s." % (e, list(DTYPE_SUPPORT_LIST))
        p = promote(s, e)
        if p is None:
            return "self dtype %s and exponent dtype %s can not promote dtype." % (s, e)
        if not can_cast(p, o):
            return "Cast dtype from %s to %s failed (CanCast)." % (p, o)
    check.__name__ = "CheckDtypeValid"
    return check


def promote_valid(self_name, exp_name, out_name, infer):
    """aclnn_pow.cpp CheckPromoteType(self, exponent, out, the inferred dtype): defined, not
    a BOOL pair, CanCast(it, out)."""
    def check(ctx):
        s, e, o = (name(ctx.dtype(n)) for n in (self_name, exp_name, out_name))
        p = infer(s, e, o, ctx.soc.regbase)
        if p is None:
            return "Self dtype %s and exponent dtype %s can not promote dtype." % (s, e)
        if s == "bool" and e == "bool":
            return "Self and exponent dtype are bool is not supported."
        if not can_cast(p, o):
            return "Cast dtype from %s to %s failed (CanCast)." % (p, o)
    check.__name__ = "CheckPromoteType"
    return check


_INT_RANGE = {d: (int(np.iinfo(d).min), int(np.iinfo(d).max)) for d in ("int8", "int16", "int32", "int64", "uint8")}
_FLOAT_MAX = {"float32": float(np.finfo(np.float32).max), "float16": 65504.0,
              "bfloat16": 3.3895313892515355e38}


def overflows(v, d):
    """aclScalar::CheckOverflows<T> for the promoted dtype d (CheckNotOverflow: FLOAT,
    FLOAT16, BF16, the integers but UINT64, COMPLEX64; others pass): a finite value
    beyond the type's range."""
    val = scalar_value(v)
    if d in _INT_RANGE:
        x = val.real if isinstance(val, complex) else val
        if isinstance(x, float):
            if not np.isfinite(x):
                return True
        lo, hi = _INT_RANGE[d]
        return not lo <= x <= hi
    if d in _FLOAT_MAX or d in ("complex32", "complex64"):
        m = _FLOAT_MAX.get(d, _FLOAT_MAX["float32"])
        parts = (val.real, val.imag) if isinstance(val, complex) else (float(val),)
        return any(np.isfinite(p) and abs(p) > m for p in parts)
    return False


def ipow(a, b, dt):
    """torch's integer pow in dtype dt (wrapping; b < 0: 1 for a == 1, +-1 for a == -1, else 0)."""
    dt = np.dtype(dt)
    a = np.asarray(a).astype(dt)
    b = np.asarray(b).astype(np.int64)
    a, b = np.broadcast_arrays(a, b)
    out = np.empty(a.shape, dtype=dt)
    bits = 8 * dt.itemsize
    mask = (1 << bits) - 1
    for idx in np.ndindex(a.shape):
        x, n = int(a[idx]), int(b[idx])
        if n < 0:
            r = 1 if x == 1 else ((-1 if n & 1 else 1) if x == -1 else 0)
        else:
            r = pow(x, n, 1 << bits) if n else 1
        r &= mask
        if dt.kind == "i" and r >= 1 << (bits - 1):
            r -= 1 << bits
        out[idx] = r
    return out          # in dt: exact where float64 would round an int64


def fpow(a, b):
    """x^y in float64 (C99 pow: torch.pow's special cases)."""
    with np.errstate(all="ignore"):
        return np.power(np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64))

