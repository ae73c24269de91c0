"""aclnnHardsigmoid and aclnnHardswish.

  Hardsigmoid(self, out): out = clip(self / 6 + 1/2, 0, 1)
  Hardswish(self, out):   out = self * relu6(self + 3) / 6

CANN (hicann/ops-nn e5c3fa93, activation/hard_sigmoid/op_api/aclnn_hardsigmoid.cpp,
activation/hard_swish/op_host/op_api/aclnn_hardswish.cpp; the check sequences below):
- Hardsigmoid: self FLOAT, FLOAT16, INT32 (and BF16 on DAV_2201 and regbase SoCs:
  GetDtypeSupportListV2); rank <= 8; out of self's shape, dtype and storage format (all
  161002); then an empty self returns success. INT32 is read into float32 (round to
  nearest), computed in fp32 and written back truncated toward zero
  (arch35/hard_sigmoid.cpp: "RINT 升 fp32 -> affine+clamp(fp32) -> TRUNC 转回"): 0 below
  3, 1 from 3 on.
- Hardswish: self and out each FLOAT, FLOAT16 (and BF16 on Ascend910B..Ascend910E:
  Ascend910B, Ascend910_93, Ascend950), CanCast(self, out); same shape; any rank (no
  OP_CHECK_MAX_DIM; the doc says 0-8); then an empty self returns success.
The in-place variants call the out-of-place GetWorkspaceSize with out = self. Math:
src/ops/hardsigmoid.h, hardswish.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops import (CanCast, CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Rank, SameDtype,
                           SameFormat, SameShape)
from ascendops.ops._activation import tiling

DTYPES = ("float32", "float16", "bfloat16")


def reference(x):
    x = np.asarray(x, dtype=np.float64)
    return np.clip(x / 6.0 + 0.5, 0.0, 1.0)


def reference_hardswish(x):
    x = np.asarray(x, dtype=np.float64)
    return x * np.clip(x + 3.0, 0.0, 6.0) / 6.0


COMMIT = "e5c3fa9327ea95ba26d06227e746923580d10921"
# GetDtypeSupportListV2 (common/inc/op_api/level2_base.h): ASCEND910B_DTYPE_SUPPORT_LIST on
# DAV_2201 and regbase SoCs, else ASCEND910_DTYPE_SUPPORT_LIST
HARDSIGMOID_DTYPES = {"DAV_2201": DTYPES + ("int32",), "regbase": DTYPES + ("int32",),
                      "default": ("float32", "float16", "int32")}
HARDSIGMOID_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/hard_sigmoid/op_api/aclnn_hardsigmoid.cpp"),
    ("CheckNotNull2Tensor", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=HARDSIGMOID_DTYPES)),
    ("CheckShape", Rank("self", max=8), SameShape("self", "out")),
    # CheckParams step 4: the dtypes, then the storage formats, of self and out equal
    ("CheckParams", SameDtype("self", "out"), SameFormat("self", "out")),
    ("aclnnHardsigmoidGetWorkspaceSize", EmptyReturn("self")),
)

# CheckSocVersionGe910B: SocVersion in [ASCEND910B, ASCEND910E] (Ascend910B, Ascend910_93,
# Ascend950 = ASCEND910_95) takes BF16; Ascend910 and Ascend310P do not
HARDSWISH_DTYPES = {"Ascend910B": DTYPES, "Ascend910_93": DTYPES, "Ascend950": DTYPES,
                    "default": ("float32", "float16")}
HARDSWISH_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/hard_swish/op_host/op_api/aclnn_hardswish.cpp"),
    ("CheckNotNull", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=HARDSWISH_DTYPES), DtypeIn("out", dtypes=HARDSWISH_DTYPES),
     CanCast("self", "out")),
    ("CheckShape", SameShape("self", "out")),
    ("aclnnHardswishGetWorkspaceSize", EmptyReturn("self")),
)

HARDSIGMOID = register(ElementwiseOp(
    name="Hardsigmoid", snake="hardsigmoid", params=(Input("self"), Output("out")),
    inplace=True, inplace_name="self", inplace_const=True,   # aclnnInplaceHardsigmoid(const aclTensor *self, ...)
    dtypes=DTYPES + ("int32",), kernel="hardsigmoid", tiling=tiling, broadcast="never", mixed="never",
    checks=HARDSIGMOID_CHECKS,
    info={"reference": reference, "domain": (-5.0, 5.0), "specials": [(-3.0, 3.0, 0.0)],
          "torch": lambda t, x: t.nn.functional.hardsigmoid(x)},
    doc="aclnnHardsigmoid: out = clip(self / 6 + 1/2, 0, 1).\n\n" + __doc__,
))

HARDSWISH = register(ElementwiseOp(
    name="Hardswish", snake="hardswish", params=(Input("self"), Output("out", const=True)),
    inplace=True, inplace_name="self", inplace_const=True,   # aclnnInplaceHardswish(const aclTensor *self, ...)
    dtypes=DTYPES, kernel="hardswish", tiling=tiling, broadcast="never", mixed="always", out_dtype="castable",
    max_rank=None, checks=HARDSWISH_CHECKS,
    info={"reference": reference_hardswish, "domain": (-5.0, 5.0), "specials": [(-3.0, 3.0, 0.0)],
          "torch": lambda t, x: t.nn.functional.hardswish(x)},
    doc="aclnnHardswish: out = self * relu6(self + 3) / 6.\n\n" + __doc__,
))
