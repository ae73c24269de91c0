"""aclnnAdds, aclnnInplaceAdds: out = self + alpha * other, `other` and `alpha` aclScalars.

CANN (hicann/ops-math c41933244c31e44fd496e3bb3212164f8c48c214, math/add/op_api/aclnn_add.cpp):
- CheckParamsScalar: self, other, alpha and out not null (CheckNotNullScalar); self in the
  support list (GetDtypeSupportListBySocVersion: BF16 on DAV_2201 and DAV_3510; other's and
  out's dtypes are not listed); PromoteTypeScalar then CheckPromoteType: defined; alpha
  integral (or BOOL) for a BOOL promotion, else CanCast(alpha, promoted); on regbase
  CanCast(self, promoted), CanCast(other, promoted) and the promoted dtype listed;
  CanCast(promoted, out); CheckShapeScalar: self rank <= 8, out of self's shape; then an
  empty self returns success. aclnnInplaceAdds is aclnnAdds(selfRef, other, alpha, selfRef).
- PromoteTypeScalar: on regbase CombineCategoriesWithComplex(self, GetScalarDefaultDtype(
  other)), a FLOAT16/BF16 result kept only where other and alpha are that dtype within
  FLT_EPSILON, else FLOAT; elsewhere complex: PromoteType; a floating self its own dtype;
  a DOUBLE other with a FLOAT out FLOAT; a floating other or BOOL self PromoteType; else
  self's dtype.
- Computation: self Cast to it, other converted to it (ConvertToTensor), then Add (alpha
  1), Axpy (FLOAT/FLOAT16(/BF16 on regbase) with alpha->ToFloat()), AxpyV2 (regbase
  integers) or Mul(other, alpha) then Add; Cast to out.
The engine (compute_dtype hook, ascendops/_elementwise.pxi) computes in that dtype and
folds other * alpha into one constant on the host (in the compute dtype; an Axpy dtype's
product in fp32, where CANN's Axpy may round self + other * alpha once: within an ulp);
a BOOL compute dtype gives the sum's truth (a logical or; CANN's extra BOOL Cast for a
non-BOOL out with all-BOOL operands is thereby the same)."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input, NotNull, Output,
                           Rank, Require, SameShape, Scalar, register)
from ascendops.ops._binary import ALL, COMMIT, REPO, tiling
from ascendops.ops._scalar import (COMPLEX, FLOATING, INTEGRAL, can_cast, convert, name, promote,
                                   promotion_failed, regbase_scalar_dtype, scalar_value, soc_list, split_double,
                                   to_float)
from ascendops.ops.add import ADD_DTYPES


def promote_type_scalar(self_d, other, alpha, out_d, soc):
    """PromoteTypeScalar(self, other, alpha, out) of aclnn_add.cpp / aclnn_sub.cpp (names)."""
    other_d = name(Scalar.dtype_of(other))
    if soc.regbase:
        return regbase_scalar_dtype(self_d, other, (other, alpha))
    if self_d in COMPLEX or other_d in COMPLEX:
        return promote(self_d, other_d)
    if self_d in FLOATING:
        return self_d
    if other_d == "float64" and out_d == "float32":
        return "float32"
    if other_d in FLOATING or self_d == "bool":
        return promote(self_d, other_d)
    return self_d


def _axpy(d, soc):
    """UseAxpy / IsSupportAxpy: the dtypes whose Axpy reads alpha as a float."""
    return d in (("float32", "float16", "bfloat16") if soc.regbase else ("float32", "float16"))


def scalar_constant(d, other, alpha, sign, soc):
    """sign * other * alpha in compute dtype d, as the kernel's attrs (adds.h)."""
    s = convert(other, d)
    if d in COMPLEX:
        c = sign * complex(s) * complex(convert(alpha, d))
        return (c.real, c.imag, -0.0, 0.0)
    if d == "bool":
        return (float(bool(s) and bool(convert(alpha, d))) * sign, -0.0, -0.0, 1.0)
    if d in INTEGRAL:
        c = sign * int(s) * int(convert(alpha, d))
        c &= (1 << 64) - 1
        return (c - (1 << 64) if c >= (1 << 63) else c, -0.0, -0.0, 0.0)
    if d == "float64":
        c = sign * float(s) * float(convert(alpha, d))
        return split_double(c) + (0.0,)
    a = to_float(alpha) if _axpy(d, soc) else convert(alpha, d)
    c = float(np.float32(sign * float(s) * float(a)))
    if d != "float32" and not _axpy(d, soc):
        c = convert(np.float32(c), d)        # Mul(other, alpha) in the 16-bit dtype
    return (c, -0.0, -0.0, 0.0)


def _kernel_for(attrs):
    return "adds", tuple(attrs)


