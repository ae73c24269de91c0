"""Probes of ascendops/ops/sub.py: aclnnSub and aclnnInplaceSub (math/sub/op_api/aclnn_sub.cpp)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/sub/op_api/aclnn_sub.cpp")
OP = "Sub"
S = (2, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S

SUB = [
    Probe("null other", [f(S), None], [1.0], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(other)"),
    Probe("null alpha", [f(S), f(S)], [None], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(alpha)"),
    Probe("null out before bad self dtype", [f(S, "UINT32"), f(S)], [1.0], [None], 161001,
          "CheckParams: CheckNotNull runs first"),
    Probe("bf16 on DAV_2201", [f(S, "BF16"), f(S, "BF16")], [1.0], [f(S, "BF16")], 0,
          "GetDtypeSupportListBySocVersion: ASCEND910B_DTYPE_SUPPORT_LIST on DAV_2201"),
    Probe("bf16 on DAV_1001", [f(S, "BF16"), f(S)], [1.0], [f(S)], 161002,
          "GetDtypeSupportListBySocVersion: ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend910"),
    Probe("uint32 self", [f(S, "UINT32"), f(S)], [1.0], [f(S)], 161002, "CheckParams: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("int64", [f(S, "INT64"), f(S, "INT64")], [3], [f(S, "INT64")], 0, "INT64 is listed; CanCast(INT64, INT64)"),
    Probe("float alpha, int promoted", [f(S, "INT32"), f(S, "INT8")], [0.5], [f(S, "INT32")], 161002,
          "CheckPromoteType: OP_CHECK_RESULT_DTYPE_CAST_FAILED(alpha FLOAT, INT32)"),
    Probe("int alpha, bool promoted", [f(S, "BOOL"), f(S, "BOOL")], [1], [f(S, "BOOL")], 0,
          "CheckPromoteType: IsIntegralType(alpha, true) for BOOL"),
    Probe("float alpha, bool promoted", [f(S, "BOOL"), f(S, "BOOL")], [1.0], [f(S, "BOOL")], 161002,
          "CheckPromoteType: IsIntegralType(FLOAT, true) is false"),
    Probe("complex into float out", [f(S, "COMPLEX64"), f(S)], [1.0], [f(S)], 161002,
          "CheckPromoteType: CanCast(COMPLEX64, FLOAT) is false"),
    Probe("float16 - bf16 into float", [f(S, "FLOAT16"), f(S, "BF16")], [2.0], [f(S)], 0,
          "PromoteType(FLOAT16, BF16) = FLOAT"),
    Probe("rank 9", [f(R9), f(S)], [1.0], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self)"),
    Probe("rank 8", [f(S), f(R8)], [1.0], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(other) passes at 8"),
    Probe("no broadcast", [f((2, 3)), f((3, 2))], [1.0], [f((2, 3))], 161002,
          "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("out not the broadcast shape", [f((2, 1)), f((1, 3))], [1.0], [f((3, 2))], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(out, broadcastShape)"),
    Probe("empty", [f((2, 0)), f((1, 0))], [1.0], [f((2, 0))], 0,
          "aclnnSubGetWorkspaceSize: self->IsEmpty() returns success after CheckParams"),
    Probe("empty with bad out dtype", [f((2, 0)), f((1, 0))], [1.0], [f((2, 0), "INT32")], 161002,
          "CheckParams (CanCast(FLOAT, INT32)) runs before the IsEmpty() return"),
]

INPLACE_SUB = [
    Probe("inplace: null selfRef", [None, f(S)], [1.0], [], 161001,
          "CheckInplace returns false (0) on a null selfRef; aclnnSubGetWorkspaceSize's CheckNotNull refuses it",
          op="InplaceSub"),
    Probe("inplace: null alpha before bad shape", [f((2, 3)), f((4, 3))], [None], [], 161001,
          "CheckInplace's broadcast failure returns false (ACLNN_SUCCESS); CheckNotNull(alpha) comes first in "
          "aclnnSubGetWorkspaceSize", op="InplaceSub"),
    Probe("inplace: bad dtype before bad shape", [f((2, 3), "UINT32"), f((4, 3))], [1.0], [], 161002,
          "CheckParams: the dtype check before CheckShape (both 161002)", op="InplaceSub"),
    Probe("inplace: selfRef not the broadcast shape", [f((2, 1)), f((2, 3))], [1.0], [], 161002,
          "aclnnSubGetWorkspaceSize CheckShape: out = selfRef is not the broadcast shape", op="InplaceSub"),
    Probe("inplace: other broadcasts to selfRef", [f((2, 3)), f((1, 3))], [1.0], [], 0,
          "CheckShape: the broadcast shape is selfRef's", op="InplaceSub"),
    Probe("inplace: float other into int32 selfRef", [f(S, "INT32"), f(S)], [1.0], [], 161002,
          "CheckPromoteType: CanCast(FLOAT, INT32) is false", op="InplaceSub"),
    Probe("inplace: rank 9 selfRef", [f(R9), f(S)], [1.0], [], 161002, "CheckShape: OP_CHECK_MAX_DIM(self)",
          op="InplaceSub"),
]

PROBES = SUB + INPLACE_SUB
