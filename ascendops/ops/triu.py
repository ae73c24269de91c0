"""aclnnTriu / aclnnInplaceTriu: out = self's upper triangle over the last two dims
(torch.triu): the elements with j - i >= diagonal kept, the others zero, for any batch dims
before them; aclnnInplaceTriu writes selfRef.

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/triu/op_api/aclnn_triu.cpp, doTriuGetWorkspaceSize -> CheckParams; the in-place
API runs it with out = selfRef), in order: self and out not null (161001); self's dtype in
the SoC's list, out's dtype self's; self's storage format not private, out's format self's;
self's rank <= 8, >= 2 where self has elements, out's shape self's (161002). An empty self
then returns success; else l0op::Triu on self made contiguous, ViewCopy into out.

Here (MaskOp, ascendops/_mask.pxi; src/mask.c): each row's kept columns copied as bytes and
the others zeroed, rows over the worker pool; any strides, in place for InplaceTriu."""
from ascendops.ops import (CannSource, Checks, DtypeIn, EmptyReturn, FormatIn, Input, Int, MaskOp, NotNull, Output,
                           Rank, SameDtype, SameFormat, SameShape, When, register)
from ascendops.ops._triangle import ALL_DTYPES, COMMIT, DTYPES, attrs, triangle
from ascendops.ops.gelu import PUBLIC_FORMATS


def reference(x, diagonal=0):
    return triangle(x, diagonal, lower=False)


TRIU_CHECKS = Checks(
    CannSource("hicann/ops-math", COMMIT, "conversion/triu/op_api/aclnn_triu.cpp"),
    ("CheckNotNull", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=DTYPES), SameDtype("self", "out")),
    # op::IsPrivateFormat(self), then the formats equal
    ("CheckFormat", FormatIn("self", formats=PUBLIC_FORMATS), SameFormat("self", "out")),
    ("CheckShape", Rank("self", max=8),
     When(lambda ctx: ctx.tensor("self").numel > 0, "self->Size() > 0", Rank("self", min=2)),
     SameShape("self", "out")),
    ("doTriuGetWorkspaceSize", EmptyReturn("self")),
)

TRIU = register(MaskOp(
    name="Triu",
    snake="triu",
    params=(Input("self"), Int("diagonal", 0), Output("out")),
    dtypes=ALL_DTYPES,
    mask="upper",
    min_rank=2,
    max_rank=8,
    inplace=True,
    checks=TRIU_CHECKS,
    info={"reference": reference, "torch": "triu", "attrs": attrs},
    doc=__doc__,
))
