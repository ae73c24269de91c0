"""aclnnSin, aclnnInplaceSin, aclnnCos, aclnnInplaceCos: out = sin(self), cos(input).

CANN (hicann/ops-math c4193324):
- Sin (math/sin/op_api/aclnn_sin.cpp): self FLOAT, FLOAT16, DOUBLE, INT8/16/32/64, BOOL,
  COMPLEX64, COMPLEX128, UINT8, BF16 and out FLOAT, FLOAT16, DOUBLE, COMPLEX64, COMPLEX128,
  BF16 on every SoC, then a BF16 self refused off SocVersion ASCEND910B..ASCEND910E
  (Ascend910, Ascend310P); no rule between self's and out's dtypes (the result is Cast
  to out: a complex result into a real out keeps the real part); one shape, then self's
  rank <= 8; an empty self returns success after the checks (SIN_CHECKS).
  aclnnInplaceSin first checks selfRef against DTYPE_OUT_LIST on DAV_2201 and regbase
  SoCs, else FLOAT, FLOAT16, DOUBLE, COMPLEX64, COMPLEX128 (INPLACE_SIN_CHECKS).
- Cos (math/cos/op_api/aclnn_cos.cpp): input FLOAT, FLOAT16, DOUBLE, INT8/16/32/64, BOOL,
  COMPLEX64, COMPLEX128, UINT8, out FLOAT, FLOAT16, DOUBLE, COMPLEX64, COMPLEX128, both
  with BF16 on DAV_2201 and regbase SoCs; no rule between their dtypes; one shape, then
  rank <= 8; empty -> success after the checks (COS_CHECKS). aclnnInplaceCos checks
  inputRef against out's list first (INPLACE_COS_CHECKS).
Integers and BOOL are cast to FLOAT before the kernel. FLOAT/FLOAT16/BF16 run the AI
core, DOUBLE and COMPLEX AI-CPU. Here: vmath.h ao_sinf / ao_cosf (below 2^20 one
polynomial after a reduction by pi, from there on exact argument reduction, evaluated in
double, within 0.5004 ULP), sin/cos in
float64, csin/ccos in double complex (src/ops/math_sin.h, math_cos.h)."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops import BaseChecks, Checks, DtypeIn, EmptyReturn, NotNull, Rank, SameShape
from ascendops.ops._activation import tiling
from ascendops.ops._math import COMPLEX, FLOATS, INTS, as_float, source
from ascendops.ops.sigmoid import by_arch_or_regbase, by_soc_version

OUT_DTYPES = FLOATS + ("float64",) + COMPLEX
IN_DTYPES = OUT_DTYPES + INTS + ("bool",)

SIN_SOURCE = source("sin")
SIN_SELF = ("float32", "float16", "float64", "int8", "int16", "int32", "int64", "bool") + COMPLEX + \
    ("uint8", "bfloat16")
SIN_OUT = ("float32", "float16", "float64") + COMPLEX + ("bfloat16",)
SIN_OUT_NO_BF16 = ("float32", "float16", "float64") + COMPLEX
SIN_CHECKS = Checks(
    SIN_SOURCE,
    ("CheckNotNull2Tensor", NotNull("self", "out")),
    # DTYPE_SUPPORT_LIST, DTYPE_OUT_LIST; then !CheckSocVersionIsSupportBf16() && BF16 self
    ("CheckDtypeValid", DtypeIn("self", dtypes=SIN_SELF), DtypeIn("out", dtypes=SIN_OUT),
     DtypeIn("self", dtypes=by_soc_version(SIN_SELF, tuple(d for d in SIN_SELF if d != "bfloat16")))),
    ("CheckSameShape1In1Out", SameShape("self", "out"), Rank("self", max=8)),
    ("ExecSinGetWorkspaceSize", EmptyReturn("self")),
)
INPLACE_SIN_CHECKS = Checks(
    SIN_SOURCE,
    # GetDtypeSupportListV2(DTYPE_OUT_LIST, ASCEND910_DTYPE_SELFREF_LIST)
    ("CheckInplaceParamsSin", NotNull("selfRef"),
     DtypeIn("selfRef", dtypes=by_arch_or_regbase(SIN_OUT, SIN_OUT_NO_BF16))),
    ("ExecSinGetWorkspaceSize", BaseChecks()),
)

COS_SOURCE = source("cos")
COS_IN_910 = ("float32", "float16", "float64", "int8", "int16", "int32", "int64", "bool") + COMPLEX + ("uint8",)
COS_IN = by_arch_or_regbase(COS_IN_910 + ("bfloat16",), COS_IN_910)
COS_OUT = by_arch_or_regbase(SIN_OUT, SIN_OUT_NO_BF16)
COS_CHECKS = Checks(
    COS_SOURCE,
    ("CheckNotNull2Tensor", NotNull("input", "out")),
    ("CheckDtypeValid", DtypeIn("input", dtypes=COS_IN), DtypeIn("out", dtypes=COS_OUT)),
    ("CheckSameShape1In1Out", SameShape("input", "out"), Rank("input", max=8)),
    ("ExecCosGetWorkspaceSize", EmptyReturn("input")),
)
INPLACE_COS_CHECKS = Checks(
    COS_SOURCE,
    ("CheckInplaceParamsCos", NotNull("inputRef"), DtypeIn("inputRef", dtypes=COS_OUT)),
    ("ExecCosGetWorkspaceSize", BaseChecks()),
)


def reference_sin(x):
    return np.sin(as_float(x))


def reference_cos(x):
    return np.cos(as_float(x))


_COMMON = dict(dtypes=OUT_DTYPES, tiling=tiling, broadcast="never", mixed="always", inplace=True,
               out_dtype="unchecked", out_dtypes=OUT_DTYPES, input_dtypes=IN_DTYPES, input_cast="float32")

SIN = register(ElementwiseOp(
    name="Sin", snake="sin", params=(Input("self"), Output("out")), kernel="math_sin",
    checks=SIN_CHECKS, inplace_checks=INPLACE_SIN_CHECKS,
    info={"reference": reference_sin, "domain": (-20.0, 20.0),
          "specials": [(0.0, -0.0, 1e20, -3.4e38, 1.5707964, 3.1415927)], "torch": lambda t, x: t.sin(x)},
    doc="aclnnSin: out = sin(self).\n\n" + __doc__, **_COMMON))

COS = register(ElementwiseOp(
    name="Cos", snake="cos", params=(Input("input"), Output("out")), kernel="math_cos",
    inplace_name="inputRef", checks=COS_CHECKS, inplace_checks=INPLACE_COS_CHECKS,
    info={"reference": reference_cos, "domain": (-20.0, 20.0),
          "specials": [(0.0, -0.0, 1e20, -3.4e38, 1.5707964, 3.1415927)], "torch": lambda t, x: t.cos(x)},
    doc="aclnnCos: out = cos(input).\n\n" + __doc__, **_COMMON))
