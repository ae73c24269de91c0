"""aclnnReduceSum: out = the sum of self over `dims` (every dim when empty), in the
dtype `dtype` (self is cast to it first, then summed in it); keepDims keeps the reduced
dims as 1.

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214
math/reduce_sum/op_api/aclnn_reduce_sum.cpp), in its order (REDUCE_SUM_CHECKS): self,
dims, out not null (161001); self and out in the SoC's list (Ascend910B, Ascend910_93
and regbase: every real dtype but UINT16/32/64, with BOOL, COMPLEX64/128 and BFLOAT16;
others: no BFLOAT16), then `dtype` in it, then out of dtype `dtype`; self of at most 8
dims; dims' entries in [-rank, rank) (a 0-d self: rank 1) and none twice; all 161002.
An empty self then fills out with 0 (out's dtype in the fill's list: no complex,
161002); a 0-d self is cast into out; else the reduced shape must be out's (or both
of one element: CheckShapeAndScalarSame, 161002). `dtype` BOOL sums as ReduceAny (any
non-zero); a BOOL self summed into INT64 counts exactly (CANN's FLOAT detour below
2^24 elements is exact).

An axis reduction in C (AxisReduceOp, kernel "sum", src/reduce.c): a float `dtype`
sums each element cast to it in one fixed order and rounds once: FLOAT, FLOAT16 and
BFLOAT16 in float32 partials of four elements added in double lanes (CANN's kernel
sums in FLOAT; FLOAT16/BFLOAT16 accumulate wider), DOUBLE in double lanes; an integer one
sums exactly, wrapping in its width, as torch does. COMPLEX selfs are refused (561103:
tests/ops/probes/reduce_sum.py DEVIATIONS)."""
import numpy as np

from ascendops._core import _soc_entry, as_dtype
from ascendops.ops import (AxisReduceOp, Bool, CannSource, Checks, Dims, DtypeIn, DTypeAttr, Input, IntArray, NotNull,
                           Output, Rank, Require, register)

OPS_MATH = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214")

ASCEND910_DTYPE_SUPPORT_LIST = ("float16", "float32", "int8", "int16", "int32", "int64", "uint8", "bool",
                                "float64", "complex64", "complex128")
ASCEND910B_DTYPE_SUPPORT_LIST = ASCEND910_DTYPE_SUPPORT_LIST + ("bfloat16",)
EMPTY_INPUT_DTYPE_SUPPORT_LIST = ("float16", "float32", "int8", "int16", "int32", "int64", "uint8", "bool",
                                  "float64", "bfloat16")
# isAscend910BSocVersion: ASCEND910B, ASCEND910_93 or IsRegBase()
SUPPORT = {"Ascend910B": ASCEND910B_DTYPE_SUPPORT_LIST, "Ascend910_93": ASCEND910B_DTYPE_SUPPORT_LIST,
           "regbase": ASCEND910B_DTYPE_SUPPORT_LIST, "default": ASCEND910_DTYPE_SUPPORT_LIST}
# the dtypes the kernel computes (the generic harness's)
DTYPES = ("float32", "float16", "bfloat16", "float64", "int8", "int16", "int32", "int64", "uint8", "bool")


def dtype_in(table):
    """CheckType(ToOpDataType(dtype), the SoC's support list)."""
    def check(ctx):
        allowed = tuple(as_dtype(d) for d in _soc_entry(table, ctx.soc))
        d = ctx.values["dtype"]
        if d not in allowed:
            return "type %s should be in dtype support list [%s]." % (
                d.log_name, ", ".join(a.log_name for a in allowed))
    check.__doc__ = dtype_in.__doc__
    return check


def out_is_dtype(ctx):
    """OP_CHECK_DTYPE_NOT_MATCH(out, dtype)."""
    if ctx.tensor("out").dtype is not ctx.values["dtype"]:
        return "Tensor out dtype %s should be the same as dtype %s." % (ctx.tensor("out").dtype.log_name,
                                                                         ctx.values["dtype"].log_name)


def make_dims_valid(name):
    def check(ctx):
        r = max(len(ctx.tensor("self").shape), 1)
        seen = set()
        for d in ctx.values[name]:
            if d < -r or d >= r:
                return "Provided dim %d must be in the range of [%d, %d]." % (d, -r, r - 1)
            if d % r in seen:
                return "Dim %d appears multiple times in the list of dims." % (d % r)
            seen.add(d % r)
    check.__doc__ = "CheckDimValid: each of %s in [-r, r), r = max(rank, 1); none twice." % name
    return check


