"""aclnnErfinv: out = erf^-1(self), the inverse error function on [-1, 1].

CANN (hicann/ops-nn e5c3fa93, activation/erfinv/op_api/aclnn_erfinv.cpp): FLOAT, FLOAT16,
BF16 (BF16 on ASCEND910B..910E: Ascend910B/910_93/950), BOOL, INT8/16/32/64, UINT8 (cast
to FLOAT first); out: CanCast(result, out) only, the result being self's dtype for a float
self, else FLOAT (so any float or complex out, DOUBLE included: the result is Cast to
it); self and out of one shape, then self's rank <= 8; an empty self or out returns
success after the checks (ERFINV_CHECKS). aclnnInplaceErfinv is aclnnErfinv(selfRef,
selfRef) (an integer or BOOL selfRef: FLOAT cannot cast to it, 161002).
erfinv(+-1) = +-inf, |x| > 1 -> NaN. The kernel is M. Giles' form with polynomials in
double, rounded once (src/vmath.h ao_erfinvf)."""
import math

import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, as_dtype, register
from ascendops.ops import CanCast, CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Rank, Require, SameShape
from ascendops.ops._activation import tiling
from ascendops.ops.sigmoid import COMMIT, by_soc_version

FLOATS = ("float32", "float16", "bfloat16")
INTS_AND_BOOL = ("bool", "int8", "int16", "int32", "int64", "uint8")
# GetDtypeSupportList: ASCEND910B_DTYPE_SUPPORT_LIST on ASCEND910B..ASCEND910E
ERFINV_DTYPES = by_soc_version(FLOATS + INTS_AND_BOOL, ("float32", "float16") + INTS_AND_BOOL)
_FLOAT = as_dtype("float32")
_RESULT_TO_OUT = CanCast("result", "out")


def result_casts_to_out(ctx):
    """CheckDtypeValid: tmpOut = self's dtype where it is in FLOAT_LIST (FLOAT16, FLOAT,
    BF16), else FLOAT; OP_CHECK_RESULT_DTYPE_CAST_FAILED(tmpOut, out): CanCast (the
    CanCast step, on the derived dtype "result")."""
    d = ctx.dtype("self")
    ctx.derived["result"] = d if d.name in FLOATS else _FLOAT
    _RESULT_TO_OUT.apply(ctx)
    return None


# aclnnInplaceErfinvGetWorkspaceSize is aclnnErfinvGetWorkspaceSize(selfRef, selfRef)
ERFINV_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/erfinv/op_api/aclnn_erfinv.cpp"),
    ("CheckNotNull", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=ERFINV_DTYPES),
     Require(result_casts_to_out, "CanCast(self's float dtype or FLOAT, out)", names=("self", "out"))),
    ("CheckShape", SameShape("self", "out"), Rank("self", max=8)),
    ("aclnnErfinvGetWorkspaceSize", EmptyReturn("self", "out")),
)


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
    mixed="always", out_dtype="castable", checks=ERFINV_CHECKS,
    # CANN checks out with CanCast alone (the sequence): of the dtypes the engine writes,
    # the ones a FLOAT, FLOAT16 or BF16 result casts to (not "writable": the numpy-like
    # call would then allocate an integer input's own dtype for out, which CANN refuses)
    out_dtypes=FLOATS + ("float64", "complex64", "complex128"),
    input_dtypes=("float32", "float16", "bfloat16", "bool", "int8", "int16", "int32", "int64", "uint8"),
    input_cast="float32",
    # +-1 -> +-inf: tests/ops/test_activation_fwd.py (the harness compares finite values)
    info={"reference": reference, "domain": (-0.999, 0.999), "specials": [(0.0, -0.0, 0.5, -0.5)],
          "torch": lambda t, x: t.erfinv(x)},
    doc=__doc__,
))
