"""aclnnErfinv: out = erf^-1(self), the inverse error function on [-1, 1].

CANN (hicann/ops-nn e5c3fa93, activation/erfinv/op_api/aclnn_erfinv.cpp): FLOAT, FLOAT16,
BF16 (BF16 on Ascend910B/910_93), BOOL, INT8/16/32/64, UINT8 (cast to FLOAT first);
out: CanCast(self's float dtype, out), self's shape; rank <= 8; empty -> success.
erfinv(+-1) = +-inf, |x| > 1 -> NaN. The kernel is M. Giles' form with polynomials in
double, rounded once (src/vmath.h ao_erfinvf)."""
import math

import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops._activation import tiling


def _erfinv1(y):
    """float64 erfinv by bisection then Newton on math.erf (an independent reference)."""
    if math.isnan(y) or abs(y) > 1:
        return math.nan
    if abs(y) == 1:
        return math.copysign(math.inf, y)
    lo, hi = -6.0, 6.0
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        if math.erf(mid) < y:
            lo = mid
        else:
            hi = mid
    x = 0.5 * (lo + hi)
    for _ in range(2):
        d = 2.0 / math.sqrt(math.pi) * math.exp(-x * x)
        if d > 0:
            x -= (math.erf(x) - y) / d
    return x


_erfinv = np.vectorize(_erfinv1, otypes=[np.float64])


def reference(x):
    return _erfinv(np.asarray(x, dtype=np.float64))


ERFINV = register(ElementwiseOp(
    name="Erfinv", snake="erfinv", params=(Input("self"), Output("out")), inplace=True, inplace_const=True,
    dtypes=("float32", "float16", "bfloat16"), kernel="erfinv", tiling=tiling, broadcast="never",
    mixed="always", out_dtype="castable",
    input_dtypes=("float32", "float16", "bfloat16", "bool", "int8", "int16", "int32", "int64", "uint8"),
    input_cast="float32",
    # +-1 -> +-inf: tests/ops/test_activation_fwd.py (the harness compares finite values)
    info={"reference": reference, "domain": (-0.999, 0.999), "specials": [(0.0, -0.0, 0.5, -0.5)],
          "torch": lambda t, x: t.erfinv(x)},
    doc=__doc__,
))
