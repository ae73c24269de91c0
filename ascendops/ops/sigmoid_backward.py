"""aclnnSigmoidBackward: gradInput = gradOutput * output * (1 - output), output =
sigmoid(x) the forward output.

Broadcasting and dtype promotion on every SoC; gradInput may be any dtype the
promoted one can be cast to (CANN's CanCast); rank 0-8. Math:
src/ops/sigmoid_backward.h. (CANN also takes DOUBLE and COMPLEX; the
fp32 engine does not, so those are refused with 161002.)"""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.tiling import block_tiling


def reference(grad_output, output):
    y = np.asarray(output, dtype=np.float64)
    return np.asarray(grad_output, dtype=np.float64) * y * (1.0 - y)


SIGMOID_BACKWARD = register(ElementwiseOp(
    name="SigmoidBackward",
    snake="sigmoid_backward",
    params=(Input("gradOutput"), Input("output"), Output("gradInput")),
    dtypes=("float16", "float32", "bfloat16"),
    kernel="sigmoid_backward",
    tiling=lambda n, size, ub, cores: block_tiling(n, size, ub, cores, 4, 7),
    # CANN's op_api (hicann/ops-nn activation/sigmoid_grad/op_api/aclnn_sigmoid_backward.cpp)
    # broadcasts and promotes on every SoC; gradInput only has to be castable from the
    # promoted dtype (OP_CHECK_RESULT_DTYPE_CAST_FAILED); ranks 0-8 (only OP_CHECK_MAX_DIM).
    broadcast="always",
    mixed="always",
    out_dtype="castable",
    info={"reference": reference, "domain": [(-2.0, 2.0), (0.0, 1.0)], "torch": "sigmoid_backward"},
    doc=__doc__,
))
