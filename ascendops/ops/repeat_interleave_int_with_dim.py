"""aclnnRepeatInterleaveIntWithDim(self, repeats, dim, outputSize, out): each slice of self
along dim repeated `repeats` times in place (torch.repeat_interleave(self, repeats, dim);
np.repeat(self, repeats, axis=dim)).

CANN (hicann/ops-nn@e5c3fa93 index/repeat_interleave/op_api/aclnn_repeat_interleave.cpp,
aclnnRepeatInterleaveIntWithDimGetWorkspaceSize and CheckParamsDimInt;
docs/aclnnRepeatInterleaveIntWithDim.md). In order: self and out not null (161001); self in
the support list (Ascend910B..910E add BF16; regbase adds BF16, UINT16, UINT32, UINT64),
out's dtype self's; repeats >= 0; dim in [-rank, rank) with a 0-d self refused; self at most
8 dims (all 161002). Then an empty self or an outputSize of 0 returns success (out is not
written). repeats 1: a ViewCopy of self into out. Otherwise l0op::RepeatInterleave(V2) along
dim with outputSize, and out's shape must be its result's, self's with dim of outputSize
(161002); BOOL runs as INT8 (the same bytes).

Here (src/index.c, the gather kernel with the implicit index x // repeats): bytes copied,
any listed dtype. CANN's doc requires outputSize = self's dim size * repeats and its kernel
has no defined result otherwise: refused with 161002 (and for repeats 1, an out of another
shape than self's, which CANN's ViewCopy path does not check)."""
import numpy as np

from ascendops.ops import (CannSource, Check, Checks, DtypeIn, IndexOp, Input, Int, NotNull, Output, Rank, Require,
                           SameDtype, register)

COMMIT = "e5c3fa9327ea95ba26d06227e746923580d10921"
BASE = ("uint8", "int8", "int16", "int32", "int64", "bool", "float16", "float32")
SUPPORT = {
    "regbase": BASE + ("bfloat16", "uint16", "uint32", "uint64"),
    "Ascend910B": BASE + ("bfloat16",), "Ascend910_93": BASE + ("bfloat16",), "default": BASE,
}
# the kernel copies bytes: every dtype of any SoC's list (the sequence has the per-SoC lists)
KERNEL_DTYPES = tuple(dict.fromkeys(d for v in SUPPORT.values() for d in v))


def repeats_natural(ctx):
    if ctx.values["repeats"] < 0:
        return "repeats %d can not be negative." % ctx.values["repeats"]
    return None


def dim_in_range(ctx):
    n, dim = len(ctx.tensor("self").shape), ctx.values["dim"]
    if n == 0:
        return "dimension specified as %d but tensor has no dimensions." % dim
    if not -n <= dim < n:
        return "Dimension out of range (expected to be in range of [%d, %d], but got %d)." % (-n, n - 1, dim)
    return None


class OutputSizeZero(Check):
    """`if (self->IsEmpty() || outputSize == 0)`: phase 1 succeeds, nothing runs."""
    names = ("self", "outputSize")

    def apply(self, ctx):
        if ctx.tensor("self").numel == 0 or ctx.values["outputSize"] == 0:
            ctx.empty = True


def out_shape(ctx):
    """CheckRepeatresOutShape: out's shape is l0op::RepeatInterleave's, self's with dim of
    outputSize (not checked on the repeats == 1 path, a ViewCopy)."""
    s, dim = ctx.tensor("self").shape, ctx.values["dim"]
    d = dim + len(s) if dim < 0 else dim
    want = tuple(s[:d]) + (ctx.values["outputSize"],) + tuple(s[d + 1:])
    if ctx.values["repeats"] != 1 and ctx.tensor("out").shape != want:
        return "Expected out shape %r, got %r." % (want, ctx.tensor("out").shape)
    return None


CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "index/repeat_interleave/op_api/aclnn_repeat_interleave.cpp"),
    ("CheckParamsDimInt", NotNull("self", "out"), DtypeIn("self", dtypes=SUPPORT), SameDtype("self", "out"),
     Require(repeats_natural, "repeats >= 0", names=("repeats",)),
     Require(dim_in_range, "dim in [-rank, rank), self not 0-d", names=("self", "dim")),
     Rank("self", max=8)),
    ("aclnnRepeatInterleaveIntWithDimGetWorkspaceSize", OutputSizeZero(),
     Require(out_shape, "out's shape: self's with dim of outputSize", names=("self", "out", "dim", "outputSize",
                                                                            "repeats"))),
)


def _bench(n, rng):
    """Each row (dim 0) or column (dim 1) twice, n elements out."""
    side = int(round(n ** 0.5))
    rows = rng.uniform(-4, 4, (side // 2, side)).astype(np.float32)
    cols = rng.uniform(-4, 4, (side, side // 2)).astype(np.float32)
    return [(rows, 2, 0, side // 2 * 2), (cols, 2, 1, side // 2 * 2)]


def reference(x, repeats, dim, output_size):
    return np.repeat(np.asarray(x), repeats, axis=dim)


REPEAT_INTERLEAVE_INT_WITH_DIM = register(IndexOp(
    name="RepeatInterleaveIntWithDim", snake="repeat_interleave_int_with_dim",
    params=(Input("self"), Int("repeats"), Int("dim"), Int("outputSize"), Output("out")),
    dtypes=KERNEL_DTYPES, mode="repeat", header="aclnn_repeat_interleave.h",
    checks=CHECKS,
    info={"reference": reference, "exact": True, "indexed": True, "bench": _bench,
          "torch": lambda t, x, repeats, dim, size: t.repeat_interleave(x, repeats, dim, output_size=size), "api_note": "`np.repeat(x, repeats, axis=dim)`",
          "example": [">>> x = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)",
                      ">>> ascendops.repeat_interleave_int_with_dim(x, repeats=2, dim=1, output_size=4)",
                      "array([[1., 1., 2., 2.],", "       [3., 3., 4., 4.]], dtype=float32)"]},
    doc=__doc__,
))
