"""aclnnPowScalarTensor: out = self ^ exponent, self an aclScalar, exponent a tensor
(torch.pow(number, tensor)).

CANN (hicann/ops-math c41933244c31e44fd496e3bb3212164f8c48c214, math/pow/op_api/aclnn_pow.cpp,
CheckPowScalarTensorParams), in order: self, exponent and out not null (161001);
CheckDtypeValid: a BF16 self or exponent where the SoC is not in [Ascend910B, Ascend910E],
self's then exponent's dtype outside DTYPE_SUPPORT_LIST (FLOAT, INT32, INT64, FLOAT16, INT8,
UINT8, DOUBLE, BOOL, INT16, COMPLEX64, COMPLEX128, BF16), PromoteType(self, exponent)
undefined, not CanCast(it, out); CheckPromoteType on InferScalarTensorDtype: undefined, a
BOOL self with a BOOL exponent, not CanCast(it, out); CheckShape: exponent at most 8 dims,
out of exponent's shape; all 161002. Then an empty exponent returns success; on regbase SoCs
a self of 1 (ToFloat) with neither exponent nor out complex fills out with 1 (Fill).
InferScalarTensorDtype: on regbase CombineCategoriesWithComplex(exponent, the scalar's
default dtype) (COMPLEX32 -> COMPLEX64); elsewhere FLOAT for a DOUBLE exponent with a FLOAT
out, a complex self by PromoteType, a floating exponent its own dtype, a floating self or a
BOOL exponent by PromoteType(exponent, self), else exponent's dtype. The computation:
exponent Cast to it (not on Ascend910B..910E where the kernel runs on AI-CPU), self
converted to it (ConvertToTensor), l0op::Pow, Cast to out, ViewCopy.

Here: floats through ao_powf (C99 pow's special cases: torch's), FLOAT16/BFLOAT16 in fp32
rounded once, DOUBLE through libm pow, integers exactly in their dtype (wrapping; a
negative exponent as torch's integer pow). A base of 1 (converted to the compute dtype)
fills out with 1 in every dtype, CANN's Fill(1) branch (what the power gives too: 1^y = 1
for every y, NaN included), by its own kernel (src/ops/pow_one.h, chosen per call). The input_cast="out" of the declaration only lets a
BOOL exponent (no BOOL kernel) past the engine's dtype gate: the compute_dtype hook then
picks the dtype. Not here: COMPLEX (no complex kernel; CANN's checks pass it).
llama.cpp's CANN backend calls it with a FLOAT base and a FLOAT or FLOAT16 exponent from
Arange (the ALiBi slopes of SOFT_MAX with max_bias > 0)."""
import numpy as np

from ascendops.ops import (CannSource, Checks, ElementwiseOp, EmptyReturn, Input, NotNull, Output, Rank, Require,
                           SameShape, Scalar, register)
from ascendops.ops._binary import tiling
from ascendops.ops._pow import (COMMIT, INPUT_DTYPES, KERNEL_DTYPES, REPO, dtype_valid, fpow, infer_scalar_tensor, ipow,
                                promote_valid)
from ascendops.ops._scalar import convert, name, scalar_kernel_for, scalar_value


def _compute_dtype(in_dtypes, attrs, out_dtype, soc):
    d = infer_scalar_tensor(name(Scalar.dtype_of(attrs[0])), name(in_dtypes[0]), name(out_dtype), soc.regbase)
    return d, (convert(attrs[0], d),)


_general_kernel = scalar_kernel_for("pow_scalar_tensor")


def _kernel_for(attrs):
    """A base of 1: out is 1 in every dtype (CANN's Fill(1) branch on regbase, and what
    the power gives elsewhere: 1^y = 1, NaN y included), src/ops/pow_one.h."""
    v = attrs[0]
    if not isinstance(v, (complex, np.complexfloating)) and v == 1:
        return "pow_one", (1.0, -0.0, -0.0)
    return _general_kernel(attrs)


def reference(exponent, base):
    return fpow(scalar_value(base), exponent)


def int_reference(exponent, base):
    e = np.asarray(exponent)
    return ipow(int(scalar_value(base)), e, e.dtype)


CHECKS = Checks(
    CannSource(REPO, COMMIT, "math/pow/op_api/aclnn_pow.cpp"),
    ("CheckPowScalarTensorNotNull", NotNull("self", "exponent", "out")),
    ("CheckDtypeValid", Require(dtype_valid("self", "exponent", "out"),
                                "no BF16 off Ascend910B..910E; self, exponent in DTYPE_SUPPORT_LIST; "
                                "PromoteType defined; CanCast(it, out)", names=("self", "exponent", "out"))),
    ("CheckPromoteType", Require(promote_valid("self", "exponent", "out", infer_scalar_tensor),
                                 "InferScalarTensorDtype defined; not a BOOL pair; CanCast(it, out)",
                                 names=("self", "exponent", "out"))),
    ("CheckShape", Rank("exponent", max=8), SameShape("out", "exponent")),
    ("aclnnPowScalarTensorGetWorkspaceSize", EmptyReturn("exponent")),
)

POW_SCALAR_TENSOR = register(ElementwiseOp(
    name="PowScalarTensor", snake="pow_scalar_tensor",
    params=(Scalar("self"), Input("exponent"), Output("out", const=True)),
    dtypes=KERNEL_DTYPES, kernel="pow_scalar_tensor", tiling=tiling, broadcast="never", mixed="never",
    out_dtype="unchecked", input_dtypes=INPUT_DTYPES, input_cast="out", out_dtypes="writable", header="aclnn_pow.h",
    kernel_for=_kernel_for, compute_dtype=_compute_dtype, checks=CHECKS,
    info={"reference": reference, "int_reference": int_reference, "domain": (-3.0, 3.0),
          "attrs": [(2.0,), (0.5,), (1.0,), (3,), (np.float64(0.375),)], "int_attrs": [(2,), (-1,)],
          "example_attrs": (2.0,), "specials": [(0.0, -0.0, 1.0, -1.0, 0.5)],
          "torch": lambda t, e, b: t.pow(b, e)},
    doc="aclnnPowScalarTensor: out = self (an aclScalar) ^ exponent.\n\n" + __doc__,
))
