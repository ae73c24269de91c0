"""aclnnArgMax: out = the index along `dim` of the first maximum of self (torch.argmax:
NaN counts as the maximum, the first NaN wins); keepdim keeps dim as 1.

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214
math/arg_max_v2/op_api/aclnn_argmax.cpp), in its order (ARG_MAX_CHECKS): self and out not
null (161001); self's dtype in the NpuArch's list (DAV_2002, DAV_1001: FLOAT, FLOAT16,
DOUBLE, INT8, INT16, INT32, INT64, UINT8; DAV_2201, DAV_3002: with BFLOAT16; regbase:
also UINT16; others: none); self and out of at most 8 dims; dim in [-rank, rank) (a 0-d
self: [-1, 0]); all 161002. An empty self or out then returns success. The index is
computed (INT32 off regbase, out's dtype on it) and cast to out's dtype, whose dtype is
not checked; the result's shape (self's without dim, or with it as 1) must be out's, or
both of one element (CheckShapeAndScalarSame, 161002).

An axis reduction in C (AxisReduceOp, kernel "argmax", src/reduce.c): floats compare
as double (exact), integers as 64-bit; the index is stored by the Cast kernel's
conversion into out's dtype."""
import numpy as np

from ascendops.ops import (AxisReduceOp, Bool, CannSource, Checks, Dims, DtypeIn, EmptyReturn, Input, Int, NotNull,
                           Output, Rank, Require, register)
from ascendops.ops.reduce_sum import OPS_MATH, make_shape_same

ASCEND910_DTYPE_DTYPE_SUPPORT_LIST = ("float32", "float16", "float64", "int8", "int16", "int32", "int64", "uint8")
ASCEND910B_DTYPE_DTYPE_SUPPORT_LIST = ASCEND910_DTYPE_DTYPE_SUPPORT_LIST + ("bfloat16",)
ARCH_REGBASE_DTYPE_DTYPE_SUPPORT_LIST = ASCEND910B_DTYPE_DTYPE_SUPPORT_LIST + ("uint16",)
# GetSupportDtypeList(npuArch)
SUPPORT = {"DAV_2002": ASCEND910_DTYPE_DTYPE_SUPPORT_LIST, "DAV_1001": ASCEND910_DTYPE_DTYPE_SUPPORT_LIST,
           "DAV_2201": ASCEND910B_DTYPE_DTYPE_SUPPORT_LIST, "DAV_3002": ASCEND910B_DTYPE_DTYPE_SUPPORT_LIST,
           "regbase": ARCH_REGBASE_DTYPE_DTYPE_SUPPORT_LIST, "default": ()}


def dim_valid(ctx):
    """CheckDim: dim in [-rank, rank - 1], [-1, 0] for a 0-d self."""
    r = len(ctx.tensor("self").shape)
    lo, hi = (-1, 0) if r == 0 else (-r, r - 1)
    d = ctx.values["dim"]
    if d < lo or d > hi:
        return "dim must be within the range of [%d, %d], but it is %d." % (lo, hi, d)


ARG_MAX_CHECKS = Checks(
    CannSource(*OPS_MATH, "math/arg_max_v2/op_api/aclnn_argmax.cpp"),
    ("CheckNotNull", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=SUPPORT)),
    ("CheckShape", Rank("self", "out", max=8)),
    ("CheckDim", Require(dim_valid, "dim in [-rank, rank)", names=("self", "dim"))),
    ("aclnnArgMaxGetWorkspaceSize", EmptyReturn("self", "out")),
    ("CheckShapeAndScalarSame", Require(make_shape_same("dim", "keepdim"), "out of the reduced shape",
                                        names=("self", "dim", "keepdim", "out"))),
)


def reference(x, dim, keepdim):
    """numpy's argmax with torch's NaN rule (the first NaN), as int64."""
    x = np.asarray(x).astype(np.float64) if np.asarray(x).dtype.kind == "f" or \
        str(np.asarray(x).dtype) == "bfloat16" else np.asarray(x)
    if x.ndim == 0:
        return np.zeros((), np.int64)
    a = dim % x.ndim
    if x.size == 0:     # CANN returns before computing: the numpy-like call's zeroed out stays
        shape = x.shape[:a] + ((1,) if keepdim else ()) + x.shape[a + 1:]
        return np.zeros(shape, np.int64)
    if x.dtype.kind == "f":
        nan = np.isnan(x)
        r = np.where(nan.any(axis=a), np.argmax(nan, axis=a), np.argmax(np.where(nan, -np.inf, x), axis=a))
    else:
        r = np.argmax(x, axis=a)
    r = np.asarray(r, np.int64)
    return np.expand_dims(r, a) if keepdim else r


def attr_cases(ndim):
    return [(-1, False), (0, True)] + ([(1 - ndim, False)] if ndim >= 2 else [])


ARG_MAX = register(AxisReduceOp(
    name="ArgMax",
    snake="arg_max", header="aclnn_argmax.h",
    params=(Input("self"), Int("dim"), Bool("keepdim", False), Output("out", reduced=True)),
    dtypes=("float32", "float16", "bfloat16", "float64", "int8", "int16", "int32", "int64", "uint8"),
    kernel="argmax",
    reduce=Dims("dim", "keepdim"),
    stat_dtype="int64",
    checks=ARG_MAX_CHECKS,
    info={"reference": reference, "attrs": attr_cases, "out_dtype": lambda d: "int64",
          "torch": lambda t, x, dim, keepdim: t.argmax(x, dim, keepdim)},
    doc=__doc__,
))
