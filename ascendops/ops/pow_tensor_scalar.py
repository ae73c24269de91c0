"""aclnnPowTensorScalar, aclnnInplacePowTensorScalar: out = self ^ exponent, exponent an
aclScalar (torch.pow(tensor, number)).

CANN (hicann/ops-math c41933244c31e44fd496e3bb3212164f8c48c214, math/pow/op_api/aclnn_pow.cpp,
CheckPowTensorScalarParams), in order: self, exponent and out not null (161001);
CheckDtypeValid: a BF16 self or exponent where the SoC is not in [Ascend910B, Ascend910E],
self's then exponent's dtype outside DTYPE_SUPPORT_LIST (FLOAT, INT32, INT64, FLOAT16, INT8,
UINT8, DOUBLE, BOOL, INT16, COMPLEX64, COMPLEX128, BF16), PromoteType(self, exponent)
undefined, not CanCast(it, out); CheckPromoteType on InferTensorScalarDtype: undefined, a
BOOL self with a BOOL exponent, not CanCast(it, out); CheckShape: self at most 8 dims, out
of self's shape; all 161002. Then an empty self returns success; on regbase SoCs an
integral inferred dtype with a negative exponent (exponent->ToInt64() < 0), then an
exponent that overflows the inferred dtype (CheckNotOverflow), are 161002.
InferTensorScalarDtype: on regbase CombineCategoriesWithComplex(self, the scalar's default
dtype) (COMPLEX32 -> COMPLEX64); elsewhere FLOAT for a DOUBLE exponent with a FLOAT out, a
complex exponent by PromoteType, a floating self its own dtype, a floating exponent or a
BOOL self by PromoteType, else self's dtype. The computation: self Cast to it, the exponent
converted to it (ConvertToTensor), l0op::Pow (Pows for +-0.5, 2, 3, -1, -2 on Ascend310P /
910B / 910_93 floats; Square for 2; self itself for 1 off regbase), Cast to out, ViewCopy.
aclnnInplacePowTensorScalar(self, exponent) is aclnnPowTensorScalarGetWorkspaceSize(self,
exponent, self) (CANN's header names the in-place tensor `self`, const).

Here: the compute dtype and the converted exponent by the compute_dtype hook. FLOAT,
FLOAT16 and BF16 with an exponent CANN's kernels special-case compute as they do, in fp32
(a 16-bit self widened, the result rounded once), by a kernel chosen per call
(SPECIAL_KERNELS: the arch35 kernel's branches on expValue, the Pows formulas): 0 -> 1
(NaN too), 1 -> self, 0.5 -> sqrt, -0.5 -> 1 / sqrt, 2 -> x * x, 3 -> x * x * x, -1 ->
1 / x, -2 -> 1 / (x * x); one rounding (the power correctly rounded) for 0.5, 2 and -1,
two (within 1.5 ULP) for -0.5, 3 and -2, where x * x overflows (|x| >= 2^64) -2 gives 0,
as CANN and torch.pow(tensor, number) do (-0.0 ^ 0.5 = -0.0, -0.0 ^ -0.5 = -inf, -inf ^
+-0.5 = NaN, where C99 pow gives +0.0, +inf; +inf, +0.0). Other exponents of those dtypes
through ao_powf (C99 pow's special cases: torch's; correctly rounded but for exact ties),
DOUBLE through libm pow (an exponent of +-0.5 taking -0.0 and -inf as above), integers
exactly in their dtype (wrapping; a negative exponent off regbase as torch's integer pow:
1 for a base 1, +-1 for -1, else 0). The input_cast="out" of the declaration
only lets a BOOL self (no BOOL kernel) past the engine's dtype gate: the compute_dtype hook
then picks the dtype. Not here: COMPLEX (no complex kernel; CANN's checks pass it)."""
import numpy as np

from ascendops.ops import (CannSource, Checks, ElementwiseOp, EmptyReturn, Input, NotNull, Output, Rank, Require,
                           SameShape, Scalar, When, register)
from ascendops.ops._binary import tiling
from ascendops.ops._pow import (COMMIT, INPUT_DTYPES, KERNEL_DTYPES, REPO, dtype_valid, fpow, infer_tensor_scalar,
                                ipow, overflows, promote_valid)
from ascendops.ops._scalar import INTEGRAL, convert, name, scalar_kernel_for, scalar_value


def _compute_dtype(in_dtypes, attrs, out_dtype, soc):
    """The inferred dtype, and as attributes the exponent converted to it and the dtype's
    name (kernel_for picks the kernel by both)."""
    d = infer_tensor_scalar(name(in_dtypes[0]), name(Scalar.dtype_of(attrs[0])), name(out_dtype), soc.regbase)
    return d, (convert(attrs[0], d), d)


