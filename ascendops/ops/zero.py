"""aclnnInplaceZero: every element of selfRef = 0.

CANN has this API in place only (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
math/zero_op/op_api/aclnn_zero.cpp), declared here as its out-of-place form with
inplace="only" (out = selfRef). CheckParams, in order: selfRef not null (161001); its dtype
in the list (IsRegBase(): DTYPE_SUPPORT_950_LIST, with the 8- and 4-bit floats; else
DTYPE_SUPPORT_LIST: INT8, INT32, INT64, UINT8, FLOAT16, FLOAT, BOOL, DOUBLE, INT16, UINT16,
COMPLEX128, COMPLEX64, BF16), else 161002; no rank check. An empty selfRef then returns
success. The computation: Contiguous, ZerosLike, ViewCopy into selfRef.

Here: zero bits written into every element of selfRef's view (the Cast kernel's one-dtype
copy, src/cast.c). The complex and sub-16-bit float dtypes, which that kernel has no path
for, are refused after the sequence (161002; tests/ops/probes/zero.py DEVIATIONS)."""
import numpy as np

from ascendops.ops import CannSource, Checks, CopyOp, DtypeIn, EmptyReturn, Input, NotNull, Output, register

COMMIT = "c41933244c31e44fd496e3bb3212164f8c48c214"
# the Cast kernel's dtypes in CANN's lists (neither has UINT32 or UINT64)
DTYPES = ("float32", "float16", "bfloat16", "float64", "int8", "int16", "int32", "int64", "uint8", "uint16", "bool")
DTYPE_SUPPORT_LIST = ("int8", "int32", "int64", "uint8", "float16", "float32", "bool", "float64", "int16", "uint16",
                      "complex128", "complex64", "bfloat16")
DTYPE_SUPPORT_950_LIST = DTYPE_SUPPORT_LIST + ("float8_e5m2", "float8_e4m3fn", "hifloat8", "float4_e1m2",
                                               "float4_e2m1")


def reference(x):
    x = np.asarray(x)
    return np.zeros(x.shape, x.dtype)


ZERO_CHECKS = Checks(
    CannSource("hicann/ops-math", COMMIT, "math/zero_op/op_api/aclnn_zero.cpp"),
    ("CheckNotNull", NotNull("selfRef")),
    ("CheckDtypeValid", DtypeIn("selfRef", dtypes={"regbase": DTYPE_SUPPORT_950_LIST,
                                                   "default": DTYPE_SUPPORT_LIST})),
    ("aclnnInplaceZeroGetWorkspaceSize", EmptyReturn("selfRef")),
)

ZERO = register(CopyOp(
    name="Zero",
    snake="zero",
    # CANN's header: aclnnInplaceZeroGetWorkspaceSize(aclTensor *selfRef)
    params=(Input("self"), Output("out")),
    dtypes=DTYPES,
    inplace="only",
    inplace_checks=ZERO_CHECKS,
    info={"reference": reference, "exact": True, "domain": (-100.0, 100.0)},
    doc=__doc__,
))
