"""aclnnMean: out = the mean of self over `dim` (every dim when empty), computed in the
dtype `dtype` (self cast to it first), then cast to out's dtype; keepDim keeps the
reduced dims as 1.

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214
math/reduce_mean/op_api/aclnn_mean.cpp), in its order (MEAN_CHECKS): self, dim, out not
null (161001); self, then `dtype`, then out in the SoC's list (ASCEND910B..ASCEND910E:
Ascend910B, Ascend910_93, Ascend950: FLOAT, INT32, INT64, FLOAT16, INT16, INT8, UINT8,
DOUBLE, BFLOAT16, COMPLEX64/128; others: no BFLOAT16); CanCast(self, dtype) and
CanCast(dtype, out); dim's entries in [-rank, rank) (a 0-d self: rank 1) and none
twice; self and out of at most 8 dims; all 161002. An empty self then fills out with
NaN (out's dtype in the fill's list, 161002); else the reduced shape (ReduceMean's:
every dim for an empty dim) must be out's, or both of one element
(CheckShapeAndScalarSame, 161002).

An axis reduction in C (AxisReduceOp, kernel "mean", src/reduce.c): each element cast to
`dtype`, summed in ReduceSum's fixed order (float32 partials of four elements in double
lanes; DOUBLE in double lanes), divided by the count, rounded once to `dtype`, then cast
to out's dtype. An integer `dtype` (CANN's AiCpu ReduceMean) and
COMPLEX are refused (561103: tests/ops/probes/mean.py DEVIATIONS)."""
import numpy as np

from ascendops._core import ACLNN_ERR_INNER_NULLPTR, as_dtype
from ascendops.ops import (AxisReduceOp, Bool, CannSource, Checks, Dims, DtypeIn, DTypeAttr, Input, IntArray, NotNull,
                           Output, Rank, Require, register)
from ascendops.ops._scalar import can_cast, name
from ascendops.ops.reduce_sum import OPS_MATH, _axes, dtype_in, make_dims_valid, make_empty_fill, make_shape_same

ASCEND910_DTYPE_SUPPORT_LIST = ("float32", "int32", "int64", "float16", "int16", "int8", "uint8", "float64",
                                "complex64", "complex128")
ASCEND910B_DTYPE_SUPPORT_LIST = ASCEND910_DTYPE_SUPPORT_LIST[:8] + ("bfloat16", "complex64", "complex128")
EMPTY_INPUT_DTYPE_SUPPORT_LIST = ("float32", "int32", "int64", "float16", "int16", "int8", "uint8", "float64",
                                  "bfloat16", "bool")
SUPPORT = {"Ascend910B": ASCEND910B_DTYPE_SUPPORT_LIST, "Ascend910_93": ASCEND910B_DTYPE_SUPPORT_LIST,
           "Ascend950": ASCEND910B_DTYPE_SUPPORT_LIST, "default": ASCEND910_DTYPE_SUPPORT_LIST}
FLOATS = ("float32", "float16", "bfloat16", "float64")
# self's dtypes the kernel computes (cast to a float dtype first)
DTYPES = FLOATS + ("int8", "int16", "int32", "int64", "uint8")


def compute_dtype(dtype):
    """The harness's dtype attribute for a self of `dtype`: its own float dtype, else FLOAT."""
    return dtype if as_dtype(dtype).is_floating else "float32"


def promote_type(ctx):
    """CheckPromoteType: OP_CHECK_RESULT_DTYPE_CAST_FAILED(self, dtype), then (dtype, out)."""
    s, d, o = ctx.tensor("self").dtype, ctx.values["dtype"], ctx.tensor("out").dtype
    for a, b in ((s, d), (d, o)):
        if not can_cast(name(a), name(b)):
            return "Cast from %s to %s failed." % (a.log_name, b.log_name)


def float_dtype(ctx):
    """ReduceMean of an integer dtype runs CANN's AiCpu kernel: not computed here."""
    d = ctx.values["dtype"]
    if ctx.tensor("self").numel and d not in tuple(as_dtype(n) for n in FLOATS):
        return "ReduceMean in %s (an integer dtype) has no kernel here." % d.log_name


MEAN_CHECKS = Checks(
    CannSource(*OPS_MATH, "math/reduce_mean/op_api/aclnn_mean.cpp"),
    ("CheckNotNull", NotNull("self", "dim", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=SUPPORT),
     Require(dtype_in(SUPPORT), "dtype in the SoC's support list", names=("dtype",)),
     DtypeIn("out", dtypes=SUPPORT)),
    ("CheckPromoteType", Require(promote_type, "CanCast(self, dtype), CanCast(dtype, out)",
                                 names=("self", "dtype", "out"))),
    ("CheckDimValid", Require(make_dims_valid("dim"), "dim in range, none twice", names=("self", "dim"))),
    ("CheckShape", Rank("self", "out", max=8)),
    ("FillScalar", Require(make_empty_fill(EMPTY_INPUT_DTYPE_SUPPORT_LIST), "an empty self's out in the fill's list",
                           names=("self", "out"))),
    ("ReduceMean", Require(float_dtype, "a float dtype (deviation: no integer ReduceMean)",
                           status=ACLNN_ERR_INNER_NULLPTR, names=("self", "dtype"))),
    ("CheckShapeAndScalarSame", Require(make_shape_same("dim", "keepDim"), "out of the reduced shape",
                                        names=("self", "dim", "keepDim", "out"))),
)


def reference(x, dim, keepdim, dtype):
    """numpy: self cast to dtype, the float64 mean (NaN for no element)."""
    x = np.asarray(x).astype(as_dtype(dtype).numpy).astype(np.float64)
    axes = _axes(x, dim)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.mean(x, axis=axes, keepdims=keepdim)


def attr_cases(ndim):
    cases = [((-1,), False), ((0,), True), ((), False)]
    return cases + ([((0, -1), False), ((1 - ndim,), True)] if ndim >= 2 else [])


MEAN = register(AxisReduceOp(
    name="Mean",
    snake="mean",
    params=(Input("self"), IntArray("dim"), Bool("keepDim"), DTypeAttr("dtype"),
            Output("out", reduced=True)),
    dtypes=DTYPES,
    kernel="mean",
    reduce=Dims("dim", "keepDim"),
    kernel_attrs=("dtype",),
    dtype_attr="dtype",
    checks=MEAN_CHECKS,
    info={"reference": reference, "attrs": lambda ndim: [a + ("float32",) for a in attr_cases(ndim)],
          "dtype_attrs": lambda ndim, dtype: [a + (compute_dtype(dtype),) for a in attr_cases(ndim)],
          "out_dtype": compute_dtype, "refused_dtype": "bool",
          "torch": lambda t, x, dim, keepdim, dtype: t.mean(x, dim or None, keepdim)},
    doc=__doc__,
))
