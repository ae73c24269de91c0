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
Broadcasting and dtype promotion on every SoC (V1: gradInput any dtype; V2: the
promoted dtype); V1 rank 0-8, V2 any rank. Math: src/ops/gelu_backward.h,
gelu_backward_tanh.h."""
import math
from typing import Any, Dict

import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Str, register
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
    **_COMMON,
))

GELU_BACKWARD_V2 = register(ElementwiseOp(
    name="GeluBackwardV2",
    snake="gelu_backward_v2",
    kernel="gelu_backward",
    params=(Input("gradOutput"), Input("self"), Str("approximate", "none", choices=tuple(_KERNELS)),
            Output("gradInput")),
    kernel_for=lambda attrs: (_KERNELS[attrs[0]], ()),
    info={"reference": reference, "domain": (-5.0, 5.0), "attrs": [("none",), ("tanh",)],
          "bad_attrs": [((None,), 161001), (("erf",), 161002), (("",), 161002)], "torch": "gelu_backward",
          "attr_docs": {"approximate": "\"none\" (the erf form) or \"tanh\" (the tanh approximation)"}},
    doc=__doc__,
    # V2: gradInput must equal the promoted dtype; its CheckShape has no OP_CHECK_MAX_DIM.
    out_dtype="equal",
    max_rank=None,
    **_COMMON,
))
