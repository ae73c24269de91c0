"""aclnnGlu: out = a * sigmoid(b), where a and b are the first and second half of self
along `dim` (the gated linear unit; PyTorch's torch.nn.functional.glu).

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921
activation/glu/op_host/op_api/aclnn_glu.cpp, docs/aclnnGlu.md):
aclnnGluGetWorkspaceSize(const aclTensor *self, int64_t dim, aclTensor *out, ...).
self FLOAT, FLOAT16, BFLOAT16 (BF16 on Ascend910B and later; CANN also lists DOUBLE,
which the fp32 engine does not run: 161002); out any dtype of the list self can be cast
to (OP_CHECK_RESULT_DTYPE_CAST_FAILED); self rank 1-8, out at most 8; dim in
[-rank, rank) and self's size there even, else 161002; out's shape is self's with that
size halved; an empty self returns success. Math: src/ops/glu.h."""
from ascendops._core import ElementwiseOp, Input, Int, Output, register
from ascendops.ops._gated import DTYPES, halves, sigmoid, tiling


def reference(x, dim=-1):
    a, b = halves(x, dim)
    return a * sigmoid(b)


GLU = register(ElementwiseOp(
    name="Glu",
    snake="glu",
    params=(Input("self", split="dim"), Int("dim", -1), Output("out", const=True)),
    dtypes=DTYPES,
    kernel="glu",
    tiling=tiling,
    broadcast="never",
    mixed="never",
    out_dtype="castable",
    min_rank=1,
    info={"reference": reference, "domain": (-4.0, 4.0), "torch": "glu",
          "attrs": lambda ndim: [(-1,), (0,)] if ndim else [(-1,)]},
    doc=__doc__,
))
