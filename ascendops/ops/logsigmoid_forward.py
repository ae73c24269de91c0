"""aclnnLogSigmoidForward(self, out, buffer): out = log(1 / (1 + exp(-self))), and a
second output, `buffer`, that CANN's op never writes.

CANN (hicann/ops-nn@e5c3fa93 activation/log_sigmoid/op_api/aclnn_logsigmoid.cpp,
docs/aclnnLogSigmoidForward.md): the forward is aclnnLogSigmoid's ExecLogSigmoidGetWorkspaceSize
with buffer passed to nothing but the DFX log (LOG_SIGMOID_CHECKS of sigmoid.py): self
and out FLOAT, FLOAT16 (BF16 on DAV_2201 / regbase SoCs), out with self's dtype and shape,
any rank, an empty self returns success after the checks. buffer: "用于保存正向计算的中间结果，暂无用" (meant for
an intermediate result of the forward; unused for now): CheckNotNull2Tensor(self, out)
does not null-check it and no check reads its dtype or shape, so it is declared
Output(written=False, checked=False, optional=True): bound to the executor, never
computed, never checked, may be null. The numpy-like call allocates it zero-filled with
out's dtype and shape (what aclnnLogSigmoidBackward's buffer takes here).
PyTorch's CPU kernel (torch.ops.aten.log_sigmoid_forward) writes exp(-|x|) into its
buffer (its backward reads it); its CUDA kernel returns an empty buffer. CANN's stays as
the caller left it. Math: src/ops/logsigmoid.h (aclnnLogSigmoid's kernel)."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops._activation import tiling
from ascendops.ops.sigmoid import DTYPES, LOG_SIGMOID_CHECKS, reference_logsigmoid


def reference(x):
    # buffer: never written; the numpy-like call allocates it zero-filled (the harness
    # compares only the outputs the kernel writes)
    out = reference_logsigmoid(x)
    return out, np.zeros_like(out)


LOG_SIGMOID_FORWARD = register(ElementwiseOp(
    name="LogSigmoidForward", snake="log_sigmoid_forward",
    params=(Input("self"), Output("out"), Output("buffer", optional=True, written=False, checked=False)),
    header="aclnn_logsigmoid.h",   # CANN declares it with LogSigmoid
    dtypes=DTYPES, kernel="logsigmoid", tiling=tiling, broadcast="never", mixed="never", max_rank=None,
    # aclnnLogSigmoidForwardGetWorkspaceSize is ExecLogSigmoidGetWorkspaceSize(self, out):
    # aclnnLogSigmoid's sequence (aclnn_logsigmoid.cpp), no step reads buffer
    checks=LOG_SIGMOID_CHECKS,
    info={"reference": reference, "domain": (-20.0, 20.0),
          "torch": lambda t, x: t.ops.aten.log_sigmoid_forward(x)[0]},
    doc=__doc__,
))
