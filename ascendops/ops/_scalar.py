"""Shared pieces of the tensor-scalar arithmetic declarations (muls.py, adds.py, subs.py,
divs.py): CANN's compute
dtype of a tensor and an aclScalar (InferTensorScalarDtype, hicann/ops-math
math/mul/op_api/aclnn_mul.cpp), the scalar converted to it (ConvertToTensor) and the
kernel attributes. Not an op module."""
import numpy as np

from ascendops import as_dtype
from ascendops._core import cann_promote_type
from ascendops.ops import Scalar

FLOATING = ("float32", "float16", "float64", "bfloat16")           # IsFloatingType
COMPLEX = ("complex32", "complex64", "complex128")                 # IsComplexType
INTEGRAL = ("int8", "uint8", "int16", "int32", "int64", "uint16", "uint32", "uint64")
_TO_COMPLEX = {"bfloat16": "complex64", "float16": "complex32", "float32": "complex64",
               "float64": "complex128", "complex32": "complex32", "complex64": "complex64",
               "complex128": "complex128"}                         # InnerTypeToComplexType


def name(d):
    """A dtype's name ("bool" for DT_BOOL); None stays None."""
    if d is None:
        return None
    n = as_dtype(d).name
    return "bool" if n == "bool_" else n


def promote(a, b):
    """op::PromoteType (None: DT_UNDEFINED)."""
    p = cann_promote_type(a, b)
    return name(p) if p is not None else None


def can_cast(src, dst):
    """opbase's CanCast: no complex -> real, no floating -> integral, only BOOL -> BOOL."""
    if src in COMPLEX and dst not in COMPLEX:
        return False
    if src in FLOATING and dst in INTEGRAL:
        return False
    return not (dst == "bool" and src != "bool")


def scalar_default_dtype(d):
    """GetScalarDefaultDtype: a complex scalar COMPLEX64, a floating one FLOAT, else its own."""
    if d in COMPLEX:
        return "complex64"
    if d in FLOATING:
        return "float32"
    return d


def combine_categories(higher, lower):
    """CombineCategoriesWithComplex(higher = the tensor's dtype, lower = the scalar's default)."""
    if higher in COMPLEX:
        return higher
    if lower in COMPLEX:
        return _TO_COMPLEX[higher] if higher in FLOATING else lower
    if higher in FLOATING:
        return higher
    if higher == "bool" or lower in FLOATING:
        return promote(higher, lower)
    return higher if higher is not None else lower


def scalar_value(v):
    """The aclScalar's value in its own dtype (aclCreateScalar stores it so: a Python float
    is a FLOAT scalar, 0.1 reads back as float32(0.1))."""
    d = name(Scalar.dtype_of(v))
    if d in COMPLEX:
        return complex(np.complex64(v)) if d != "complex128" else complex(v)
    if d == "bool":
        return bool(v)
    if d in INTEGRAL:
        return int(v)
    return float(np.asarray(v).astype(as_dtype(d).numpy))


def _as_real(v):
    return v.real if isinstance(v, complex) else v


def to_float(v):
    """aclScalar::ToFloat (a complex scalar: its real part)."""
    return float(np.float32(_as_real(scalar_value(v))))


def to_b16(v, d):
    """aclScalar::ToFp16 / ToBf16, read back as a float."""
    with np.errstate(over="ignore"):
        return float(np.asarray(float(_as_real(scalar_value(v)))).astype(as_dtype(d).numpy))


def convert(v, d):
    """ConvertToTensor(scalar, d): the scalar's value in dtype d (floats round to nearest;
    integer dtypes keep an integral value exactly: the engine's integer attributes wrap it,
    _int_attrs; a float scalar into an integer dtype truncates)."""
    val = scalar_value(v)
    if d in COMPLEX:
        c = complex(val)
        return complex(np.complex64(c)) if d in ("complex32", "complex64") else c
    val = _as_real(val)
    if d == "bool":
        return bool(val)
    if d in INTEGRAL:
        return int(val) if not isinstance(val, float) or np.isfinite(val) else val
    if d == "float64":
        return float(val)
    with np.errstate(over="ignore"):
        return float(np.asarray(float(val)).astype(as_dtype(d).numpy))


def split_double(x):
    """A double as three floats whose sum (in double, in order) is it: the kernels read
    float attributes, and a DOUBLE compute dtype the scalar whole. Zeros pad as -0.0 (x +
    -0.0 is x for every x, +0.0 included)."""
    hi = float(np.float32(x))
    if not np.isfinite(hi) or hi == x:
        return (hi, -0.0, -0.0)
    r = x - hi
    mid = float(np.float32(r))
    lo = float(np.float32(r - mid))
    return (hi, mid if mid != 0 else -0.0, lo if lo != 0 else -0.0)


def scalar_kernel_for(kernel):
    """kernel_for of a tensor-scalar op whose scalar is attrs[0] (converted to the compute
    dtype by the op's compute_dtype hook): a complex one as (real, imag) for the complex
    body; an integral one passed on as it is (the integer bodies read it exactly as
    iattrs[0]); a real one as split_double's three floats (attrs[0] + attrs[1] + attrs[2])."""
    def kernel_for(attrs):
        v = attrs[0]
        if isinstance(v, (complex, np.complexfloating)):
            return kernel, (float(v.real), float(v.imag), -0.0)
        if isinstance(v, (bool, np.bool_)):
            return kernel, (int(v), -0.0, -0.0)
        if isinstance(v, (int, np.integer)):
            return kernel, (int(v), -0.0, -0.0)
        return kernel, split_double(float(v))
    return kernel_for


FLT_EPSILON = float(np.finfo(np.float32).eps)


def keep_b16(p, scalars):
    """Regbase: a FLOAT16/BF16 compute dtype is kept only where every scalar is that dtype
    within FLT_EPSILON (IsFloatEqual(GetCastedFloat(p, s), s->ToFloat())), else FLOAT."""
    if p in ("float16", "bfloat16") and not all(abs(to_b16(s, p) - to_float(s)) <= FLT_EPSILON for s in scalars):
        return "float32"
    return p


def regbase_scalar_dtype(self_d, other, scalars):
    """The regbase branch of InferTensorScalarDtype / PromoteTypeScalar: CombineCategories
    WithComplex(self, GetScalarDefaultDtype(other)), keep_b16, COMPLEX32 -> COMPLEX64."""
    p = combine_categories(self_d, scalar_default_dtype(name(Scalar.dtype_of(other))))
    p = keep_b16(p, scalars)
    return "complex64" if p == "complex32" else p


def soc_list(table, soc):
    """A per-SoC dtype table's entry for `soc` (as the check sequences read it), as names."""
    from ascendops._core import _soc_entry
    return [name(d) for d in _soc_entry(table, soc)]


def promotion_failed(self_d, other_d):
    from ascendops import AclnnError
    raise AclnnError("self dtype %s and other dtype %s can not promote dtype: ConvertToTensor(other, "
                     "DT_UNDEFINED) gives no tensor." % (self_d, other_d), 561103)
