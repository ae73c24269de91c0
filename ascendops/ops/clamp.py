"""aclnnClamp, aclnnClampMin, aclnnInplaceClampMax: out = min(max(self, min), max).

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/clip_by_value_v2/op_api/aclnn_clamp.cpp, aclnnClampCommon), in order: (ClampMin:
clipValueMin, InplaceClampMax: clipValueMax not null first, 161001) self and out not null,
and not both bounds null (161001); self's and out's dtypes in the NpuArch's list
(DAV_2201 or regbase: FLOAT16, FLOAT, INT32, INT64, INT16, INT8, UINT8, DOUBLE, BF16; else
without BF16); out of self's shape; self and out at most 8 dims; else 161002. An empty self
then returns success. Then, non-regbase: CanCast(self, out) (161002), the clamp in out's
dtype; regbase: the promoted dtype CombineCategoriesWithComplex(self, the bounds' default
dtypes) CanCast to out and in the list (161002), the clamp in it, Cast to out. A null bound
is the dtype's extreme (NormalizeMin/MaxScalar: +-inf for the floats).

Here: the clamp in self's dtype (integers exactly, the bounds converted as ConvertToTensor
does: truncated), the result Cast to out. That is CANN's result wherever self and out have
one dtype (llama.cpp's use) or self is floating; an integer self with a floating out and a
non-integral bound is clamped here by the truncated bound (CANN: by the bound in out's dtype).
NaN as torch.clamp: a NaN self stays NaN, a NaN bound gives NaN; min > max gives max."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops import CanCast, CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Rank, Require, SameShape, When
from ascendops.ops._activation import tiling

COMMIT = "c41933244c31e44fd496e3bb3212164f8c48c214"
ASCEND910_LIST = ("float16", "float32", "int32", "int64", "int16", "int8", "uint8", "float64")
ASCEND910B_LIST = ASCEND910_LIST + ("bfloat16",)
DTYPES_BY_ARCH = {"DAV_2201": ASCEND910B_LIST, "regbase": ASCEND910B_LIST, "default": ASCEND910_LIST}
KERNEL_DTYPES = ("float32", "float16", "bfloat16", "float64", "int8", "int16", "int32", "int64", "uint8")


def _real(v):
    return v.real if isinstance(v, (complex, np.complexfloating)) else v


def _is_nan(v):
    return isinstance(v, (float, np.floating)) and v != v


def _kernel_for(attrs):
    lo, hi = attrs
    if lo is None:
        return "clamp_max", (_real(hi),)
    if hi is None:
        return "clamp_min", (_real(lo),)
    lo, hi = _real(lo), _real(hi)
    # bounds that are numbers: the kernel that tests neither for NaN (clamp_ordered.h)
    return ("clamp" if _is_nan(lo) or _is_nan(hi) else "clamp_ordered"), (lo, hi)


def _bound(x, v):
    if v is None:
        return None
    if x.dtype.kind in "iub":
        # ConvertToTensor(bound, self's dtype): truncated, then the dtype's low bits
        return int(np.array(int(_real(v)), dtype=np.int64).astype(x.dtype))
    return float(np.float32(_real(v))) if not isinstance(v, np.floating) or x.dtype == np.float64 else float(v)


def reference(x, lo=None, hi=None):
    x = np.asarray(x)
    lo, hi = _bound(x, lo), _bound(x, hi)
    r = x.astype(np.float64)
    if lo is not None:
        r = np.where((r < lo) | np.isnan(lo), lo, r)
    if hi is not None:
        r = np.where((r > hi) | np.isnan(hi), hi, r)
    return r


def _a_bound(ctx):
    if ctx.values.get("clipValueMin") is None and ctx.values.get("clipValueMax") is None:
        return "clamp: At least one of 'min' or 'max' must not be None."
    return None


def _not_regbase(ctx):
    return not ctx.soc.regbase


def _checks(first_null=(), api="aclnnClampGetWorkspaceSize"):
    return Checks(
        CannSource("hicann/ops-math", COMMIT, "conversion/clip_by_value_v2/op_api/aclnn_clamp.cpp"),
        *(((api, NotNull(*first_null)),) if first_null else ()),
        ("CheckNotNull", NotNull("self", "out"),
         # (named by self and out, which CheckNotNull has just passed: the step reads the
         # bounds with .get and runs on a call whose bounds are both null)
         Require(_a_bound, "not both bounds null", status=161001, names=("self", "out"))),
        ("CheckDtypeValid", DtypeIn("self", dtypes=DTYPES_BY_ARCH), DtypeIn("out", dtypes=DTYPES_BY_ARCH)),
        ("CheckShape", SameShape("self", "out"), Rank("self", "out", max=8)),
        ("aclnnClampCommon", EmptyReturn("self"),
         When(_not_regbase, "non-regbase NpuArch", CanCast("self", "out"))),
    )


_COMMON = dict(dtypes=KERNEL_DTYPES, kernel="clamp", kernel_for=_kernel_for, tiling=tiling, broadcast="never",
               mixed="always", out_dtype="unchecked", out_dtypes="writable")

CLAMP = register(ElementwiseOp(
    name="Clamp", snake="clamp",
    params=(Input("self"), Scalar("clipValueMin", optional=True), Scalar("clipValueMax", optional=True),
            Output("out")),
    checks=_checks(), **_COMMON,
    info={"reference": reference, "attrs": [(-0.5, 0.5), (0.25, None), (None, -0.25), (1.0, -1.0)],
          "bad_attrs": [((None, None), 161001)], "torch": lambda t, x, lo, hi: t.clamp(x, lo, hi),
          "example_attrs": (-0.5, 0.5)},
    doc=__doc__,
))

CLAMP_MIN = register(ElementwiseOp(
    name="ClampMin", snake="clamp_min", header="aclnn_clamp.h",
    params=(Input("self"), Scalar("clipValueMin"), Output("out")),
    checks=_checks(("clipValueMin",), "aclnnClampMinGetWorkspaceSize"),
    **dict(_COMMON, kernel_for=lambda a: _kernel_for((a[0], None))),
    info={"reference": lambda x, lo: reference(x, lo, None), "attrs": [(-0.5,), (0.25,)],
          "torch": lambda t, x, lo: t.clamp_min(x, lo)},
    doc=__doc__,
))

CLAMP_MAX = register(ElementwiseOp(
    name="ClampMax", snake="clamp_max", header="aclnn_clamp.h",
    params=(Input("self"), Scalar("clipValueMax"), Output("out")),
    checks=_checks(("clipValueMax",), "aclnnClampMaxGetWorkspaceSize"),
    **dict(_COMMON, kernel_for=lambda a: _kernel_for((None, a[0]))),
    inplace=True, inplace_const=True,
    info={"reference": lambda x, hi: reference(x, None, hi), "attrs": [(-0.5,), (0.25,)],
          "torch": lambda t, x, hi: t.clamp_max(x, hi)},
    doc=__doc__,
))
