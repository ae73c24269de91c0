"""aclnnSoftmaxBackward: out = gradOutput * output - sum_dim(gradOutput * output) *
output, `output` the softmax's forward output along `dim`.

CANN's checks (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921,
activation/softmax_grad/op_api/aclnn_softmax_backward.cpp), in its order
(SOFTMAX_BACKWARD_CHECKS): gradOutput, output and out not null (161001); on non-regbase
SoCs an empty gradOutput or output returns success before any other check; a BF16
gradOutput outside the SocVersions ASCEND910B..ASCEND910E (Ascend910, Ascend310P);
gradOutput and output in FLOAT, FLOAT16, BFLOAT16 with one dtype; dim in [-rank, rank)
of gradOutput (a 0-d tensor takes -1 and 0); gradOutput's rank at most 8; output and out
of gradOutput's shape; else 161002; then (regbase SoCs) an empty input returns success.
out's dtype is never checked (the result is Cast to it): here out is FLOAT16, FLOAT or
BFLOAT16 (where the SoC has BF16), the dtypes the kernel writes; CANN's other outs (FP64,
integers, COMPLEX) are refused with 161002 (tests/ops/probes/softmax_backward.py
DEVIATIONS). A row reduction in C (row kernel "softmax_backward", src/softmax.c, driven by
src/rows.c): fp32 math, the engine's worker threads over the rows; a contiguous float32
row sums its products in ReduceSum's grouped order (float32 partials, double lanes: CANN's
kernel sums them in float32), a 16-bit one in double lanes (docs/fidelity.md)."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, EmptyReturn, Input, Int, NotNull, Output, Rank, Require,
                           RowReduceOp, SameDtype, SameShape, register)
from ascendops.ops.softmax import OPS_NN, dim_error, not_regbase, soc_910b_to_910e


def reference(grad_output, output, dim=-1):
    g = np.asarray(grad_output, dtype=np.float64)
    y = np.asarray(output, dtype=np.float64)
    if y.ndim == 0:
        return g * y - g * y * y
    gy = g * y
    return gy - gy.sum(axis=dim, keepdims=True) * y


def _attrs(ndim):
    return [(-1,), (0,)] if ndim < 2 else [(-1,), (0,), (1 - ndim,)]


def _bad_attrs(ndim):
    lim = max(ndim, 1)
    return [((lim,), 161002), ((-lim - 1,), 161002), ((None,), 161001), (("0",), 161002)]


def softmax_backward_bf16_soc(ctx):
    """CheckDtypeValid's first check: a BF16 gradOutput needs CheckSocVersionIsSupportBf16."""
    if not soc_910b_to_910e(ctx.soc) and ctx.dtype("gradOutput").name == "bfloat16":
        return "Input dtype of aclnnSoftmaxBackward is not support bfloat16 in current socversion."
    return None


def softmax_backward_check_dim(ctx):
    """aclnn_softmax_backward.cpp CheckDim(gradOutput, dim)."""
    return dim_error(ctx.tensor("gradOutput"), ctx.values["dim"])


SOFTMAX_BACKWARD_CHECKS = Checks(
    CannSource(*OPS_NN, "activation/softmax_grad/op_api/aclnn_softmax_backward.cpp"),
    ("CheckNotNull", NotNull("gradOutput", "output", "out")),
    ("CheckParams", EmptyReturn("gradOutput", "output", where=not_regbase)),
    ("CheckDtypeValid",
     Require(softmax_backward_bf16_soc, "no BF16 gradOutput outside ASCEND910B..ASCEND910E", names=("gradOutput",)),
     DtypeIn("gradOutput", dtypes=("float32", "float16", "bfloat16")),
     DtypeIn("output", dtypes=("float32", "float16", "bfloat16")),
     SameDtype("gradOutput", "output")),
    ("CheckDim", Require(softmax_backward_check_dim, "dim in [-rank, rank) of gradOutput (0-d: -1 or 0)",
                         names=("gradOutput", "dim"))),
    ("CheckShape", Rank("gradOutput", max=8), SameShape("gradOutput", "output"), SameShape("gradOutput", "out")),
    # reached with an empty input on regbase SoCs only
    ("aclnnSoftmaxBackwardGetWorkspaceSize", EmptyReturn("gradOutput", "output")),
)

SOFTMAX_BACKWARD = register(RowReduceOp(
    name="SoftmaxBackward",
    snake="softmax_backward",
    params=(Input("gradOutput"), Input("output"), Int("dim", -1), Output("out")),
    dtypes=("float16", "float32", "bfloat16"),
    kernel="softmax_backward",
    # Its CheckDtypeValid compares output with gradOutput, never out: the result is cast
    # to out's dtype (here: any dtype of the list that the SoC has; CANN's FP64/COMPLEX
    # outs are refused). The empty returns are the sequence's.
    out_dtype="unchecked",
    checks=SOFTMAX_BACKWARD_CHECKS,
    info={"reference": reference, "domain": [(-2.0, 2.0), (0.0, 1.0)], "attrs": _attrs,
          "bad_attrs": _bad_attrs, "torch": "_softmax_backward_data",
          "attr_docs": {"dim": "the dimension the softmax ran along, in [-rank, rank) (negative counts "
                               "from the end)"}},
    doc=__doc__,
))
