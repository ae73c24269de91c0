"""aclnnSqrt and aclnnInplaceSqrt: out = sqrt(self).

CANN (hicann/ops-math c4193324, math/sqrt/op_api/aclnn_sqrt.cpp): self FLOAT, FLOAT16,
DOUBLE, COMPLEX64, COMPLEX128, INT8/16/32/64, UINT8, BOOL, and BF16 except on DAV_1001
(GetDtypeSupportListV3: Ascend910 alone lacks it; Ascend310P has it); the result type is
FLOAT for an integral or BOOL self, else self's, and must cast to out (CanCast); self and
out of one shape, then self's rank <= 8; an empty self returns success after the checks
(SQRT_CHECKS). aclnnInplaceSqrt(self) first checks self against FLOAT, FLOAT16, DOUBLE,
COMPLEX64, COMPLEX128 (and BF16 on DAV_2201 and regbase SoCs), then runs aclnnSqrt(self,
self) (INPLACE_SQRT_CHECKS). INT64 is cast to DOUBLE ("cast算子INT64转float会出错") and the
other integers and BOOL to FLOAT before the kernel; the result is cast to out. Here:
sqrt correctly rounded in fp32 and in float64, csqrt in double complex
(src/ops/math_sqrt.h); sqrt(-0) = -0, sqrt(x < 0) = NaN."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops import BaseChecks, Checks, DtypeIn, EmptyReturn, NotNull, Rank, Require, SameShape
from ascendops.ops._activation import tiling
from ascendops.ops._math import COMPLEX, FLOATS, INTS, as_float, result_casts_to_out, source
from ascendops.ops.sigmoid import by_arch_or_regbase

SQRT_SOURCE = source("sqrt")
SQRT_910 = ("float32", "float16", "float64") + COMPLEX + ("int32", "int64", "int16", "int8", "bool", "uint8")
# GetDtypeSupportListV3(DTYPE_SUPPORT_910B_LIST, DTYPE_SUPPORT_910_LIST): the 910 list on
# DAV_1001 only (DAV_2201, DAV_3510 and every other arch: the 910B list)
SQRT_DTYPES = {"DAV_1001": SQRT_910, "default": SQRT_910 + ("bfloat16",)}
SQRT_OUT_910 = ("float32", "float16", "float64") + COMPLEX
SQRT_SELFREF = by_arch_or_regbase(SQRT_OUT_910 + ("bfloat16",), SQRT_OUT_910)
_INTEGRAL = INTS + ("bool",)    # IsIntegralType(dtype, true): BOOL counts

SQRT_CHECKS = Checks(
    SQRT_SOURCE,
    ("CheckNotNull2Tensor", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=SQRT_DTYPES),
     Require(result_casts_to_out(_INTEGRAL), "CanCast(FLOAT for an integral self, else self's dtype, out)",
             names=("self", "out"))),
    ("CheckSameShape1In1Out", SameShape("self", "out"), Rank("self", max=8)),
    ("aclnnSqrtGetWorkspaceSize", EmptyReturn("self")),
)
INPLACE_SQRT_CHECKS = Checks(
    SQRT_SOURCE,
    ("CheckInplaceParamsSqrt", NotNull("self"), DtypeIn("self", dtypes=SQRT_SELFREF)),
    ("aclnnSqrtGetWorkspaceSize", BaseChecks()),
)


def reference(x):
    with np.errstate(invalid="ignore"):
        return np.sqrt(as_float(x))


SQRT = register(ElementwiseOp(
    name="Sqrt", snake="sqrt", params=(Input("self"), Output("out")),
    inplace=True, inplace_name="self",        # CANN's aclnnInplaceSqrtGetWorkspaceSize(aclTensor *self, ...)
    dtypes=FLOATS + ("float64",) + COMPLEX, kernel="math_sqrt", tiling=tiling, broadcast="never", mixed="always",
    out_dtype="castable", out_dtypes=FLOATS + ("float64",) + COMPLEX,
    input_dtypes=FLOATS + ("float64",) + COMPLEX + _INTEGRAL, input_cast="float32", compute={"int64": "float64"},
    checks=SQRT_CHECKS, inplace_checks=INPLACE_SQRT_CHECKS,
    info={"reference": reference, "domain": (0.0, 50.0), "specials": [(0.0, -0.0, -1.0, 1e-30)],
          "torch": lambda t, x: t.sqrt(x)},
    doc="aclnnSqrt: out = sqrt(self).\n\n" + __doc__,
))
