"""aclnnGeGlu and aclnnGeGluV3: out = A * gelu(B) and outGelu = gelu(B), where A and B are
the first and second half of self along `dim` (V3's activateLeft=True: gelu of the first
half, out = gelu(A) * B); approximate 0 is GeLU's erf form, 1 its tanh form.

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921
activation/ge_glu_v2/op_host/op_api/aclnn_geglu.cpp, docs/aclnnGeGlu.md, aclnnGeGluV3.md):
aclnnGeGluGetWorkspaceSize(const aclTensor *self, int64_t dim, int64_t approximate,
aclTensor *out, aclTensor *outGelu, ...), V3 with bool activateLeft after approximate.
FLOAT16, FLOAT, BFLOAT16 (BF16 on Ascend910B and later) for all three tensors, out and
outGelu of self's dtype; ranks at most 8 (CANN lets a 0-d self through its checks and
runs nothing; here 0-d is refused, 161002); dim in [-rank, rank), self's size there even,
out and outGelu self's shape with it halved; approximate 0 or 1, else 161002; an empty
self returns success. Two outputs from one kernel per approximation
(src/ops/geglu_erf.h, geglu_tanh.h)."""
import math

import numpy as np

from ascendops._core import Bool, ElementwiseOp, Input, Int, Output, register
from ascendops.ops._gated import DTYPES, halves, tiling3


def _approximate(v):
    return None if v in (0, 1) else "Approximate should be 0 or 1, but current is %d" % v


def gelu64(x, approximate):
    if approximate == 1:
        return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))
    return 0.5 * x * (1.0 + np.vectorize(math.erf, otypes=[np.float64])(x / math.sqrt(2.0)))


def reference(x, dim=-1, approximate=1, activate_left=False):
    a, b = halves(x, dim)
    act, lin = (a, b) if activate_left else (b, a)
    g = gelu64(act, approximate)
    return lin * g, g


def kernel_for(attrs):
    left = float(bool(attrs[2])) if len(attrs) > 2 else 0.0
    return ("geglu_tanh" if attrs[1] == 1 else "geglu_erf"), (left,)


_COMMON = dict(dtypes=DTYPES, kernel="geglu_tanh", kernel_for=kernel_for, tiling=tiling3,
               broadcast="never", mixed="never", min_rank=1, header="aclnn_geglu.h")

GEGLU = register(ElementwiseOp(
    name="GeGlu",
    snake="ge_glu",
    params=(Input("self", split="dim"), Int("dim", -1), Int("approximate", 1, check=_approximate),
            Output("out"), Output("outGelu")),
    info={"reference": reference, "domain": (-4.0, 4.0),
          "attrs": lambda ndim: [(-1, 1), (0, 0)] if ndim else [(-1, 1)],
          "bad_attrs": [((-1, 2), 161002), ((5, 1), 161002)]},
    doc=__doc__, **_COMMON))

GEGLU_V3 = register(ElementwiseOp(
    name="GeGluV3",
    snake="ge_glu_v3",
    params=(Input("self", split="dim"), Int("dim", -1), Int("approximate", 1, check=_approximate),
            Bool("activateLeft", False), Output("out"), Output("outGelu")),
    info={"reference": reference, "domain": (-4.0, 4.0),
          "attrs": lambda ndim: [(-1, 1, True), (0, 0, False), (-1, 0, True)] if ndim else [(-1, 1, False)],
          "bad_attrs": [((-1, -1, False), 161002)]},
    doc=__doc__, **_COMMON))
