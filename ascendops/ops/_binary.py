"""Shared pieces of the binary arithmetic declarations (mul.py, add.py, sub.py, div.py):
CANN's ops-math commit, the dtype names, float64 references with CANN's BOOL and
integer semantics, the alpha kernel choice. Not an op module."""
import numpy as np

from ascendops.ops._activation import tiling2

COMMIT = "c41933244c31e44fd496e3bb3212164f8c48c214"   # hicann/ops-math
REPO = "hicann/ops-math"
FLOATS = ("float32", "float16", "bfloat16")
INTS = ("int8", "uint8", "int16", "int32", "int64")
COMPLEX = ("complex64", "complex128")
# every dtype of CANN's binary-op lists (ASCEND910B_DTYPE_SUPPORT_LIST): the kernels
# compute each (integers in their dtype, BOOL through fp32, complex in double complex)
ALL = FLOATS + ("float64",) + INTS + ("bool",) + COMPLEX
NO_BF16 = tuple(d for d in ALL if d != "bfloat16")
tiling = tiling2


def _wide(a):
    a = np.asarray(a)
    return a.astype(np.complex128 if np.iscomplexobj(a) else np.float64)


def _all_bool(arrays):
    return all(np.asarray(a).dtype == np.bool_ for a in arrays)


def _result(r, arrays):
    """A BOOL result is the value's truth (CANN's Cast of the fp32 result to BOOL)."""
    if _all_bool(arrays):
        return (np.asarray(r) != 0).astype(np.float64)
    return r


def promoted_int(x, other):
    dt = np.result_type(np.asarray(x).dtype, np.asarray(other).dtype)
    return np.asarray(x).astype(dt), np.asarray(other).astype(dt), dt


def alpha_kernel_for(name):
    """kernel_for of Add/Sub: <name>_alpha1 where alpha is 1 (CANN's IsEqualToOne: l0op::Add
    / Sub without the Mul), else <name> (Axpy). alpha is passed on unconverted: the integer
    compute dtypes read it exactly (an int64 alpha beyond 2^53); a complex alpha (a complex
    promotion only: CanCast) reaches the complex body as attrs[0] + i attrs[1]."""
    def kernel_for(attrs):
        alpha = attrs[0]
        if isinstance(alpha, (complex, np.complexfloating)):
            return (name + "_alpha1" if alpha == 1 else name), (float(alpha.real), float(alpha.imag))
        return (name + "_alpha1" if float(alpha) == 1.0 else name), (alpha,)
    return kernel_for
