"""Probes of ascendops/ops/sign.py: aclnnSign (aclnn_sign.cpp, SOURCE)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/sign/op_api/aclnn_sign.cpp")
OP = "Sign"
S = (2, 3)
E = (0, 3)
R9 = (1,) * 7 + S

PROBES = [
    Probe("null self", [None], [], [f(S)], 161001, "CheckNotNull2Tensor: OP_CHECK_NULL(self)"),
    Probe("null result", [f(S)], [], [None], 161001, "CheckNotNull2Tensor: OP_CHECK_NULL(result)"),
    Probe("float16", [f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0, "CheckDtypeValid: FLOAT16 listed"),
    Probe("double", [f(S, "DOUBLE")], [], [f(S, "DOUBLE")], 0, "CheckDtypeValid: DOUBLE listed"),
    Probe("int32", [f(S, "INT32")], [], [f(S, "INT32")], 0, "CheckDtypeValid: INT32 listed"),
    Probe("int64", [f(S, "INT64")], [], [f(S, "INT64")], 0, "CheckDtypeValid: INT64 listed"),
    Probe("bool", [f(S, "BOOL")], [], [f(S, "BOOL")], 0, "CheckDtypeValid: BOOL listed (through INT32)"),
    Probe("complex64", [f(S, "COMPLEX64")], [], [f(S, "COMPLEX64")], 0, "CheckDtypeValid: COMPLEX64 listed"),
    Probe("float self, float16 result", [f(S)], [], [f(S, "FLOAT16")], 161002,
          "CheckDtypeValid: a listed self's result must have its dtype"),
    Probe("int8 on Ascend910B", [f(S, "INT8")], [], [f(S, "INT8")], 161002,
          "CheckDtypeValid: unlisted and not BF16 on DAV_2201"),
    Probe("int8 on Ascend910", [f(S, "INT8")], [], [f(S, "INT8")], 161002, "CheckDtypeValid: unlisted on DAV_1001",
          soc="Ascend910"),
    Probe("int8 on Ascend310P", [f(S, "INT8")], [], [f(S, "INT8")], 0,
          "CheckDtypeValid: an unlisted dtype passes on any other arch (DAV_2002)", soc="Ascend310P"),
    Probe("uint8 on Ascend310P", [f(S, "UINT8")], [], [f(S, "UINT8")], 0,
          "CheckDtypeValid: an unlisted dtype passes on DAV_2002", soc="Ascend310P"),
    Probe("uint16 on Ascend310P", [f(S, "UINT16")], [], [f(S, "UINT16")], 0,
          "CheckDtypeValid: an unlisted dtype passes on DAV_2002", soc="Ascend310P"),
    Probe("int8 self, float result on Ascend310P", [f(S, "INT8")], [], [f(S)], 561103,
          "CheckDtypeValid passes (no result rule for an unlisted self); l0op::ViewCopy of the INT8 result "
          "into a FLOAT result fails", soc="Ascend310P"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [], [f(S, "BF16")], 0, "CheckDtypeValid: BF16 on DAV_2201"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [], [f(S, "BF16")], 0, "CheckDtypeValid: BF16 on DAV_3510",
          soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [], [f(S, "BF16")], 161002, "CheckDtypeValid: unlisted on DAV_1001",
          soc="Ascend910"),
    Probe("bf16 self, float result", [f(S, "BF16")], [], [f(S)], 561103,
          "CheckDtypeValid: no result rule for BF16; l0op::ViewCopy of the BF16 result into FLOAT fails"),
    Probe("bf16 self, float result, another shape", [f(S, "BF16")], [], [f((3, 2))], 161002,
          "CheckShape before the ViewCopy"),
    Probe("empty bf16 self, float result", [f(E, "BF16")], [], [f(E)], 0,
          "aclnnSignGetWorkspaceSize: the IsEmpty() return before the ViewCopy"),
    Probe("result of another shape", [f(S)], [], [f((3, 2))], 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL"),
    Probe("rank 9", [f(R9)], [], [f(R9)], 0, "CheckShape: no rank cap (more than 8 dims are reshaped)"),
    Probe("0-d", [f(())], [], [f(())], 0, "CheckShape: no minimum rank"),
    Probe("empty", [f(E)], [], [f(E)], 0, "aclnnSignGetWorkspaceSize: self->IsEmpty() returns success"),
    Probe("empty with float16 result", [f(E)], [], [f(E, "FLOAT16")], 161002,
          "aclnnSignGetWorkspaceSize: CheckParams before the IsEmpty() return"),
]

DEVIATIONS = {
    "uint16 on Ascend310P": (161002, "no kernel computes UINT16 (the engine's integer bodies take INT8/16/32/64 "
                                     "and UINT8); CANN's CheckDtypeValid passes any dtype on DAV_2002 and sends it "
                                     "to its AI-CPU Sign"),
}

DOC_SOURCE = []
