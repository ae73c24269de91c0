"""aclnnCast: out = self converted to `dtype` (out must have that dtype).

numpy's astype semantics between the float types, numpy's integer types and bool
(C conversions; f16/bf16 round to nearest even; float -> integer of NaN, inf or
out-of-range values is implementation-defined, as in numpy). Any shape (rank 0-8)
and strides. A C kernel: src/cast.c. Tensor.astype runs it."""
import numpy as np

from ascendops._core import CastOp, DTypeAttr, Input, Output, as_dtype, register

DTYPES = ("float32", "float16", "bfloat16", "float64", "int8", "int16", "int32", "int64",
          "uint8", "uint16", "uint32", "uint64", "bool")


def reference(x, dtype):
    """numpy's astype (ml_dtypes for bfloat16) is the specification."""
    return np.asarray(x).astype(as_dtype(dtype).numpy)


CAST = register(CastOp(
    name="Cast",
    snake="cast",
    # CANN's header: aclnnCastGetWorkspaceSize(const aclTensor *self, const aclDataType dtype, aclTensor *out)
    params=(Input("self"), DTypeAttr("dtype", const=True), Output("out")),
    dtypes=DTYPES,
    info={"reference": reference, "exact": True, "domain": (0.0, 100.0), "api_note": ", `Tensor.astype`",
          "attrs": [(d,) for d in DTYPES], "bad_attrs": [((None,), 161001), (("complex64",), 161002),
                                                       (("no_such_type",), 161002)],
          "attr_docs": {"dtype": "the dtype to convert to (required): a name such as \"float16\", a "
                                 "numpy dtype or an ascendops dtype"},
          "example_attrs": ("float16",)},
    doc=__doc__,
))
