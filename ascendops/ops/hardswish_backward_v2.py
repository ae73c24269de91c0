"""aclnnHardswishBackwardV2: out = gradOutput * g(self), the gradient of HardSwish with
open bounds: g = 0 if x <= -3; x / 3 + 0.5 if -3 < x < 3; 1 if x >= 3 (V1,
aclnnHardswishBackward, takes -3 and 3 into the middle piece; PyTorch's
hardswish_backward gives -0.5 and 1.5 there).

CANN (hicann/ops-nn@e5c3fa93 activation/hard_swish_grad_v2/op_host/op_api/
aclnn_hardswish_backward_v2.cpp, docs/aclnnHardswishBackwardV2.md): the three tensors
have one dtype (FLOAT, FLOAT16, BFLOAT16; no BFLOAT16 on Ascend910/Ascend310P) and one
shape (no broadcast), rank at most 8 (the doc says 1-8; the source checks only the
maximum); an empty tensor returns after the checks. Math: src/ops/
hardswish_backward_v2.h (x * 0.33333334 in fp32, as CANN's kernel)."""
import numpy as np

from ascendops.ops import ElementwiseOp, Input, Output, register
from ascendops.ops._activation_grad import f64, tiling


def reference(grad_output, x):
    x = f64(x)
    g = np.where(x <= -3.0, 0.0, np.where(x >= 3.0, 1.0, x / 3.0 + 0.5))
    return f64(grad_output) * g


HARDSWISH_BACKWARD_V2 = register(ElementwiseOp(
    name="HardswishBackwardV2",
    snake="hardswish_backward_v2",
    params=(Input("gradOutput"), Input("self"), Output("out")),
    dtypes=("float32", "float16", "bfloat16"),
    kernel="hardswish_backward_v2",
    tiling=tiling,
    broadcast="never",
    mixed="never",
    # -3 and 3 themselves are in every sample (CANN's V2 convention: 0 and 1 there, where
    # PyTorch's hardswish_backward gives -0.5 and 1.5: named, not called, by the harness;
    # tests/ops/test_activation_bwd.py compares the 16-bit results elsewhere).
    info={"reference": reference, "domain": [(-2.0, 2.0), (-5.0, 5.0)], "specials": [None, (-3.0, 3.0)],
          "torch": "hardswish_backward"},
    doc=__doc__,
))
