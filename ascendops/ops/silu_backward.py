"""aclnnSiluBackward: gradInput = gradOutput * s * (1 + x * (1 - s)), s = sigmoid(x).

The gradient of SiLU (Swish). Math: src/ops/silu_backward.h, in the
op order of CANN's SiluGrad kernel.

CANN (hicann/ops-nn e5c3fa93 activation/silu_grad/op_api/aclnn_silu_backward.cpp): the
three tensors FLOAT16, FLOAT, BF16 (BF16 gradOutput or self only on DAV_2201 and regbase
SoCs); on regbase SoCs (Ascend950, host) gradOutput and self may differ in dtype, then
gradInput is FLOAT, and they broadcast to gradInput's shape; elsewhere the three have one
dtype and one shape. Ranks of gradOutput and self at most 8; the checks run before the
empty return. The sequence (SILU_BACKWARD_CHECKS) is CANN's, in its order. Layouts,
ViewCopy and caching come from the dispatcher."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops import (Broadcast, CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Rank, Require, SameDtype,
                           SameShape, When)
from ascendops.tiling import block_tiling


def silu_grad_tiling(n, dtype_size, ub_size, core_num):
    """SiluGrad's tiling: UB units per element are 5 / 13 (single buffer, FLOAT /
    16-bit) and 8 / 16 (double buffer): the queues plus the fp32 temporaries."""
    single, double = (5, 8) if dtype_size == 4 else (13, 16)
    return block_tiling(n, dtype_size, ub_size, core_num, single, double)


def reference(grad_output, x):
    """float64 golden value (PyTorch's aten.silu_backward computes the same formula)."""
    x = np.asarray(x, dtype=np.float64)
    s = 1.0 / (1.0 + np.exp(-x))
    return np.asarray(grad_output, dtype=np.float64) * s * (1.0 + x * (1.0 - s))


DTYPES = ("float16", "float32", "bfloat16")


def _mixed(ctx):
    """IsSupportMixPrecision() (regbase) && gradOutput's dtype != self's."""
    return ctx.soc.regbase and ctx.dtype("gradOutput") is not ctx.dtype("self")


def grad_input_is_float(ctx):
    """OP_CHECK_DTYPE_NOT_MATCH(gradInput, DT_FLOAT) of mixed inputs (the message in the
    op kind's words for a mixed-precision output, which the numpy-like API's hints read)."""
    d = ctx.dtype("gradInput")
    if d.name != "float32":
        return ("Tensor gradInput dtype should be the promoted dtype DT_FLOAT of the inputs (gradOutput %s, self %s), "
                "but got %s." % (ctx.dtype("gradOutput").log_name, ctx.dtype("self").log_name, d.log_name))
    return None


SILU_BACKWARD_CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/silu_grad/op_api/aclnn_silu_backward.cpp"),
    ("CheckNotNull", NotNull("gradOutput", "self", "gradInput")),
    ("CheckDtypeValid", DtypeIn("gradOutput", "self", "gradInput", dtypes=DTYPES),
     When(_mixed, "regbase, gradOutput's dtype not self's",
          Require(grad_input_is_float, "gradInput FLOAT", names=("gradOutput", "self", "gradInput"))),
     When(lambda ctx: not _mixed(ctx), "not regbase, or one input dtype",
          SameDtype("gradInput", "gradOutput"), SameDtype("gradInput", "self")),
     # CheckSocVersionIsSupportBf16: DAV_2201 or regbase, else no BF16 self or gradOutput
     DtypeIn("self", "gradOutput", dtypes={"DAV_2201": DTYPES, "regbase": DTYPES, "default": ("float16", "float32")})),
    ("CheckShapeValid", Rank("gradOutput", "self", max=8),
     When(lambda ctx: not ctx.soc.regbase, "not IsSupportBroadcast() (not regbase)",
          SameShape("gradInput", "gradOutput"), SameShape("gradInput", "self")),
     When(lambda ctx: ctx.soc.regbase, "IsSupportBroadcast() (regbase)",
          Broadcast("gradOutput", "self", out="gradInput"))),
    ("aclnnSiluBackwardGetWorkspaceSize", EmptyReturn("gradOutput", "self")),
)


SILU_BACKWARD = register(ElementwiseOp(
    name="SiluBackward",
    snake="silu_backward",
    params=(Input("gradOutput"), Input("self"), Output("gradInput")),
    dtypes=DTYPES,
    kernel="silu_backward",
    tiling=silu_grad_tiling,
    broadcast="soc",          # numpy broadcasting on regbase SoCs (Ascend950, host)
    mixed="soc",              # mixed input dtypes -> FLOAT output on regbase SoCs
    checks=SILU_BACKWARD_CHECKS,
    info={"reference": reference},
    doc=__doc__,
))
