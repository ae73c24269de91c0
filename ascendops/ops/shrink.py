"""aclnnHardshrink, aclnnSoftshrink, aclnnShrink.

  Hardshrink(self, lambd, out):     out = |x| > lambd ? x : 0
  Softshrink(self, lambd, out):     out = x > lambd ? x - lambd : (x < -lambd ? x + lambd : 0)
  Shrink(self, lambd, bias, out):   out = x > lambd ? x - bias : (x < -lambd ? x + bias : 0)

CANN (hicann/ops-nn e5c3fa93, activation/hard_shrink/op_api/aclnn_hardshrink.cpp,
activation/softshrink/op_api/aclnn_softshrink.cpp, activation/shrink/op_api/aclnn_shrink.cpp):
- Hardshrink: FLOAT, FLOAT16, BF16 (BF16 not on Ascend910/310P); self and out each in the
  list; same shape; rank <= 8; a negative lambd is taken as 0 (op_api clamps it).
- Softshrink: FLOAT, FLOAT16, BF16 (BF16 on Ascend910B/910_93); self and out each in the
  list; rank <= 8; lambd < 0 -> 161002 (after the dtype and shape checks in CANN).
- Shrink: FLOAT, FLOAT16 only; self and out each in the list; same shape, any rank (no
  OP_CHECK_MAX_DIM); lambd < 0 -> 161002.
All scalars non-null (161001). Empty -> success. A NaN gives +0 in Softshrink and
Shrink (CANN's kernels: both compares false, the zero selected), NaN in Hardshrink. Math:
src/ops/hardshrink.h, softshrink.h, shrink.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops._activation import f32, tiling, to_float

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


def _nonnegative(v):
    # CANN's CheckLambdValue (ops-nn activation/softshrink/op_api/aclnn_softshrink.cpp,
    # activation/shrink/op_api/aclnn_shrink.cpp, commit e5c3fa9327ea95ba26d06227e746923580d10921):
    # lambd->ToFloat() < 0.0f refuses; a NaN compares false and is accepted (as
    # SoftshrinkBackward's same check), computing what the float64 reference does
    if to_float(v):
        return to_float(v)
    return "should be greater or equal to 0, but found to be [%f]." % v if f32(v) < 0 else None


HARDSHRINK = register(ElementwiseOp(
    name="Hardshrink", snake="hardshrink", params=(Input("self"), Scalar("lambd", 0.5, check=to_float), Output("out")),
    kernel_for=lambda attrs: ("hardshrink", (max(f32(attrs[0]), 0.0),)),
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
    params=(Input("self"), Scalar("lambd", 0.5, check=_nonnegative), Output("out")),
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
    params=(Input("self"), Scalar("lambd", 0.5, check=_nonnegative), Scalar("bias", 0.0, check=to_float),
            Output("out")),
    dtypes=("float32", "float16"), kernel="shrink", tiling=tiling, broadcast="never", mixed="always",
    out_dtype="unchecked", max_rank=None,
    info={"reference": reference_shrink, "attrs": [(0.5, 0.0), (1.0, 0.25), (0.0, -0.5)],
          "specials": [(0.5, -0.5, 0.0)],
          "bad_attrs": [((None, 0.0), 161001), ((0.5, None), 161001), ((-0.1, 0.0), 161002)],
          "attr_docs": {"lambd": "lambd >= 0, the threshold (default 0.5)",
                        "bias": "bias, subtracted above lambd, added below -lambd (default 0)"}},
    doc="aclnnShrink: out = self -+ bias beyond +-lambd, else 0.\n\n" + __doc__,
))
