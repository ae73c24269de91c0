"""aclnnPowTensorTensor, aclnnInplacePowTensorTensor: out = self ^ exponent (torch.pow), with
CANN's promotion and broadcast.

CANN (hicann/ops-math c41933244c31e44fd496e3bb3212164f8c48c214,
math/pow/op_api/aclnn_pow_tensor_tensor.cpp, CheckParams), in order: self, exponent and out
not null (161001); CheckDtypeValid: a BF16 self or exponent where the SoC is not in
[Ascend910B, Ascend910E], a BOOL self with a BOOL exponent, self's then exponent's dtype
outside DTYPE_SUPPORT_LIST (FLOAT, INT32, INT64, FLOAT16, INT8, UINT8, DOUBLE, BOOL,
COMPLEX64, COMPLEX128, INT16, BF16); CheckPromoteType: PromoteType(self, exponent) defined,
CanCast(it, out); CheckShape: self and exponent at most 8 dims, broadcastable, out of the
broadcast shape; all 161002. Then an empty self or exponent returns success. The
computation: both Cast to the promoted dtype, l0op::Pow, Cast to out, ViewCopy.
aclnnInplacePowTensorTensor(self, exponent) is aclnnPowTensorTensorGetWorkspaceSize(self,
exponent, self): the same checks with out = self (CANN's header names the in-place tensor
`self`, const).

Here: floats through ao_powf (fp32, C99 pow's special cases as torch: 0^0 = 1, 1^NaN = 1,
NaN^0 = 1, a negative base to a non-integral power NaN), FLOAT16/BFLOAT16 in fp32 rounded
once to the dtype, DOUBLE through libm pow, integers exactly in the promoted dtype
(wrapping, a negative exponent as torch: 1 for a base 1, +-1 for -1, else 0). Not here:
COMPLEX64/128 (no complex kernel: CANN's checks pass them, the engine refuses them).
llama.cpp's CANN backend calls aclnnInplacePowTensorTensor (ALiBi slopes, SOFT_MAX)."""
import numpy as np

from ascendops.ops import (Broadcast, CanCast, CannSource, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input,
                           NotNull, Output, Promote, Rank, Require, register)
from ascendops.ops._binary import tiling
from ascendops.ops._scalar import name
from ascendops.ops._pow import COMMIT, DTYPE_SUPPORT_LIST, KERNEL_DTYPES, INPUT_DTYPES, REPO, bf16_supported, fpow, ipow


def _bf16(ctx):
    if not bf16_supported(ctx.soc) and "bfloat16" in (name(ctx.dtype("self")), name(ctx.dtype("exponent"))):
        return "Input dtype of pow is not support bfloat16 in current socversion."


def _bool_pair(ctx):
    if name(ctx.dtype("self")) == "bool" and name(ctx.dtype("exponent")) == "bool":
        return "Self and exponent dtype are bool is not supported."


def reference(x, e):
    return fpow(x, e)


def int_reference(x, e):
    dt = np.result_type(np.asarray(x).dtype, np.asarray(e).dtype)
    return ipow(x, e, dt)


SOURCE = CannSource(REPO, COMMIT, "math/pow/op_api/aclnn_pow_tensor_tensor.cpp")
CHECKS = Checks(
    SOURCE,
    ("CheckNotNull", NotNull("self", "exponent", "out")),
    ("CheckDtypeValid",
     Require(_bf16, "no BF16 self or exponent outside Ascend910B..Ascend910E", names=("self", "exponent")),
     Require(_bool_pair, "not a BOOL self with a BOOL exponent", names=("self", "exponent")),
     DtypeIn("self", "exponent", dtypes=DTYPE_SUPPORT_LIST)),
    ("CheckPromoteType", Promote("self", "exponent"), CanCast("promoted", "out")),
    ("CheckShape", Rank("self", "exponent", max=8), Broadcast("self", "exponent", out="out")),
    ("aclnnPowTensorTensorGetWorkspaceSize", EmptyReturn("self", "exponent")),
)

POW_TENSOR_TENSOR = register(ElementwiseOp(
    name="PowTensorTensor", snake="pow_tensor_tensor",
    params=(Input("self"), Input("exponent"), Output("out")),
    dtypes=KERNEL_DTYPES, kernel="pow_tensor_tensor", tiling=tiling, broadcast="always", mixed="always",
    out_dtype="unchecked", input_dtypes=INPUT_DTYPES, out_dtypes="writable", inplace=True, inplace_name="self",
    inplace_const=True, checks=CHECKS,
    info={"reference": reference, "int_reference": int_reference, "domain": [(0.25, 4.0), (-3.0, 3.0)],
          "specials": [(0.0, -0.0, 1.0, -1.0, 2.0), (0.0, -0.0, 0.5, -1.0, 3.0)],
          "torch": lambda t, x, e: t.pow(x, e)},
    doc="aclnnPowTensorTensor: out = self ^ exponent.\n\n" + __doc__,
))
