"""Probes of ascendops/ops/abs.py: aclnnAbs (aclnn_abs.cpp, SOURCE)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/abs/op_api/aclnn_abs.cpp")
OP = "Abs"
S = (2, 3)
E = (0, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S

PROBES = [
    Probe("null self", [None], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("float16", [f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0, "CheckDtypeValid: FLOAT16 listed"),
    Probe("double", [f(S, "DOUBLE")], [], [f(S, "DOUBLE")], 0, "CheckDtypeValid: DOUBLE listed"),
    Probe("int8", [f(S, "INT8")], [], [f(S, "INT8")], 0, "CheckDtypeValid: INT8 listed"),
    Probe("int16", [f(S, "INT16")], [], [f(S, "INT16")], 0, "CheckDtypeValid: INT16 listed"),
    Probe("int64", [f(S, "INT64")], [], [f(S, "INT64")], 0, "CheckDtypeValid: INT64 listed"),
    Probe("uint8", [f(S, "UINT8")], [], [f(S, "UINT8")], 0, "CheckDtypeValid: UINT8 listed (copied through)"),
    Probe("bool", [f(S, "BOOL")], [], [f(S, "BOOL")], 0, "CheckDtypeValid: BOOL listed (copied through)"),
    Probe("uint16", [f(S, "UINT16")], [], [f(S, "UINT16")], 161002, "CheckDtypeValid: UINT16 not listed"),
    Probe("float self, float16 out", [f(S)], [], [f(S, "FLOAT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(self, out's dtype)"),
    Probe("int32 self, int64 out", [f(S, "INT32")], [], [f(S, "INT64")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(self, out's dtype)"),
    Probe("complex64 self, float out", [f(S, "COMPLEX64")], [], [f(S)], 0,
          "CheckDtypeValid: COMPLEX64 on DAV_2201; out FLOAT (COMPLEX_IN_AND_OUT_DTYPE_MAP)"),
    Probe("complex64 self and out", [f(S, "COMPLEX64")], [], [f(S, "COMPLEX64")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(out, FLOAT)"),
    Probe("complex64 on Ascend910", [f(S, "COMPLEX64")], [], [f(S)], 161002,
          "GetDtypeSupportList: ASCEND910_DTYPE_DTYPE_SUPPORT_LIST has no COMPLEX64", soc="Ascend910"),
    Probe("complex128 self, double out", [f(S, "COMPLEX128")], [], [f(S, "DOUBLE")], 161002,
          "GetDtypeSupportList: COMPLEX128 in no list"),
    Probe("complex32 on Ascend950", [f(S, "COMPLEX32")], [], [f(S, "FLOAT16")], 0,
          "GetDtypeSupportList: ARCH_REGBASE list has COMPLEX32; out FLOAT16", soc="Ascend950"),
    Probe("complex32 on Ascend910B", [f(S, "COMPLEX32")], [], [f(S, "FLOAT16")], 161002,
          "GetDtypeSupportList: ASCEND910B list has no COMPLEX32"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [], [f(S, "BF16")], 0, "GetDtypeSupportList: DAV_2201 has BF16"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [], [f(S, "BF16")], 0, "GetDtypeSupportList: regbase has BF16",
          soc="Ascend950"),
    Probe("bf16 on Ascend310P", [f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910 list off DAV_2201 and regbase", soc="Ascend310P"),
    Probe("formats differ", [f(S, "FLOAT", "ACL_FORMAT_NCHW")], [], [f(S, "FLOAT", "ACL_FORMAT_NHWC")], 161002,
          "CheckFormat: the storage formats differ"),
    Probe("NHWC", [f(S, "FLOAT", "ACL_FORMAT_NHWC")], [], [f(S, "FLOAT", "ACL_FORMAT_NHWC")], 0,
          "CheckFormat: equal public formats"),
    Probe("private format", [f(S, "FLOAT", "ACL_FORMAT_FRACTAL_NZ")], [], [f(S, "FLOAT", "ACL_FORMAT_FRACTAL_NZ")],
          161002, "CheckFormat: IsPrivateFormat(self's storage format)"),
    Probe("out of another shape", [f(S)], [], [f((3, 2))], 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("rank 8", [f(R8)], [], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("0-d", [f(())], [], [f(())], 0, "CheckShape: no minimum rank"),
    Probe("empty", [f(E)], [], [f(E)], 0, "aclnnAbsGetWorkspaceSize: HasEmptyTensor(self) returns success"),
    Probe("empty with float16 out", [f(E)], [], [f(E, "FLOAT16")], 161002,
          "aclnnAbsGetWorkspaceSize: CheckParams before the empty return"),
]

DEVIATIONS = {
    "complex32 on Ascend950": (161002, "the engine has no COMPLEX32 dtype (no kernel reads it)"),
}

DOC_SOURCE = []
