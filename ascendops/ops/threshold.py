"""aclnnThreshold: out = self > threshold ? self : value.

CANN (hicann/ops-nn e5c3fa93, activation/threshold/op_host/op_api/aclnn_threshold.cpp):
null checks self, out, threshold, value; FLOAT, FLOAT16, INT8, INT16, INT32, INT64, UINT8,
BF16 (BF16 on the SoC versions ASCEND910B..ASCEND910E: Ascend910B/910_93/950); threshold
and value non-null scalars whose dtype is never checked (a complex one reads as 0:
aclScalar::To<T> has no complex-to-real case); out: CanCast(self, out) below DAV_3510,
nothing on Ascend950 (any dtype the engine writes); self's shape; rank <= 8; an empty
self returns after the checks (check sequence: CHECKS). A NaN self stays NaN (torch's rule: NaN <=
threshold is false). Integer self is computed in its dtype with threshold and value
converted to it (l0op::Threshold's ConvertToTensor: a float truncates toward zero, then
wraps into the dtype), INT16 as INT32 (CANN Casts it first below DAV_3510), then Cast to
out. Math: src/ops/threshold.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops import CannSource, CanCast, Checks, DtypeIn, EmptyReturn, NotNull, Rank, SameShape, When
from ascendops.ops._activation import tiling


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


def _scalar_value(v):
    """ConvertToTensor(scalar, self's dtype) reads the aclScalar with To<T>(): a complex one
    reads as 0 (its switch has no complex-to-real case and falls to `return 0`)."""
    return 0 if isinstance(v, (complex, np.complexfloating)) else v


def _kernel_for(attrs):
    # the values as given (an integer compute dtype converts them exactly), a complex one 0
    return "threshold", tuple(_scalar_value(v) for v in attrs)


def _below_dav_3510(ctx):
    """`GetCurNpuArch() < NpuArch::DAV_3510`: DAV_1001, DAV_2002, DAV_2201 (the host
    profile reads as Ascend950, DAV_3510)."""
    return ctx.soc.arch in ("DAV_1001", "DAV_2002", "DAV_2201")


# GetDtypeSupportList: ASCEND910B_DTYPE_SUPPORT_LIST (with BF16) where the SoC version is in
# [ASCEND910B, ASCEND910E] (Ascend910B, Ascend910_93, Ascend950), else the list without
DTYPES = ("float32", "int32", "float16", "int8", "uint8", "int16", "int64")
DTYPES_BY_SOC = {"Ascend910B": DTYPES + ("bfloat16",), "Ascend910_93": DTYPES + ("bfloat16",),
                 "Ascend950": DTYPES + ("bfloat16",), "default": DTYPES}
CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/threshold/op_host/op_api/aclnn_threshold.cpp"),
    ("CheckNotNull", NotNull("self", "out", "threshold", "value")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=DTYPES_BY_SOC),
     When(_below_dav_3510, "arch < DAV_3510", CanCast("self", "out"))),
    ("CheckShape", Rank("self", max=8), SameShape("self", "out")),
    ("ExecThresholdGetWorkspaceSize", EmptyReturn("self")),
)

THRESHOLD = register(ElementwiseOp(
    name="Threshold", snake="threshold",
    params=(Input("self"), Scalar("threshold", 0.0), Scalar("value", 0.0), Output("out")), inplace=True,
    dtypes=("float32", "float16", "bfloat16", "int8", "int16", "int32", "int64", "uint8"), kernel="threshold",
    kernel_for=_kernel_for, tiling=tiling, broadcast="never", mixed="always", out_dtype="unchecked",
    out_dtypes="writable", checks=CHECKS, compute={"int16": "int32"},
    info={"reference": reference, "attrs": [(0.0, 0.0), (0.5, -2.0), (-1.0, 7.0)],
          "int_reference": reference_int, "int_attrs": [(0, 0), (2.7, -2), (-1, 7), (40000, 300)],
          "specials": [(0.5, -1.0, 0.0)],
          "bad_attrs": [((None, 0.0), 161001), ((0.0, None), 161001), (("a", 0.0), 161002)],
          "torch": lambda t, x, th, v: t.threshold(x, th, v),
          "attr_docs": {"threshold": "the threshold (default 0)", "value": "the value at or below it (default 0)"}},
    doc=__doc__,
))
