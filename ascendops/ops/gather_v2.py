"""aclnnGatherV2(self, dim, index, out): out = self's slices along dim picked by index, the
index's dims in dim's place (numpy's np.take(self, index, axis=dim)).

CANN (hicann/ops-nn@e5c3fa93 index/gather_v2/op_api/aclnn_gather_v2.cpp, docs/aclnnGatherV2.md;
the source wins over the doc). CheckParams, in order: self, index, out not null (161001);
out's dtype self's, self in DTYPE_SUPPORT_LIST (BF16 on DAV_2201, BF16 and UINT16 on
regbase SoCs), index INT32 or INT64; self and index at most 8 dims, dim in [-rank, rank)
(a 0-d self counts as rank 1), out's shape self's with dim replaced by index's dims (a 0-d
index: one dim of 1; a 0-d self: out 0-d) (all 161002). Then an empty self or index returns
success. The kernel: l0op::GatherV2(self, dim, index, batchDims 0, negativeIndexSupport
true): a negative index counts from the end.

Here (src/index.c): the bytes of each slice are copied (any listed dtype, bit-exact), one
memcpy per slice where the slice is contiguous, on worker threads over (outer, index)
pairs. Every index is checked before anything is written; one outside [-len, len) stops
the run with 361001 and a message naming it (CANN's device kernel has no defined result
there). A 0-d self takes exactly one index (161002 otherwise: CANN's out would be 0-d)."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, EmptyReturn, IndexOp, Input, Int, NotNull, Output, Rank,
                           Require, SameDtype, register)

COMMIT = "e5c3fa9327ea95ba26d06227e746923580d10921"
BASE = ("float32", "int32", "int64", "float16", "int16", "int8", "uint8", "bool", "float64", "complex64",
        "complex128")
SUPPORT = {"regbase": BASE + ("bfloat16", "uint16"), "DAV_2201": BASE + ("bfloat16",), "default": BASE}
INDEX_DTYPES = ("int32", "int64")
# the kernel copies bytes: every dtype of any SoC's list (the sequence has the per-SoC lists)
KERNEL_DTYPES = tuple(dict.fromkeys(d for v in SUPPORT.values() for d in v))


def _rank(t):
    return max(len(t.shape), 1)


def dim_in_range(ctx):
    """CheckShape: dim in [-rank, rank), a 0-d self of rank 1."""
    n, dim = _rank(ctx.tensor("self")), ctx.values["dim"]
    if not -n <= dim < n:
        return "dim %d not in valid range: [%d, %d)" % (dim, -n, n)
    return None


def take_shape(self_shape, index_shape, dim):
    """CheckOutShape's shape: self's with dim replaced by index's dims."""
    if not self_shape:
        return ()
    dim = dim + len(self_shape) if dim < 0 else dim
    return tuple(self_shape[:dim]) + (tuple(index_shape) or (1,)) + tuple(self_shape[dim + 1:])


def out_shape(ctx):
    """CheckOutShape: out's shape is the one derived from self, dim and index."""
    want = take_shape(ctx.tensor("self").shape, ctx.tensor("index").shape, ctx.values["dim"])
    got = ctx.tensor("out").shape
    if got != want:
        return "Expected tensor for out to have size %r, but got %r." % (want, got)
    return None


CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "index/gather_v2/op_api/aclnn_gather_v2.cpp"),
    ("CheckNotNull", NotNull("self", "index", "out")),
    ("CheckDtypeValid", SameDtype("self", "out"), DtypeIn("self", dtypes=SUPPORT),
     DtypeIn("index", dtypes=INDEX_DTYPES)),
    ("CheckShape", Rank("self", "index", max=8),
     Require(dim_in_range, "dim in [-rank, rank)", names=("self", "dim")),
     Require(out_shape, "out's shape: self's with dim replaced by index's dims", names=("self", "index", "dim", "out"))),
    ("aclnnGatherV2GetWorkspaceSize", EmptyReturn("self", "index")),
)


def _bench(n, rng):
    """An embedding-style gather of rows (dim 0) and a gather of columns (dim 1) from a
    square matrix, n elements out."""
    side = int(round(n ** 0.5))
    x = rng.uniform(-4, 4, (side, side)).astype(np.float32)
    index = rng.integers(0, side, side, dtype=np.int64)
    return [(x, index, 0), (x, index, 1)]


def _torch(t, x, index, dim):
    if index.dim() == 1:
        return t.index_select(x, dim, index)
    flat = t.index_select(x, dim, index.reshape(-1))
    return flat.reshape(x.shape[:dim] + index.shape + x.shape[dim + 1:])


def reference(x, index, dim):
    """np.take along dim, negative indices from the end (exact: bytes)."""
    x, index = np.asarray(x), np.asarray(index)
    if x.ndim == 0:
        return x.copy()
    return np.take(x, index.reshape(index.shape or (1,)), axis=dim)


GATHER_V2 = register(IndexOp(
    name="GatherV2", snake="gather_v2",
    params=(Input("self"), Int("dim"), Input("index"), Output("out")),
    dtypes=KERNEL_DTYPES, mode="gather", layout="take", index_dtypes=INDEX_DTYPES, wrap=True,
    checks=CHECKS,
    info={"reference": reference, "exact": True, "indexed": True, "bench": _bench, "torch": _torch,
          "example": [">>> x = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], np.float32)",
                ">>> ascendops.gather_v2(x, np.array([2, -3], np.int64), dim=0)",
                "array([[5., 6.],", "       [1., 2.]], dtype=float32)"], "api_note": "`np.take(x, index, axis=dim)`"},
    doc=__doc__,
))
