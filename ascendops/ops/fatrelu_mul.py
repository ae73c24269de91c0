"""aclnnFatreluMul: out = threshold(x1) * x2, x1 and x2 the first and second half of input
along its last dim, threshold(x) = x where x > threshold, else 0 (CANN's kernel compares
with ">"; the doc writes ">=").

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921 activation/fatrelu_mul/:
docs/aclnnFatreluMul.md, op_host/fatrelu_mul_def.cpp, op_host/fatrelu_mul_tiling.cpp,
op_kernel/fatrelu_mul.h; CANN generates this aclnn API from the op definition, so there is
no op_api source and no op_api unit test): aclnnFatreluMulGetWorkspaceSize(const aclTensor
*input, const aclTensor *threshold, const aclTensor *out, ...) (`const` on out,
as CANN's generated header has it). Dtypes (the op definition):
BFLOAT16, FLOAT16, FLOAT on Ascend910B, Ascend910_93 (no Ascend950, Ascend910 or Ascend310P
AI Core config); threshold and out of input's dtype; input and out ranks 2-8, threshold one
element of any rank 0-8 (Input(single=True): the kernel reads it at every element, as
CANN's kernel reads it with GetValue(0)); out of input's shape with the last dim halved
(161002); an empty input returns success. The tiling's checks (561002): the last dim even
and at most 1024, the other dims' product at most 200000. A threshold of another element
count, which CANN's tiling refuses (561002), is 161002 here, with the shape checks. The
doc's "no NaN or Inf threshold" is not checked (CANN reads the value in the kernel).
Math: src/ops/fatrelu_mul.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops._gated import halves, tiling3

DTYPES = ("float32", "float16", "bfloat16")


def reference(x, threshold):
    a, b = halves(x, -1)
    t = np.asarray(threshold, dtype=np.float64).reshape(())
    return np.where(a > t, a, 0.0) * b


def torch_reference(t, x, threshold):
    """PyTorch's composition: threshold(x1, th, 0) * x2 (torch's threshold keeps x > th)."""
    a, b = t.chunk(x, 2, -1)
    return t.nn.functional.threshold(a, float(threshold.reshape(())), 0.0) * b


def tiling_check(shapes, attrs):
    """fatrelu_mul_tiling.cpp ShapeCheck (last dim, batch)."""
    shape = shapes[0]
    if shape[-1] > 1024:
        return "Last dim size should be no more than 1024."
    if shape[-1] % 2:
        return "Last dim size should be even."
    if int(np.prod(shape[:-1], dtype=np.int64)) > 200000:
        return "Batch dim size should be no more than 200000."
    return None


FATRELU_MUL = register(ElementwiseOp(
    name="FatreluMul",
    snake="fatrelu_mul",
    params=(Input("input", split=-1), Input("threshold", single=True), Output("out", const=True)),
    dtypes={"default": DTYPES, "Ascend910": (), "Ascend310P": (), "Ascend950": ()},
    kernel="fatrelu_mul",
    tiling_check=tiling_check,
    tiling=tiling3,
    broadcast="never",
    mixed="never",
    min_rank=2,     # input and out (the doc's 2-8); threshold 0-8 (single=True)
    info={"reference": reference, "domain": [(-4.0, 4.0), (-1.0, 1.0)]},
    doc=__doc__,
))
