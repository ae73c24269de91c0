"""aclnnTril: out = self's lower triangle over the last two dims (torch.tril): the
elements with j - i <= diagonal kept, the others zero, for any batch dims before them.

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/tril/op_api/aclnn_tril.cpp, CheckParams), in order: self and out not null
(161001); self's dtype, then out's, in the SoC's list, out's dtype self's; self's and out's
storage formats equal; self's rank >= 2 ("Dim of self should be last 2 dims."), self's and
out's ranks <= 8, out's shape self's (161002). An empty self then returns success; else
l0op::Tril on self made contiguous, ViewCopy into out.

Here (MaskOp, ascendops/_mask.pxi; src/mask.c): each row's kept columns copied as bytes and
the others zeroed, rows over the worker pool; any strides, in place where out is self."""
from ascendops.ops import (CannSource, Checks, DtypeIn, EmptyReturn, Input, Int, MaskOp, NotNull, Output, Rank,
                           SameDtype, SameFormat, SameShape, register)
from ascendops.ops._triangle import ALL_DTYPES, COMMIT, DTYPES, attrs, triangle


def reference(x, diagonal=0):
    return triangle(x, diagonal, lower=True)


TRIL_CHECKS = Checks(
    CannSource("hicann/ops-math", COMMIT, "conversion/tril/op_api/aclnn_tril.cpp"),
    ("CheckNotNull", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=DTYPES), DtypeIn("out", dtypes=DTYPES), SameDtype("self", "out")),
    ("CheckFormat", SameFormat("self", "out")),
    ("CheckShape", Rank("self", min=2), Rank("self", "out", max=8), SameShape("self", "out")),
    ("aclnnTrilGetWorkspaceSize", EmptyReturn("self")),
)

TRIL = register(MaskOp(
    name="Tril",
    snake="tril",
    params=(Input("self"), Int("diagonal", 0), Output("out")),
    dtypes=ALL_DTYPES,
    mask="lower",
    min_rank=2,
    max_rank=8,
    checks=TRIL_CHECKS,
    info={"reference": reference, "torch": "tril", "attrs": attrs},
    doc=__doc__,
))
