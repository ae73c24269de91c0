"""aclnnThreshold: out = self > threshold ? self : value.

CANN (hicann/ops-nn e5c3fa93, activation/threshold/op_host/op_api/aclnn_threshold.cpp):
FLOAT, FLOAT16, INT8, INT16, INT32, INT64, UINT8, BF16 (BF16 on Ascend910B/910_93);
threshold and value non-null scalars; out: CanCast(self, out) (not checked on Ascend950),
self's shape; rank <= 8; empty -> success. A NaN self stays NaN (torch's rule: NaN <=
threshold is false). Integer self is computed in its dtype with threshold and value
converted to it (l0op::Threshold's ConvertToTensor: a float truncates toward zero, then
wraps into the dtype), INT16 as INT32 (CANN Casts it first below DAV_3510), then Cast to
out. Math: src/ops/threshold.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops._activation import tiling, to_float


def reference_int(x, threshold=0, value=0):
    # exact integer semantics: the scalars converted to the compute dtype (INT16 -> INT32)
    x = np.asarray(x)
    dt = np.dtype(np.int32) if x.dtype == np.int16 else x.dtype
    th, v = (np.array(int(s)).astype(np.int64).astype(dt) for s in (threshold, value))
    out = np.where(x.astype(dt) <= th, v, x.astype(dt))
    return out.astype(x.dtype).astype(np.float64)


def reference(x, threshold=0.0, value=0.0):
    x = np.asarray(x, dtype=np.float64)
    return np.where(x <= float(np.float32(threshold)), float(np.float32(value)), x)


THRESHOLD = register(ElementwiseOp(
    name="Threshold", snake="threshold",
    params=(Input("self"), Scalar("threshold", 0.0, check=to_float), Scalar("value", 0.0, check=to_float),
            Output("out")), inplace=True,
    dtypes=("float32", "float16", "bfloat16", "int8", "int16", "int32", "int64", "uint8"), kernel="threshold",
    tiling=tiling, broadcast="never", mixed="always", out_dtype="castable", compute={"int16": "int32"},
    info={"reference": reference, "attrs": [(0.0, 0.0), (0.5, -2.0), (-1.0, 7.0)],
          "int_reference": reference_int, "int_attrs": [(0, 0), (2.7, -2), (-1, 7), (40000, 300)],
          "specials": [(0.5, -1.0, 0.0)],
          "bad_attrs": [((None, 0.0), 161001), ((0.0, None), 161001), (("a", 0.0), 161002)],
          "torch": lambda t, x, th, v: t.threshold(x, th, v),
          "attr_docs": {"threshold": "the threshold (default 0)", "value": "the value at or below it (default 0)"}},
    doc=__doc__,
))
