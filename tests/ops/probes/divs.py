"""Probes of ascendops/ops/divs.py: aclnnDivs and aclnnInplaceDivs (math/div/op_api/aclnn_div.cpp)."""
import numpy as np

from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/div/op_api/aclnn_div.cpp")
OP = "Divs"
S = (2, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S
A950 = "Ascend950"
NZ = "ACL_FORMAT_FRACTAL_NZ"

DIVS = [
    Probe("null self", [None], [2.0], [f(S)], 161001, "CheckNotNullScalar: OP_CHECK_NULL(self)"),
    Probe("null other", [f(S)], [None], [f(S)], 161001, "CheckNotNullScalar: OP_CHECK_NULL(other)"),
    Probe("null out", [f(S)], [2.0], [None], 161001, "CheckNotNullScalar: OP_CHECK_NULL(out)"),
    Probe("null out before bad self dtype", [f(S, "UINT32")], [2.0], [None], 161001,
          "CheckParamsScalar: CheckNotNullScalar first"),
    Probe("private out format", [f(S)], [2.0], [f(S, fmt=NZ)], 161002,
          "CheckFormatScalar: IsPrivateFormat(out)"),
    Probe("private self format", [f(S, fmt=NZ)], [2.0], [f(S)], 161002,
          "CheckFormatScalar: IsPrivateFormat(self)"),
    Probe("private format before bad dtype", [f(S, "UINT32", fmt=NZ)], [2.0], [f(S)], 161002,
          "CheckFormatScalar before CheckDtypeValidScalar (both 161002)"),
    Probe("uint32 other", [f(S)], [np.uint32(2)], [f(S)], 161002,
          "CheckDtypeValidScalar: OP_CHECK_DTYPE_NOT_SUPPORT(other): the scalar's dtype is listed"),
    Probe("uint32 self", [f(S, "UINT32")], [2.0], [f(S)], 161002,
          "CheckDtypeValidScalar: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("double other", [f(S)], [np.float64(2.0)], [f(S)], 0, "CheckDtypeValidScalar: DOUBLE is listed"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [2.0], [f(S, "BF16")], 0, "GetDtypeSupportList: BF16 on DAV_2201"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [2.0], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: no BF16 on DAV_1001", soc="Ascend910"),
    Probe("rank 8", [f(R8)], [2.0], [f(R8)], 0, "CheckShapeScalar: OP_CHECK_MAX_DIM(self, 8) at 8"),
    Probe("rank 9", [f(R9)], [2.0], [f(R9)], 161002, "CheckShapeScalar: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("out of another shape", [f((2, 3))], [2.0], [f((3, 2))], 161002,
          "CheckShapeScalar: self's view shape != out's"),
    Probe("int32 self into int32", [f(S, "INT32")], [2], [f(S, "INT32")], 0,
          "CheckPromoteTypeScalar (not regbase): CanCast(INT32, INT32)"),
    Probe("int32 self into int32 on Ascend950", [f(S, "INT32")], [2], [f(S, "INT32")], 161002,
          "CheckPromoteTypeScalar (regbase): InferDivsModeDtype INT32: CanCast(FLOAT, INT32) is false", soc=A950),
    Probe("int8 self, float other into int8", [f(S, "INT8")], [0.5], [f(S, "INT8")], 0,
          "CheckPromoteTypeScalar (not regbase): CanCast(INT8, INT8)"),
    Probe("int8 self, float other into int8 on Ascend950", [f(S, "INT8")], [0.5], [f(S, "INT8")], 161002,
          "CheckPromoteTypeScalar (regbase): InferDivsModeDtype = FLOAT; CanCast(FLOAT, INT8) is false", soc=A950),
    Probe("int8 self into float on Ascend950", [f(S, "INT8")], [2], [f(S)], 0,
          "CheckPromoteTypeScalar (regbase): an integral promotion divides in FLOAT", soc=A950),
    Probe("float self into int32", [f(S)], [2.0], [f(S, "INT32")], 161002,
          "CheckPromoteTypeScalar (not regbase): CanCast(FLOAT, INT32) is false"),
    Probe("bool self, bool other into bool", [f(S, "BOOL")], [True], [f(S, "BOOL")], 0,
          "CheckPromoteTypeScalar (not regbase): CanCast(BOOL, BOOL)"),
    Probe("bool self, bool other into bool on Ascend950", [f(S, "BOOL")], [True], [f(S, "BOOL")], 161002,
          "CheckPromoteTypeScalar (regbase): a BOOL promotion: CanCast(FLOAT, BOOL) is false", soc=A950),
    Probe("bool self, uint32 other on Ascend950", [f(S, "BOOL")], [np.uint32(2)], [f(S)], 161002,
          "CheckDtypeValidScalar: UINT32 is not listed (before the promotion)", soc=A950),
    Probe("shape before promotion", [f((2, 3))], [2.0], [f((3, 2), "INT32")], 161002,
          "CheckShapeScalar before CheckPromoteTypeScalar (both 161002)"),
    Probe("empty self", [f((0, 3))], [2.0], [f((0, 3))], 0,
          "aclnnDivsGetWorkspaceSize: self->IsEmpty() returns success after CheckParamsScalar"),
    Probe("empty with another out shape", [f((0, 3))], [2.0], [f((3, 0))], 161002,
          "CheckParamsScalar runs before the IsEmpty() return"),
    Probe("empty, uncastable out", [f((0, 3))], [2.0], [f((0, 3), "INT32")], 161002,
          "CheckPromoteTypeScalar runs before the IsEmpty() return"),
]

INPLACE_DIVS = [
    Probe("inplace: null selfRef", [None], [2.0], [], 161001, "aclnnDivs(selfRef, other, selfRef): OP_CHECK_NULL(self)",
          op="InplaceDivs"),
    Probe("inplace: null other", [f(S)], [None], [], 161001, "OP_CHECK_NULL(other)", op="InplaceDivs"),
    Probe("inplace: uint32 other", [f(S)], [np.uint32(2)], [], 161002,
          "CheckDtypeValidScalar: OP_CHECK_DTYPE_NOT_SUPPORT(other)", op="InplaceDivs"),
    Probe("inplace: int32 selfRef", [f(S, "INT32")], [2], [], 0,
          "CheckPromoteTypeScalar (not regbase): CanCast(INT32, INT32)", op="InplaceDivs"),
    Probe("inplace: int32 selfRef on Ascend950", [f(S, "INT32")], [2], [], 161002,
          "CheckPromoteTypeScalar (regbase): CanCast(FLOAT, INT32) is false", soc=A950, op="InplaceDivs"),
    Probe("inplace: rank 9", [f(R9)], [2.0], [], 161002, "CheckShapeScalar: OP_CHECK_MAX_DIM(self, 8)",
          op="InplaceDivs"),
    Probe("inplace: empty", [f((0, 3))], [2.0], [], 0, "self->IsEmpty() returns success", op="InplaceDivs"),
]

PROBES = DIVS + INPLACE_DIVS

_INT_OUT = ("the engine writes Divs' kernel dtypes only (no integer or BOOL out: the numpy-like call allocates "
            "a float out for an integer self, which needs out_dtypes to be the kernels' list); CANN's non-regbase "
            "CheckPromoteTypeScalar takes CanCast(self, out) and Casts the FLOAT quotient to it")
DEVIATIONS = {
    "int32 self into int32": (161002, _INT_OUT),
    "int8 self, float other into int8": (161002, _INT_OUT),
    "bool self, bool other into bool": (161002, _INT_OUT),
    "inplace: int32 selfRef": (161002, _INT_OUT),
}
