"""aclnnIndexSelect(self, dim, index, out): out = self's slices along dim at the indices of a
1-d (or 0-d) index (torch.index_select; np.take(self, index, axis=dim)).

CANN (hicann/ops-nn@e5c3fa93 index/gather_v2/op_api/aclnn_index_select.cpp,
docs/aclnnIndexSelect.md; the source wins over the doc). CheckParams, in order: self, index,
out not null (161001); self in DTYPE_SUPPORT_LIST (BF16 only on DAV_2201 and regbase SoCs),
out's dtype self's, index INT32 or INT64; no storage format private; a 0-d self needs a 0-d out,
self at most 8 dims, dim in [-rank, rank) (a 0-d self counts as rank 1), index at most 1 dim,
and where self and index are not empty, out's shape self's with dim of numel(index) (all
161002). Then an empty self or index returns success. The kernel: l0op::GatherV2 (regbase)
or GatherV3, negativeIndexSupport false: an index is in [0, len).

Here (src/index.c, the GatherV2 kernel): bytes copied per slice, any listed dtype. Every
index is checked before anything is written; one outside [0, len) stops the run with
361001 and a message naming it (torch raises IndexError; CANN's device kernel has no
defined result). A 0-d self takes exactly one index (161002 otherwise)."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, EmptyReturn, FormatIn, IndexOp, Input, Int, NotNull, Output,
                           Rank, Require, SameDtype, register)
from ascendops.ops.gelu import PUBLIC_FORMATS

COMMIT = "e5c3fa9327ea95ba26d06227e746923580d10921"
ALL = ("float32", "int32", "int64", "float16", "int16", "int8", "uint8", "bool", "uint64", "uint32", "uint16",
       "float64", "complex64", "complex128", "bfloat16")
SUPPORT = {"regbase": ALL, "DAV_2201": ALL, "default": ALL[:-1]}
INDEX_DTYPES = ("int32", "int64")
# the kernel copies bytes: every dtype of any SoC's list (the sequence has the per-SoC lists)
KERNEL_DTYPES = tuple(dict.fromkeys(d for v in SUPPORT.values() for d in v))


def bf16_arch(ctx):
    """CheckDtypeValid: BF16 only where the NpuArch is DAV_2201 or regbase."""
    if ctx.dtype("self").name == "bfloat16" and not ctx.soc.bf16:
        return "NpuArch %s does not support BF16." % ctx.soc.arch
    return None


def scalar_out(ctx):
    if not ctx.tensor("self").shape and ctx.tensor("out").shape:
        return "self is scalar, and out should also be scalar"
    return None


def dim_in_range(ctx):
    n, dim = max(len(ctx.tensor("self").shape), 1), ctx.values["dim"]
    if not -n <= dim < n:
        return "IndexError: Dimension out of range (expected to be in range of [%d, %d], but got %d)" % (-n, n - 1, dim)
    return None


def index_1d(ctx):
    if len(ctx.tensor("index").shape) > 1:
        return "index dimNum is %d, should not greater than 1" % len(ctx.tensor("index").shape)
    return None


def select_shape(self_shape, nidx, dim):
    if not self_shape:
        return ()
    dim = dim + len(self_shape) if dim < 0 else dim
    return tuple(self_shape[:dim]) + (nidx,) + tuple(self_shape[dim + 1:])


def out_shape(ctx):
    x, index, out = ctx.tensor("self"), ctx.tensor("index"), ctx.tensor("out")
    want = select_shape(x.shape, index.numel, ctx.values["dim"])
    if x.numel and index.numel and out.shape != want:
        return "Shape of out should be %r, but current is %r." % (want, out.shape)
    return None


CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "index/gather_v2/op_api/aclnn_index_select.cpp"),
    ("CheckNotNull", NotNull("self", "index", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=SUPPORT), Require(bf16_arch, "BF16 on DAV_2201 / regbase",
                                                                 names=("self",)),
     SameDtype("self", "out"), DtypeIn("index", dtypes=INDEX_DTYPES)),
    # none of self's, index's and out's storage formats private (op::IsPrivateFormat)
    ("CheckFormat", FormatIn("self", "index", "out", formats=PUBLIC_FORMATS)),
    ("CheckShape", Require(scalar_out, "a 0-d self, a 0-d out", names=("self", "out")), Rank("self", max=8),
     Require(dim_in_range, "dim in [-rank, rank)", names=("self", "dim")),
     Require(index_1d, "index at most 1-d", names=("index",)),
     Require(out_shape, "out's shape: self's with dim of numel(index)", names=("self", "index", "dim", "out"))),
    ("aclnnIndexSelectGetWorkspaceSize", EmptyReturn("self", "index")),
)


def _bench(n, rng):
    """Rows (dim 0) and columns (dim 1) of a square matrix by int32 index, n elements out."""
    side = int(round(n ** 0.5))
    x = rng.uniform(-4, 4, (side, side)).astype(np.float32)
    index = rng.integers(0, side, side, dtype=np.int32)
    return [(x, index, 0), (x, index, 1)]


def reference(x, index, dim):
    x, index = np.asarray(x), np.asarray(index)
    if x.ndim == 0:
        return x.copy()
    if (index < 0).any() or (index >= x.shape[dim]).any():
        raise IndexError("index out of range")
    return np.take(x, index.reshape(-1), axis=dim)


INDEX_SELECT = register(IndexOp(
    name="IndexSelect", snake="index_select",
    params=(Input("self"), Int("dim"), Input("index"), Output("out")),
    dtypes=KERNEL_DTYPES, mode="gather", layout="select", index_dtypes=INDEX_DTYPES, wrap=False,
    checks=CHECKS,
    info={"reference": reference, "exact": True, "indexed": True, "bench": _bench,
          "torch": lambda t, x, index, dim: t.index_select(x, dim, index),
          "example": [">>> x = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32)",
                ">>> ascendops.index_select(x, np.array([2, 0], np.int32), dim=1)",
                "array([[3., 1.],", "       [6., 4.]], dtype=float32)"], "api_note": "`torch.index_select`"},
    doc=__doc__,
))
