"""aclnnGelu, aclnnGeluV2, aclnnFastGelu: GELU and its approximations.

  Gelu(self, out):               out = 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
                                 (CANN's Gelu is the tanh form)
  GeluV2(x, approximate, y):     approximate 0 ("none"): y = x * 0.5 * (1 + erf(x / sqrt 2));
                                 1 ("tanh"): Gelu's formula. int64_t; CANN's op_api maps every
                                 value other than 1 to "none" (GetApproximateStr), so does this.
  FastGelu(self, out):           out = x / (1 + exp(-1.702 x))

CANN (hicann/ops-nn e5c3fa93, activation/gelu/op_api/aclnn_gelu.cpp,
activation/gelu_v2/op_api/aclnn_gelu_v2.cpp, activation/fast_gelu/op_api/aclnn_fast_gelu.cpp):
FLOAT, FLOAT16, BF16 (BF16 on DAV_2201 and regbase SoCs for Gelu and FastGelu, on the
SocVersions Ascend910B..Ascend910E for GeluV2: Ascend910B/910_93/950 either way); out has
the input's dtype and shape; Gelu and FastGelu rank <= 8, GeluV2 any rank (no
OP_CHECK_MAX_DIM); Gelu refuses a private storage format (NC1HWC0, FRACTAL_Z, ...),
FastGelu an out whose storage format is not self's; the checks run before the empty
return (empty -> success). FastGelu's support list is empty on Ascend910 and Ascend310P:
every dtype is refused there. The check sequences (GELU_CHECKS, GELU_V2_CHECKS,
FAST_GELU_CHECKS) are CANN's, in its order. Math: src/ops/gelu.h (CANN's kernel order),
gelu_erf.h, fast_gelu.h."""
import math

import numpy as np

from ascendops._core import ElementwiseOp, Input, Int, Output, register
from ascendops.ops import (CannSource, Checks, DtypeIn, EmptyReturn, FormatIn, NotNull, Rank, SameDtype, SameFormat,
                           SameShape)
from ascendops.ops._activation import tiling

DTYPES = ("float32", "float16", "bfloat16")
_erf = np.vectorize(math.erf, otypes=[np.float64])


def reference(x):
    x = np.asarray(x, dtype=np.float64)
    return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def reference_v2(x, approximate=0):
    if approximate == 1:
        return reference(x)
    x = np.asarray(x, dtype=np.float64)
    return 0.5 * x * (1.0 + _erf(x / math.sqrt(2.0)))


def reference_fast(x):
    x = np.asarray(x, dtype=np.float64)
    return x / (1.0 + np.exp(-1.702 * x))


COMMIT = "e5c3fa9327ea95ba26d06227e746923580d10921"
NO_BF16 = ("float32", "float16")
# op::IsPrivateFormat (opbase format_utils.cpp): NC1HWC0, FRACTAL_Z, NDC1HWC0, FRACTAL_Z_3D,
# FRACTAL_NZ, NC1HWC0_C04 (and FRACTAL_NZ_C0_*) are private; every other aclFormat passes
PUBLIC_FORMATS = ("UNDEFINED", "NCHW", "NHWC", "ND", "HWCN", "NDHWC", "NCDHW", "NC", "NCL")

# aclnn_gelu.cpp: CheckSocVersionIsSupportBf16 (DAV_2201 or regbase) refuses BF16 self,
# then OP_CHECK_DTYPE_NOT_SUPPORT(self, DTYPE_SUPPORT_LIST): one list per SoC
GELU_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/gelu/op_api/aclnn_gelu.cpp"),
    ("CheckNotNull", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes={"DAV_2201": DTYPES, "regbase": DTYPES, "default": NO_BF16}),
     SameDtype("self", "out")),
    ("CheckFormat", FormatIn("self", "out", formats=PUBLIC_FORMATS)),
    ("CheckShape", Rank("self", max=8), SameShape("self", "out")),
    ("aclnnGeluGetWorkspaceSize", EmptyReturn("self")),
)

