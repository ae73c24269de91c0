"""aclnnLogSigmoidBackward: gradInput = gradOutput / (1 + exp(self)), the gradient of
LogSigmoid log(1 / (1 + exp(-x))); `buffer` is the forward's second output
(aclnnLogSigmoidForward), which CANN null-checks and never reads.

CANN (hicann/ops-nn@e5c3fa93 activation/logsigmoid_grad/op_api/
aclnn_logsigmoid_backward.cpp, docs/aclnnLogSigmoidBackward.md): gradOutput and self in
FLOAT, FLOAT16 (BFLOAT16 only on the Ascend910B..Ascend910E SocVersions: Ascend910B,
910_93, 950), gradInput with the dtype of both (no promotion); gradOutput and self have
gradInput's shape (no broadcast); no rank cap (no OP_CHECK_MAX_DIM); an empty gradOutput
or self returns after the checks (LOGSIGMOID_BACKWARD_CHECKS); buffer is null-checked,
nothing else.
Not as CANN: buffer is an operand of this engine's kernel, so past an empty return it
must have self's dtype and shape (what aclnnLogSigmoidForward gives it; CANN checks
neither: a deviation); its values are not read. The op is named after CANN's header, aclnn_logsigmoid_backward.h (PyTorch:
log_sigmoid_backward). Math: src/ops/logsigmoid_backward.h."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input, NotNull, Output,
                           SameDtype, SameShape, register)
from ascendops.ops._activation_grad import errstate, f64, tiling
from ascendops.ops.sigmoid import COMMIT, DTYPES, by_soc_version

# GetInputDtypeSupportList / GetOutputDtypeSupportList: BF16_DTYPE_SUPPORT_LIST on
# ASCEND910B..ASCEND910E, else DTYPE_SUPPORT_LIST
LOGSIGMOID_BACKWARD_DTYPES = by_soc_version(DTYPES, ("float32", "float16"))
LOGSIGMOID_BACKWARD_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/logsigmoid_grad/op_api/aclnn_logsigmoid_backward.cpp"),
    ("CheckNotNull", NotNull("gradOutput", "self", "buffer", "gradInput")),
    # gradOutput against the output list, self against the input list (the same lists),
    # OP_CHECK_DTYPE_NOT_SAME(gradOutput, gradInput), (self, gradInput); buffer unread
    ("CheckDtypeValid", DtypeIn("gradOutput", "self", dtypes=LOGSIGMOID_BACKWARD_DTYPES),
     SameDtype("gradOutput", "gradInput"), SameDtype("self", "gradInput")),
    # OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(gradOutput, gradInput's shape), (self, ...)
    ("CheckShapeValid", SameShape("gradInput", "gradOutput", "self")),
    ("aclnnLogSigmoidBackwardGetWorkspaceSize", EmptyReturn("gradOutput", "self")),
)


def reference(grad_output, x, buffer):
    with errstate():
        return f64(grad_output) / (1.0 + np.exp(f64(x)))


LOGSIGMOID_BACKWARD = register(ElementwiseOp(
    name="LogSigmoidBackward",
    snake="logsigmoid_backward",
    params=(Input("gradOutput"), Input("self"), Input("buffer"), Output("gradInput")),
    dtypes=("float32", "float16", "bfloat16"),
    kernel="logsigmoid_backward",
    tiling=tiling,
    broadcast="never",
    mixed="never",
    max_rank=None,
    checks=LOGSIGMOID_BACKWARD_CHECKS,
    info={"reference": reference, "domain": [(-2.0, 2.0), (-8.0, 8.0), (-1.0, 0.0)],
          # PyTorch's CPU kernel reads the buffer its forward made (ours ignores it)
          "torch": lambda t, g, x, b: t.ops.aten.log_sigmoid_backward(g, x, t.ops.aten.log_sigmoid_forward(x)[1])},
    doc=__doc__,
))
