"""aclnnNeg and aclnnInplaceNeg: out = -self.

CANN (hicann/ops-math c4193324, math/neg/op_api/aclnn_neg.cpp): self INT8, INT32, INT64,
FLOAT16, FLOAT, DOUBLE, COMPLEX64, COMPLEX128, and BF16 on ASCEND910B, ASCEND910_93 and
regbase SoCs; CanCast(self, out) (CheckPromoteType); self's rank <= 8, then one shape; an
empty self returns success after the checks (NEG_CHECKS). aclnnInplaceNeg is
aclnnNeg(selfRef, selfRef). Neg runs in self's dtype (INT8/INT32/INT64 exactly, wrapping:
-(-128) is -128 in INT8, as torch.neg), then the result is Cast to out
(src/ops/math_neg.h)."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops import CanCast, Checks, DtypeIn, EmptyReturn, NotNull, Rank, SameShape
from ascendops.ops._activation import tiling
from ascendops.ops._math import COMPLEX, FLOATS, as_float, source

NEG_LIST = ("int8", "int32", "int64", "float16", "float32", "float64") + COMPLEX
# isAfterV200: SocVersion ASCEND910B, ASCEND910_93 or IsRegBase()
NEG_DTYPES = {"Ascend910B": NEG_LIST + ("bfloat16",), "Ascend910_93": NEG_LIST + ("bfloat16",),
              "regbase": NEG_LIST + ("bfloat16",), "default": NEG_LIST}
NEG_CHECKS = Checks(
    source("neg"),
    ("CheckNotNull", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=NEG_DTYPES)),
    ("CheckPromoteType", CanCast("self", "out")),
    ("CheckShape", Rank("self", max=8), SameShape("self", "out")),
    ("aclnnNegGetWorkspaceSize", EmptyReturn("self")),
)


def reference(x):
    return -as_float(x)


def int_reference(x):
    with np.errstate(over="ignore"):
        return (-np.asarray(x)).astype(np.float64)   # numpy's integer negation wraps too


NEG = register(ElementwiseOp(
    name="Neg", snake="neg", params=(Input("self"), Output("out")), inplace=True,
    dtypes=FLOATS + ("float64", "int8", "int32", "int64") + COMPLEX, kernel="math_neg", tiling=tiling,
    broadcast="never", mixed="always", out_dtype="castable", out_dtypes="writable",
    checks=NEG_CHECKS,
    info={"reference": reference, "int_reference": int_reference, "domain": (-10.0, 10.0),
          "specials": [(0.0, -0.0)], "torch": lambda t, x: t.neg(x)},
    doc="aclnnNeg: out = -self.\n\n" + __doc__,
))
