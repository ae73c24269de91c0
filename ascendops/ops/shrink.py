"""aclnnHardshrink, aclnnSoftshrink, aclnnShrink.

  Hardshrink(self, lambd, out):     out = |x| > lambd ? x : 0
  Softshrink(self, lambd, out):     out = x > lambd ? x - lambd : (x < -lambd ? x + lambd : 0)
  Shrink(self, lambd, bias, out):   out = x > lambd ? x - bias : (x < -lambd ? x + bias : 0)

CANN (hicann/ops-nn e5c3fa93, activation/hard_shrink/op_api/aclnn_hardshrink.cpp,
activation/softshrink/op_api/aclnn_softshrink.cpp, activation/shrink/op_api/aclnn_shrink.cpp;
the check sequences below):
- Hardshrink: self and out each FLOAT, FLOAT16, BF16 (BF16 not on Ascend910/310P); same
  shape; rank <= 8; then an empty self returns success. A negative lambd is taken as 0
  (op_api clamps it).
- Softshrink: self and out each FLOAT, FLOAT16, BF16 (BF16 on Ascend910B..Ascend910E:
  Ascend910B, Ascend910_93, Ascend950); same shape; rank <= 8; lambd < 0 -> 161002 (after
  the dtype and shape checks); then an empty self returns success.
- Shrink: self and out each FLOAT, FLOAT16 only; same shape, any rank (no
  OP_CHECK_MAX_DIM); lambd < 0 -> 161002; self's and out's view formats equal; then an
  empty self returns success.
All scalars non-null (161001). No op checks a scalar's dtype: CANN reads each with
aclScalar::ToFloat, whose To<float> has no case for a COMPLEX64/COMPLEX128 scalar and falls
through to its default, 0 (opbase's aclScalar::To): a complex lambd or bias is 0 here too.
A NaN gives +0 in Softshrink and Shrink (CANN's kernels: both compares false, the zero
selected), NaN in Hardshrink. Math:
src/ops/hardshrink.h, softshrink.h, shrink.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops import (CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Rank, Require, SameFormat,
                           SameShape)
from ascendops.ops._activation import f32, tiling

DTYPES = ("float32", "float16", "bfloat16")


def reference_hardshrink(x, lambd=0.5):
    x = np.asarray(x, dtype=np.float64)
    lambd = max(float(np.float32(lambd)), 0.0)
    return np.where((x >= -lambd) & (x <= lambd), 0.0, x)


def reference_softshrink(x, lambd=0.5):
    x = np.asarray(x, dtype=np.float64)
    lambd = float(np.float32(lambd))
    return np.where(x > lambd, x - lambd, np.where(x < -lambd, x + lambd, 0.0))


def reference_shrink(x, lambd=0.5, bias=0.0):
    x = np.asarray(x, dtype=np.float64)
    lambd, bias = float(np.float32(lambd)), float(np.float32(bias))
    return np.where(x > lambd, x - bias, np.where(x < -lambd, x + bias, 0.0))


def to_float(v):
    """aclScalar::ToFloat: the value as fp32; 0 for a complex scalar (To<float> has no case
    for COMPLEX64/COMPLEX128 and returns its default, 0: opbase's aclScalar::To)."""
    if isinstance(v, (complex, np.complexfloating)):
        return 0.0
    return f32(v)


def lambd_nonnegative(ctx):
    """CheckLambdValue (aclnn_softshrink.cpp, aclnn_shrink.cpp): lambd->ToFloat() < 0.0f
    refuses; a NaN compares false and passes."""
    v = to_float(ctx.values["lambd"])
    if v < 0.0:
        return "lambd should be greater or equal to 0, but found to be [%f]." % v
    return None


COMMIT = "e5c3fa9327ea95ba26d06227e746923580d10921"
# Hardshrink's GetDtypeSupportList: ASCEND910_DTYPE_SUPPORT_LIST on ASCEND910 and
# ASCEND310P, else ASCEND910B_DTYPE_SUPPORT_LIST
HARDSHRINK_DTYPES = {"Ascend910": ("float32", "float16"), "Ascend310P": ("float32", "float16"),
                     "default": DTYPES}
HARDSHRINK_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/hard_shrink/op_api/aclnn_hardshrink.cpp"),
    ("CheckNotNull", NotNull("self", "lambd", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=HARDSHRINK_DTYPES), DtypeIn("out", dtypes=HARDSHRINK_DTYPES)),
    ("CheckShape", SameShape("self", "out"), Rank("self", max=8)),
    ("ExecHardshrinkGetWorkspaceSize", EmptyReturn("self")),
)
# Softshrink's CheckDtypeValid: a BF16 self or out is refused outside SocVersion
# [ASCEND910B, ASCEND910E] (CheckSocVersionIsSupportBf16: Ascend910B, Ascend910_93,
# Ascend950), then each against DTYPE_SUPPORT_LIST: one per-SoC list, the same statuses
SOFTSHRINK_DTYPES = {"Ascend910B": DTYPES, "Ascend910_93": DTYPES, "Ascend950": DTYPES,
                     "default": ("float32", "float16")}
