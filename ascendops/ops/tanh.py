"""aclnnTanh and aclnnInplaceTanh: out = tanh(self).

CANN (hicann/ops-math c4193324, math/tanh/op_api/aclnn_tanh.cpp): self and out each FLOAT,
FLOAT16, BOOL, UINT8, INT8, INT16, INT32, INT64, and BF16 on SocVersion
ASCEND910B..ASCEND910E (Ascend910B/910_93/950); then CanCast(FLOAT for an integral or BOOL
self, else self's dtype, out) (so out is a float); the view formats of self and out equal,
self's not private; self's rank <= 8, then one shape; an empty self or out returns success
after the checks (TANH_CHECKS). aclnnInplaceTanh first checks selfRef against FLOAT,
FLOAT16, and BF16 on ASCEND910B, ASCEND910_93 or a regbase SoC (INPLACE_TANH_CHECKS).
Integers and BOOL are cast to FLOAT before the AI-core Tanh; the result is cast to out.
Here: vmath.h ao_tanhf (expm1 in double, rounded once, within 0.5 ULP; no cancellation
near 0), src/ops/math_tanh.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops import (BaseChecks, Checks, DtypeIn, EmptyReturn, FormatIn, NotNull, Rank, Require,
                           SameFormat, SameShape)
from ascendops.ops._activation import tiling
from ascendops.ops._math import FLOATS, INTS, as_float, result_casts_to_out, source
from ascendops.ops.gelu import PUBLIC_FORMATS
from ascendops.ops.sigmoid import by_soc_version

TANH_SOURCE = source("tanh")
TANH_910 = ("float32", "float16", "bool", "uint8", "int8", "int16", "int32", "int64")
TANH_DTYPES = by_soc_version(TANH_910 + ("bfloat16",), TANH_910)
# GetOutDtypeSupportList: ASCEND910B, ASCEND910_93 or IsRegBase(): with BF16
TANH_SELFREF = {"Ascend910B": FLOATS, "Ascend910_93": FLOATS, "regbase": FLOATS, "default": ("float32", "float16")}
_INTEGRAL = INTS + ("bool",)

TANH_CHECKS = Checks(
    TANH_SOURCE,
    ("CheckNotNull", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=TANH_DTYPES), DtypeIn("out", dtypes=TANH_DTYPES),
     Require(result_casts_to_out(_INTEGRAL), "CanCast(FLOAT for an integral self, else self's dtype, out)",
             names=("self", "out"))),
    # the view formats equal, then self's not private (op::IsPrivateFormat)
    ("CheckFormat", SameFormat("self", "out"), FormatIn("self", formats=PUBLIC_FORMATS)),
    ("CheckShape", Rank("self", max=8), SameShape("self", "out")),
    ("ExecTanhGetWorkspaceSize", EmptyReturn("self", "out")),
)
INPLACE_TANH_CHECKS = Checks(
    TANH_SOURCE,
    ("CheckInplaceParams", NotNull("selfRef"), DtypeIn("selfRef", dtypes=TANH_SELFREF)),
    ("ExecTanhGetWorkspaceSize", BaseChecks()),
)


def reference(x):
    return np.tanh(as_float(x))


TANH = register(ElementwiseOp(
    name="Tanh", snake="tanh", params=(Input("self"), Output("out")), inplace=True,
    dtypes=FLOATS, kernel="math_tanh", tiling=tiling, broadcast="never", mixed="always",
    out_dtype="castable", input_dtypes=FLOATS + _INTEGRAL, input_cast="float32",
    checks=TANH_CHECKS, inplace_checks=INPLACE_TANH_CHECKS,
    info={"reference": reference, "domain": (-10.0, 10.0), "specials": [(0.0, -0.0, 1e-30, 9.5, -20.0)],
          "torch": lambda t, x: t.tanh(x)},
    doc="aclnnTanh: out = tanh(self).\n\n" + __doc__,
))