def make_compute_dtype(sign, what):
    def compute_dtype(in_dtypes, attrs, out_dtype, soc):
        self_d = name(in_dtypes[0])
        d = promote_type_scalar(self_d, attrs[0], attrs[1], name(out_dtype), soc)
        if d is None:
            promotion_failed(self_d, name(Scalar.dtype_of(attrs[0])))
        return d, scalar_constant(d, attrs[0], attrs[1], sign, soc)
    compute_dtype.__name__ = what
    return compute_dtype


def make_promote_check(table):
    def check(ctx):
        """CheckPromoteType(self, other, alpha, out, PromoteTypeScalar(...))."""
        self_d, out_d = name(ctx.dtype("self")), name(ctx.dtype("out"))
        other, alpha = ctx.values["other"], ctx.values["alpha"]
        other_d, alpha_d = name(Scalar.dtype_of(other)), name(Scalar.dtype_of(alpha))
        p = promote_type_scalar(self_d, other, alpha, out_d, ctx.soc)
        if p is None:
            return "Self dtype %s and other dtype %s can not promote dtype." % (self_d, other_d)
        if p == "bool":
            if alpha_d not in INTEGRAL + ("bool",):
                return "Alpha dtype %s can't be cast to the promote dtype %s." % (alpha_d, p)
        elif not can_cast(alpha_d, p):
            return "Alpha dtype %s can't be cast to the promote dtype %s." % (alpha_d, p)
        if ctx.soc.regbase:
            for src in (self_d, other_d):
                if not can_cast(src, p):
                    return "Cast dtype from %s to %s failed (CanCast)." % (src, p)
            listed = soc_list(table, ctx.soc)
            if p not in listed:
                return "Input dtype %s is not implemented, it should be in dtype support list %s." % (p, listed)
        if not can_cast(p, out_d):
            return "Promote dtype %s can't be cast to the desired output type %s." % (p, out_d)
    check.__name__ = "CheckPromoteType"
    return check


def make_checks(source, table, api):
    return Checks(
        source,
        ("CheckNotNullScalar", NotNull("self", "other", "alpha", "out")),
        ("CheckParamsScalar", DtypeIn("self", dtypes=table)),
        ("CheckPromoteType", Require(make_promote_check(table), "PromoteTypeScalar defined; alpha castable "
                                     "(integral for BOOL); on regbase self and other castable and the "
                                     "promoted dtype listed; CanCast(promoted, out)",
                                     names=("self", "other", "alpha", "out"))),
        ("CheckShapeScalar", Rank("self", max=8), SameShape("self", "out")),
        ("aclnn%sGetWorkspaceSize" % api, EmptyReturn("self")),
    )


def make_reference(sign):
    def reference(x, other, alpha=1):
        x = np.asarray(x)
        s, a = scalar_value(other), scalar_value(alpha)
        if x.dtype == np.bool_:
            return (x | (bool(s) and bool(a))).astype(np.float64)
        cplx = np.iscomplexobj(x) or isinstance(s, complex) or isinstance(a, complex)
        return x.astype(np.complex128 if cplx else np.float64) + sign * s * a
    return reference


def make_int_reference(sign, bool_reference=None):
    def int_reference(x, other, alpha=1):
        x = np.asarray(x)
        if x.dtype == np.bool_:
            return (bool_reference or make_reference(sign))(x, other, alpha)
        c = (sign * int(scalar_value(other)) * int(scalar_value(alpha))) & ((1 << 64) - 1)
        c = np.array(c, dtype=np.uint64).astype(x.dtype)
        with np.errstate(over="ignore"):
            return (x + c).astype(np.float64)
    return int_reference


ATTRS = [(0.5, 1), (-1.25, 2.0), (3, 0.5), (np.float64(0.375), 1)]
INT_ATTRS = [(True, 1), (False, True), (True, -1)]

SOURCE = CannSource(REPO, COMMIT, "math/add/op_api/aclnn_add.cpp")
ADDS = register(ElementwiseOp(
    name="Adds", snake="adds", params=(Input("self"), Scalar("other"), Scalar("alpha"), Output("out")),
    dtypes=ALL, kernel="adds", tiling=tiling, broadcast="never", mixed="never", out_dtype="unchecked",
    out_dtypes="writable", inplace=True, inplace_const=True, header="aclnn_add.h", kernel_for=_kernel_for,
    compute_dtype=make_compute_dtype(1, "PromoteTypeScalar"), checks=make_checks(SOURCE, ADD_DTYPES, "Adds"),
    info={"reference": make_reference(1), "int_reference": make_int_reference(1), "attrs": ATTRS,
          "int_attrs": INT_ATTRS, "example_attrs": (True, 1), "specials": [(0.0, -0.0, 2.0)],
          "torch": lambda t, x, s, a: t.add(x, s, alpha=a)},
    doc="aclnnAdds: out = self + alpha * other (aclScalars).\n\n" + __doc__,
))
