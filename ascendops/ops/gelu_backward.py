"""aclnnGeluBackward and aclnnGeluBackwardV2: the gradient of GELU.

  GeluBackward(gradOutput, self):        erf form,
      gradInput = gO * (Phi(x) + x exp(-x^2 / 2) / sqrt(2 pi)),  Phi(x) = (1 + erf(x / sqrt 2)) / 2
      (CANN and torch compute Phi as 0.5 erf(x / sqrt 2) + 0.5, which cancels for x < -sqrt 2;
      the kernel computes it without the cancellation: src/ops/gelu_backward.h)
  GeluBackwardV2(gradOutput, self, approximate):  "none" = the erf form, "tanh" = the
      derivative of 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)));
      approximate None -> 161001, any other string -> 161002.

numpy-like API: ascendops.gelu_backward(dy, x, approximate="none") runs
aclnnGeluBackward for "none" and aclnnGeluBackwardV2 for anything else (so "tanh",
and bad values get V2's checks); ascendops.gelu_backward_v2 always runs V2.
CANN (hicann/ops-nn e5c3fa93 activation/gelu_grad/op_api/aclnn_gelu_backward.cpp,
activation/gelu_grad_v2/op_api/aclnn_gelu_backward_v2.cpp): broadcasting and dtype
promotion on every SoC; CheckPromoteTypeGeluBackward (common/inc/op_api/level2_base.h)
checks only the promoted dtype of gradOutput and self (FLOAT, FLOAT16, and BF16 on
DAV_2201 and regbase SoCs), never an input's own; V1 never checks gradInput's dtype (the
result is Cast to it: any dtype the engine writes), V2 wants the promoted dtype; V1 rank
0-8 (gradOutput, self), V2 any rank; V2's approximate is checked ("none" or "tanh") after
the shapes; everything before the empty return. The sequences (GELU_BACKWARD_CHECKS,
GELU_BACKWARD_V2_CHECKS) are CANN's, in its order. Math: src/ops/gelu_backward.h,
gelu_backward_tanh.h."""
import math
from typing import Any, Dict

import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Str, register
from ascendops.ops import Broadcast, CannSource, Checks, EmptyReturn, NotNull, Promote, Rank, Require, SameDtype
from ascendops.tiling import block_tiling

_erfc = np.vectorize(math.erfc, otypes=[np.float64])
_KERNELS = {"none": "gelu_backward", "tanh": "gelu_backward_tanh"}


def reference(grad_output, x, approximate="none"):
    x = np.asarray(x, dtype=np.float64)
    if approximate == "tanh":
        k = math.sqrt(2.0 / math.pi)
        t = np.tanh(k * (x + 0.044715 * x ** 3))
        d = 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * k * (1.0 + 3.0 * 0.044715 * x * x)
    else:
        # Phi(x) as erfc(-x / sqrt 2) / 2: no cancellation for x << 0 (1 + erf would lose it)
        d = 0.5 * _erfc(-x / math.sqrt(2.0)) + x * np.exp(-0.5 * x * x) / math.sqrt(2.0 * math.pi)
    return np.asarray(grad_output, dtype=np.float64) * d


COMMIT = "e5c3fa9327ea95ba26d06227e746923580d10921"
DTYPES = ("float32", "float16", "bfloat16")


def promoted_supported(ctx):
    """CheckPromoteTypeGeluBackward (common/inc/op_api/level2_base.h), after PromoteType:
    the promoted dtype not BF16 unless the arch is DAV_2201 or the SoC regbase, and in
    DTYPE_SUPPORT_LIST. (A DtypeIn of "promoted" says the same; this wording is the op
    kind's, which the numpy-like API's dtype hints read.)"""
    d = ctx.dtype("promoted")
    ins = "gradOutput %s, self %s" % (ctx.dtype("gradOutput").log_name, ctx.dtype("self").log_name)
    if d.name == "bfloat16" and not (ctx.soc.arch == "DAV_2201" or ctx.soc.regbase):
        return "The promoted dtype DT_BF16 is not supported on %s (%s)." % (ctx.soc.name, ctx.soc.arch)
    if d.name not in DTYPES:
        return "The promoted dtype %s of %s should be in dtype support list [DT_FLOAT, DT_FLOAT16, DT_BF16]." % (
            d.log_name, ins)
    return None


PROMOTED_SUPPORTED = Require(promoted_supported, "the promoted dtype in FLOAT, FLOAT16, BF16 (BF16: DAV_2201, regbase)",
                             names=("gradOutput", "self"))

