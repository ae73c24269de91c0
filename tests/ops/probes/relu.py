"""Probes of aclnnAddRelu and aclnnInplaceAddRelu (ascendops/ops/relu.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "activation/relu/op_api/aclnn_add_relu.cpp")
OP = "AddRelu"
S = (2, 3)

PROBES = [
    Probe("null alpha", [f(S), f(S)], [None], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(alpha)"),
    Probe("null self before bad other dtype", [None, f(S, "UINT32")], [1.0], [f(S)], 161001,
          "CheckParams: CheckNotNull runs first"),
    Probe("bf16 on DAV_2201", [f(S, "BF16"), f(S, "BF16")], [1.0], [f(S, "BF16")], 0,
          "GetDtypeSupportListBySocVersion: DTYPE_SUPPORT_LIST_WITH_BF16 on DAV_2201"),
    Probe("bf16 on DAV_1001", [f(S, "BF16"), f(S, "BF16")], [1.0], [f(S, "BF16")], 161002,
          "GetDtypeSupportListBySocVersion: DTYPE_SUPPORT_LIST_WITHOUT_BF16", soc="Ascend910"),
    Probe("uint32 other", [f(S), f(S, "UINT32")], [1.0], [f(S)], 161002,
          "CheckParams: OP_CHECK_DTYPE_NOT_SUPPORT(other)"),
    Probe("float alpha, int promoted", [f(S, "INT32"), f(S, "INT32")], [1.5], [f(S, "INT32")], 161002,
          "CheckPromoteType: CanCast(alpha, promoteType)"),
    Probe("int alpha, bool promoted is not in the list", [f(S, "BOOL"), f(S, "BOOL")], [1], [f(S, "BOOL")], 161002,
          "CheckParams: OP_CHECK_DTYPE_NOT_SUPPORT(self): BOOL is in no list"),
    Probe("float64 out is castable", [f(S), f(S)], [1.0], [f(S, "DOUBLE")], 0,
          "CheckPromoteType: CanCast(promoteType, out) only"),
    Probe("int32 out from float", [f(S), f(S)], [1.0], [f(S, "INT32")], 161002,
          "CheckPromoteType: CanCast(FLOAT, INT32) is false"),
    Probe("rank 9", [f((1,) * 9), f(S)], [1.0], [f((1,) * 7 + S)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("no broadcast", [f((2, 3)), f((4, 3))], [1.0], [f((2, 3))], 161002,
          "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("out not the broadcast shape", [f((2, 1)), f((1, 3))], [1.0], [f((2, 1))], 161002,
          "CheckShape: broadcastShape != y->GetViewShape()"),
    Probe("empty after checks", [f((0, 3)), f((1, 3))], [1.0], [f((0, 3))], 0,
          "aclnnAddReluGetWorkspaceSize: self->IsEmpty() returns success after CheckParams"),
    Probe("empty with bad out dtype", [f((0, 3)), f((1, 3))], [1.0], [f((0, 3), "INT32")], 161002,
          "CheckParams runs before the IsEmpty() return"),
    Probe("inplace: shape before null alpha", [f((2, 3)), f((4, 3))], [None], [], 161002,
          "CheckInplace: OP_CHECK_BROADCAST_AND_INFER_SHAPE before CheckNotNull(alpha)", op="InplaceAddRelu"),
    Probe("inplace: selfRef not the broadcast shape", [f((2, 1)), f((2, 3))], [1.0], [], 161002,
          "CheckInplace: selfRef->GetViewShape() == broadcastShape", op="InplaceAddRelu"),
    Probe("inplace: null alpha", [f(S), f(S)], [None], [], 161001,
          "aclnnAddReluGetWorkspaceSize: CheckNotNull(alpha)", op="InplaceAddRelu"),
]
