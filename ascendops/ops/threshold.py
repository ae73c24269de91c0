"""aclnnThreshold: out = self > threshold ? self : value.

CANN (hicann/ops-nn e5c3fa93, activation/threshold/op_host/op_api/aclnn_threshold.cpp):
FLOAT, FLOAT16, BF16 (BF16 on Ascend910B/910_93; INT8/16/32/64 and UINT8 too: no integer
kernels here); threshold and value non-null scalars; out: CanCast(self, out) (not checked
on Ascend950), self's shape; rank <= 8; empty -> success. A NaN self stays NaN (torch's
rule: NaN <= threshold is false). Math: src/ops/threshold.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops._activation import tiling, to_float


def reference(x, threshold=0.0, value=0.0):
    x = np.asarray(x, dtype=np.float64)
    return np.where(x <= float(np.float32(threshold)), float(np.float32(value)), x)


THRESHOLD = register(ElementwiseOp(
    name="Threshold", snake="threshold",
    params=(Input("self"), Scalar("threshold", 0.0, check=to_float), Scalar("value", 0.0, check=to_float),
            Output("out")), inplace=True,
    dtypes=("float32", "float16", "bfloat16"), kernel="threshold", tiling=tiling, broadcast="never",
    mixed="always", out_dtype="castable",
    info={"reference": reference, "attrs": [(0.0, 0.0), (0.5, -2.0), (-1.0, 7.0)],
          "specials": [(0.5, -1.0, 0.0)],
          "bad_attrs": [((None, 0.0), 161001), ((0.0, None), 161001), (("a", 0.0), 161002)],
          "torch": lambda t, x, th, v: t.threshold(x, th, v),
          "attr_docs": {"threshold": "the threshold (default 0)", "value": "the value at or below it (default 0)"}},
    doc=__doc__,
))
