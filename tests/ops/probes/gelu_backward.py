"""Probes of aclnnGeluBackward and aclnnGeluBackwardV2 (ascendops/ops/gelu_backward.py).

SOURCE is aclnnGeluBackward's file; the V2 probes cite
activation/gelu_grad_v2/op_api/aclnn_gelu_backward_v2.cpp (same commit). Both call
CheckPromoteTypeGeluBackward of common/inc/op_api/level2_base.h."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/gelu_grad/op_api/aclnn_gelu_backward.cpp")
OP = "GeluBackward"
S = (2, 3)
R8 = (1, 2, 1, 1, 1, 1, 1, 3)
R9 = (1, 1, 2, 1, 1, 1, 1, 1, 3)
E = (0, 3)
V2 = "GeluBackwardV2"

PROBES = [
    # aclnnGeluBackward
    Probe("null gradOutput", [None, f(S)], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(gradOutput)"),
    Probe("null self", [f(S), None], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null gradInput", [f(S), f(S)], [], [None], 161001, "CheckNotNull: OP_CHECK_NULL(gradInput)"),
    Probe("null gradInput before undefined promotion", [f(S, "UINT32"), f(S)], [], [None], 161001,
          "CheckParams: CheckNotNull before CheckPromoteType"),
    Probe("int32 gradOutput promotes to float", [f(S, "INT32"), f(S)], [], [f(S)], 0,
          "CheckPromoteTypeGeluBackward: only PromoteType(INT32, FLOAT) = FLOAT is checked"),
    Probe("bool with float16", [f(S, "BOOL"), f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0,
          "CheckPromoteTypeGeluBackward: PromoteType(BOOL, FLOAT16) = FLOAT16"),
    Probe("int32 promoted", [f(S, "INT32"), f(S, "INT32")], [], [f(S, "INT32")], 161002,
          "CheckPromoteTypeGeluBackward: CheckType(INT32, DTYPE_SUPPORT_LIST)"),
    Probe("double promoted", [f(S, "DOUBLE"), f(S)], [], [f(S)], 161002,
          "CheckPromoteTypeGeluBackward: CheckType(DOUBLE, DTYPE_SUPPORT_LIST)"),
    Probe("uint32 does not promote", [f(S, "UINT32"), f(S)], [], [f(S)], 161002,
          "CheckPromoteTypeGeluBackward: PromoteType is DT_UNDEFINED"),
    Probe("bf16 on DAV_2201", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 0,
          "CheckPromoteTypeGeluBackward: BF16 on DAV_2201"),
    Probe("bf16 on regbase", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 0,
          "CheckPromoteTypeGeluBackward: BF16 on IsRegbase()", soc="Ascend950"),
    Probe("bf16 on DAV_1001", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "CheckPromoteTypeGeluBackward: promoted BF16 off DAV_2201 and regbase", soc="Ascend910"),
    Probe("bf16 input promoted to float on DAV_1001", [f(S, "BF16"), f(S, "FLOAT16")], [], [f(S)], 0,
          "CheckPromoteTypeGeluBackward: PromoteType(BF16, FLOAT16) = FLOAT; no input's own dtype is checked",
          soc="Ascend910"),
    Probe("gradInput int32 is not checked", [f(S), f(S)], [], [f(S, "INT32")], 0,
          "CheckPromoteType: gradInput unused (the result is Cast to its dtype)"),
    Probe("gradInput double is not checked", [f(S), f(S)], [], [f(S, "DOUBLE")], 0,
          "CheckPromoteType: gradInput unused (the result is Cast to its dtype)"),
    Probe("broadcast", [f((2, 1)), f((1, 3))], [], [f(S)], 0, "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("no broadcast", [f(S), f((4, 3))], [], [f(S)], 161002, "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("gradInput not the broadcast shape", [f((2, 1)), f((1, 3))], [], [f((2, 1))], 161002,
          "CheckShape: shapeBroadcast != gradInputShape"),
    Probe("rank 8", [f(R8), f(R8)], [], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(gradOutput, 8)"),
    Probe("rank 9 self", [f(S), f(R9)], [], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("empty", [f(E), f((1, 3))], [], [f(E)], 0,
          "aclnnGeluBackwardGetWorkspaceSize: gradOutput->IsEmpty() returns success"),
    Probe("empty with undefined promotion", [f(E, "UINT32"), f(E)], [], [f(E)], 161002,
          "CheckParams runs before the IsEmpty() return"),
    Probe("empty that does not broadcast", [f(E), f((2, 3))], [], [f(E)], 161002,
          "CheckShape runs before the IsEmpty() return"),

    # aclnnGeluBackwardV2 (aclnn_gelu_backward_v2.cpp)
    Probe("v2: null approximate", [f(S), f(S)], [None], [f(S)], 161001,
          "CheckNotNull: !approximate -> ACLNN_ERR_PARAM_NULLPTR", op=V2),
    Probe("v2: null gradInput", [f(S), f(S)], ["none"], [None], 161001, "CheckNotNull: OP_CHECK_NULL(gradInput)",
          op=V2),
    Probe("v2: null approximate before undefined promotion", [f(S, "UINT32"), f(S)], [None], [f(S)], 161001,
          "CheckParams: CheckNotNull before CheckPromoteType", op=V2),
    Probe("v2: tanh", [f(S), f(S)], ["tanh"], [f(S)], 0, "CheckAttrValue: \"tanh\"", op=V2),
    Probe("v2: bad approximate", [f(S), f(S)], ["erf"], [f(S)], 161002, "CheckAttrValue: not none or tanh", op=V2),
    Probe("v2: empty approximate", [f(S), f(S)], [""], [f(S)], 161002, "CheckAttrValue: not none or tanh", op=V2),
    Probe("v2: approximate is case-sensitive", [f(S), f(S)], ["TANH"], [f(S)], 161002,
          "CheckAttrValue: std::string compare", op=V2),
    Probe("v2: int32 gradOutput promotes to float", [f(S, "INT32"), f(S)], ["none"], [f(S)], 0,
          "CheckPromoteTypeGeluBackward: PromoteType(INT32, FLOAT) = FLOAT", op=V2),
    Probe("v2: gradInput not the promoted dtype", [f(S, "FLOAT16"), f(S, "FLOAT16")], ["none"], [f(S)], 161002,
          "CheckPromoteType: promoteType != gradInput dtype", op=V2),
    Probe("v2: gradInput float for mixed inputs", [f(S, "FLOAT16"), f(S)], ["none"], [f(S)], 0,
          "CheckPromoteType: PromoteType(FLOAT16, FLOAT) = FLOAT = gradInput", op=V2),
    Probe("v2: int32 promoted", [f(S, "INT32"), f(S, "INT32")], ["none"], [f(S, "INT32")], 161002,
          "CheckPromoteTypeGeluBackward: CheckType(INT32, DTYPE_SUPPORT_LIST)", op=V2),
    Probe("v2: bf16 on DAV_1001", [f(S, "BF16"), f(S, "BF16")], ["none"], [f(S, "BF16")], 161002,
          "CheckPromoteTypeGeluBackward: promoted BF16 off DAV_2201 and regbase", op=V2, soc="Ascend910"),
    Probe("v2: bf16 with float16 on DAV_1001", [f(S, "BF16"), f(S, "FLOAT16")], ["none"], [f(S)], 0,
          "CheckPromoteTypeGeluBackward: PromoteType(BF16, FLOAT16) = FLOAT", op=V2, soc="Ascend910"),
    Probe("v2: bf16 on DAV_2201", [f(S, "BF16"), f(S, "BF16")], ["tanh"], [f(S, "BF16")], 0,
          "CheckPromoteTypeGeluBackward: BF16 on DAV_2201", op=V2),
    Probe("v2: rank 9 has no cap", [f(R9), f(R9)], ["none"], [f(R9)], 0, "CheckShape: no OP_CHECK_MAX_DIM", op=V2),
    Probe("v2: broadcast", [f((2, 1)), f((1, 3))], ["none"], [f(S)], 0,
          "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE", op=V2),
    Probe("v2: no broadcast", [f(S), f((4, 3))], ["none"], [f(S)], 161002,
          "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE", op=V2),
    Probe("v2: gradInput not the broadcast shape", [f((2, 1)), f((1, 3))], ["none"], [f((2, 1))], 161002,
          "CheckShape: broadcastShape != gradInputShape", op=V2),
    Probe("v2: empty", [f(E), f(E)], ["none"], [f(E)], 0,
          "aclnnGeluBackwardV2GetWorkspaceSize: self->IsEmpty() returns success", op=V2),
    Probe("v2: empty with bad approximate", [f(E), f(E)], ["erf"], [f(E)], 161002,
          "CheckAttrValue runs in CheckParams, before the IsEmpty() return", op=V2),
    Probe("v2: empty with gradInput not the promoted dtype", [f(E), f(E)], ["none"], [f(E, "FLOAT16")], 161002,
          "CheckPromoteType runs before the IsEmpty() return", op=V2),
]
