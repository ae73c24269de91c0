"""aclnnMuls, aclnnInplaceMuls: out = self * other, `other` an aclScalar.

CANN (hicann/ops-math c41933244c31e44fd496e3bb3212164f8c48c214, math/mul/op_api/aclnn_mul.cpp):
- CheckMulsParams: self, other and out not null (CheckMulsNotNull); self and out in the
  support list (CheckMulsDtype: GetDtypeSupportList, with BF16 from Ascend910B; the
  scalar's dtype is not checked); CheckMulsPromoteDtype on regbase SoCs only: the
  inferred dtype defined, in the list, CanCast(self, it), CanCast(other, it),
  CanCast(it, out); out of self's shape (OP_CHECK_SHAPE_NOT_EQUAL, no rank check); then an
  empty self returns success.
- aclnnInplaceMuls: CheckInplaceMulsParams: selfRef and other not null, selfRef in the
  list, CheckMulsPromoteDtype(selfRef, other, selfRef); empty -> success.
- Computation (InferTensorScalarDtype): on regbase CombineCategoriesWithComplex(self,
  GetScalarDefaultDtype(other)), a FLOAT16/BF16 result kept only where the scalar is
  that dtype within FLT_EPSILON, else FLOAT; elsewhere by self's dtype (a float self
  computes in it, BF16 in FLOAT), BOOL self or a DOUBLE scalar with a FLOAT out in FLOAT,
  a float scalar or BOOL self by PromoteType, else in self's dtype. The scalar is
  converted to that dtype (ConvertToTensor) and l0op::Mul runs, then Cast to out; a
  FLOAT16/BF16 self with a floating scalar on regbase (BF16 with a DOUBLE scalar
  elsewhere) runs l0op::Muls with the scalar as a float. The engine computes as the
  compute_dtype hook says (ascendops/_elementwise.pxi), the scalar converted with it.
llama.cpp's CANN backend calls aclnnMuls / aclnnInplaceMuls for GGML_OP_SCALE and in
SOFT_MAX (the scale)."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, ElementwiseOp, EmptyReturn, NotNull, Output, Input,
                           Require, SameShape, Scalar, When, register)
from ascendops.ops._binary import ALL, COMMIT, REPO, tiling
from ascendops.ops._scalar import (FLOATING, COMPLEX, can_cast, combine_categories, convert, name, promote,
                                   scalar_default_dtype, scalar_kernel_for, scalar_value, soc_list, to_b16,
                                   to_float)
from ascendops.ops.mul import MUL_DTYPES

FLT_EPSILON = float(np.finfo(np.float32).eps)


def infer_dtype(self_d, other, out_d, soc):
    """InferTensorScalarDtype(self, other, out) (names; None: DT_UNDEFINED)."""
    other_d = name(Scalar.dtype_of(other))
    if soc.regbase:
        p = combine_categories(self_d, scalar_default_dtype(other_d))
        if p in ("float16", "bfloat16"):
            a, b = to_b16(other, p), to_float(other)
            p = p if abs(a - b) <= FLT_EPSILON else "float32"
        return "complex64" if p == "complex32" else p
    if self_d in COMPLEX or other_d in COMPLEX:
        return promote(self_d, other_d)
    if self_d in ("float64", "float32", "float16", "bfloat16"):
        return self_d if self_d != "bfloat16" else "float32"
    if (self_d == "bool" and other_d == "float64") or (other_d == "float64" and out_d == "float32"):
        return "float32"
    if other_d in FLOATING or self_d == "bool":
        return promote(self_d, other_d)
    return self_d


def muls_compute(self_d, other, out_d, soc):
    """The compute dtype and the scalar converted to it (aclnnMulsGetWorkspaceSize)."""
    other_d = name(Scalar.dtype_of(other))
    if soc.regbase:
        use_muls = self_d in ("bfloat16", "float16") and scalar_default_dtype(other_d) == "float32"
    else:
        use_muls = self_d == "bfloat16" and other_d == "float64"
    if use_muls:
        return "float32", to_float(other)           # l0op::Muls(self, other->ToFloat())
    d = infer_dtype(self_d, other, out_d, soc)
    if d is None:
        # non-regbase: no check refuses it; ConvertToTensor(other, DT_UNDEFINED) and l0op::Mul
        # give no tensor: CHECK_RET(resTensor != nullptr, ACLNN_ERR_INNER_NULLPTR)
        from ascendops import AclnnError
        raise AclnnError("aclnnMuls: self dtype %s and other dtype %s can not promote dtype."
                         % (self_d, name(Scalar.dtype_of(other))), 561103)
    return d, convert(other, d)


def _compute_dtype(in_dtypes, attrs, out_dtype, soc):
    d, v = muls_compute(name(in_dtypes[0]), attrs[0], name(out_dtype), soc)
    return d, (v,)


def _promote_check(self_name, out_name):
    def check(ctx):
        self_d, out_d = name(ctx.dtype(self_name)), name(ctx.dtype(out_name))
        other = ctx.values["other"]
        other_d = name(Scalar.dtype_of(other))
        d = infer_dtype(self_d, other, out_d, ctx.soc)
        if d is None:
            return "Self dtype %s and other dtype %s can not promote dtype." % (self_d, other_d)
        listed = soc_list(MUL_DTYPES, ctx.soc)
        if d not in listed:
            return ("input dtype %s and %s after promote is %s, which should be in dtype support list %s."
                    % (self_d, other_d, d, listed))
        for src, dst in ((self_d, d), (other_d, d), (d, out_d)):
            if not can_cast(src, dst):
                return "Cast dtype from %s to %s failed (CanCast)." % (src, dst)
    check.__name__ = "CheckMulsPromoteDtype"
    return check


def _regbase(ctx):
    return ctx.soc.regbase


def reference(x, other):
    x = np.asarray(x)
    r = x.astype(np.complex128 if np.iscomplexobj(x) or isinstance(scalar_value(other), complex)
                 else np.float64) * scalar_value(other)
    if x.dtype == np.bool_:
        return (r != 0).astype(np.float64)
    return r


def int_reference(x, other):
    """An integer self with an integral scalar: the product in self's dtype, wrapping."""
    x = np.asarray(x)
    with np.errstate(over="ignore"):
        return (x * x.dtype.type(int(scalar_value(other)))).astype(np.float64)


