"""Probes of ascendops/ops/adds.py: aclnnAdds and aclnnInplaceAdds (math/add/op_api/aclnn_add.cpp)."""
import numpy as np

from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/add/op_api/aclnn_add.cpp")
OP = "Adds"
S = (2, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S
A950 = "Ascend950"


def probes(op, inplace_op, api):
    """The probes of aclnnAdds / aclnnSubs (one sequence: CheckParamsScalar), named for `op`."""
    P = []
    P += [
        Probe("null self", [None], [2.0, 1.0], [f(S)], 161001, "CheckNotNullScalar: OP_CHECK_NULL(self)"),
        Probe("null other", [f(S)], [None, 1.0], [f(S)], 161001, "CheckNotNullScalar: OP_CHECK_NULL(other)"),
        Probe("null alpha", [f(S)], [2.0, None], [f(S)], 161001, "CheckNotNullScalar: OP_CHECK_NULL(alpha)"),
        Probe("null out", [f(S)], [2.0, 1.0], [None], 161001, "CheckNotNullScalar: OP_CHECK_NULL(out)"),
        Probe("null alpha before bad self dtype", [f(S, "UINT32")], [2.0, None], [f(S)], 161001,
              "CheckParamsScalar: CheckNotNullScalar first"),
        Probe("uint32 self", [f(S, "UINT32")], [2.0, 1.0], [f(S)], 161002,
              "CheckParamsScalar: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
        Probe("bf16 on Ascend910B", [f(S, "BF16")], [2.0, 1.0], [f(S, "BF16")], 0,
              "GetDtypeSupportListBySocVersion: DAV_2201 has BF16"),
        Probe("bf16 on Ascend910", [f(S, "BF16")], [2.0, 1.0], [f(S, "BF16")], 161002,
              "GetDtypeSupportListBySocVersion: DAV_1001 has no BF16", soc="Ascend910"),
        Probe("uint32 out into float", [f(S)], [2.0, 1.0], [f(S, "UINT32")], 161002,
              "CheckPromoteType: CanCast(FLOAT, UINT32) is false (out is not list-checked)"),
        Probe("int32 out from int32 self, uint32 out", [f(S, "INT32")], [2, 1], [f(S, "UINT32")], 0,
              "CheckParamsScalar: out's dtype is never list-checked; CanCast(INT32, UINT32)"),
        Probe("float alpha, int promoted", [f(S, "INT32")], [2, 1.5], [f(S, "INT32")], 161002,
              "CheckPromoteType: CanCast(alpha FLOAT, INT32) is false"),
        Probe("int alpha, bool promoted", [f(S, "BOOL")], [True, 2], [f(S, "BOOL")], 0,
              "CheckPromoteType: BOOL promotion: IsIntegralType(alpha INT64, true)"),
        Probe("float alpha, bool promoted", [f(S, "BOOL")], [True, 1.0], [f(S, "BOOL")], 161002,
              "CheckPromoteType: BOOL promotion: alpha FLOAT is not integral"),
        Probe("complex alpha, float promoted", [f(S)], [2.0, 1j], [f(S)], 161002,
              "CheckPromoteType: CanCast(alpha COMPLEX64, FLOAT) is false"),
        Probe("int32 self, float other into int32", [f(S, "INT32")], [0.5, 1], [f(S, "INT32")], 161002,
              "PromoteTypeScalar: PromoteType(INT32, FLOAT) = FLOAT; CanCast(FLOAT, INT32) is false"),
        Probe("int32 self, double other into float", [f(S, "INT32")], [np.float64(0.5), 1], [f(S)], 0,
              "PromoteTypeScalar: a DOUBLE other with a FLOAT out: FLOAT"),
        Probe("int32 self, double other into double", [f(S, "INT32")], [np.float64(0.5), 1], [f(S, "DOUBLE")], 0,
              "PromoteTypeScalar: PromoteType(INT32, DOUBLE) = DOUBLE; CanCast(DOUBLE, DOUBLE)"),
        Probe("float self into int32", [f(S)], [2.0, 1.0], [f(S, "INT32")], 161002,
              "CheckPromoteType: CanCast(FLOAT, INT32) is false"),
        Probe("bool self, int other into bool", [f(S, "BOOL")], [2, 1], [f(S, "BOOL")], 161002,
              "PromoteTypeScalar: PromoteType(BOOL, INT64) = INT64; CanCast(INT64, BOOL) is false"),
        Probe("complex other into float", [f(S)], [1j, 1.0], [f(S)], 161002,
              "PromoteTypeScalar: PromoteType(FLOAT, COMPLEX64) = COMPLEX64; CanCast(COMPLEX64, FLOAT) is false"),
        Probe("complex other into complex", [f(S)], [1j, 1.0], [f(S, "COMPLEX64")], 0,
              "PromoteTypeScalar: COMPLEX64; CanCast(FLOAT alpha, COMPLEX64)"),
        Probe("float self, uint32 other", [f(S)], [np.uint32(3), 1.0], [f(S)], 0,
              "PromoteTypeScalar: a floating self keeps its dtype (no regbase CanCast(other, ...))"),
        Probe("bool self, uint32 other", [f(S, "BOOL")], [np.uint32(3), 1], [f(S, "BOOL")], 161002,
              "PromoteTypeScalar: PromoteType(BOOL, UINT32) is DT_UNDEFINED: can not promote"),
        Probe("float16 self, int other into int32 on Ascend950", [f(S, "FLOAT16")], [2, 1], [f(S, "INT32")], 161002,
              "PromoteTypeScalar (regbase): FLOAT16 kept; CanCast(FLOAT16, INT32) is false", soc=A950),
        Probe("float16 self, wide other on Ascend950", [f(S, "FLOAT16")], [70000, 1], [f(S, "FLOAT16")], 0,
              "PromoteTypeScalar (regbase): ToFp16(70000) != 70000: FLOAT; CanCast(FLOAT, FLOAT16)", soc=A950),
        Probe("int32 self, uint32 other on Ascend950", [f(S, "INT32")], [np.uint32(3), 1], [f(S, "INT32")], 0,
              "PromoteTypeScalar (regbase): CombineCategoriesWithComplex(INT32, UINT32) = INT32; "
              "CanCast(UINT32, INT32) holds", soc=A950),
        Probe("complex other into float on Ascend950", [f(S)], [1j, 1.0], [f(S)], 161002,
              "PromoteTypeScalar (regbase): CombineCategoriesWithComplex(FLOAT, COMPLEX64) = COMPLEX64; "
              "CanCast(COMPLEX64, FLOAT) is false", soc=A950),
        Probe("rank 8", [f(R8)], [2.0, 1.0], [f(R8)], 0, "CheckShapeScalar: OP_CHECK_MAX_DIM(self, 8) at 8"),
        Probe("rank 9", [f(R9)], [2.0, 1.0], [f(R9)], 161002, "CheckShapeScalar: OP_CHECK_MAX_DIM(self, 8)"),
        Probe("out of another shape", [f((2, 3))], [2.0, 1.0], [f((3, 2))], 161002,
              "CheckShapeScalar: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
        Probe("promotion before shape", [f((2, 3))], [2.0, 1.0], [f((3, 2), "INT32")], 161002,
              "CheckPromoteType before CheckShapeScalar (both 161002)"),
        Probe("empty self", [f((0, 3))], [2.0, 1.0], [f((0, 3))], 0,
              "%sGetWorkspaceSize: self->IsEmpty() returns success after CheckParamsScalar" % api),
        Probe("empty with another out shape", [f((0, 3))], [2.0, 1.0], [f((3, 0))], 161002,
              "CheckParamsScalar (CheckShapeScalar) runs before the IsEmpty() return"),
        Probe("empty with uncastable out", [f((0, 3))], [2.0, 1.0], [f((0, 3), "INT32")], 161002,
              "CheckParamsScalar (CheckPromoteType) runs before the IsEmpty() return"),
        Probe("inplace: null selfRef", [None], [2.0, 1.0], [], 161001,
              "%s(selfRef, ..., selfRef): OP_CHECK_NULL(self)" % api, op=inplace_op),
        Probe("inplace: null alpha", [f(S)], [2.0, None], [], 161001,
              "%s(selfRef, ..., selfRef): OP_CHECK_NULL(alpha)" % api, op=inplace_op),
        Probe("inplace: int32 selfRef, float other", [f(S, "INT32")], [0.5, 1], [], 161002,
              "CheckPromoteType: CanCast(FLOAT, INT32 selfRef) is false", op=inplace_op),
        Probe("inplace: float selfRef", [f(S)], [0.5, 2], [], 0, "CheckParamsScalar passes", op=inplace_op),
        Probe("inplace: rank 9", [f(R9)], [2.0, 1.0], [], 161002, "CheckShapeScalar: OP_CHECK_MAX_DIM(self, 8)",
              op=inplace_op),
        Probe("inplace: empty", [f((0, 3))], [2.0, 1.0], [], 0, "self->IsEmpty() returns success", op=inplace_op),
    ]
    return P


PROBES = probes(OP, "InplaceAdds", "aclnnAdds")
