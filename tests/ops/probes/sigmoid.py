"""Probes of ascendops/ops/sigmoid.py: aclnnSigmoid and aclnnInplaceSigmoid
(aclnn_sigmoid.cpp, SOURCE), aclnnLogSigmoid (activation/log_sigmoid/op_api/
aclnn_logsigmoid.cpp)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "activation/sigmoid/op_api/aclnn_sigmoid.cpp")
OP = "Sigmoid"
S = (2, 3)
E = (0, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S

SIGMOID = [
    Probe("null self", [None], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null self before bad out dtype", [None], [], [f(S, "INT32")], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("uint8 self, float out", [f(S, "UINT8")], [], [f(S)], 0,
          "CheckDtypeValid: DTYPE_SUPPORT_LIST has UINT8 (cast to out's dtype)"),
    Probe("bool self, float16 out", [f(S, "BOOL")], [], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: DTYPE_SUPPORT_LIST has BOOL"),
    Probe("int64 self, double out", [f(S, "INT64")], [], [f(S, "DOUBLE")], 0,
          "CheckDtypeValid: DTYPE_SUPPORT_LIST has INT64, DTYPE_OUT_LIST DOUBLE"),
    Probe("uint32 self", [f(S, "UINT32")], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self, DTYPE_SUPPORT_LIST)"),
    Probe("complex64 self and out", [f(S, "COMPLEX64")], [], [f(S, "COMPLEX64")], 0,
          "CheckDtypeValid: both lists have COMPLEX64"),
    Probe("complex self, float out", [f(S, "COMPLEX64")], [], [f(S)], 0,
          "CheckDtypeValid: the lists only; no CanCast(self, out)"),
    Probe("double self, float16 out", [f(S, "DOUBLE")], [], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: the lists only; no dtype match"),
    Probe("int32 out", [f(S)], [], [f(S, "INT32")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out, DTYPE_OUT_LIST)"),
    Probe("int8 self and out", [f(S, "INT8")], [], [f(S, "INT8")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out, DTYPE_OUT_LIST): no integers"),
    Probe("bf16 self on Ascend910B", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "CheckDtypeValid: CheckSocVersionIsSupportBf16 (ASCEND910B..ASCEND910E)"),
    Probe("bf16 self on Ascend950", [f(S, "BF16")], [], [f(S)], 0,
          "CheckDtypeValid: ASCEND910_95 lies in ASCEND910B..ASCEND910E", soc="Ascend950"),
    Probe("bf16 self on Ascend910", [f(S, "BF16")], [], [f(S)], 161002,
          "CheckDtypeValid: !bf16flag && self is DT_BF16", soc="Ascend910"),
    Probe("bf16 self on Ascend310P", [f(S, "BF16")], [], [f(S)], 161002,
          "CheckDtypeValid: !bf16flag && self is DT_BF16", soc="Ascend310P"),
    Probe("bf16 out on Ascend910", [f(S)], [], [f(S, "BF16")], 0,
          "CheckDtypeValid: DTYPE_OUT_LIST has BF16 on every SoC; only a BF16 self is refused", soc="Ascend910"),
    Probe("out of another shape", [f(S)], [], [f((3, 2))], 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("rank 8", [f(R8)], [], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("0-d", [f(())], [], [f(())], 0, "CheckShape: no minimum rank"),
    Probe("empty", [f(E)], [], [f(E)], 0, "ExecSigmoidGetWorkspaceSize: self->IsEmpty() returns success"),
    Probe("empty with int32 out", [f(E)], [], [f(E, "INT32")], 161002,
          "ExecSigmoidGetWorkspaceSize: CheckParams before the IsEmpty() return"),
    Probe("empty with out of another shape", [f(E)], [], [f((3, 0))], 161002,
          "ExecSigmoidGetWorkspaceSize: CheckShape before the IsEmpty() return"),
    Probe("empty bf16 self on Ascend910", [f(E, "BF16")], [], [f(E)], 161002,
          "ExecSigmoidGetWorkspaceSize: the BF16 check before the IsEmpty() return", soc="Ascend910"),
]

INPLACE_SIGMOID = [
    Probe("inplace: null selfRef", [None], [], [], 161001, "CheckInplaceParams: OP_CHECK_NULL(selfRef)",
          op="InplaceSigmoid"),
    Probe("inplace: double", [f(S, "DOUBLE")], [], [], 0, "CheckInplaceDtypeValid: DTYPE_OUT_LIST has DOUBLE",
          op="InplaceSigmoid"),
    Probe("inplace: complex128", [f(S, "COMPLEX128")], [], [], 0,
          "CheckInplaceDtypeValid: DTYPE_OUT_LIST has COMPLEX128", op="InplaceSigmoid"),
    Probe("inplace: int32", [f(S, "INT32")], [], [], 161002,
          "CheckInplaceDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(selfRef, GetSelfRefDtypeList())", op="InplaceSigmoid"),
    Probe("inplace: bool", [f(S, "BOOL")], [], [], 161002,
          "CheckInplaceDtypeValid: BOOL is not in DTYPE_OUT_LIST", op="InplaceSigmoid"),
    Probe("inplace: bf16 on Ascend910B", [f(S, "BF16")], [], [], 0,
          "GetSelfRefDtypeList: DTYPE_OUT_LIST on ASCEND910B..ASCEND910E", op="InplaceSigmoid"),
    Probe("inplace: bf16 on Ascend910", [f(S, "BF16")], [], [], 161002,
          "GetSelfRefDtypeList: ASCEND910_OUTPUT_DTYPE_SUPPORT_LIST has no BF16", op="InplaceSigmoid",
          soc="Ascend910"),
    Probe("inplace: rank 9", [f(R9)], [], [], 161002, "ExecSigmoidGetWorkspaceSize: CheckShape OP_CHECK_MAX_DIM",
          op="InplaceSigmoid"),
    Probe("inplace: empty int32", [f(E, "INT32")], [], [], 161002,
          "CheckInplaceParams before ExecSigmoid's IsEmpty() return", op="InplaceSigmoid"),
    Probe("inplace: empty", [f(E)], [], [], 0, "ExecSigmoidGetWorkspaceSize: self->IsEmpty()", op="InplaceSigmoid"),
]

LS = "aclnn_logsigmoid.cpp "
LOG_SIGMOID = [
    Probe("logsigmoid: null self", [None], [], [f(S)], 161001, LS + "CheckNotNull2Tensor: OP_CHECK_NULL(self)",
          op="LogSigmoid"),
    Probe("logsigmoid: null out", [f(S)], [], [None], 161001, LS + "CheckNotNull2Tensor: OP_CHECK_NULL(out)",
          op="LogSigmoid"),
    Probe("logsigmoid: null self before bad out dtype", [None], [], [f(S, "DOUBLE")], 161001,
          LS + "CheckParams: CheckNotNull2Tensor first", op="LogSigmoid"),
    Probe("logsigmoid: float16", [f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0,
          LS + "CheckDtypeValid: SELF_DTYPE_SUPPORT_LIST has FLOAT16", op="LogSigmoid"),
    Probe("logsigmoid: double", [f(S, "DOUBLE")], [], [f(S, "DOUBLE")], 161002,
          LS + "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)", op="LogSigmoid"),
    Probe("logsigmoid: double out", [f(S)], [], [f(S, "DOUBLE")], 161002,
          LS + "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out)", op="LogSigmoid"),
    Probe("logsigmoid: out of another dtype", [f(S)], [], [f(S, "FLOAT16")], 161002,
          LS + "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(self, out)", op="LogSigmoid"),
    Probe("logsigmoid: bf16 on Ascend910B", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          LS + "GetDtypeSupportListV2: the BF16 list on DAV_2201", op="LogSigmoid"),
    Probe("logsigmoid: bf16 on Ascend950", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          LS + "GetDtypeSupportListV2: the BF16 list on a regbase SoC", op="LogSigmoid", soc="Ascend950"),
    Probe("logsigmoid: bf16 on Ascend910", [f(S, "BF16")], [], [f(S, "BF16")], 161002,
          LS + "GetDtypeSupportListV2: SELF_DTYPE_SUPPORT_LIST on DAV_1001", op="LogSigmoid", soc="Ascend910"),
    Probe("logsigmoid: bf16 on Ascend310P", [f(S, "BF16")], [], [f(S, "BF16")], 161002,
          LS + "GetDtypeSupportListV2: SELF_DTYPE_SUPPORT_LIST on DAV_2002", op="LogSigmoid", soc="Ascend310P"),
    Probe("logsigmoid: out of another shape", [f(S)], [], [f((3, 2))], 161002,
          LS + "CheckSameShapeNotlimit1In1Out: OP_CHECK_SHAPE_NOT_EQUAL", op="LogSigmoid"),
    Probe("logsigmoid: rank 9", [f(R9)], [], [f(R9)], 0,
          LS + "CheckSameShapeNotlimit1In1Out: no OP_CHECK_MAX_DIM (reshaped past 8 dims)", op="LogSigmoid"),
    Probe("logsigmoid: empty", [f(E)], [], [f(E)], 0, LS + "self->IsEmpty() returns success", op="LogSigmoid"),
    Probe("logsigmoid: empty double", [f(E, "DOUBLE")], [], [f(E, "DOUBLE")], 161002,
          LS + "CheckParams before the IsEmpty() return", op="LogSigmoid"),
    Probe("logsigmoid: empty with out of another shape", [f(E)], [], [f((3, 0))], 161002,
          LS + "CheckSameShapeNotlimit1In1Out before the IsEmpty() return", op="LogSigmoid"),
]

PROBES = SIGMOID + INPLACE_SIGMOID + LOG_SIGMOID

DOC_SOURCE = [
    "Sigmoid: doc lists self and out FLOAT, FLOAT16, BFLOAT16; source takes self in DTYPE_SUPPORT_LIST (also "
    "DOUBLE, INT8/16/32/64, UINT8, BOOL, COMPLEX64/128) and out in DTYPE_OUT_LIST (also DOUBLE, COMPLEX64/128), "
    "BF16 out on every SoC (aclnn_sigmoid.cpp:CheckDtypeValid)",
    "InplaceSigmoid: doc gives selfRef 1-8 dims; source caps self at 8 with no minimum: a 0-d selfRef passes "
    "(aclnn_sigmoid.cpp:CheckShape)",
    "LogSigmoid: doc gives self and out 1-8 dims; source has no rank check (aclnn_logsigmoid.cpp:"
    "CheckSameShapeNotlimit1In1Out; more than 8 dims are reshaped)",
]
