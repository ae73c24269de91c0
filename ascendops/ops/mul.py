"""aclnnMul, aclnnInplaceMul: out = self * other, with CANN's promotion and broadcast.

CANN (hicann/ops-math c41933244c31e44fd496e3bb3212164f8c48c214, math/mul/op_api/aclnn_mul.cpp):
- CheckMulParams: self, other and out not null; each of the three in the support list
  (ASCEND910B_DTYPE_DTYPE_SUPPORT_LIST with BF16 where the SoC version is Ascend910B ..
  Ascend910E: Ascend910B, Ascend910_93, Ascend950; else the list without BF16: FLOAT,
  FLOAT16, INT32, DOUBLE, INT8, UINT8, INT16, INT64, BOOL, COMPLEX128, COMPLEX64);
  PromoteType(self, other) defined, and CanCast(promoted, out) on non-regbase SoCs only
  (CheckMulPromoteType; on regbase out is checked against the list alone); self and other
  rank <= 8, broadcast, out of the broadcast shape (CheckMulShape); then an empty self or
  other returns success.
- aclnnInplaceMul: CheckInplaceMulParams: selfRef and other not null, both in the list,
  promotable, CanCast(promoted, selfRef) on non-regbase, broadcast with selfRef the
  broadcast shape (no rank check); empty -> success.
- Computation: both Cast to the promoted dtype (FLOAT16/BF16 with FLOAT: FLOAT, the
  mixed-dtype kernel), l0op::Mul, Cast to out. Integers in their dtype (wrapping), BOOL
  as a logical and, COMPLEX in double complex (src/ops/mul.h).
llama.cpp's CANN backend calls it for GGML_OP_MUL, SQR (x * x) and the gated ops."""
import numpy as np

from ascendops.ops import (Broadcast, CannSource, CanCast, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input,
                           NotNull, Output, Promote, Rank, When, register)
from ascendops.ops._binary import ALL, COMMIT, NO_BF16, REPO, _result, _wide, promoted_int, tiling

# GetDtypeSupportList: SocVersion in [ASCEND910B, ASCEND910E] (Ascend910B, Ascend910_93,
# Ascend950) has BF16
MUL_DTYPES = {"Ascend910B": ALL, "Ascend910_93": ALL, "Ascend950": ALL, "default": NO_BF16}


def _non_regbase(ctx):
    return not ctx.soc.regbase


def reference(x, other):
    return _result(_wide(x) * _wide(other), (x, other))


def int_reference(x, other):
    a, b, dt = promoted_int(x, other)
    with np.errstate(over="ignore"):
        return (a * b).astype(np.float64)


SOURCE = CannSource(REPO, COMMIT, "math/mul/op_api/aclnn_mul.cpp")
MUL_CHECKS = Checks(
    SOURCE,
    ("CheckMulNotNull", NotNull("self", "other", "out")),
    ("CheckMulDtype", DtypeIn("self", "other", "out", dtypes=MUL_DTYPES)),
    ("CheckMulPromoteType", Promote("self", "other"),
     When(_non_regbase, "not IsRegBase()", CanCast("promoted", "out"))),
    ("CheckMulShape", Rank("self", "other", max=8), Broadcast("self", "other", out="out")),
    ("aclnnMulGetWorkspaceSize", EmptyReturn("self", "other")),
)
INPLACE_MUL_CHECKS = Checks(
    SOURCE,
    ("CheckInplaceMulNotNull", NotNull("selfRef", "other")),
    ("CheckInplaceMulDtype", DtypeIn("selfRef", "other", dtypes=MUL_DTYPES)),
    ("CheckInplaceMulPromoteType", Promote("selfRef", "other"),
     When(_non_regbase, "not IsRegBase()", CanCast("promoted", "selfRef"))),
    ("CheckInplaceMulShape", Broadcast("selfRef", "other", out="selfRef")),
    ("aclnnInplaceMulGetWorkspaceSize", EmptyReturn("selfRef", "other")),
)

MUL = register(ElementwiseOp(
    name="Mul", snake="mul", params=(Input("self"), Input("other"), Output("out")),
    dtypes=ALL, kernel="mul", tiling=tiling, broadcast="always", mixed="always", out_dtype="unchecked",
    input_dtypes=ALL, out_dtypes="writable", inplace=True, checks=MUL_CHECKS, inplace_checks=INPLACE_MUL_CHECKS,
    info={"reference": reference, "int_reference": int_reference, "specials": [(0.0, -0.0, 2.0), (-0.0, -1.0, 0.5)],
          "torch": lambda t, x, o: t.mul(x, o)},
    doc="aclnnMul: out = self * other.\n\n" + __doc__,
))