GELU_BACKWARD_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/gelu_grad/op_api/aclnn_gelu_backward.cpp"),
    ("CheckNotNull", NotNull("gradOutput", "self", "gradInput")),
    ("CheckPromoteType", Promote("gradOutput", "self"), PROMOTED_SUPPORTED),
    ("CheckShape", Rank("gradOutput", "self", max=8), Broadcast("gradOutput", "self", out="gradInput")),
    ("aclnnGeluBackwardGetWorkspaceSize", EmptyReturn("self", "gradOutput")),
)


def approximate_is_known(ctx):
    """CheckAttrValue: approximate "tanh" or "none"."""
    a = ctx.values["approximate"]
    if a not in ("tanh", "none"):
        return "approximate only supports to set none or tanh, but got %s." % a
    return None


GELU_BACKWARD_V2_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/gelu_grad_v2/op_api/aclnn_gelu_backward_v2.cpp"),
    ("CheckNotNull", NotNull("gradOutput", "self", "gradInput", "approximate")),
    ("CheckPromoteType", Promote("gradOutput", "self"), PROMOTED_SUPPORTED, SameDtype("promoted", "gradInput")),
    ("CheckShape", Broadcast("gradOutput", "self", out="gradInput")),
    ("CheckAttrValue", Require(approximate_is_known, "approximate is \"none\" or \"tanh\"", names=("approximate",))),
    ("aclnnGeluBackwardV2GetWorkspaceSize", EmptyReturn("self", "gradOutput")),
)


def _tiling(n, size, ub, cores):
    return block_tiling(n, size, ub, cores, 5, 8)


_COMMON: Dict[str, Any] = dict(
    dtypes=("float16", "float32", "bfloat16"),
    tiling=_tiling,
    # Both versions broadcast and promote on every SoC (hicann/ops-nn activation/gelu_grad/
    # op_api/aclnn_gelu_backward.cpp, activation/gelu_grad_v2/op_api/aclnn_gelu_backward_v2.cpp:
    # BroadcastTo and CheckPromoteTypeGeluBackward, common/inc/op_api/level2_base.h).
    broadcast="always",
    mixed="always",
    # CheckPromoteTypeGeluBackward checks the promoted dtype against the support list,
    # not each input's (INT32 gradOutput with FLOAT self promotes to FLOAT: accepted, and
    # gradOutput is cast to FLOAT before the kernel, as the op_api's l0op::Cast does).
    dtype_check="promoted",
)


def _numpy_like(v1_api):
    """gelu_backward(dy, x, approximate="none"): V1 for "none", else V2."""
    import ascendops

    def gelu_backward(grad_output, x, approximate="none", *, out=None):
        if approximate == "none":
            return v1_api(grad_output, x, out=out)
        return ascendops.gelu_backward_v2(grad_output, x, approximate, out=out)

    gelu_backward.__doc__ = __doc__
    gelu_backward.op = v1_api.op
    return gelu_backward


GELU_BACKWARD = register(ElementwiseOp(
    name="GeluBackward",
    snake="gelu_backward",
    params=(Input("gradOutput"), Input("self"), Output("gradInput", const=True)),  # CANN's header: const
    kernel="gelu_backward",
    info={"reference": reference, "domain": (-5.0, 5.0), "numpy_like": _numpy_like, "torch": "gelu_backward",
          "api_note": "(V2 unless `\"none\"`)"},
    doc=__doc__,
    # V1's CheckPromoteType never looks at gradInput's dtype (the result is cast to it).
    out_dtype="unchecked",
    out_dtypes="writable",
    checks=GELU_BACKWARD_CHECKS,
    **_COMMON,
))

GELU_BACKWARD_V2 = register(ElementwiseOp(
    name="GeluBackwardV2",
    snake="gelu_backward_v2",
    kernel="gelu_backward",
    # approximate's value is checked in the sequence (CheckAttrValue, after the shapes)
    params=(Input("gradOutput"), Input("self"), Str("approximate", "none"), Output("gradInput")),
    kernel_for=lambda attrs: (_KERNELS[attrs[0]], ()),
    info={"reference": reference, "domain": (-5.0, 5.0), "attrs": [("none",), ("tanh",)],
          "bad_attrs": [((None,), 161001), (("erf",), 161002), (("",), 161002)], "torch": "gelu_backward",
          "attr_docs": {"approximate": "\"none\" (the erf form) or \"tanh\" (the tanh approximation)"}},
    doc=__doc__,
    # V2: gradInput must equal the promoted dtype; its CheckShape has no OP_CHECK_MAX_DIM.
    out_dtype="equal",
    max_rank=None,
    checks=GELU_BACKWARD_V2_CHECKS,
    **_COMMON,
))