def reduced_shape(shape, dims, keepdim):
    """shape reduced over dims (an int: that one dim; none: every dim)."""
    dims = (dims,) if isinstance(dims, int) else dims
    r = max(len(shape), 1)
    ds = {d % r for d in dims} or set(range(len(shape)))
    if keepdim:
        return tuple(1 if d in ds else shape[d] for d in range(len(shape)))
    return tuple(shape[d] for d in range(len(shape)) if d not in ds)


def make_shape_same(dims, keepdim):
    def check(ctx):
        s = ctx.tensor("self")
        if s.numel == 0 or not s.shape:
            return None
        want, got = reduced_shape(s.shape, ctx.values[dims], ctx.values[keepdim]), ctx.tensor("out").shape
        if want != got and not (int(np.prod(want)) == 1 and int(np.prod(got)) == 1):
            return "The tensor's shape[%r] is not equal with shape[%r]." % (want, got)
    check.__doc__ = "CheckShapeAndScalarSame(the reduction's result, out): one shape, or one element each"
    return check


def make_empty_fill(table):
    def check(ctx):
        if ctx.tensor("self").numel == 0 and ctx.tensor("out").dtype not in tuple(as_dtype(d) for d in table):
            return "Tensor out dtype %s not in the fill's list." % ctx.tensor("out").dtype.log_name
    check.__doc__ = "FillScalar: OP_CHECK_DTYPE_NOT_SUPPORT(out, EMPTY_INPUT_DTYPE_SUPPORT_LIST) for an empty self"
    return check


REDUCE_SUM_CHECKS = Checks(
    CannSource(*OPS_MATH, "math/reduce_sum/op_api/aclnn_reduce_sum.cpp"),
    ("CheckNotNull", NotNull("self", "dims", "out")),
    ("CheckDtypeValid", DtypeIn("self", "out", dtypes=SUPPORT),
     Require(dtype_in(SUPPORT), "dtype in the SoC's support list", names=("dtype",)),
     Require(out_is_dtype, "out of dtype `dtype`", names=("dtype", "out"))),
    ("CheckMaxDimension", Rank("self", max=8)),
    ("CheckDimValid", Require(make_dims_valid("dims"), "dims in range, none twice", names=("self", "dims"))),
    ("FillScalar", Require(make_empty_fill(EMPTY_INPUT_DTYPE_SUPPORT_LIST), "an empty self's out in the fill's list",
                           names=("self", "out"))),
    ("CheckShapeAndScalarSame", Require(make_shape_same("dims", "keepDims"), "out of the reduced shape",
                                        names=("self", "dims", "keepDims", "out"))),
)


def _axes(x, dims):
    r = max(x.ndim, 1)
    return tuple(sorted({d % r for d in dims} & set(range(x.ndim)))) if dims else tuple(range(x.ndim))


def reference(x, dims, keepdim, dtype):
    """numpy: self cast to dtype, summed in float64 (floats) or exactly, wrapping in
    dtype's width (integers; BOOL: any)."""
    dt = as_dtype(dtype).numpy
    x = np.asarray(x).astype(dt)
    axes = _axes(x, dims)
    if dt == np.bool_:
        return np.any(x, axis=axes, keepdims=keepdim)
    if np.issubdtype(dt, np.integer):
        return np.sum(x.astype(np.int64), axis=axes, keepdims=keepdim).astype(dt)
    return np.sum(x.astype(np.float64), axis=axes, keepdims=keepdim)


def attr_cases(ndim):
    cases = [((-1,), False), ((0,), True), ((), False)]
    return cases + ([((0, -1), False), ((1 - ndim,), True)] if ndim >= 2 else [])


REDUCE_SUM = register(AxisReduceOp(
    name="ReduceSum",
    snake="reduce_sum",
    params=(Input("self"), IntArray("dims"), Bool("keepDims"), DTypeAttr("dtype"),
            Output("out", reduced=True)),
    dtypes=DTYPES,
    kernel="sum",
    reduce=Dims("dims", "keepDims"),
    kernel_attrs=("dtype",),
    dtype_attr="dtype",
    checks=REDUCE_SUM_CHECKS,
    info={"reference": reference, "attrs": lambda ndim: [a + ("float32",) for a in attr_cases(ndim)],
          "dtype_attrs": lambda ndim, dtype: [a + (dtype,) for a in attr_cases(ndim)], "refused_dtype": "uint16",
          "torch": lambda t, x, dims, keepdim, dtype: t.sum(x, dims or None, keepdim)},
    doc=__doc__,
))
