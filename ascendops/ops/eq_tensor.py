"""aclnnEqTensor, aclnnInplaceEqTensor: out = (self == other), 1/true or 0/false in out's
dtype (torch.eq), with CANN's promotion and broadcast.

CANN (hicann/ops-math c41933244c31e44fd496e3bb3212164f8c48c214,
math/equal/op_api/aclnn_eq_tensor.cpp), in order: self, other and out not null (161001);
CheckDtypeValid: on regbase SoCs (DAV_3510) self's and other's dtypes in
REGBASE_DTYPE_SUPPORT_LIST and out's in REGBASE_OUT_DTYPE_SUPPORT_LIST; elsewhere only out's
in the input list of the arch (DAV_2201: DTYPE_SUPPORT_910B_LIST, with BF16 and without the
unsigned 32/64-bit types; else DTYPE_SUPPORT_910_LIST); a BF16 self or other on Ascend910;
the promoted dtype (PromoteType; BinaryOpTypePromote on regbase, the same for two tensors)
defined and in the input list; CanCast(BOOL, out) (always true); CheckShape: self, other
and out at most 8 dims, broadcastable, out of the broadcast shape; all 161002. Then an
empty self or other returns success. The computation: both Cast to the promoted dtype,
l0op::Equal, Cast of the BOOL result to out, ViewCopy.
aclnnInplaceEqTensor(selfRef, other): CheckInplace (selfRef and other broadcastable,
selfRef of the broadcast shape: 161002; its OP_CHECK_NULL returns `false`, which is
ACLNN_SUCCESS, so a null goes on to the null check below), then
aclnnEqTensorGetWorkspaceSize(selfRef, other, selfRef).

Here: the comparison in the promoted dtype (integers exactly, FLOAT16/BFLOAT16 in fp32,
which is exact, DOUBLE in double, COMPLEX64/128 in double complex; a NaN is unequal to
everything, -0.0 == 0.0). Not here: UINT16/32/64 operands (no kernel computes them;
CANN's checks pass them)."""
import numpy as np

from ascendops._core import as_dtype, cann_promote_type
from ascendops.ops import (BaseChecks, Broadcast, CannSource, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input,
                           NotNull, Output, Promote, Rank, Require, When, register)
from ascendops.ops._binary import COMMIT, REPO, tiling
from ascendops.ops._scalar import name, soc_list

DTYPE_SUPPORT_910_LIST = ("float32", "int32", "int64", "float16", "int16", "int8", "uint8", "uint64", "uint32",
                          "bool", "float64", "complex64", "complex128")
DTYPE_SUPPORT_910B_LIST = ("float32", "int32", "int64", "float16", "int16", "int8", "uint8", "bfloat16", "bool",
                           "float64", "complex64", "complex128")
REGBASE_DTYPE_SUPPORT_LIST = DTYPE_SUPPORT_910B_LIST + ("uint64",)
REGBASE_OUT_DTYPE_SUPPORT_LIST = ("float32", "int32", "int64", "float16", "int16", "int8", "uint8", "float64",
                                  "uint32", "uint64", "bool", "uint16", "complex64", "complex128", "bfloat16")
# GetInputDtypeSupportList by NpuArch (DAV_2201, DAV_3510, else the 910 list)
INPUT_DTYPES = {"DAV_2201": DTYPE_SUPPORT_910B_LIST, "regbase": REGBASE_DTYPE_SUPPORT_LIST,
                "default": DTYPE_SUPPORT_910_LIST}
# the kernels' dtypes (src/ops/eq_tensor.h)
KERNEL_DTYPES = ("float32", "float16", "bfloat16", "float64", "int8", "uint8", "int16", "int32", "int64", "bool",
                 "complex64", "complex128")


def _regbase(ctx):
    return ctx.soc.regbase


def _not_regbase(ctx):
    return not ctx.soc.regbase


def _bf16_on_910(ctx):
    if ctx.soc.name == "Ascend910" and "bfloat16" in (name(ctx.dtype("self")), name(ctx.dtype("other"))):
        return "The current soc version does not support the DT_BF16 data type."


def _promoted_listed(ctx):
    p = name(ctx.dtype("promoted"))
    listed = soc_list(INPUT_DTYPES, ctx.soc)
    if p not in listed:
        return ("Self dtype %s and other dtype %s get promoteType dtype %s should be in dtype support list %s."
                % (name(ctx.dtype("self")), name(ctx.dtype("other")), p, listed))


def reference(x, other):
    x, other = np.asarray(x), np.asarray(other)
    p = cann_promote_type(x.dtype, other.dtype)
    dt = as_dtype(name(p)).numpy
    return (x.astype(dt) == other.astype(dt)).astype(np.float64)


SOURCE = CannSource(REPO, COMMIT, "math/equal/op_api/aclnn_eq_tensor.cpp")
CHECKS = Checks(
    SOURCE,
    ("aclnnEqTensorGetWorkspaceSize", NotNull("self", "other", "out")),
    ("CheckDtypeValid",
     When(_regbase, "IsRegBase()", DtypeIn("self", "other", dtypes=INPUT_DTYPES),
          DtypeIn("out", dtypes={"regbase": REGBASE_OUT_DTYPE_SUPPORT_LIST, "default": DTYPE_SUPPORT_910_LIST})),
     When(_not_regbase, "not IsRegBase()", DtypeIn("out", dtypes=INPUT_DTYPES)),
     Require(_bf16_on_910, "no BF16 self or other on Ascend910", names=("self", "other")),
     Promote("self", "other"),
     Require(_promoted_listed, "the promoted dtype in the input list", names=("self", "other"))),
    ("CheckShape", Rank("self", "other", "out", max=8), Broadcast("self", "other", out="out")),
    ("aclnnEqTensorGetWorkspaceSize", EmptyReturn("self", "other")),
)
INPLACE_CHECKS = Checks(
    SOURCE,
    ("CheckInplace", Broadcast("selfRef", "other", out="selfRef")),
    ("aclnnInplaceEqTensorGetWorkspaceSize", BaseChecks()),
)

EQ_TENSOR = register(ElementwiseOp(
    name="EqTensor", snake="eq_tensor", params=(Input("self"), Input("other"), Output("out")),
    dtypes=KERNEL_DTYPES, kernel="eq_tensor", tiling=tiling, broadcast="always", mixed="always",
    out_dtype="unchecked", input_dtypes=KERNEL_DTYPES, out_dtypes="writable", inplace=True, checks=CHECKS,
    inplace_checks=INPLACE_CHECKS,
    info={"reference": reference, "exact": True, "specials": [(0.0, -0.0, 1.0), (-0.0, 0.0, 1.0)],
          "torch": lambda t, x, o: t.eq(x, o)},
    doc="aclnnEqTensor: out = (self == other).\n\n" + __doc__,
))
