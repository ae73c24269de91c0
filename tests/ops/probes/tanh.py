"""Probes of ascendops/ops/tanh.py: aclnnTanh and aclnnInplaceTanh (aclnn_tanh.cpp, SOURCE)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/tanh/op_api/aclnn_tanh.cpp")
OP = "Tanh"
S = (2, 3)
E = (0, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S

TANH = [
    Probe("null self", [None], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("float16", [f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0, "CheckDtypeValid: FLOAT16 listed"),
    Probe("int32 self, float out", [f(S, "INT32")], [], [f(S)], 0,
          "CheckDtypeValid: INT32 listed; castType FLOAT, CanCast(FLOAT, FLOAT)"),
    Probe("bool self, float16 out", [f(S, "BOOL")], [], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: castType FLOAT, CanCast(FLOAT, FLOAT16)"),
    Probe("int8 self and out", [f(S, "INT8")], [], [f(S, "INT8")], 161002,
          "CheckDtypeValid: INT8 in both lists; OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, INT8)"),
    Probe("float self, int32 out", [f(S)], [], [f(S, "INT32")], 161002,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, INT32)"),
    Probe("double self", [f(S, "DOUBLE")], [], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self): DOUBLE not listed"),
    Probe("float self, double out", [f(S)], [], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out): DOUBLE not listed"),
    Probe("complex64 self", [f(S, "COMPLEX64")], [], [f(S, "COMPLEX64")], 161002,
          "CheckDtypeValid: COMPLEX64 not listed"),
    Probe("float self, float16 out", [f(S)], [], [f(S, "FLOAT16")], 0, "CheckDtypeValid: CanCast(FLOAT, FLOAT16)"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "CheckDtypeValid: ASCEND910B_DTYPE_SUPPORT_LIST on ASCEND910B..ASCEND910E"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "CheckDtypeValid: ASCEND910_95 lies in ASCEND910B..ASCEND910E", soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "CheckDtypeValid: ASCEND910_DTYPE_SUPPORT_LIST has no BF16", soc="Ascend910"),
    Probe("float self, bf16 out on Ascend310P", [f(S)], [], [f(S, "BF16")], 161002,
          "CheckDtypeValid: out against ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend310P"),
    Probe("view formats differ", [f(S, "FLOAT", "ACL_FORMAT_NCHW")], [], [f(S, "FLOAT", "ACL_FORMAT_NHWC")], 161002,
          "CheckFormat: self's and out's view formats differ"),
    Probe("NCHW", [f(S, "FLOAT", "ACL_FORMAT_NCHW")], [], [f(S, "FLOAT", "ACL_FORMAT_NCHW")], 0,
          "CheckFormat: equal public formats"),
    Probe("private format", [f(S, "FLOAT", "ACL_FORMAT_NC1HWC0")], [], [f(S, "FLOAT", "ACL_FORMAT_NC1HWC0")],
          161002, "CheckFormat: op::IsPrivateFormat(self's view format)"),
    Probe("formats differ, int8 out", [f(S, "FLOAT", "ACL_FORMAT_NCHW")], [], [f(S, "INT8", "ACL_FORMAT_NHWC")],
          161002, "CheckParams: CheckDtypeValid before CheckFormat (both 161002)"),
    Probe("out of another shape", [f(S)], [], [f((3, 2))], 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("rank 8", [f(R8)], [], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("0-d", [f(())], [], [f(())], 0, "CheckShape: no minimum rank"),
    Probe("empty", [f(E)], [], [f(E)], 0, "ExecTanhGetWorkspaceSize: self->IsEmpty() returns success"),
    Probe("empty with int8 out", [f(E)], [], [f(E, "INT8")], 161002,
          "ExecTanhGetWorkspaceSize: CheckParams before the IsEmpty() return"),
]

INPLACE_TANH = [
    Probe("inplace: null selfRef", [None], [], [], 161001, "CheckInplaceParams: OP_CHECK_NULL(selfRef)",
          op="InplaceTanh"),
    Probe("inplace: float", [f(S)], [], [], 0, "CheckInplaceDtypeValid: FLOAT listed", op="InplaceTanh"),
    Probe("inplace: int32", [f(S, "INT32")], [], [], 161002, "CheckInplaceDtypeValid: INT32 not in the out list",
          op="InplaceTanh"),
    Probe("inplace: bf16 on Ascend910_93", [f(S, "BF16")], [], [], 0,
          "GetOutDtypeSupportList: ASCEND910_93", op="InplaceTanh", soc="Ascend910_93"),
    Probe("inplace: bf16 on Ascend950", [f(S, "BF16")], [], [], 0,
          "GetOutDtypeSupportList: IsRegBase()", op="InplaceTanh", soc="Ascend950"),
    Probe("inplace: bf16 on Ascend910", [f(S, "BF16")], [], [], 161002,
          "GetOutDtypeSupportList: ASCEND910_DTYPE_OUT_LIST", op="InplaceTanh", soc="Ascend910"),
    Probe("inplace: rank 9", [f(R9)], [], [], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)", op="InplaceTanh"),
    Probe("inplace: empty", [f(E)], [], [], 0, "ExecTanhGetWorkspaceSize: IsEmpty()", op="InplaceTanh"),
]

PROBES = TANH + INPLACE_TANH

DOC_SOURCE = []