SOURCE = CannSource(REPO, COMMIT, "math/mul/op_api/aclnn_mul.cpp")
MULS_CHECKS = Checks(
    SOURCE,
    ("CheckMulsNotNull", NotNull("self", "other", "out")),
    ("CheckMulsDtype", DtypeIn("self", "out", dtypes=MUL_DTYPES)),
    ("CheckMulsPromoteDtype", When(_regbase, "IsRegBase()",
                                   Require(_promote_check("self", "out"), "InferTensorScalarDtype defined, "
                                           "listed, CanCast(self, it), CanCast(other, it), CanCast(it, out)",
                                           names=("self", "other", "out")))),
    ("CheckMulsParams", SameShape("self", "out")),
    ("aclnnMulsGetWorkspaceSize", EmptyReturn("self")),
)
INPLACE_MULS_CHECKS = Checks(
    SOURCE,
    ("CheckInplaceMulsNotNull", NotNull("selfRef", "other")),
    ("CheckInplaceMulsParams", DtypeIn("selfRef", dtypes=MUL_DTYPES)),
    ("CheckMulsPromoteDtype", When(_regbase, "IsRegBase()",
                                   Require(_promote_check("selfRef", "selfRef"), "InferTensorScalarDtype "
                                           "defined, listed, CanCast(selfRef, it), CanCast(other, it), "
                                           "CanCast(it, selfRef)", names=("selfRef", "other")))),
    ("aclnnInplaceMulsGetWorkspaceSize", EmptyReturn("selfRef")),
)

MULS = register(ElementwiseOp(
    name="Muls", snake="muls", params=(Input("self"), Scalar("other"), Output("out")),
    dtypes=ALL, kernel="muls", tiling=tiling, broadcast="never", mixed="never", out_dtype="unchecked",
    out_dtypes="writable", inplace=True, header="aclnn_mul.h", kernel_for=scalar_kernel_for("muls"),
    compute_dtype=_compute_dtype, checks=MULS_CHECKS, inplace_checks=INPLACE_MULS_CHECKS,
    info={"reference": reference, "int_reference": int_reference,
          "attrs": [(0.5,), (-1.25,), (3,), (np.float64(0.375),)], "int_attrs": [(True,), (False,)],
          "example_attrs": (True,),
          "specials": [(0.0, -0.0, 2.0)],
          "torch": lambda t, x, s: t.mul(x, s)},
    doc="aclnnMuls: out = self * other (an aclScalar).\n\n" + __doc__,
))
