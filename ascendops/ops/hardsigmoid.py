"""aclnnHardsigmoid and aclnnHardswish.

  Hardsigmoid(self, out): out = clip(self / 6 + 1/2, 0, 1)
  Hardswish(self, out):   out = self * relu6(self + 3) / 6

CANN (hicann/ops-nn e5c3fa93, activation/hard_sigmoid/op_api/aclnn_hardsigmoid.cpp,
activation/hard_swish/op_host/op_api/aclnn_hardswish.cpp):
- Hardsigmoid: FLOAT, FLOAT16, INT32, BF16; out has self's dtype and shape; rank <= 8.
  INT32 is read into float32 (round to nearest), computed in fp32 and written back
  truncated toward zero (arch35/hard_sigmoid.cpp: "RINT 升 fp32 -> affine+clamp(fp32) ->
  TRUNC 转回"): 0 below 3, 1 from 3 on.
- Hardswish: FLOAT, FLOAT16, BF16 (BF16 on Ascend910B/910_93); self and out each in the
  list and CanCast(self, out); same shape; any rank (no OP_CHECK_MAX_DIM).
Empty -> success. Math: src/ops/hardsigmoid.h, hardswish.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops._activation import tiling

DTYPES = ("float32", "float16", "bfloat16")


def reference(x):
    x = np.asarray(x, dtype=np.float64)
    return np.clip(x / 6.0 + 0.5, 0.0, 1.0)


def reference_hardswish(x):
    x = np.asarray(x, dtype=np.float64)
    return x * np.clip(x + 3.0, 0.0, 6.0) / 6.0


HARDSIGMOID = register(ElementwiseOp(
    name="Hardsigmoid", snake="hardsigmoid", params=(Input("self"), Output("out")),
    inplace=True, inplace_name="self", inplace_const=True,   # aclnnInplaceHardsigmoid(const aclTensor *self, ...)
    dtypes=DTYPES + ("int32",), kernel="hardsigmoid", tiling=tiling, broadcast="never", mixed="never",
    info={"reference": reference, "domain": (-5.0, 5.0), "specials": [(-3.0, 3.0, 0.0)],
          "torch": lambda t, x: t.nn.functional.hardsigmoid(x)},
    doc="aclnnHardsigmoid: out = clip(self / 6 + 1/2, 0, 1).\n\n" + __doc__,
))

HARDSWISH = register(ElementwiseOp(
    name="Hardswish", snake="hardswish", params=(Input("self"), Output("out", const=True)),
    inplace=True, inplace_name="self", inplace_const=True,   # aclnnInplaceHardswish(const aclTensor *self, ...)
    dtypes=DTYPES, kernel="hardswish", tiling=tiling, broadcast="never", mixed="always", out_dtype="castable",
    max_rank=None,
    info={"reference": reference_hardswish, "domain": (-5.0, 5.0), "specials": [(-3.0, 3.0, 0.0)],
          "torch": lambda t, x: t.nn.functional.hardswish(x)},
    doc="aclnnHardswish: out = self * relu6(self + 3) / 6.\n\n" + __doc__,
))