# CANN's kernels special-case these exponents of a FLOAT / FLOAT16 / BF16 power (the
# arch35 kernel math/pow/op_kernel/arch35/pow_tensor_scalar_float.h by expValue; Pows,
# math/pows/op_kernel/pows_base.h, for +-0.5, 2, 3, -1, -2 on Ascend310P / 910B / 910_93;
# Square for 2; self itself for 1 off regbase): the kernel computing each as they do
SPECIAL_KERNELS = {0.0: "pow_one", 1.0: "view_copy", 0.5: "math_sqrt", -0.5: "pow_rsqrt", 2.0: "pow_square",
                   3.0: "pow_cube", -1.0: "pow_reciprocal", -2.0: "pow_reciprocal_square"}
_general_kernel = scalar_kernel_for("pow_tensor_scalar")


def _kernel_for(attrs):
    v, d = attrs
    if d in ("float32", "float16", "bfloat16") and float(v) in SPECIAL_KERNELS:
        return SPECIAL_KERNELS[float(v)], (float(v), -0.0, -0.0)
    return _general_kernel((v,))


def _regbase(ctx):
    return ctx.soc.regbase


def _exponent_rules(self_name, out_name):
    def check(ctx):
        v = ctx.values["exponent"]
        d = infer_tensor_scalar(name(ctx.dtype(self_name)), name(Scalar.dtype_of(v)), name(ctx.dtype(out_name)),
                                True)
        val = scalar_value(v)
        val = val.real if isinstance(val, complex) else val
        # exponent->ToInt64() < 0 (a float scalar truncated: -0.5 gives 0)
        if d in INTEGRAL and np.isfinite(float(val)) and int(val) < 0:
            return "Base dtype is intergal and exponent negative integers is not allowed."
        if overflows(v, d):
            return "exponent value cannot be converted to promote type %s without overflow: %r." % (d, val)
    check.__name__ = "CheckPowTensorScalarExponet, CheckNotOverflow"
    return check


def reference(x, exponent):
    return fpow(x, scalar_value(exponent))


def int_reference(x, exponent):
    x = np.asarray(x)
    return ipow(x, int(scalar_value(exponent)), x.dtype)


def checks(self_name, out_name, entry):
    return Checks(
        CannSource(REPO, COMMIT, "math/pow/op_api/aclnn_pow.cpp"),
        ("CheckPowTensorScalarNotNull", NotNull(self_name, "exponent", out_name)),
        ("CheckDtypeValid", Require(dtype_valid(self_name, "exponent", out_name),
                                    "no BF16 off Ascend910B..910E; self, exponent in DTYPE_SUPPORT_LIST; "
                                    "PromoteType defined; CanCast(it, out)", names=(self_name, "exponent", out_name))),
        ("CheckPromoteType", Require(promote_valid(self_name, "exponent", out_name, infer_tensor_scalar),
                                     "InferTensorScalarDtype defined; not a BOOL pair; CanCast(it, out)",
                                     names=(self_name, "exponent", out_name))),
        ("CheckShape", Rank(self_name, max=8), SameShape(out_name, self_name)),
        (entry, EmptyReturn(self_name),
         When(_regbase, "IsRegBase()", Require(_exponent_rules(self_name, out_name),
                                               "an integral inferred dtype takes no negative exponent; the "
                                               "exponent fits the inferred dtype",
                                               names=(self_name, "exponent", out_name)))),
    )


POW_TENSOR_SCALAR = register(ElementwiseOp(
    name="PowTensorScalar", snake="pow_tensor_scalar",
    params=(Input("self"), Scalar("exponent"), Output("out", const=True)),
    dtypes=KERNEL_DTYPES, kernel="pow_tensor_scalar", tiling=tiling, broadcast="never", mixed="never",
    out_dtype="unchecked", input_dtypes=INPUT_DTYPES, input_cast="out", out_dtypes="writable", inplace=True,
    inplace_name="self", inplace_const=True,
    header="aclnn_pow.h", kernel_for=_kernel_for, compute_dtype=_compute_dtype,
    checks=checks("self", "out", "aclnnPowTensorScalarGetWorkspaceSize"),
    info={"reference": reference, "int_reference": int_reference, "domain": (0.25, 4.0),
          "attrs": [(2.0,), (0.5,), (-1.5,), (3,), (np.float64(0.375),)], "int_attrs": [(2,), (3,)],
          "example_attrs": (2,), "specials": [(0.0, -0.0, 1.0, -1.0, 2.0)],
          "torch": lambda t, x, e: t.pow(x, e)},
    doc="aclnnPowTensorScalar: out = self ^ exponent (an aclScalar).\n\n" + __doc__,
))
