"""Probes of aclnnGtScalar, aclnnInplaceGtScalar (ascendops/ops/gt_scalar.py)."""
import numpy as np

from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/greater/op_api/aclnn_gt_scalar.cpp")
OP = "GtScalar"
S = (2, 3)
E = (0, 3)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

PROBES = [
    # CheckNotNull
    Probe("null self", [None], [0.5], [f(S, "BOOL")], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null other", [f(S)], [None], [f(S, "BOOL")], 161001, "CheckNotNull: OP_CHECK_NULL(other)"),
    Probe("null out", [f(S)], [0.5], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null out, bad self dtype", [f(S, "COMPLEX64")], [0.5], [None], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    # CheckDtypeValid
    Probe("float, bool out", [f(S)], [0.5], [f(S, "BOOL")], 0, "CheckParams passes"),
    Probe("int32, float out", [f(S, "INT32")], [2], [f(S)], 0, "OUT_DTYPE_SUPPORT_910B_LIST: DT_FLOAT"),
    Probe("uint8, int8 value", [f(S, "UINT8")], [np.int8(3)], [f(S, "BOOL")], 0, "DTYPE_SUPPORT_910B_LIST"),
    Probe("bool self, bool value", [f(S, "BOOL")], [False], [f(S, "BOOL")], 0,
          "DTYPE_SUPPORT_910B_LIST: DT_BOOL; PromoteType BOOL -> INT8"),
    Probe("complex64 self", [f(S, "COMPLEX64")], [0.5], [f(S, "BOOL")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self): no DT_COMPLEX64"),
    Probe("complex other", [f(S)], [1 + 1j], [f(S, "BOOL")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(other): DT_COMPLEX64 not in the list"),
    Probe("complex64 out", [f(S)], [0.5], [f(S, "COMPLEX64")], 0, "OUT_DTYPE_SUPPORT_910B_LIST: DT_COMPLEX64"),
    Probe("bf16 self on Ascend910B", [f(S, "BF16")], [0.5], [f(S, "BOOL")], 0, "DAV_2201: DTYPE_SUPPORT_910B_LIST"),
    Probe("bf16 self on Ascend910", [f(S, "BF16")], [0.5], [f(S, "BOOL")], 161002,
          "CheckDtypeValid: DTYPE_SUPPORT_910_LIST has no DT_BF16", soc="Ascend910"),
    Probe("bf16 out on Ascend910", [f(S)], [0.5], [f(S, "BF16")], 161002,
          "CheckDtypeValid: OUT_DTYPE_SUPPORT_910_LIST has no DT_BF16", soc="Ascend910"),
    Probe("bf16 self on Ascend950", [f(S, "BF16")], [0.5], [f(S, "BOOL")], 0,
          "IsRegBase: DTYPE_SUPPORT_910B_LIST", soc="Ascend950"),
    # CheckPromoteType
    Probe("uint16 self, int value", [f(S, "UINT16")], [3], [f(S, "BOOL")], 161002,
          "CheckPromoteType: PromoteType(DT_UINT16, DT_INT64) undefined"),
    Probe("uint16 self, uint16 value", [f(S, "UINT16")], [np.uint16(3)], [f(S, "BOOL")], 0,
          "CheckPromoteType: PromoteType(DT_UINT16, DT_UINT16)"),
    Probe("promotion fails before the shape check", [f(S, "UINT32")], [3], [f((3, 2), "BOOL")], 161002,
          "CheckParams: CheckPromoteType before CheckShape"),
    # CheckShape
    Probe("out of another shape", [f(S)], [0.5], [f((3, 2), "BOOL")], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(out, self)"),
    Probe("rank 8", [f(R8)], [0.5], [f(R8, "BOOL")], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [0.5], [f(R9, "BOOL")], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("0-d", [f(())], [0.5], [f((), "BOOL")], 0, "CheckShape: rank 0"),
    # the empty return
    Probe("empty", [f(E)], [0.5], [f(E, "BOOL")], 0, "aclnnGtScalarCommon: self->IsEmpty() returns"),
    Probe("empty, out of another shape", [f(E)], [0.5], [f((3, 0), "BOOL")], 161002,
          "CheckParams: CheckShape before the IsEmpty() return"),
    # aclnnInplaceGtScalar: aclnnGtScalarCommon(selfRef, other, selfRef)
    Probe("inplace: null selfRef", [None], [0.5], [], 161001, "CheckNotNull(self)", op="InplaceGtScalar"),
    Probe("inplace: null other", [f(S)], [None], [], 161001, "CheckNotNull(other)", op="InplaceGtScalar"),
    Probe("inplace: float", [f(S)], [0.5], [], 0, "aclnnGtScalarCommon(selfRef, other, selfRef)",
          op="InplaceGtScalar"),
    Probe("inplace: int64", [f(S, "INT64")], [0], [], 0, "aclnnGtScalarCommon", op="InplaceGtScalar"),
    Probe("inplace: complex64", [f(S, "COMPLEX64")], [0.5], [], 161002, "CheckDtypeValid", op="InplaceGtScalar"),
    Probe("inplace: rank 9", [f(R9)], [0.5], [], 161002, "CheckShape", op="InplaceGtScalar"),
]

DEVIATIONS = {
    "uint16 self, uint16 value": (161002, "UINT16 is not among the kernels' dtypes (KERNEL_DTYPES)"),
}
