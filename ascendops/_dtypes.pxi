# ---------------------------------------------------------------------------
# dtypes: the whole aclDataType enum, with CANN's numeric codes and log names.
# ---------------------------------------------------------------------------
import sys

import numpy as np


class _ML:
    """A table entry naming an ml_dtypes type (bfloat16, the float8s). ml_dtypes is
    imported on first need, not with ascendops: importing it registers its ufunc loops
    one by one (half a second with ml_dtypes 0.7), which every process paid, C programs
    calling the C ABI included."""
    def __init__(self, name):
        self.name = name


cdef bint _ml_loaded = False


cdef _load_ml_dtypes():
    """Import ml_dtypes and resolve the table's ml_dtypes entries (None where this
    version lacks the type)."""
    global _ml_loaded
    if _ml_loaded:
        return
    import ml_dtypes
    for d in DTYPES:
        if (<DType>d)._ml_name is not None:
            t = getattr(ml_dtypes, (<DType>d)._ml_name, None)
            (<DType>d)._numpy = None if t is None else np.dtype(t)
            (<DType>d)._ml_name = None
            if (<DType>d)._numpy is not None:
                _dtype_by_numpy[(<DType>d)._numpy] = d
    _ml_loaded = True


cdef class DType:
    def __init__(self, int code, str name, str log_name, int bits, object np_dtype):
        self.code = code
        self.name = name
        self.log_name = log_name
        self.bits = bits
        self.itemsize = bits // 8 if bits % 8 == 0 else 0
        if isinstance(np_dtype, _ML):
            self._ml_name = np_dtype.name
        else:
            self._numpy = np_dtype

    @property
    def numpy(self):
        """The numpy dtype (ml_dtypes' for bfloat16 and the float8s), or None where
        numpy has none."""
        if self._ml_name is not None:
            _load_ml_dtypes()
        return self._numpy

    def __repr__(self):
        return "ascendops.%s" % self.name

    def __str__(self):
        return self.name

    def __reduce__(self):
        return (as_dtype, (self.name,))

    def __eq__(self, other):
        if isinstance(other, DType):
            return self is other
        try:
            return as_dtype(other) is self
        except (TypeError, ValueError):
            return NotImplemented

    def __hash__(self):
        return hash(("aclDataType", self.code))

    @property
    def acl_name(self):
        """The C enum name, e.g. ACL_FLOAT16."""
        return "ACL_" + self.log_name[3:]

    @property
    def is_floating(self):
        return self.code in (0, 1, 11, 27)


# (code, numpy-style name, log name, bits, numpy dtype or None); codes from CANN's aclDataType.
_DTYPE_TABLE = (
    (-1, "undefined", "DT_UNDEFINED", 0, None),
    (0, "float32", "DT_FLOAT", 32, np.dtype(np.float32)),
    (1, "float16", "DT_FLOAT16", 16, np.dtype(np.float16)),
    (2, "int8", "DT_INT8", 8, np.dtype(np.int8)),
    (3, "int32", "DT_INT32", 32, np.dtype(np.int32)),
    (4, "uint8", "DT_UINT8", 8, np.dtype(np.uint8)),
    (6, "int16", "DT_INT16", 16, np.dtype(np.int16)),
    (7, "uint16", "DT_UINT16", 16, np.dtype(np.uint16)),
    (8, "uint32", "DT_UINT32", 32, np.dtype(np.uint32)),
    (9, "int64", "DT_INT64", 64, np.dtype(np.int64)),
    (10, "uint64", "DT_UINT64", 64, np.dtype(np.uint64)),
    (11, "float64", "DT_DOUBLE", 64, np.dtype(np.float64)),
    (12, "bool_", "DT_BOOL", 8, np.dtype(np.bool_)),
    (13, "string", "DT_STRING", 0, None),
    (16, "complex64", "DT_COMPLEX64", 64, np.dtype(np.complex64)),
    (17, "complex128", "DT_COMPLEX128", 128, np.dtype(np.complex128)),
    (27, "bfloat16", "DT_BF16", 16, _ML("bfloat16")),
    (29, "int4", "DT_INT4", 4, None),
    (30, "uint1", "DT_UINT1", 1, None),
    (33, "complex32", "DT_COMPLEX32", 32, None),
    (34, "hifloat8", "DT_HIFLOAT8", 8, None),
    (35, "float8_e5m2", "DT_FLOAT8_E5M2", 8, _ML("float8_e5m2")),
    (36, "float8_e4m3fn", "DT_FLOAT8_E4M3FN", 8, _ML("float8_e4m3fn")),
    (37, "float8_e8m0", "DT_FLOAT8_E8M0", 8, _ML("float8_e8m0fnu")),
    (38, "float6_e3m2", "DT_FLOAT6_E3M2", 6, None),
    (39, "float6_e2m3", "DT_FLOAT6_E2M3", 6, None),
    (40, "float4_e2m1", "DT_FLOAT4_E2M1", 4, None),
    (41, "float4_e1m2", "DT_FLOAT4_E1M2", 4, None),
)

