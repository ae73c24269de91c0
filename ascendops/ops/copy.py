"""aclnnInplaceCopy: selfRef = src, converted to selfRef's dtype and broadcast to its shape.

CANN has this API in place only (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/view_copy/op_api/aclnn_copy.cpp), declared here as its out-of-place form with
inplace="only" (out = selfRef). CheckParams, in order: selfRef and src not null (161001);
each dtype in DTYPE_SUPPORT_LIST (one list on every SoC: every integer type, FLOAT16, FLOAT,
BOOL, DOUBLE, COMPLEX64/128, BF16, FLOAT8_E5M2, FLOAT8_E4M3FN, HIFLOAT8, FLOAT8_E8M0); both
at most 8 dims; src broadcasting to selfRef's shape (the broadcast shape must be selfRef's);
else 161002. An empty selfRef or src then returns success. The computation: l0op::Contiguous
(src), l0op::Cast to selfRef's dtype where the dtypes differ, BroadcastTo selfRef's shape,
ViewCopy into selfRef (any strides).

Here: the Cast kernel (src/cast.c, numpy's astype rules) converts src into selfRef through
both views, src broadcast by stride 0; one dtype is a copy of the bytes (bit-exact, NaN
payloads kept). A src overlapping selfRef other than exactly is read before it is written
(the executor's workspace path). The complex and 8-bit float dtypes, which the Cast kernel
has no path for, are refused after the sequence (161002; tests/ops/probes/copy.py DEVIATIONS)."""
import numpy as np

from ascendops.ops import (Broadcast, CannSource, Checks, CopyOp, DtypeIn, EmptyReturn, Input, NotNull, Output,
                           Rank, register)

COMMIT = "c41933244c31e44fd496e3bb3212164f8c48c214"
# the Cast kernel's dtypes
DTYPES = ("float32", "float16", "bfloat16", "float64", "int8", "int16", "int32", "int64",
          "uint8", "uint16", "uint32", "uint64", "bool")
# aclnn_copy.cpp DTYPE_SUPPORT_LIST
DTYPE_SUPPORT_LIST = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
                      "float32", "bool", "float64", "complex64", "complex128", "bfloat16", "float8_e5m2",
                      "float8_e4m3fn", "hifloat8", "float8_e8m0")


def reference(x, src):
    """src broadcast to x's shape, numpy's astype to x's dtype (ml_dtypes for bfloat16)."""
    x = np.asarray(x)
    return np.broadcast_to(np.asarray(src), x.shape).astype(x.dtype)


COPY_CHECKS = Checks(
    CannSource("hicann/ops-math", COMMIT, "conversion/view_copy/op_api/aclnn_copy.cpp"),
    ("CheckNotNull", NotNull("selfRef", "src")),
    ("CheckDtypeValid", DtypeIn("selfRef", dtypes=DTYPE_SUPPORT_LIST), DtypeIn("src", dtypes=DTYPE_SUPPORT_LIST)),
    ("CheckShape", Rank("selfRef", max=8), Rank("src", max=8), Broadcast("selfRef", "src", out="selfRef")),
    ("aclnnInplaceCopyGetWorkspaceSize", EmptyReturn("selfRef", "src")),
)

COPY = register(CopyOp(
    name="Copy",
    snake="copy",
    # CANN's header: aclnnInplaceCopyGetWorkspaceSize(aclTensor *selfRef, const aclTensor *src)
    params=(Input("self"), Input("src"), Output("out")),
    dtypes=DTYPES,
    inplace="only",
    inplace_checks=COPY_CHECKS,
    info={"reference": reference, "exact": True, "domain": (-100.0, 100.0)},
    doc=__doc__,
))
