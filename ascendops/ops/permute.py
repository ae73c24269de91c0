"""aclnnPermute: out = self with its dims reordered: out.shape[i] = self.shape[dims[i]].

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/transpose/op_api/aclnn_permute.cpp), in its order (PERMUTE_CHECKS): self, dims
and out not null (161001); self's and out's dtype in DTYPE_SUPPORT_LIST (one list: every
integer type, BOOL, FLOAT16, FLOAT, DOUBLE, BF16, COMPLEX64/128, HIFLOAT8, FLOAT8_E5M2,
FLOAT8_E4M3FN), a BF16 self only on SocVersion ASCEND910B..ASCEND910E, out of self's dtype;
CheckShapeValid: out of self's rank, dims as long as that rank, no value of dims twice (as
written: 1 and -1 are different here), self at most 8 dims; CheckDimsRange: each dim in
[-rank, rank - 1] and, counted from the front, none twice; else 161002. Then
BuildPermuteGraph: an empty self needs an empty out (any shape; else 561103, the
ProcessEmptyTensor nullptr) and returns success; CheckShapeAndScalarSame: out's shape is
the permuted one (161002).

Here: one strided copy (the Layout kind: the Cast kernel's copy of the bytes, bit-exact),
any strides of self and out. The complex and 8-bit float dtypes, which the Cast kernel
cannot copy, are refused after the sequence (161002; tests/ops/probes/permute.py
DEVIATIONS). numpy's np.transpose(self, dims)."""
import numpy as np

from ascendops._core import ACLNN_ERR_INNER_NULLPTR, _soc_entry
from ascendops.ops import (CannSource, Checks, Copy, DtypeIn, EmptyReturn, Input, IntArray, Layout, LayoutOp,
                           NotNull, Output, Rank, Require, SameDtype, dim_step, box, register)
from ascendops.ops._layout import COMMIT, REPO, copyable

DTYPE_SUPPORT_LIST = ("float32", "float16", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                      "uint64", "bool", "float64", "complex64", "complex128", "bfloat16", "hifloat8",
                      "float8_e5m2", "float8_e4m3fn")
# CheckSocVersionIsSupportBf16: SocVersion in [ASCEND910B, ASCEND910E]
_BF16_SOCS = {"Ascend910B": True, "Ascend910_93": True, "Ascend950": True, "default": False}


def reference(x, dims):
    return np.transpose(np.asarray(x), [d % max(np.ndim(x), 1) for d in dims])


def mapping(shape, attrs):
    """out[i...] = self[i permuted]: one copy, out dim k steps along self's dim dims[k]."""
    (dims,) = attrs
    n = len(shape)
    perm = [d + n if d < 0 else d for d in dims]
    oshape = tuple(shape[p] for p in perm)
    at, steps = box(oshape)
    return Layout(oshape, [Copy(oshape, at, steps, (0,) * n, [dim_step(p) for p in perm])])


def bf16_soc(ctx):
    if ctx.dtype("self").name == "bfloat16" and not _soc_entry(_BF16_SOCS, ctx.soc):
        return "Self dtype DT_BF16 is unsupported by the current SOC version [%s]." % ctx.soc.name
    return None


def shape_valid(ctx):
    """CheckShapeValid: ranks, dims' length, repeated values (as written)."""
    s, o, dims = ctx.tensor("self").shape, ctx.tensor("out").shape, ctx.values["dims"]
    if len(s) != len(o):
        return "Permute does not support self shape: %r, output shape: %r" % (s, o)
    if len(dims) != len(s):
        return ("The dimension of the dims:%d and the dimension of the input shape:%d are inconsistent"
                % (len(dims), len(s)))
    if len(set(dims)) != len(dims):
        return "Invalid dims and it contains duplicate elements"
    return None


def dims_range(ctx):
    """CheckDimsRange: each dim in [min(-n, n-1), max(-n, n-1)], none twice once made positive."""
    n, dims = len(ctx.tensor("self").shape), ctx.values["dims"]
    lo, hi = min(-n, n - 1), max(-n, n - 1)
    seen = set()
    for d in dims:
        if d < lo or d > hi:
            return "The values of dims should be in range [%d, %d]." % (lo, hi)
        p = d + len(dims) if d < 0 else d
        if p in seen:
            return "Each dimension in perm should not be repeated."
        seen.add(p)
    return None


def empty_self(ctx):
    """ProcessEmptyTensor: an empty self gives an empty tensor of out's shape, else nullptr."""
    if ctx.tensor("self").numel == 0 and ctx.tensor("out").numel != 0:
        return "Output should be empty when self is empty"
    return None


def permuted_shape(ctx):
    """CheckShapeAndScalarSame(permuteOut, out) for a non-empty self."""
    s, o = ctx.tensor("self"), ctx.tensor("out")
    if s.numel == 0:
        return None
    want = mapping(tuple(s.shape), (ctx.values["dims"],)).shape
    if tuple(o.shape) != want:
        return "Permute output shape %r should be %r." % (tuple(o.shape), want)
    return None


PERMUTE_CHECKS = Checks(
    CannSource(REPO, COMMIT, "conversion/transpose/op_api/aclnn_permute.cpp"),
    ("CheckNotNull", NotNull("self", "dims", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=DTYPE_SUPPORT_LIST), DtypeIn("out", dtypes=DTYPE_SUPPORT_LIST),
     Require(bf16_soc, "a BF16 self on ASCEND910B..ASCEND910E only", names=("self",)),
     SameDtype("self", "out")),
    ("CheckShapeValid", Require(shape_valid, "ranks, dims' length, no repeated value",
                                names=("self", "dims", "out")), Rank("self", max=8)),
    ("CheckDimsRange", Require(dims_range, "dims in [-rank, rank - 1], none twice", names=("self", "dims"))),
    ("BuildPermuteGraph", Require(empty_self, "an empty self needs an empty out", status=ACLNN_ERR_INNER_NULLPTR,
                                  names=("self", "out"))),
    ("CheckShapeAndScalarSame", Require(permuted_shape, "out of the permuted shape", names=("self", "dims", "out"))),
    ("aclnnPermuteGetWorkspaceSize", EmptyReturn("self")),
)

PERMUTE = register(LayoutOp(
    name="Permute",
    snake="permute",
    # CANN's header: aclnnPermuteGetWorkspaceSize(const aclTensor *self, const aclIntArray *dims, aclTensor *out)
    params=(Input("self"), IntArray("dims"), Output("out")),
    dtypes=copyable(DTYPE_SUPPORT_LIST),
    mapping=mapping,
    checks=PERMUTE_CHECKS,
    info={"reference": reference, "exact": True, "sized": True, "example_attrs": ((1, 0),),
          "shape_attrs": lambda shape: (tuple(range(len(shape)))[::-1],),
          "torch": lambda t, x, dims: x.permute(*dims).contiguous()},
    doc=__doc__,
))
