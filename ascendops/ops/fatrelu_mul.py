"""aclnnFatreluMul: out = threshold(x1) * x2, x1 and x2 the first and second half of input
along its last dim, threshold(x) = x where x > threshold, else 0 (CANN's kernel compares
with ">"; the doc writes ">=").

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921 activation/fatrelu_mul/:
docs/aclnnFatreluMul.md, op_host/fatrelu_mul_def.cpp, op_host/fatrelu_mul_tiling.cpp,
op_kernel/fatrelu_mul.h; CANN generates this aclnn API from the op definition, so there is
no op_api source and no op_api unit test): aclnnFatreluMulGetWorkspaceSize(const aclTensor
*input, const aclTensor *threshold, const aclTensor *out, ...) (`const` on out,
as CANN's generated header has it).

The check sequence (FATRELU_MUL_CHECKS) is the generated API's phase 1 (hicann/opbase
src/nnopbase/individual_op/executor/indv_executor.cpp): null input / threshold / out
(161001); no AI Core config for the SoC (Ascend950, Ascend910, Ascend310P: the definition
has ascend910b, ascend910_93 and Kirin configs) 561003; input, threshold and out one dtype
of BFLOAT16, FLOAT16, FLOAT (161002); an empty out skips the tiling: success; then
fatrelu_mul_tiling.cpp RunBigKernelTiling (561002): input at least 2-d, its last dim not 0,
threshold of one element (any rank), the last dim at most 1024 and even, the other dims'
product at most 200000. Nothing in CANN's phase 1 checks out's shape or a rank cap; the
engine needs out of input's shape with the last dim halved (161002 after the sequence: a
deviation, tests/ops/probes/fatrelu_mul.py). threshold is Input(single=True): the kernel
reads it at every element, as CANN's kernel reads it with GetValue(0). The doc's "no NaN
or Inf threshold" is not checked (CANN reads the value in the kernel).
Math: src/ops/fatrelu_mul.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops import CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Require, SameDtype
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


FATRELU_MUL_SOURCE = CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
                                "activation/fatrelu_mul/op_host/fatrelu_mul_def.cpp")


def fatrelu_mul_soc(ctx):
    """NnopbaseGetSupportInfo: an AI Core config for the SoC (ascend910b, ascend910_93,
    Kirin), else 561003."""
    if ctx.soc.name in ("Ascend950", "Ascend910", "Ascend310P"):
        return "Op FatreluMul not support soc version %s." % ctx.soc.name


def fatrelu_mul_rank(ctx):
    """RunBigKernelTiling: input at least 2-d."""
    if len(ctx.tensor("input").shape) < 2:
        return "Input shape dim should be no less than 2."


def fatrelu_mul_last_dim_nonzero(ctx):
    """RunBigKernelTiling: the last dim not 0."""
    if ctx.tensor("input").shape[-1] == 0:
        return "Last dim elements can not be zero."


def fatrelu_mul_threshold_one(ctx):
    """RunBigKernelTiling: threshold of one element."""
    if ctx.tensor("threshold").numel != 1:
        return "Threshold elements can only be one."


def fatrelu_mul_last_dim(ctx):
    """RunBigKernelTiling: the last dim at most 1024, then even."""
    last = ctx.tensor("input").shape[-1]
    if last > 1024:
        return "Last dim size should be no more than 1024."
    if last % 2:
        return "Last dim size should be even."


def fatrelu_mul_batch(ctx):
    """RunBigKernelTiling: batchSize = inputShapeSize / lastDimSize at most 200000."""
    t = ctx.tensor("input")
    if t.numel // t.shape[-1] > 200000:
        return "Batch dim size should be no more than 200000."


FATRELU_MUL_CHECKS = Checks(
    FATRELU_MUL_SOURCE,
    ("aclnnFatreluMulGetWorkspaceSize", NotNull("input", "threshold", "out")),
    ("NnopbaseExecutorCheckSocVersionAndParam",
     Require(fatrelu_mul_soc, "an AI Core config for the SoC", status=561003, names=()),
     DtypeIn("input", dtypes=DTYPES), SameDtype("input", "threshold", "out")),
    ("NnopbaseExecutorMatchCache", EmptyReturn("out")),
    ("RunBigKernelTiling",
     Require(fatrelu_mul_rank, "input at least 2-d", status=561002, names=("input",)),
     Require(fatrelu_mul_last_dim_nonzero, "last dim not 0", status=561002, names=("input",)),
     Require(fatrelu_mul_threshold_one, "threshold of one element", status=561002, names=("threshold",)),
     Require(fatrelu_mul_last_dim, "last dim at most 1024 and even", status=561002, names=("input",)),
     Require(fatrelu_mul_batch, "the other dims' product at most 200000", status=561002, names=("input",))),
)


FATRELU_MUL = register(ElementwiseOp(
    name="FatreluMul",
    snake="fatrelu_mul",
    params=(Input("input", split=-1), Input("threshold", single=True), Output("out", const=True)),
    dtypes={"default": DTYPES, "Ascend910": (), "Ascend310P": (), "Ascend950": ()},
    kernel="fatrelu_mul",
    tiling=tiling3,
    broadcast="never",
    mixed="never",
    min_rank=2,     # input (the tiling's check; the sequence refuses a rank below it first)
    max_rank=None,  # no rank cap in CANN's phase 1 (the doc's 2-8 and 0-8 are not checked)
    checks=FATRELU_MUL_CHECKS,
    info={"reference": reference, "domain": [(-4.0, 4.0), (-1.0, 1.0)]},
    doc=__doc__,
))