# aclnn_gelu_v2.cpp: OP_CHECK_DTYPE_NOT_MATCH(y, x) first; BF16 only where the SocVersion
# is in [ASCEND910B, ASCEND910E] (op::SocVersion: 910B, 910_93, 910_95 = Ascend950, 910E);
# no OP_CHECK_MAX_DIM and no check of approximate (GetApproximateStr: 1 is "tanh", any
# other value "none")
GELU_V2_DTYPES = {"Ascend910B": DTYPES, "Ascend910_93": DTYPES, "Ascend950": DTYPES, "default": NO_BF16}
GELU_V2_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/gelu_v2/op_api/aclnn_gelu_v2.cpp"),
    ("CheckNotNull", NotNull("x", "y")),
    ("CheckDtypeValid", SameDtype("x", "y"), DtypeIn("x", dtypes=GELU_V2_DTYPES)),
    ("CheckShape", SameShape("x", "y")),
    ("aclnnGeluV2GetWorkspaceSize", EmptyReturn("x")),
)

# aclnn_fast_gelu.cpp: GetDtypeSupportList: the list on regbase SoCs and DAV_2201, an empty
# one elsewhere; CheckShape before CheckFormat (self's and out's storage formats equal)
FAST_GELU_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/fast_gelu/op_api/aclnn_fast_gelu.cpp"),
    ("CheckNotNull", NotNull("self", "out")),
    ("CheckDtypeValid", SameDtype("self", "out"),
     DtypeIn("self", dtypes={"DAV_2201": DTYPES, "regbase": DTYPES, "default": ()})),
    ("CheckShape", SameShape("self", "out"), Rank("self", max=8)),
    ("CheckFormat", SameFormat("self", "out")),
    ("aclnnFastGeluGetWorkspaceSize", EmptyReturn("self")),
)


GELU = register(ElementwiseOp(
    name="Gelu", snake="gelu", params=(Input("self"), Output("out")),
    dtypes=DTYPES, kernel="gelu", tiling=tiling, broadcast="never", mixed="never", checks=GELU_CHECKS,
    info={"reference": reference, "domain": (-6.0, 6.0),
          "torch": lambda t, x: t.nn.functional.gelu(x, approximate="tanh")},
    doc="aclnnGelu: out = GELU(self), the tanh approximation.\n\n" + __doc__,
))

GELU_V2 = register(ElementwiseOp(
    name="GeluV2", snake="gelu_v2", params=(Input("x"), Int("approximate", 0), Output("y")),
    kernel_for=lambda attrs: ("gelu" if attrs[0] == 1 else "gelu_erf", ()),
    dtypes=DTYPES, kernel="gelu_erf", tiling=tiling, broadcast="never", mixed="never", max_rank=None,
    checks=GELU_V2_CHECKS,
    info={"reference": reference_v2, "domain": (-6.0, 6.0), "attrs": [(0,), (1,), (7,)],
          "bad_attrs": [((None,), 161001), (("tanh",), 161002), ((1.0,), 161002)],
          "torch": lambda t, x, a: t.nn.functional.gelu(x, approximate="tanh" if a == 1 else "none"),
          "attr_docs": {"approximate": "0 (\"none\": the erf form) or 1 (\"tanh\"); other values mean 0"}},
    doc="aclnnGeluV2: y = GELU(x), approximate 0 (erf) or 1 (tanh).\n\n" + __doc__,
))

FAST_GELU = register(ElementwiseOp(
    name="FastGelu", snake="fast_gelu", params=(Input("self"), Output("out")),
    # aclnn_fast_gelu.cpp GetDtypeSupportList: an empty list unless regbase or DAV_2201
    dtypes={"default": DTYPES, "Ascend910": (), "Ascend310P": ()}, kernel="fast_gelu", tiling=tiling, broadcast="never",
    mixed="never", checks=FAST_GELU_CHECKS,
    info={"reference": reference_fast, "domain": (-8.0, 8.0)},
    doc="aclnnFastGelu: out = self / (1 + exp(-1.702 self)).\n\n" + __doc__,
))
