"""aclnnCumsum: out[..., i, ...] = the sum of self's elements 0..i along `dim`, computed
in the dtype `dtype` (out's; self is cast to it first).

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214
math/cumsum/op_api/aclnn_cumsum.cpp), in its order (CUMSUM_CHECKS): self and out not
null (161001); out's dtype in the NpuArch's list (DAV_2002, DAV_1001, DAV_3002: FLOAT,
FLOAT16, INT32, DOUBLE, UINT8, INT8, INT16, INT64, COMPLEX64/128; DAV_2201 and regbase:
with BFLOAT16; others: none) and out of dtype `dtype`; out of self's shape, self of at
most 8 dims; dim in [-rank, rank) (a 0-d self: rank 1); all 161002. self's dtype is not
checked (any dtype casts to out's). An empty self then returns success.

A scan on the axis-reduction kind (AxisReduceOp, kernel "cumsum", src/reduce.c; the
block is `dim`, the output has self's shape): a float `dtype` runs the sum in double,
each element cast to `dtype` first, each output rounded once (FLOAT16/BFLOAT16
accumulate wider); an integer one wraps in its width, as torch does. COMPLEX is refused
(561103: tests/ops/probes/cumsum.py DEVIATIONS)."""
import numpy as np

from ascendops._core import as_dtype
from ascendops.ops import (AxisReduceOp, CannSource, Checks, Dims, DtypeIn, DTypeAttr, EmptyReturn, Input, Int,
                           NotNull, Output, Rank, Require, SameShape, register)
from ascendops.ops.reduce_sum import OPS_MATH, out_is_dtype

ASCEND910_DTYPE_SUPPORT_LIST = ("float32", "float16", "int32", "float64", "uint8", "int8", "int16", "int64",
                                "complex64", "complex128")
ASCEND910B_DTYPE_SUPPORT_LIST = ASCEND910_DTYPE_SUPPORT_LIST + ("bfloat16",)
# GetSupportDtypeList(npuArch)
SUPPORT = {"DAV_2002": ASCEND910_DTYPE_SUPPORT_LIST, "DAV_1001": ASCEND910_DTYPE_SUPPORT_LIST,
           "DAV_3002": ASCEND910_DTYPE_SUPPORT_LIST, "DAV_2201": ASCEND910B_DTYPE_SUPPORT_LIST,
           "regbase": ASCEND910B_DTYPE_SUPPORT_LIST, "default": ()}
DTYPES = ("float32", "float16", "bfloat16", "float64", "int8", "int16", "int32", "int64", "uint8")


def dim_valid(ctx):
    """CheckDim: dim in [-r, r), r = max(rank, 1)."""
    r = max(len(ctx.tensor("self").shape), 1)
    d = ctx.values["dim"]
    if d >= r or d < -r:
        return "expected dim to be in range of [%d, %d], but got %d." % (-r, r - 1, d)


CUMSUM_CHECKS = Checks(
    CannSource(*OPS_MATH, "math/cumsum/op_api/aclnn_cumsum.cpp"),
    ("CheckNotNull", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("out", dtypes=SUPPORT),
     Require(out_is_dtype, "out of dtype `dtype`", names=("dtype", "out"))),
    ("CheckShape", SameShape("out", "self"), Rank("self", max=8)),
    ("CheckDim", Require(dim_valid, "dim in [-rank, rank)", names=("self", "dim"))),
    ("aclnnCumsumGetWorkspaceSize", EmptyReturn("self")),
)


def reference(x, dim, dtype):
    """numpy: self cast to dtype, the running float64 sum (floats) or the exact one,
    wrapping in dtype's width (integers)."""
    dt = as_dtype(dtype).numpy
    x = np.asarray(x).astype(dt)
    a = dim % max(x.ndim, 1)
    if x.ndim == 0:
        return x.astype(np.float64) if x.dtype.kind == "f" or str(dt) == "bfloat16" else x
    if np.issubdtype(dt, np.integer):
        return np.cumsum(x.astype(np.int64), axis=a).astype(dt)
    return np.cumsum(x.astype(np.float64), axis=a)


def attr_cases(ndim):
    return [(-1,), (0,)] + ([(1 - ndim,)] if ndim >= 2 else [])


CUMSUM = register(AxisReduceOp(
    name="Cumsum",
    snake="cumsum",
    params=(Input("self"), Int("dim"), DTypeAttr("dtype"), Output("out")),
    dtypes=DTYPES,
    kernel="cumsum",
    reduce=Dims("dim", None),
    kernel_attrs=("dtype",),
    dtype_attr="dtype",
    checks=CUMSUM_CHECKS,
    info={"reference": reference, "attrs": lambda ndim: [a + ("float32",) for a in attr_cases(ndim)],
          "dtype_attrs": lambda ndim, dtype: [a + (dtype,) for a in attr_cases(ndim)], "refused_dtype": None,
          "torch": lambda t, x, dim, dtype: t.cumsum(x, dim)},
    doc=__doc__,
))
