"""aclnnGtScalar, aclnnInplaceGtScalar: out = self > other (a scalar), 1/true or 0/false, in out's dtype.

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
math/greater/op_api/aclnn_gt_scalar.cpp, CheckParams), in order: self, other and out not
null (161001); self's and other's dtypes in DTYPE_SUPPORT_910B_LIST (NpuArch DAV_2201 or
regbase: FLOAT, INT32, INT64, FLOAT16, INT16, INT8, UINT8, DOUBLE, UINT64, UINT16, UINT32,
BOOL, BF16; else without BF16), out's in OUT_DTYPE_SUPPORT_910B_LIST (also COMPLEX64/128);
the promoted dtype defined (non-regbase: PromoteType(self, other), BOOL -> INT8, a DOUBLE other
equal within FLT_EPSILON to its value in a floating self's dtype -> self's dtype; regbase:
CombineCategoriesWithComplex(self, other's default dtype) with CanCast of both into it), then
CanCast(BOOL, out) (always true); self and out at most 8 dims, out of self's shape; else
161002. An empty self then returns success. The computation: self Cast to the promoted dtype,
other converted to it (ConvertToTensor), l0op::Greater, Cast to out, ViewCopy.
aclnnInplaceGtScalar(selfRef, other) is aclnnGtScalarCommon(selfRef, other, selfRef).

Here: the comparison in the promoted dtype (kernel_for's compute overrides: an integer
promoted dtype compares exactly in it, other converted as ConvertToTensor; FLOAT16 and
BFLOAT16 compare in fp32 with other as a float: other is not rounded to the 16-bit dtype
first, which differs from CANN only for an other between two 16-bit values' rounding boundary).
The regbase promotion is modelled for the compute dtype by the non-regbase rule."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Scalar, cann_promote_type, register
from ascendops.ops import CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Promote, Rank, SameShape
from ascendops.ops._activation import tiling

COMMIT = "c41933244c31e44fd496e3bb3212164f8c48c214"
DTYPE_SUPPORT_910_LIST = ("float32", "int32", "int64", "float16", "int16", "int8", "uint8", "float64", "uint64",
                          "uint16", "uint32", "bool")
DTYPE_SUPPORT_910B_LIST = DTYPE_SUPPORT_910_LIST + ("bfloat16",)
OUT_DTYPE_SUPPORT_910_LIST = DTYPE_SUPPORT_910_LIST + ("complex64", "complex128")
OUT_DTYPE_SUPPORT_910B_LIST = OUT_DTYPE_SUPPORT_910_LIST + ("bfloat16",)
SELF_DTYPES = {"DAV_2201": DTYPE_SUPPORT_910B_LIST, "regbase": DTYPE_SUPPORT_910B_LIST,
               "default": DTYPE_SUPPORT_910_LIST}
OUT_DTYPES = {"DAV_2201": OUT_DTYPE_SUPPORT_910B_LIST, "regbase": OUT_DTYPE_SUPPORT_910B_LIST,
              "default": OUT_DTYPE_SUPPORT_910_LIST}
# the kernels' dtypes (the engine computes these)
KERNEL_DTYPES = ("float32", "float16", "bfloat16", "float64", "int8", "int16", "int32", "int64", "uint8", "bool")


def _promoted(self_dt, v):
    """CheckPromoteType's non-regbase promoted dtype of self's dtype and other's."""
    od = Scalar.dtype_of(v)
    p = cann_promote_type(self_dt, od)
    if p is None or str(p) == "undefined":
        return None
    if p.name == "bool":
        return "int8"
    if od.name == "float64" and self_dt in ("float32", "float16", "bfloat16", "float64"):
        import ml_dtypes
        cast = {"float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16,
                "float64": np.float64}[self_dt]
        if abs(float(cast(float(v))) - float(v)) <= float(np.finfo(np.float32).eps):
            return self_dt
    return p.name


def _kernel_for(attrs):
    (v,) = attrs
    real = v.real if isinstance(v, (complex, np.complexfloating)) else v
    compute = {}
    for d in KERNEL_DTYPES:
        p = _promoted(d, v)
        if p is not None and p != d:
            compute[d] = p
    return "gt_scalar", (real,), compute


def reference(x, other):
    x = np.asarray(x)
    p = _promoted(x.dtype.name if x.dtype.name != "bfloat16" else "bfloat16", other) or "float64"
    import ml_dtypes  # noqa: F401
    dt = np.dtype(p) if p != "bfloat16" else np.dtype(ml_dtypes.bfloat16)
    if isinstance(other, float):
        other = np.float32(other)
    o = np.asarray(other).real.astype(dt) if dt.kind != "f" or p == "float64" else np.asarray(other).real
    return (x.astype(dt).astype(np.float64) > np.asarray(o, dtype=np.float64)).astype(np.float64)


CHECKS = Checks(
    CannSource("hicann/ops-math", COMMIT, "math/greater/op_api/aclnn_gt_scalar.cpp"),
    ("CheckNotNull", NotNull("self", "other", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=SELF_DTYPES), DtypeIn("other", dtypes=SELF_DTYPES),
     DtypeIn("out", dtypes=OUT_DTYPES)),
    ("CheckPromoteType", Promote("self", "other")),
    ("CheckShape", Rank("self", "out", max=8), SameShape("out", "self")),
    ("aclnnGtScalarCommon", EmptyReturn("self")),
)

GT_SCALAR = register(ElementwiseOp(
    name="GtScalar", snake="gt_scalar",
    params=(Input("self"), Scalar("other"), Output("out")),
    dtypes=KERNEL_DTYPES, kernel="gt_scalar", kernel_for=_kernel_for, tiling=tiling, broadcast="never",
    mixed="always", out_dtype="unchecked", out_dtypes="writable", checks=CHECKS, inplace=True,
    info={"reference": reference, "attrs": [(0.0,), (0.5,), (-1,)], "exact": True,
          "bad_attrs": [((None,), 161001)]},
    doc=__doc__,
))
