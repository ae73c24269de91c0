"""aclnnArgsort: out = the int64 indices that sort self along `dim` (ascending, or
descending), as torch.argsort(self, dim, descending, stable=True): equal values keep
their index order, NaN sorts as the largest value (last ascending, first descending),
-0.0 equals +0.0.

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214
math/sort/op_api/aclnn_argsort.cpp CheckParams), in its order (ARGSORT_CHECKS): self and
out not null (161001); dim in [-rank, rank - 1] (a 0-d self: [-1, 0]), the sorted dim of
at most INT_MAX elements, and off regbase a BF16 self whose sorted dim has 1 element
refused; self in GetDtypeSupportList (FLOAT, FLOAT16, INT8, INT16, INT32, INT64, UINT8;
BF16 too on ASCEND910B and ASCEND910_93; those and BF16, UINT16, UINT32, UINT64 on
regbase), out INT64; formats (ND: nothing to refuse here); self and out of at most 8
dims and of one shape; all 161002. An empty self then returns success. CANN sorts with
l0op::Sort(stable=false): a stable result is one of the orders it may give; ties are
where the two may differ.

An axis reduction in C (AxisReduceOp over the one dim `dim`, kernel "argsort",
src/sort.c; worker threads over the rows, any strides, any listed dtype read as it is):
ordered integer keys packed above their index, sorting networks and merges for short
rows and an LSD radix sort (8- or 11-bit digits) for longer ones."""
import numpy as np

from ascendops.ops import (AxisReduceOp, Bool, CannSource, Checks, Dims, DtypeIn, Input, Int, NotNull, Output, Rank,
                           Require, SameShape, register)

OPS_MATH = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214")
INT_MAX = 2 ** 31 - 1

_BASE = ("float32", "float16", "int8", "int16", "int32", "int64", "uint8")
# GetDtypeSupportList: ASCEND910B_DTYPE_DTYPE_SUPPORT_LIST on ASCEND910B / ASCEND910_93,
# ARCH3510_DTYPE_SUPPORT_LIST on regbase, else ASCEND910_DTYPE_DTYPE_SUPPORT_LIST
ARGSORT_DTYPES = {"Ascend910B": _BASE + ("bfloat16",), "Ascend910_93": _BASE + ("bfloat16",),
                  "regbase": _BASE + ("bfloat16", "uint16", "uint32", "uint64"), "default": _BASE}


def dim_valid(ctx):
    """CheckDimValid(self, dim)."""
    self, dim = ctx.tensor("self"), ctx.values["dim"]
    r = len(self.shape)
    lo, hi = (-1, 0) if r == 0 else (-r, r - 1)
    if dim < lo or dim > hi:
        return "dim must be within the range of [%d, %d], but it is %d." % (lo, hi, dim)
    if r == 0:
        return None
    size = self.shape[dim % r]
    if size > INT_MAX:
        return "the dim being sorted can not have more than INT_MAX elements"
    if not ctx.soc.regbase and size == 1 and self.dtype.name == "bfloat16":
        return "The sort axis value is not support 1 when input type is BF16."
    return None


ARGSORT_CHECKS = Checks(
    CannSource(*OPS_MATH, "math/sort/op_api/aclnn_argsort.cpp"),
    ("CheckNotNull", NotNull("self", "out")),
    ("CheckDimValid", Require(dim_valid, "dim in [-rank, rank - 1] (a 0-d self: [-1, 0]); the dim at most "
                                         "INT_MAX long; off regbase no BF16 sort of a 1-long dim",
                              names=("self", "dim"))),
    ("CheckDtypeValid", DtypeIn("self", dtypes=ARGSORT_DTYPES), DtypeIn("out", dtypes=("int64",))),
    ("CheckShape", Rank("self", "out", max=8), SameShape("self", "out")),
)


def reference(x, dim=-1, descending=False):
    """numpy's stable argsort (NaN last, -0.0 == +0.0); descending: the stable ascending
    argsort of the reversed row, reversed (largest first, equal values in index order)."""
    x = np.asarray(x)
    if x.ndim == 0:
        return np.zeros((), dtype=np.int64)
    if x.dtype.kind == "f" or str(x.dtype) == "bfloat16":
        x = x.astype(np.float64)
        x = np.where(x == 0, 0.0, x)
    if not descending:
        return np.argsort(x, axis=dim, kind="stable").astype(np.int64)
    n = x.shape[dim]
    r = np.flip(np.argsort(np.flip(x, axis=dim), axis=dim, kind="stable"), axis=dim)
    return (n - 1 - r).astype(np.int64)


def attr_cases(ndim):
    return [(-1, False), (0, True)] + ([(1 - ndim, False), (ndim - 1, True)] if ndim >= 2 else [])


ARGSORT = register(AxisReduceOp(
    name="Argsort",
    snake="argsort",
    params=(Input("self"), Int("dim", -1), Bool("descending", False), Output("out")),
    dtypes=ARGSORT_DTYPES,
    kernel="argsort",
    reduce=Dims("dim", None),
    kernel_attrs=("descending",),
    result_dtype="int64",
    checks=ARGSORT_CHECKS,
    info={"reference": reference, "attrs": attr_cases, "out_dtype": lambda dt: "int64",
          "torch": lambda t, x, dim, descending: t.argsort(x, dim=dim, descending=descending, stable=True),
          "attr_docs": {"dim": "the dimension to sort along, in [-rank, rank) (negative counts from the end)",
                        "descending": "True: largest first"}},
    doc=__doc__,
))
