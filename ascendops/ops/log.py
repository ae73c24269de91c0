"""aclnnLog and aclnnInplaceLog: out = ln(self).

CANN (hicann/ops-math c4193324, math/log/op_api/aclnn_log.cpp): self FLOAT, FLOAT16,
DOUBLE, COMPLEX64, COMPLEX128, BOOL, INT64, INT32, INT16, INT8, UINT8, out FLOAT, FLOAT16,
DOUBLE, COMPLEX64, COMPLEX128 (both with BF16 on DAV_2201 and regbase SoCs:
GetDtypeSupportListV2), then CanCast(self, out) (CheckPromoteType), then one shape and
self's rank <= 8; an empty self returns success after the checks (LOG_CHECKS).
aclnnInplaceLog first checks selfRef for null, against out's list and for rank <= 8, then
runs aclnnLog(selfRef, selfRef) (INPLACE_LOG_CHECKS: an integral selfRef is refused by
out's list). l0op::Log computes an integral or BOOL self in FLOAT (AI-CPU; its output is
FLOAT), FLOAT/FLOAT16/BF16 on the AI core, DOUBLE and COMPLEX on AI-CPU; the result is
cast to out. Here: vmath.h ao_logf (correctly rounded but for rare ties), log in
float64, clog in double complex (src/ops/math_log.h); a FLOAT16 / BF16 self whose result
is rounded to 16 bits in fp32 arithmetic alone (ao_logf_b16, within 1 ULP of fp32: the
16-bit result is the float64 log rounded to fp32 then to 16 bits but at the few values
whose fp32 log lies within an ULP of a 16-bit rounding boundary, one 16-bit ULP off
there; tests/ops/test_math_unary.py). log(+-0) = -inf, log(x < 0) = NaN."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops import BaseChecks, CanCast, Checks, DtypeIn, EmptyReturn, NotNull, Rank, SameShape
from ascendops.ops._activation import tiling
from ascendops.ops._math import COMPLEX, FLOATS, INTS, as_float, source
from ascendops.ops.sigmoid import by_arch_or_regbase

LOG_SOURCE = source("log")
LOG_OUT_910 = ("float32", "float16", "float64") + COMPLEX
LOG_IN_910 = LOG_OUT_910 + ("bool", "int64", "int32", "int16", "int8", "uint8")
LOG_IN = by_arch_or_regbase(LOG_IN_910 + ("bfloat16",), LOG_IN_910)
LOG_OUT = by_arch_or_regbase(LOG_OUT_910 + ("bfloat16",), LOG_OUT_910)

LOG_CHECKS = Checks(
    LOG_SOURCE,
    ("CheckNotNull2Tensor", NotNull("self", "out")),
    ("CheckDtypeValid1In1Out", DtypeIn("self", dtypes=LOG_IN), DtypeIn("out", dtypes=LOG_OUT)),
    ("CheckPromoteType", CanCast("self", "out")),
    ("CheckSameShape1In1Out", SameShape("self", "out"), Rank("self", max=8)),
    ("aclnnLogGetWorkspaceSize", EmptyReturn("self")),
)
INPLACE_LOG_CHECKS = Checks(
    LOG_SOURCE,
    ("CheckInplace", NotNull("selfRef"), DtypeIn("selfRef", dtypes=LOG_OUT), Rank("selfRef", max=8)),
    ("aclnnLogGetWorkspaceSize", BaseChecks()),
)


_KERNEL_DTYPES = FLOATS + ("float64",) + COMPLEX
_B16 = ("float16", "bfloat16")


def _compute_dtype(in_dtypes, attrs, out_dtype, soc):
    """self's dtype (FLOAT for integers and BOOL, input_cast), and as the kernel's one
    attribute whether the result is rounded to 16 bits: a FLOAT16 / BF16 self whose out is
    a float of at most 32 bits (the engine narrows it there first, as CANN's Cast of
    l0op::Log's 16-bit result)."""
    d = in_dtypes[0].name
    d = d if d in _KERNEL_DTYPES else "float32"
    return d, (d in _B16 and out_dtype.name in ("float32",) + _B16,)


def _kernel_for(attrs):
    """math_log_b16 (fp32 arithmetic, src/ops/math_log_b16.h) where the result is rounded
    to 16 bits, else math_log (correctly rounded fp32; float64; complex)."""
    return ("math_log_b16" if attrs and attrs[0] else "math_log"), ()


def reference(x):
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.log(as_float(x))


LOG = register(ElementwiseOp(
    name="Log", snake="log", params=(Input("self"), Output("out")), inplace=True,
    dtypes=FLOATS + ("float64",) + COMPLEX, kernel="math_log", tiling=tiling, broadcast="never", mixed="always",
    out_dtype="castable", out_dtypes=FLOATS + ("float64",) + COMPLEX,
    input_dtypes=FLOATS + ("float64",) + COMPLEX + INTS + ("bool",), input_cast="float32",
    checks=LOG_CHECKS, inplace_checks=INPLACE_LOG_CHECKS, compute_dtype=_compute_dtype, kernel_for=_kernel_for,
    info={"reference": reference, "domain": (0.001, 100.0), "specials": [(-1.0, 1.0, 0.001)],
          "torch": lambda t, x: t.log(x)},
    doc="aclnnLog: out = log(self).\n\n" + __doc__,
))
