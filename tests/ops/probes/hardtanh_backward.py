"""Probes of aclnnHardtanhBackward (ascendops/ops/hardtanh_backward.py). Inputs:
gradOutput, self; attributes: min, max; output: out."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/hardtanh_grad/op_api/aclnn_hardtanh_backward.cpp")
# and, on Ascend950, activation/hardtanh_grad/op_host/arch35/hardtanh_grad_tiling_arch35.cpp (same commit):
# HardtanhGrad's tiling, run by l0op::HardtanhGrad's ADD_TO_LAUNCHER_LIST_AICORE in phase 1
OP = "HardtanhBackward"
S = (2, 3)
R8, R9 = (1,) * 6 + S, (1,) * 7 + S
E = (0, 3)
A = [-1.0, 1.0]


def _two(dtype="FLOAT", shape=S):
    return [f(shape, dtype), f(shape, dtype)]


PROBES = [
    Probe("null self", [f(S), None], A, [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null gradOutput", [None, f(S)], A, [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(gradOutput)"),
    Probe("null out before bad dtype", _two("DOUBLE"), A, [None], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("null min", _two(), [None, 1.0], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(min)"),
    Probe("null max", _two(), [-1.0, None], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(max)"),
    Probe("float16", _two("FLOAT16"), A, [f(S, "FLOAT16")], 0, "CheckDtypeValid: FLOAT16 in both lists"),
    Probe("double", _two("DOUBLE"), A, [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)"),
    Probe("int32 self", [f(S), f(S, "INT32")], A, [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("bf16 on DAV_2201", _two("BF16"), A, [f(S, "BF16")], 0,
          "GetDtypeSupportList: DTYPE_SUPPORT_LIST_WITH_BF16 on DAV_2201"),
    Probe("bf16 on Ascend950", _two("BF16"), A, [f(S, "BF16")], 0,
          "GetDtypeSupportList: DTYPE_SUPPORT_LIST_WITH_BF16 where IsRegbase()", soc="Ascend950"),
    Probe("bf16 on DAV_1001", _two("BF16"), A, [f(S, "BF16")], 161002,
          "GetDtypeSupportList: DTYPE_SUPPORT_LIST_FP", soc="Ascend910"),
    Probe("bf16 on DAV_2002", _two("BF16"), A, [f(S, "BF16")], 161002,
          "GetDtypeSupportList: DTYPE_SUPPORT_LIST_FP", soc="Ascend310P"),
    Probe("bf16 out on DAV_1001", _two("FLOAT"), A, [f(S, "BF16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out)", soc="Ascend910"),
    Probe("double out", _two(), A, [f(S, "DOUBLE")], 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out)"),
    Probe("gradOutput dtype differs", [f(S, "FLOAT16"), f(S)], A, [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(gradOutput, self's dtype)"),
    Probe("float16 out of float on DAV_2201", _two(), A, [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: out is checked against the list only, never against self's dtype"),
    Probe("float16 out of float on Ascend950", _two(), A, [f(S, "FLOAT16")], 561103,
          "HardtanhGradTiling::CalcOutputDtype: y's dtype must be result's; l0op::HardtanhGrad returns nullptr",
          soc="Ascend950"),
    Probe("complex min", _two(), [1j, 1.0], [f(S)], 0,
          "CheckParams: min and max have no dtype check (ToFloat reads a complex one as 0)"),
    Probe("min above max", _two(), [1.0, -1.0], [f(S)], 0, "CheckParams: min and max are not compared"),
    Probe("rank 8", _two("FLOAT", R8), A, [f(R8)], 0, "CheckShapeValid: OP_CHECK_MAX_DIM(gradOutput/self, 8)"),
    Probe("gradOutput rank 9", [f(R9), f(R9)], A, [f(R9)], 161002, "CheckShapeValid: OP_CHECK_MAX_DIM(gradOutput, 8)"),
    Probe("self rank 9", [f(S), f(R9)], A, [f(S)], 161002, "CheckShapeValid: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("self shape differs", [f(S), f((3, 2))], A, [f(S)], 161002,
          "CheckShapeValid: OP_CHECK_SHAPE_NOT_EQUAL(gradOutput, self)"),
    Probe("broadcastable self", [f(S), f((1, 3))], A, [f(S)], 161002, "CheckShapeValid: equal shapes, no broadcast"),
    Probe("dtype before shape", [f(S, "FLOAT16"), f((3, 2))], A, [f(S)], 161002,
          "CheckParams: CheckDtypeValid before CheckShapeValid"),
    Probe("out shape differs on DAV_2201", _two(), A, [f((3, 2))], 0,
          "CheckShapeValid: out's shape is never checked by the op_api"),
    Probe("out shape differs on Ascend950", _two(), A, [f((3, 2))], 561103,
          "HardtanhGradTiling::CheckShape: result's shape must be y's; l0op::HardtanhGrad returns nullptr",
          soc="Ascend950"),
    Probe("empty", _two("FLOAT", E), A, [f(E)], 0,
          "aclnnHardtanhBackwardGetWorkspaceSize: IsEmpty() returns success after CheckParams"),
    Probe("empty with out dtype differing on Ascend950", _two("FLOAT", E), A, [f(E, "FLOAT16")], 0,
          "aclnnHardtanhBackwardGetWorkspaceSize: the IsEmpty() return comes before the tiling", soc="Ascend950"),
    Probe("empty with double out", _two("FLOAT", E), A, [f(E, "DOUBLE")], 161002,
          "aclnnHardtanhBackwardGetWorkspaceSize: CheckDtypeValid before the IsEmpty() return"),
    Probe("empty with gradOutput dtype differing", [f(E, "FLOAT16"), f(E)], A, [f(E)], 161002,
          "aclnnHardtanhBackwardGetWorkspaceSize: CheckDtypeValid before the IsEmpty() return"),
    Probe("empty with self shape differing", [f(E), f((0, 2))], A, [f(E)], 161002,
          "aclnnHardtanhBackwardGetWorkspaceSize: CheckShapeValid before the IsEmpty() return"),
]

DEVIATIONS = {
    "out shape differs on DAV_2201": (161002, "the engine writes the kernel's result elementwise into out: an out "
                                              "of another shape has no element mapping. CANN's op_api never checks "
                                              "it; its arch35 tiling refuses it (561103) on Ascend950"),
}

DOC_SOURCE = [
    "HardtanhBackward: doc says gradOutput, self and out support no empty tensor; source returns success for an "
    "empty gradOutput or self after CheckParams (aclnn_hardtanh_backward.cpp:aclnnHardtanhBackwardGetWorkspaceSize)",
    "HardtanhBackward: doc says gradOutput, self and out have one dtype and one shape; the op_api checks out "
    "against the list only and never its shape (the arch35 tiling refuses both on Ascend950, 561103) "
    "(aclnn_hardtanh_backward.cpp:CheckDtypeValid, CheckShapeValid)",
    "HardtanhBackward: doc gives min and max the dtypes BFLOAT16, FLOAT16, FLOAT; source never checks their "
    "dtypes (aclnn_hardtanh_backward.cpp:CheckParams)",
]
