"""Probes of ascendops/ops/log.py: aclnnLog and aclnnInplaceLog (aclnn_log.cpp, SOURCE)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/log/op_api/aclnn_log.cpp")
OP = "Log"
S = (2, 3)
E = (0, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S

LOG = [
    Probe("null self", [None], [], [f(S)], 161001, "CheckNotNull2Tensor: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [], [None], 161001, "CheckNotNull2Tensor: OP_CHECK_NULL(out)"),
    Probe("float16", [f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0, "CheckDtypeValid1In1Out: FLOAT16 listed"),
    Probe("double", [f(S, "DOUBLE")], [], [f(S, "DOUBLE")], 0, "CheckDtypeValid1In1Out: DOUBLE listed"),
    Probe("complex128", [f(S, "COMPLEX128")], [], [f(S, "COMPLEX128")], 0, "CheckDtypeValid1In1Out: listed"),
    Probe("int32 self, float out", [f(S, "INT32")], [], [f(S)], 0,
          "CheckDtypeValid1In1Out: INT32 in the input list; CanCast(INT32, FLOAT)"),
    Probe("uint8 self, float16 out", [f(S, "UINT8")], [], [f(S, "FLOAT16")], 0,
          "CheckPromoteType: CanCast(UINT8, FLOAT16)"),
    Probe("bool self, double out", [f(S, "BOOL")], [], [f(S, "DOUBLE")], 0, "CheckPromoteType: CanCast(BOOL, DOUBLE)"),
    Probe("int64 self and out", [f(S, "INT64")], [], [f(S, "INT64")], 161002,
          "CheckDtypeValid1In1Out: OP_CHECK_DTYPE_NOT_SUPPORT(out): INT64 not in the output list"),
    Probe("uint32 self", [f(S, "UINT32")], [], [f(S)], 161002,
          "CheckDtypeValid1In1Out: OP_CHECK_DTYPE_NOT_SUPPORT(self): UINT32 not listed"),
    Probe("bad self before bad out", [f(S, "UINT32")], [], [f(S, "INT32")], 161002,
          "CheckDtypeValid1In1Out: self's list, then out's"),
    Probe("float self, float16 out", [f(S)], [], [f(S, "FLOAT16")], 0, "CheckPromoteType: CanCast(FLOAT, FLOAT16)"),
    Probe("float self, complex64 out", [f(S)], [], [f(S, "COMPLEX64")], 0,
          "CheckPromoteType: CanCast(FLOAT, COMPLEX64)"),
    Probe("complex self, float out", [f(S, "COMPLEX64")], [], [f(S)], 161002,
          "CheckPromoteType: OP_CHECK_RESULT_DTYPE_CAST_FAILED(COMPLEX64, FLOAT)"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportListV2: the 910B lists on DAV_2201"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportListV2: the 910B lists on a regbase SoC", soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "GetDtypeSupportListV2: ASCEND910_INPUT_DTYPE_SUPPORT_LIST has no BF16", soc="Ascend910"),
    Probe("float self, bf16 out on Ascend310P", [f(S)], [], [f(S, "BF16")], 161002,
          "GetDtypeSupportListV2: ASCEND910_OUTPUT_DTYPE_SUPPORT_LIST has no BF16", soc="Ascend310P"),
    Probe("out of another shape", [f(S)], [], [f((3, 2))], 161002,
          "CheckSameShape1In1Out: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("rank 8", [f(R8)], [], [f(R8)], 0, "CheckSameShape1In1Out: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [], [f(R9)], 161002, "CheckSameShape1In1Out: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("0-d", [f(())], [], [f(())], 0, "CheckSameShape1In1Out: no minimum rank"),
    Probe("empty", [f(E)], [], [f(E)], 0, "aclnnLogGetWorkspaceSize: self->IsEmpty() returns success"),
    Probe("empty complex self, float out", [f(E, "COMPLEX64")], [], [f(E)], 161002,
          "aclnnLogGetWorkspaceSize: CheckParams before the IsEmpty() return"),
]

INPLACE_LOG = [
    Probe("inplace: null selfRef", [None], [], [], 161001, "CheckInplace: OP_CHECK_NULL(selfRef)", op="InplaceLog"),
    Probe("inplace: float", [f(S)], [], [], 0, "CheckInplace: FLOAT in the output list", op="InplaceLog"),
    Probe("inplace: complex64", [f(S, "COMPLEX64")], [], [], 0, "CheckInplace: COMPLEX64 listed", op="InplaceLog"),
    Probe("inplace: int32", [f(S, "INT32")], [], [], 161002,
          "CheckInplace: OP_CHECK_DTYPE_NOT_SUPPORT(selfRef, output list)", op="InplaceLog"),
    Probe("inplace: bf16 on Ascend910", [f(S, "BF16")], [], [], 161002,
          "CheckInplace: ASCEND910_OUTPUT_DTYPE_SUPPORT_LIST has no BF16", op="InplaceLog", soc="Ascend910"),
    Probe("inplace: rank 9", [f(R9)], [], [], 161002, "CheckInplace: OP_CHECK_MAX_DIM(selfRef, 8)",
          op="InplaceLog"),
    Probe("inplace: rank 9 int32", [f(R9, "INT32")], [], [], 161002,
          "CheckInplace: the dtype check before the rank check (both 161002)", op="InplaceLog"),
    Probe("inplace: empty", [f(E)], [], [], 0, "aclnnLogGetWorkspaceSize: self->IsEmpty()", op="InplaceLog"),
    Probe("inplace: empty int8", [f(E, "INT8")], [], [], 161002, "CheckInplace before the IsEmpty() return",
          op="InplaceLog"),
]

PROBES = LOG + INPLACE_LOG

DOC_SOURCE = []
