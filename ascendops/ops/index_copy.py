"""aclnnInplaceIndexCopy(selfRef, dim, index, source): selfRef's slices along dim at the
indices of a 1-d index replaced by source's, in order (torch's Tensor.index_copy_; numpy's
`np.moveaxis(self, dim, 0)[index] = np.moveaxis(source, dim, 0)`).

CANN has this API in place (hicann/ops-nn@e5c3fa93 index/scatter_update/op_api/
aclnn_index_copy.cpp, ExecIndexCopyGetWorkspaceSize; docs/aclnnIndexCopy&aclnnInplaceIndexCopy.md),
declared here as its out-of-place form with inplace="only" (out = selfRef). CheckParams, in
order: selfRef, index, source not null (161001); selfRef in SELF_DTYPE_SUPPORT_LIST (per SoC:
Ascend910B/910_93 add INT64 and BF16; regbase adds UINT32, UINT64, BF16, and drops INT8, UINT8
from the AI-CPU part only to list them again), index INT64 or INT32, source's dtype selfRef's;
selfRef and source at most 8 dims, index at most 1 dim; a 0-d source takes a one-element
index; selfRef and source of one rank (unless either is 0-d); dim in [-rank, rank) ([-1, 0]
for a 0-d selfRef); source's shape selfRef's but along dim; numel(index) = source's length
along dim (all 161002). Then an empty selfRef or index returns success. The kernel:
ScatterUpdate along dim 0 (other dims: transposed there, or IndexPutV2 on regbase).

Duplicate indices: CANN's ScatterUpdate (and torch's index_copy_) leave the winner
unspecified; here the last in index order wins, the same bits on any thread count (numpy's
fancy assignment). An index outside [0, len) (negative ones too: ScatterUpdate has no
wrapping) stops the run with 361001 before anything is written. A 0-d source beside a
selfRef of rank > 1 is refused (161002; CANN's IsSliceShapeSame would read past its dims)."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, EmptyReturn, IndexOp, Input, Int, NotNull, Output, Rank,
                           Require, SameDtype, register)

COMMIT = "e5c3fa9327ea95ba26d06227e746923580d10921"
BASE = ("int64", "float64", "int16", "int8", "uint8", "complex64", "complex128", "bool", "float32", "float16", "int32")
SUPPORT = {
    "Ascend910B": BASE + ("bfloat16",), "Ascend910_93": BASE + ("bfloat16",),
    "regbase": ("float64", "int16", "complex64", "complex128", "bool", "float32", "float16", "int32", "uint32",
                "int64", "uint64", "bfloat16", "int8", "uint8"),
    "default": BASE,
}
INDEX_DTYPES = ("int64", "int32")
# the kernel copies bytes: every dtype of any SoC's list (the sequence has the per-SoC lists)
KERNEL_DTYPES = tuple(dict.fromkeys(d for v in SUPPORT.values() for d in v))


def scalar_source(ctx):
    if not ctx.tensor("source").shape and ctx.tensor("index").numel != 1:
        return "When source is scalar,index should have one element,but got %d." % ctx.tensor("index").numel
    return None


def same_rank(ctx):
    s, src = ctx.tensor("selfRef").shape, ctx.tensor("source").shape
    if len(s) != len(src) and s and src:
        return ("When source and self are not scalars,their dimensionality must match,but got self dimensionality "
                "%r,source dimensionlity %r" % (s, src))
    return None


def dim_in_range(ctx):
    n, dim = len(ctx.tensor("selfRef").shape), ctx.values["dim"]
    if n == 0 and dim not in (0, -1):
        return "Dimension out of range (expected to be in range of [-1, 0], but got %d)" % dim
    if n > 0 and not -n <= dim < n:
        return "Dimension out of range (expected to be in range of [-%d, %d],but got %d)" % (n, n - 1, dim)
    return None


def slice_shape(ctx):
    s, src = ctx.tensor("selfRef").shape, ctx.tensor("source").shape
    d = ctx.values["dim"] + (len(s) if ctx.values["dim"] < 0 else 0)
    if s and src and any(a != b and i != d for i, (a, b) in enumerate(zip(s, src))):
        return "Self and source must have same slice shapes"
    return None


def element_num(ctx):
    src, index = ctx.tensor("source").shape, ctx.tensor("index")
    if not src:
        return None
    d = ctx.values["dim"] + (len(src) if ctx.values["dim"] < 0 else 0)
    if index.numel != src[d]:
        return ("The element num of index (%d) should be equal to source size in dimension %d, actual is %d"
                % (index.numel, d, src[d]))
    return None


CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "index/scatter_update/op_api/aclnn_index_copy.cpp"),
    ("CheckNotNull", NotNull("selfRef", "index", "source")),
    ("CheckDtypeValid", DtypeIn("selfRef", dtypes=SUPPORT), DtypeIn("index", dtypes=INDEX_DTYPES),
     SameDtype("selfRef", "source")),
    ("CheckShape", Rank("selfRef", "source", max=8), Rank("index", max=1),
     Require(scalar_source, "a 0-d source takes one index", names=("source", "index")),
     Require(same_rank, "selfRef and source of one rank", names=("selfRef", "source")),
     Require(dim_in_range, "dim in [-rank, rank)", names=("selfRef", "dim")),
     Require(slice_shape, "source's shape selfRef's but along dim", names=("selfRef", "source", "dim"))),
    ("CheckElementNum", Require(element_num, "numel(index) = source's length along dim",
                                names=("source", "index", "dim"))),
    ("ExecIndexCopyGetWorkspaceSize", EmptyReturn("selfRef", "index")),
)


def reference(x, index, source, dim):
    """A copy of x with its slices at index replaced by source's, in index order (the last
    of duplicates wins): numpy's fancy assignment."""
    x, index, source = np.array(x), np.asarray(index).reshape(-1), np.asarray(source)
    if x.ndim == 0:
        x[()] = source.reshape(())
        return x
    view = np.moveaxis(x, dim, 0)
    if (index < 0).any() or (index >= view.shape[0]).any():
        raise IndexError("index out of range")
    view[index] = np.moveaxis(source.reshape(source.shape or (1,)), dim, 0)
    return x


INDEX_COPY = register(IndexOp(
    name="IndexCopy", snake="index_copy",
    # CANN's header: aclnnInplaceIndexCopyGetWorkspaceSize(aclTensor *selfRef, int64_t dim,
    # const aclTensor *index, const aclTensor *source)
    params=(Input("self"), Int("dim"), Input("index"), Input("source"), Output("out")),
    dtypes=KERNEL_DTYPES, mode="scatter", layout="select", index_dtypes=INDEX_DTYPES, wrap=False,
    inplace="only", inplace_checks=CHECKS,
    info={"reference": reference, "exact": True, "indexed": True,
          "example": [">>> x = np.zeros((3, 2), np.float32)",
                ">>> ascendops.inplace_index_copy(x, np.array([2, 0], np.int64), np.array([[1.0, 2.0], [3.0, 4.0]], np.float32), dim=0)",
                "array([[3., 4.],", "       [0., 0.],", "       [1., 2.]], dtype=float32)"], "api_note": "`Tensor.index_copy_`"},
    doc=__doc__,
))