DTYPES = tuple(DType(*row) for row in _DTYPE_TABLE)
cdef dict _dtype_by_code = {d.code: d for d in DTYPES}
cdef dict _dtype_by_name = {}
cdef dict _dtype_by_numpy = {}
for _d in DTYPES:
    for _alias in (_d.name, _d.log_name, _d.log_name[3:], "ACL_" + _d.log_name[3:]):
        _dtype_by_name[_alias] = _d
        _dtype_by_name[_alias.lower()] = _d
    if (<DType>_d)._numpy is not None:
        _dtype_by_numpy[(<DType>_d)._numpy] = _d
_dtype_by_name.update({"bool": _dtype_by_code[12], "bf16": _dtype_by_code[27],
                       "fp16": _dtype_by_code[1], "fp32": _dtype_by_code[0],
                       "half": _dtype_by_code[1], "float": _dtype_by_code[0],
                       "double": _dtype_by_code[11]})
del _d, _alias

cdef DType DT_FLOAT = _dtype_by_code[0]
cdef DType DT_FLOAT16 = _dtype_by_code[1]
cdef DType DT_BF16 = _dtype_by_code[27]
cdef DType DT_DOUBLE = _dtype_by_code[11]
cdef DType DT_INT64 = _dtype_by_code[9]
cdef DType DT_INT4 = _dtype_by_code[29]


cdef inline bint _packed_dtype(DType d):
    """INT4: two elements per byte, element 2i in the low nibble of byte i and 2i + 1 in
    its high nibble (CANN's ACL_INT4 layout: aclnnWeightQuantBatchMatmulV2's doc, and
    llama.cpp's CANN backend packs Q4_0 so). Strides and offsets count elements; a view
    starts at a byte (an even offset). The other sub-byte dtypes have no byte layout here."""
    return d.code == 29


cdef inline object _dtype_bytes(object n, DType d):
    """The bytes that n elements of d occupy (INT4: half a byte each, rounded up)."""
    if d.itemsize:
        return n * d.itemsize
    return (n * d.bits + 7) // 8


cpdef DType as_dtype(object obj):
    """An ascendops dtype from a DType, a numpy dtype or type, or a name
    ("float32", "bfloat16", "DT_BF16", "ACL_FLOAT16")."""
    cdef object d
    if isinstance(obj, DType):
        return <DType>obj
    if isinstance(obj, str):
        d = _dtype_by_name.get(obj)
        if d is None:
            d = _dtype_by_name.get(obj.lower())
        if d is None:
            raise TypeError("dtype: unknown dtype name %r" % (obj,))
        return <DType>d
    if obj is None or isinstance(obj, (bool, int, float)):
        raise TypeError("dtype: expected an ascendops dtype, numpy dtype or name, got %r" % (obj,))
    try:
        npd = np.dtype(obj)
    except (TypeError, ValueError):
        raise TypeError("dtype: cannot interpret %r as a dtype" % (obj,)) from None
    npd = npd.newbyteorder("=") if npd.byteorder not in "=|" else npd
    d = _dtype_by_numpy.get(npd)
    if d is None and not _ml_loaded and "ml_dtypes" in sys.modules:
        _load_ml_dtypes()       # an ml_dtypes dtype: the caller has imported ml_dtypes
        d = _dtype_by_numpy.get(npd)
    if d is None:
        raise TypeError("dtype: numpy dtype %s has no aclDataType" % (npd,))
    return <DType>d


def dtype_from_code(int code):
    """The dtype with aclDataType value `code`."""
    d = _dtype_by_code.get(code)
    if d is None:
        raise ValueError("dtype_from_code: %d is not an aclDataType value" % code)
    return d


# ---------------------------------------------------------------------------
# Formats: aclFormat values. Any format is accepted by the ops (CANN checks none).
# ---------------------------------------------------------------------------
import enum


class Format(enum.IntEnum):
    UNDEFINED = -1
    NCHW = 0
    NHWC = 1
    ND = 2
    NC1HWC0 = 3
    FRACTAL_Z = 4
    NC1HWC0_C04 = 12
    HWCN = 16
    NDHWC = 27
    FRACTAL_NZ = 29
    NCDHW = 30
    NDC1HWC0 = 32
    FRACTAL_Z_3D = 33
    NC = 35
    NCL = 47


# The aclFormat values as ints: a C ABI call's format is checked against this set, not by
# Format(value) (enum's lookup: about a microsecond, on every aclCreateTensor).
cdef frozenset _FORMAT_VALUES = frozenset(int(f) for f in Format)


def as_format(object obj):
    """An aclFormat value from a Format, its name ("NCHW", "ACL_FORMAT_NCHW") or None (ND)."""
    if type(obj) is int:
        if obj in _FORMAT_VALUES:
            return obj
        raise ValueError("format: %d is not an aclFormat value" % obj)
    if obj is None:
        return Format.ND
    if isinstance(obj, Format):
        return int(obj)
    if isinstance(obj, str):
        name = obj.upper()
        if name.startswith("ACL_FORMAT_"):
            name = name[len("ACL_FORMAT_"):]
        try:
            return int(Format[name])
        except KeyError:
            raise ValueError("format: unknown aclFormat %r; expected one of %s"
                             % (obj, ", ".join(f.name for f in Format))) from None
    if isinstance(obj, int) and not isinstance(obj, bool):
        try:
            return int(Format(obj))
        except ValueError:
            raise ValueError("format: %d is not an aclFormat value" % obj) from None
    raise TypeError("format: expected an ascendops.Format or its name, got %r" % (obj,))
