"""Probes of aclnnHardshrinkBackward and aclnnSoftshrinkBackward
(ascendops/ops/shrink_backward.py). SOURCE is HardshrinkBackward's file; the
SoftshrinkBackward probes cite activation/soft_shrink_grad/op_api/aclnn_softshrink_backward.cpp
(same commit)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/hard_shrink_grad/op_api/aclnn_hardshrink_backward.cpp")
OP = "HardshrinkBackward"
S = (2, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S
E = (0, 3)
SB = "aclnn_softshrink_backward.cpp "

PROBES = [
    # -- aclnnHardshrinkBackward (aclnn_hardshrink_backward.cpp)
    Probe("null gradOutput", [None, f(S)], [0.5], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(gradOutput)"),
    Probe("null self", [f(S), None], [0.5], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null lambd", [f(S), f(S)], [None], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(lambd)"),
    Probe("null gradInput", [f(S), f(S)], [0.5], [None], 161001, "CheckNotNull: OP_CHECK_NULL(gradInput)"),
    Probe("null lambd before bad self dtype", [f(S), f(S, "DOUBLE")], [None], [f(S)], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("double self", [f(S), f(S, "DOUBLE")], [0.5], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("double gradInput", [f(S), f(S)], [0.5], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradInput)"),
    Probe("bf16 on DAV_2201", [f(S, "BF16"), f(S, "BF16")], [0.5], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B_DTYPE_SUPPORT_LIST on DAV_2201"),
    Probe("bf16 on regbase", [f(S, "BF16"), f(S, "BF16")], [0.5], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B_DTYPE_SUPPORT_LIST where IsRegbase()", soc="Ascend950"),
    Probe("bf16 on DAV_1001", [f(S, "BF16"), f(S, "BF16")], [0.5], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend910"),
    Probe("bf16 gradInput on DAV_2002", [f(S), f(S)], [0.5], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910_DTYPE_SUPPORT_LIST (gradInput)", soc="Ascend310P"),
    Probe("float16 with float promotes", [f(S, "FLOAT16"), f(S)], [0.5], [f(S)], 0,
          "CheckPromoteType: PromoteType(FLOAT16, FLOAT) = FLOAT, in the list"),
    Probe("float16 gradInput of float promoted", [f(S, "FLOAT16"), f(S)], [0.5], [f(S, "FLOAT16")], 0,
          "CheckPromoteType: CanCast(FLOAT, FLOAT16)"),
    Probe("float16 with bf16 promotes to float", [f(S, "FLOAT16"), f(S, "BF16")], [0.5], [f(S, "BF16")], 0,
          "CheckPromoteType: PromoteType(FLOAT16, BF16) = FLOAT, CanCast(FLOAT, BF16)"),
    Probe("rank 8", [f(R8), f(R8)], [0.5], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(8)"),
    Probe("rank 9 gradInput", [f(S), f(S)], [0.5], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(gradInput, 8)"),
    Probe("broadcast", [f((1, 3)), f((2, 1))], [0.5], [f(S)], 0,
          "CheckShapeBroadcast: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("no broadcast", [f((2, 3)), f((4, 3))], [0.5], [f((4, 3))], 161002,
          "CheckShapeBroadcast: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("gradInput not the broadcast shape", [f((1, 3)), f((2, 1))], [0.5], [f((2, 1))], 161002,
          "CheckShapeBroadcast: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(gradInput)"),
    Probe("negative lambd", [f(S), f(S)], [-1.0], [f(S)], 0, "lambdFloat < 0 is taken as 0, no check"),
    Probe("complex lambd", [f(S), f(S)], [1j], [f(S)], 0,
          "no check of lambd's dtype; aclScalar::ToFloat of a complex scalar is 0"),
    Probe("empty", [f(E), f(E)], [0.5], [f(E)], 0, "IsEmpty() returns success"),
    Probe("empty before the broadcast check", [f(E), f((4, 3))], [0.5], [f((5, 5))], 0,
          "aclnnHardshrinkBackwardGetWorkspaceSize: IsEmpty() returns before CheckShapeBroadcast"),
    Probe("empty with double gradInput", [f(E), f(E)], [0.5], [f(E, "DOUBLE")], 161002,
          "CheckParams (CheckDtypeValid) before the IsEmpty() return"),
    Probe("empty with rank 9 gradInput", [f(E), f(E)], [0.5], [f(R9)], 161002,
          "CheckParams (CheckShape) before the IsEmpty() return"),
    Probe("empty with bf16 on DAV_1001", [f(E, "BF16"), f(E, "BF16")], [0.5], [f(E, "BF16")], 161002,
          "CheckDtypeValid before the IsEmpty() return", soc="Ascend910"),
    # -- aclnnSoftshrinkBackward (aclnn_softshrink_backward.cpp)
    Probe("soft: null gradOutput", [None, f(S)], [0.5], [f(S)], 161001, SB + "CheckNotNull: OP_CHECK_NULL(gradOutput)",
          op="SoftshrinkBackward"),
    Probe("soft: null lambd", [f(S), f(S)], [None], [f(S)], 161001, SB + "CheckNotNull: OP_CHECK_NULL(lambd)",
          op="SoftshrinkBackward"),
    Probe("soft: null gradInput", [f(S), f(S)], [0.5], [None], 161001, SB + "CheckNotNull: OP_CHECK_NULL(gradInput)",
          op="SoftshrinkBackward"),
    Probe("soft: null gradInput before negative lambd", [f(S), f(S)], [-1.0], [None], 161001,
          SB + "CheckParams: CheckNotNull first", op="SoftshrinkBackward"),
    Probe("soft: double gradOutput", [f(S, "DOUBLE"), f(S)], [0.5], [f(S)], 161002,
          SB + "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)", op="SoftshrinkBackward"),
    Probe("soft: int32 gradInput", [f(S), f(S)], [0.5], [f(S, "INT32")], 161002,
          SB + "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradInput)", op="SoftshrinkBackward"),
    Probe("soft: bf16 on Ascend910B", [f(S, "BF16"), f(S, "BF16")], [0.5], [f(S, "BF16")], 0,
          SB + "GetDtypeSupportList: ASCEND910B_DTYPE_SUPPORT_LIST", op="SoftshrinkBackward"),
    Probe("soft: bf16 on Ascend950", [f(S, "BF16"), f(S, "BF16")], [0.5], [f(S, "BF16")], 0,
          SB + "GetDtypeSupportList: not ASCEND910/ASCEND310P", soc="Ascend950", op="SoftshrinkBackward"),
    Probe("soft: bf16 on Ascend910", [f(S, "BF16"), f(S, "BF16")], [0.5], [f(S, "BF16")], 161002,
          SB + "GetDtypeSupportList: ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend910", op="SoftshrinkBackward"),
    Probe("soft: bf16 gradInput on Ascend310P", [f(S), f(S)], [0.5], [f(S, "BF16")], 161002,
          SB + "GetDtypeSupportList: ASCEND910_DTYPE_SUPPORT_LIST (gradInput)", soc="Ascend310P",
          op="SoftshrinkBackward"),
    Probe("soft: mixed dtypes", [f(S, "FLOAT16"), f(S)], [0.5], [f(S, "FLOAT16")], 0,
          SB + "CheckDtypeValid: each in the list, no match (FLOAT16 Cast to FLOAT)", op="SoftshrinkBackward"),
    Probe("soft: rank 9 self", [f(S), f(R9)], [0.5], [f(R9)], 161002, SB + "CheckShapeValid: OP_CHECK_MAX_DIM(self, 8)",
          op="SoftshrinkBackward"),
    Probe("soft: rank 8", [f(R8), f(R8)], [0.5], [f(R8)], 0, SB + "CheckShapeValid: OP_CHECK_MAX_DIM(8)",
          op="SoftshrinkBackward"),
    Probe("soft: broadcast", [f((1, 3)), f((2, 1))], [0.5], [f(S)], 0, SB + "CheckShapeValid: OP_CHECK_BROADCAST",
          op="SoftshrinkBackward"),
    Probe("soft: no broadcast", [f((2, 3)), f((4, 3))], [0.5], [f((4, 3))], 161002,
          SB + "CheckShapeValid: OP_CHECK_BROADCAST(gradOutput, self)", op="SoftshrinkBackward"),
    Probe("soft: gradInput not the broadcast shape", [f((1, 3)), f((2, 1))], [0.5], [f((2, 1))], 161002,
          SB + "CheckShapeValid: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(gradInput)", op="SoftshrinkBackward"),
    Probe("soft: negative lambd", [f(S), f(S)], [-0.5], [f(S)], 161002, SB + "CheckParams: lambd->ToFloat() < 0.0f",
          op="SoftshrinkBackward"),
    Probe("soft: lambd 0", [f(S), f(S)], [0.0], [f(S)], 0, SB + "CheckParams: 0 is not < 0", op="SoftshrinkBackward"),
    Probe("soft: nan lambd", [f(S), f(S)], [float("nan")], [f(S)], 0, SB + "CheckParams: NaN < 0 is false",
          op="SoftshrinkBackward"),
    Probe("soft: negative complex lambd", [f(S), f(S)], [-1 + 0j], [f(S)], 0,
          SB + "CheckParams: aclScalar::ToFloat of a complex scalar is 0", op="SoftshrinkBackward"),
    Probe("soft: empty", [f(E), f(E)], [0.5], [f(E)], 0, SB + "gradOutput->IsEmpty() returns success",
          op="SoftshrinkBackward"),
    Probe("soft: empty self", [f((1, 3)), f(E)], [0.5], [f(E)], 0,
          SB + "gradInput (the broadcast shape) is empty: IsEmpty() returns success", op="SoftshrinkBackward"),
    Probe("soft: empty with negative lambd", [f(E), f(E)], [-0.5], [f(E)], 161002,
          SB + "CheckParams (lambd) before the IsEmpty() return", op="SoftshrinkBackward"),
    Probe("soft: empty with no broadcast", [f(E), f((4, 3))], [0.5], [f(E)], 161002,
          SB + "CheckShapeValid (OP_CHECK_BROADCAST) before the IsEmpty() return", op="SoftshrinkBackward"),
    Probe("soft: empty with int32 gradInput", [f(E), f(E)], [0.5], [f(E, "INT32")], 161002,
          SB + "CheckDtypeValid before the IsEmpty() return", op="SoftshrinkBackward"),
]

DOC_SOURCE = [
    "HardshrinkBackward: doc says gradOutput, self and gradInput have one dtype and lambd is FLOAT; source "
    "promotes gradOutput with self (PromoteType in the list, CanCast to gradInput) and checks no lambd dtype "
    "(aclnn_hardshrink_backward.cpp:CheckDtypeValid, CheckPromoteType)",
    "SoftshrinkBackward: doc says gradOutput, self and gradInput have one dtype; source checks each against "
    "the list only (a FLOAT16 input is Cast to FLOAT where they differ) "
    "(aclnn_softshrink_backward.cpp:CheckDtypeValid)",
    "SoftshrinkBackward: doc lists gradInput over 8 dims as 161002; source caps gradOutput and self only "
    "(gradInput must then equal their broadcast shape) (aclnn_softshrink_backward.cpp:CheckShapeValid)",
]