SOFTSHRINK_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/softshrink/op_api/aclnn_softshrink.cpp"),
    ("CheckNotNull", NotNull("self", "lambd", "out")),
    ("CheckDtypeValid", DtypeIn("self", "out", dtypes=SOFTSHRINK_DTYPES)),
    ("CheckShape", SameShape("self", "out"), Rank("self", max=8)),
    ("CheckLambdValue", Require(lambd_nonnegative, "lambd->ToFloat() >= 0", names=("lambd",))),
    ("ExecSoftshrinkGetWorkspaceSize", EmptyReturn("self")),
)
SHRINK_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/shrink/op_api/aclnn_shrink.cpp"),
    ("CheckNotNull", NotNull("self", "lambd", "bias", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=("float32", "float16")), DtypeIn("out", dtypes=("float32", "float16"))),
    ("CheckShape", SameShape("self", "out")),
    ("CheckLambdValue", Require(lambd_nonnegative, "lambd->ToFloat() >= 0", names=("lambd",))),
    # CheckFormat: the view formats equal (a private format only logs a warning)
    ("CheckFormat", SameFormat("self", "out")),
    ("ExecShrinkGetWorkspaceSize", EmptyReturn("self")),
)


HARDSHRINK = register(ElementwiseOp(
    name="Hardshrink", snake="hardshrink", params=(Input("self"), Scalar("lambd", 0.5), Output("out")),
    kernel_for=lambda attrs: ("hardshrink", (max(to_float(attrs[0]), 0.0),)), checks=HARDSHRINK_CHECKS,
    dtypes=DTYPES, kernel="hardshrink", tiling=tiling, broadcast="never", mixed="always", out_dtype="unchecked",
    info={"reference": reference_hardshrink, "attrs": [(0.5,), (0.0,), (1.25,), (-1.0,)],
          "specials": [(0.5, -0.5, 0.0)],
          "bad_attrs": [((None,), 161001), (("a",), 161002)],
          "torch": lambda t, x, l: t.nn.functional.hardshrink(x, max(l, 0.0)),
          "attr_docs": {"lambd": "lambd, the threshold (default 0.5; negative means 0)"}},
    doc="aclnnHardshrink: out = |self| > lambd ? self : 0.\n\n" + __doc__,
))

SOFTSHRINK = register(ElementwiseOp(
    name="Softshrink", snake="softshrink",
    params=(Input("self"), Scalar("lambd", 0.5), Output("out")),
    kernel_for=lambda attrs: ("softshrink", (to_float(attrs[0]),)), checks=SOFTSHRINK_CHECKS,
    dtypes=DTYPES, kernel="softshrink", tiling=tiling, broadcast="never", mixed="always", out_dtype="unchecked",
    info={"reference": reference_softshrink, "attrs": [(0.5,), (0.0,), (1.25,)],
          "specials": [(0.5, -0.5, 0.0)],
          "bad_attrs": [((None,), 161001), ((-0.5,), 161002), (("a",), 161002)],
          "torch": lambda t, x, l: t.nn.functional.softshrink(x, l),
          "attr_docs": {"lambd": "lambd >= 0, the threshold (default 0.5)"}},
    doc="aclnnSoftshrink: out = self shrunk towards 0 by lambd.\n\n" + __doc__,
))

SHRINK = register(ElementwiseOp(
    name="Shrink", snake="shrink",
    params=(Input("self"), Scalar("lambd", 0.5), Scalar("bias", 0.0), Output("out")),
    kernel_for=lambda attrs: ("shrink", (to_float(attrs[0]), to_float(attrs[1]))), checks=SHRINK_CHECKS,
    dtypes=("float32", "float16"), kernel="shrink", tiling=tiling, broadcast="never", mixed="always",
    out_dtype="unchecked", max_rank=None,
    info={"reference": reference_shrink, "attrs": [(0.5, 0.0), (1.0, 0.25), (0.0, -0.5)],
          "specials": [(0.5, -0.5, 0.0)],
          "bad_attrs": [((None, 0.0), 161001), ((0.5, None), 161001), ((-0.1, 0.0), 161002)],
          "attr_docs": {"lambd": "lambd >= 0, the threshold (default 0.5)",
                        "bias": "bias, subtracted above lambd, added below -lambd (default 0)"}},
    doc="aclnnShrink: out = self -+ bias beyond +-lambd, else 0.\n\n" + __doc__,
))
