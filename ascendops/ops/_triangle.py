"""What Tril and Triu share: CANN's dtype lists (one per SoC in both sources) and the
float64 reference of a triangle over the last two dims."""
import numpy as np

COMMIT = "c41933244c31e44fd496e3bb3212164f8c48c214"
# DTYPE_SUPPORT_LIST_910 / _910B / _REGBASE (aclnn_tril.cpp and aclnn_triu.cpp list the same
# dtypes); GetDtypeSupportList: SocVersion ASCEND910B or ASCEND910_93, else IsRegBase(), else 910
DTYPES_910 = ("uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64", "bool",
              "uint16", "uint32", "uint64")
DTYPES = {"Ascend910B": DTYPES_910 + ("bfloat16",), "Ascend910_93": DTYPES_910 + ("bfloat16",),
          "regbase": DTYPES_910 + ("bfloat16", "complex64", "complex32"), "default": DTYPES_910}
# the op's dtypes: every dtype of any SoC's list (the kernel copies bytes)
ALL_DTYPES = DTYPES_910 + ("bfloat16", "complex64", "complex32")


def triangle(x, diagonal, lower):
    """x where the position (i, j) of the last two dims keeps (lower: j - i <= diagonal;
    upper: j - i >= diagonal), else 0; float64 (complex128 for complex x)."""
    x = np.asarray(x)
    x = x.astype(np.complex128 if np.iscomplexobj(x) else np.float64)
    return np.tril(x, diagonal) if lower else np.triu(x, diagonal)


def attrs(ndim):
    """The harness's diagonal cases."""
    return [(0,), (1,), (-1,), (3,), (-4,)]
