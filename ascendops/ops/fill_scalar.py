"""aclnnInplaceFillScalar: every element of selfRef = value, converted to selfRef's dtype.

CANN has this API in place only (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/fill/op_api/aclnn_fill_scalar.cpp), declared here as its out-of-place form with
inplace="only" (out = selfRef). CheckParams, in order: selfRef and value not null (161001);
selfRef's dtype in the list of the SoC (SocVersion in [ASCEND910B, ASCEND910E]:
DTYPE_SUPPORT_GE910B_LIST, with BF16, UINT16, UINT32, UINT64; else DTYPE_SUPPORT_910_LIST:
FLOAT, INT32, INT64, FLOAT16, INT16, INT8, UINT8, DOUBLE, BOOL, COMPLEX64, COMPLEX128);
PromoteType(selfRef, value) defined; selfRef at most 8 dims; else 161002. An empty selfRef
then returns success. The computation: ConvertToTensor(value, selfRef's dtype), Fill, ViewCopy
into selfRef (any strides).

Here: the value as its aclScalar holds it (a Python float is FLOAT, an int INT64, a numpy
scalar its own dtype; a complex one's real part) converted by the Cast kernel's rules
(src/cast.c) into every element of selfRef's view. The complex dtypes, which the Cast
kernel has no path for, and UINT16 (which CANN fills only from a UINT16 value), are refused
after the sequence (161002; tests/ops/probes/fill_scalar.py DEVIATIONS)."""
import numpy as np

from ascendops.ops import (CannSource, Checks, CopyOp, DtypeIn, EmptyReturn, Input, NotNull, Output, Promote, Rank,
                           Scalar, register)

COMMIT = "c41933244c31e44fd496e3bb3212164f8c48c214"
# the Cast kernel's dtypes that CANN's checks let through with some value: UINT32 and UINT64
# promote with no aclScalar dtype (CheckPromoteType refuses them); UINT16 only with a UINT16
# value, left out (a deviation: tests/ops/probes/fill_scalar.py)
DTYPES = ("float32", "float16", "bfloat16", "float64", "int8", "int16", "int32", "int64", "uint8", "bool")
DTYPE_SUPPORT_910_LIST = ("float32", "int32", "int64", "float16", "int16", "int8", "uint8", "float64", "bool",
                          "complex64", "complex128")
DTYPE_SUPPORT_GE910B_LIST = DTYPE_SUPPORT_910_LIST + ("bfloat16", "uint16", "uint32", "uint64")
# CheckSocVersionGe910B: SocVersion in [ASCEND910B, ASCEND910E]
FILL_DTYPES = {"Ascend910B": DTYPE_SUPPORT_GE910B_LIST, "Ascend910_93": DTYPE_SUPPORT_GE910B_LIST,
               "Ascend950": DTYPE_SUPPORT_GE910B_LIST, "default": DTYPE_SUPPORT_910_LIST}


def reference(x, value):
    """value (as a FLOAT aclScalar where a Python float) in x's shape and dtype."""
    x = np.asarray(x)
    if isinstance(value, float):
        value = np.float32(value)
    return np.full(x.shape, np.asarray(value).real).astype(x.dtype)


FILL_CHECKS = Checks(
    CannSource("hicann/ops-math", COMMIT, "conversion/fill/op_api/aclnn_fill_scalar.cpp"),
    ("CheckNotNull", NotNull("selfRef", "value")),
    ("CheckDtypeValid", DtypeIn("selfRef", dtypes=FILL_DTYPES)),
    ("CheckPromoteType", Promote("selfRef", "value")),
    ("CheckShape", Rank("selfRef", max=8)),
    ("aclnnInplaceFillScalarGetWorkspaceSize", EmptyReturn("selfRef")),
)

FILL_SCALAR = register(CopyOp(
    name="FillScalar",
    snake="fill_scalar",
    # CANN's header: aclnnInplaceFillScalarGetWorkspaceSize(aclTensor *selfRef, const aclScalar *value)
    params=(Input("self"), Scalar("value"), Output("out")),
    dtypes=DTYPES,
    inplace="only",
    inplace_checks=FILL_CHECKS,
    info={"reference": reference, "exact": True, "domain": (-100.0, 100.0),
          "attrs": [(1.5,), (-2,), (True,), (0.0,)], "example_attrs": (1.5,)},
    doc=__doc__,
))
