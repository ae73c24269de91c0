"""aclnnDivs, aclnnInplaceDivs: out = self / other (true division), `other` an aclScalar.

CANN (hicann/ops-math c41933244c31e44fd496e3bb3212164f8c48c214, math/div/op_api/aclnn_div.cpp):
- CheckParamsScalar(self, other, out, MODE_REAL_DIV), in this order: self, other, out not
  null; CheckFormatScalar: out, then self, not a private format; CheckDtypeValidScalar:
  other's dtype (the aclScalar's), then self's, in GetDtypeSupportList (BF16 on DAV_2201
  and regbase); CheckShapeScalar: self rank <= 8, out of self's shape;
  CheckPromoteTypeScalar: on regbase InferDivsModeDtype (CombineCategoriesWithComplex(self,
  GetScalarDefaultDtype(other)), an integral result but INT32 FLOAT) defined and
  CanCast(it, out) (FLOAT for an INT32 or BOOL one), elsewhere CanCast(self, out). Then an
  empty self returns success. aclnnInplaceDivs is aclnnDivs(selfRef, other, selfRef).
- Computation: on Ascend910B/910_93 a FLOAT16/FLOAT/BF16 self with a FLOAT16/FLOAT/BF16/
  DOUBLE scalar (isDivsMixDtypeSupport) divides by the scalar in its own dtype (DOUBLE:
  FLOAT) in fp32; else the compute dtype is self's for a floating or complex self (or
  INT32 / INT32 on 910B/910_93), BOOL for BOOL / BOOL, else FLOAT; a complex scalar
  promotes it; on regbase an INT32 promotion stays INT32 and FLOAT16/BF16 compute in
  FLOAT; CanUseMuls (regbase, FLOAT16/BF16/FLOAT self, a floating scalar) multiplies by
  float(1.0 / other->ToDouble()). RealDiv of INT32 and BOOL writes FLOAT: the engine
  divides integers in fp32. Cast to out.
llama.cpp's CANN backend does not call it (ggml's scale goes through aclnnMuls)."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, ElementwiseOp, EmptyReturn, FormatIn, Input, NotNull,
                           Output, Rank, Require, SameShape, Scalar, register)
from ascendops.ops._binary import ALL, COMMIT, INTS, REPO, tiling
from ascendops.ops._scalar import (COMPLEX, FLOATING, INTEGRAL, can_cast, combine_categories, convert, name,
                                   promote, promotion_failed, scalar_default_dtype, scalar_value, split_double)
from ascendops.ops.div import DIV_DTYPES
from ascendops.ops.gelu import PUBLIC_FORMATS

KERNEL_DTYPES = tuple(d for d in ALL if d not in INTS + ("bool",))   # integers and BOOL: in fp32
_MIX_SOCS = ("Ascend910B", "Ascend910_93")
_B16F = ("float16", "float32", "bfloat16")


def infer_divs_mode_dtype(self_d, other_d):
    """InferDivsModeDtype(self, other, MODE_REAL_DIV) (regbase's check)."""
    p = combine_categories(self_d, scalar_default_dtype(other_d))
    if p is not None and p not in ("int32", "bool") and p in INTEGRAL:
        p = "float32"
    return "complex64" if p == "complex32" else p


def divs_compute(self_d, other, soc):
    """The compute dtype and the kernel's attrs (aclnnDivsGetWorkspaceSize)."""
    other_d = name(Scalar.dtype_of(other))
    if soc.name in _MIX_SOCS and ((self_d in _B16F and other_d in _B16F and self_d != other_d)
                                  or (self_d == "bfloat16" and other_d == "float64")):
        d = "float32" if other_d == "float64" else other_d           # RealDiv(self, other in its dtype)
        return "float32", split_double(convert(other, d)) + (0.0,)
    int32_ok = soc.name in _MIX_SOCS and self_d == "int32" and other_d == "int32"
    d = self_d if (self_d in FLOATING or self_d in COMPLEX or int32_ok) else "float32"
    if self_d == "bool" and other_d == "bool":
        d = "bool"
    if other_d in COMPLEX:
        d = promote(d, other_d)
        if d is None:
            promotion_failed(self_d, other_d)
    if soc.regbase:
        if promote(self_d, other_d) == "int32":
            d = "int32"
        if d in ("float16", "bfloat16"):
            d = "float32"
        if self_d in _B16F and other_d in _B16F + ("float64",):      # CanUseMuls
            inv = float(np.float32(1.0 / float(np.float64(scalar_value(other)))))  if scalar_value(other) != 0 \
                else float(np.float32(np.inf if not np.signbit(float(scalar_value(other))) else -np.inf))
            return d, (inv, -0.0, -0.0, 1.0)
    if d in COMPLEX:
        c = complex(convert(other, d))
        return d, (c.real, c.imag, -0.0, 0.0)
    if d in ("int32", "bool"):
        # RealDiv's INT32 / BOOL kernels: the engine reads them into fp32 and divides there
        return d, (float(convert(other, d)), -0.0, -0.0, 0.0)
    return d, split_double(float(convert(other, d))) + (0.0,)


def _compute_dtype(in_dtypes, attrs, out_dtype, soc):
    d, k = divs_compute(name(in_dtypes[0]), attrs[0], soc)
    if d in ("int32", "bool"):
        d = "float32"                   # divided in fp32, written to out as RealDiv's FLOAT
    return d, (k,)


def _kernel_for(attrs):
    return "divs", tuple(attrs[0])


def _promote_check(self_name, out_name):
    def check(ctx):
        self_d, out_d = name(ctx.dtype(self_name)), name(ctx.dtype(out_name))
        other_d = name(Scalar.dtype_of(ctx.values["other"]))
        if ctx.soc.regbase:
            p = infer_divs_mode_dtype(self_d, other_d)
            if p is None:
                return "Self dtype %s and other dtype %s can not promote dtype." % (self_d, other_d)
            src = "float32" if p in ("int32", "bool") else p
        else:
            src = self_d
        if not can_cast(src, out_d):
            return "Cast dtype from %s to %s failed (CanCast)." % (src, out_d)
    check.__name__ = "CheckPromoteTypeScalar"
    return check


def reference(x, other):
    x = np.asarray(x)
    s = scalar_value(other)
    w = x.astype(np.complex128 if np.iscomplexobj(x) or isinstance(s, complex) else np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        return w / s


SOURCE = CannSource(REPO, COMMIT, "math/div/op_api/aclnn_div.cpp")


def _checks(self_name, out_name, api):
    return Checks(
        SOURCE,
        ("CheckNotNullScalar", NotNull(self_name, "other", out_name) if self_name != out_name
         else NotNull(self_name, "other")),
        ("CheckFormatScalar", FormatIn(out_name, self_name, formats=PUBLIC_FORMATS)),
        ("CheckDtypeValidScalar", DtypeIn("other", self_name, dtypes=DIV_DTYPES)),
        ("CheckShapeScalar", Rank(self_name, max=8), SameShape(self_name, out_name)),
        ("CheckPromoteTypeScalar", Require(_promote_check(self_name, out_name),
                                           "regbase: InferDivsModeDtype defined, CanCast(it or FLOAT, out); "
                                           "else CanCast(self, out)", names=(self_name, "other", out_name))),
        ("%sGetWorkspaceSize" % api, EmptyReturn(self_name)),
    )


DIVS = register(ElementwiseOp(
    name="Divs", snake="divs", params=(Input("self"), Scalar("other"), Output("out")),
    dtypes=KERNEL_DTYPES, input_dtypes=ALL, input_cast="float32", kernel="divs", tiling=tiling,
    broadcast="never", mixed="never", out_dtype="unchecked", inplace=True, header="aclnn_div.h", kernel_for=_kernel_for,
    compute_dtype=_compute_dtype, checks=_checks("self", "out", "aclnnDivs"),
    info={"reference": reference, "attrs": [(0.5,), (-0.25,), (4,), (np.float64(0.125),)],
          "example_attrs": (2.0,),
          "specials": [(0.0, -0.0, 2.0)], "torch": lambda t, x, s: t.div(x, s)},
    doc="aclnnDivs: out = self / other (an aclScalar).\n\n" + __doc__,
))
