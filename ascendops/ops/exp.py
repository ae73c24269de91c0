"""aclnnExp and aclnnInplaceExp: out = e^self.

CANN (hicann/ops-math c4193324, math/exp/op_api/aclnn_exp.cpp): self FLOAT, FLOAT16,
DOUBLE, COMPLEX64, COMPLEX128, BOOL, INT64, and BF16 on DAV_2201 and regbase SoCs
(Ascend910B/910_93/950); the result has self's dtype, FLOAT for BOOL and INT64 (cast to
FLOAT first), and must cast to out (CanCast: any float or complex out of a float result);
self and out of one shape, then self's rank <= 8; an empty self returns success after the
checks (EXP_CHECKS). aclnnInplaceExp first checks selfRef against FLOAT, FLOAT16, DOUBLE,
COMPLEX64, COMPLEX128 (and BF16 on DAV_2201 and regbase SoCs), then runs aclnnExp's
checks with out = selfRef (INPLACE_EXP_CHECKS). FLOAT, FLOAT16 and BF16 run CANN's AI-core
Exp (base -1: e, scale 1, shift 0), DOUBLE and COMPLEX its AI-CPU kernel (exp.cpp): here
the fp32 body (vmath.h ao_expf, within 1 ULP), in float64, and in double complex
(src/ops/math_exp.h)."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops import BaseChecks, Checks, DtypeIn, EmptyReturn, NotNull, Rank, Require, SameShape
from ascendops.ops._activation import tiling
from ascendops.ops._math import COMPLEX, FLOATS, as_float, result_casts_to_out, source
from ascendops.ops.sigmoid import by_arch_or_regbase

EXP_SOURCE = source("exp")
# DTYPE_SUPPORT_LIST_910B on DAV_2201 or a regbase SoC, else DTYPE_SUPPORT_LIST_910
EXP_910 = ("float32", "float16", "float64") + COMPLEX + ("bool", "int64")
EXP_DTYPES = by_arch_or_regbase(EXP_910 + ("bfloat16",), EXP_910)
# CheckInplaceDtypeValid: GetDtypeSupportListV2(ASCEND910B_DTYPE_SELFREF_LIST, ASCEND910_...)
EXP_SELFREF_910 = ("float32", "float16", "float64") + COMPLEX
EXP_SELFREF = by_arch_or_regbase(EXP_SELFREF_910 + ("bfloat16",), EXP_SELFREF_910)

EXP_CHECKS = Checks(
    EXP_SOURCE,
    ("CheckNotNull2Tensor", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=EXP_DTYPES),
     Require(result_casts_to_out(("bool", "int64")), "CanCast(self's dtype, FLOAT for BOOL and INT64, out)",
             names=("self", "out"))),
    # OP_CHECK_SHAPE_NOT_EQUAL(self, out), then OP_CHECK_MAX_DIM(self, 8)
    ("CheckSameShape1In1Out", SameShape("self", "out"), Rank("self", max=8)),
    ("GetWorkspaceSizeCommon", EmptyReturn("self")),
)
INPLACE_EXP_CHECKS = Checks(
    EXP_SOURCE,
    ("CheckInplaceParamsExp", NotNull("selfRef"), DtypeIn("selfRef", dtypes=EXP_SELFREF)),
    ("GetWorkspaceSizeCommon", BaseChecks()),
)


def reference(x):
    with np.errstate(over="ignore"):
        return np.exp(as_float(x))


EXP = register(ElementwiseOp(
    name="Exp", snake="exp", params=(Input("self"), Output("out")), inplace=True,
    dtypes=FLOATS + ("float64",) + COMPLEX, kernel="math_exp", tiling=tiling, broadcast="never", mixed="always",
    out_dtype="castable", out_dtypes=FLOATS + ("float64",) + COMPLEX,
    input_dtypes=FLOATS + ("float64",) + COMPLEX + ("bool", "int64"), input_cast="float32",
    checks=EXP_CHECKS, inplace_checks=INPLACE_EXP_CHECKS,
    info={"reference": reference, "domain": (-10.0, 10.0), "specials": [(0.0, -0.0, 1.0, -100.0)],
          "torch": lambda t, x: t.exp(x)},
    doc="aclnnExp: out = exp(self).\n\n" + __doc__,
))
