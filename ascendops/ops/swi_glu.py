"""aclnnSwiGlu: out = swish(A) * B = A * sigmoid(A) * B, where A and B are the first and
second half of x along `dim`.

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921 activation/swi_glu/docs/
aclnnSwiGlu.md; ops-nn has no op_api source for it, so the doc's rules):
aclnnSwiGluGetWorkspaceSize(const aclTensor *x, int64_t dim, const aclTensor *out, ...)
(`const` on out, as CANN's generated header has it).
BFLOAT16, FLOAT16, FLOAT32 (Atlas inference products: FLOAT16, FLOAT32; Atlas training
products: not supported); out of x's dtype; x at least 1-d, no rank cap in the doc; dim in
[-rank, rank) and x's size there even (161002); empty x returns success. Math:
src/ops/swi_glu.h."""
from ascendops._core import ElementwiseOp, Input, Int, Output, register
from ascendops.ops._gated import DTYPES, halves, sigmoid, tiling


def reference(x, dim=-1):
    a, b = halves(x, dim)
    return a * sigmoid(a) * b


SWI_GLU = register(ElementwiseOp(
    name="SwiGlu",
    snake="swi_glu",
    params=(Input("x", split="dim"), Int("dim", -1), Output("out", const=True)),
    dtypes={"default": DTYPES, "Ascend910": (), "Ascend310P": ("float32", "float16")},
    kernel="swi_glu",
    tiling=tiling,
    broadcast="never",
    mixed="never",
    min_rank=1,
    max_rank=None,
    info={"reference": reference, "domain": (-4.0, 4.0),
          "attrs": lambda ndim: [(-1,), (0,)] if ndim else [(-1,)]},
    doc=__doc__,
))
