"""Probes of aclnnFastGeluBackward (ascendops/ops/fast_gelu_backward.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/fast_gelu_grad/op_api/aclnn_fast_gelu_backward.cpp")
OP = "FastGeluBackward"
S = (2, 3)
R8 = (1, 2, 1, 1, 1, 1, 1, 3)
R9 = (1, 1, 2, 1, 1, 1, 1, 1, 3)
E = (0, 3)
NCHW, NHWC = "ACL_FORMAT_NCHW", "ACL_FORMAT_NHWC"
S4 = (2, 3, 4, 5)

PROBES = [
    Probe("null gradOutput", [None, f(S)], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(gradOutput)"),
    Probe("null self", [f(S), None], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null gradInput", [f(S), f(S)], [], [None], 161001, "CheckNotNull: OP_CHECK_NULL(gradInput)"),
    Probe("null gradInput before the empty list", [f(S), f(S)], [], [None], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid", soc="Ascend910"),
    Probe("float16", [f(S, "FLOAT16"), f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0,
          "GetDtypeSupportList: DTYPE_SUPPORT_LIST_WITH_BF16 on DAV_2201"),
    Probe("bf16 on DAV_2201", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportList: DTYPE_SUPPORT_LIST_WITH_BF16 on DAV_2201"),
    Probe("bf16 on regbase", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportList: IsRegbase()", soc="Ascend950"),
    Probe("float32 on DAV_1001", [f(S), f(S)], [], [f(S)], 161002,
          "GetDtypeSupportList: NULL_SUPPORT_LIST off DAV_2201 and regbase", soc="Ascend910"),
    Probe("float16 on DAV_2002", [f(S, "FLOAT16"), f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 161002,
          "GetDtypeSupportList: NULL_SUPPORT_LIST off DAV_2201 and regbase", soc="Ascend310P"),
    Probe("double", [f(S, "DOUBLE"), f(S, "DOUBLE")], [], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradInput)"),
    Probe("self dtype not gradOutput's", [f(S), f(S, "FLOAT16")], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(self, gradOutput)"),
    Probe("gradInput dtype not gradOutput's", [f(S), f(S)], [], [f(S, "FLOAT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(gradOutput, gradInput)"),
    Probe("no broadcast: self shape", [f(S), f((1, 3))], [], [f(S)], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, gradOutput)"),
    Probe("gradInput shape", [f(S), f(S)], [], [f((3, 2))], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(gradOutput, gradInput)"),
    Probe("rank 8", [f(R8), f(R8)], [], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9), f(R9)], [], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("gradInput format not self's", [f(S4, fmt=NCHW), f(S4, fmt=NCHW)], [], [f(S4, fmt=NHWC)], 161002,
          "CheckFormat: self and gradInput storage formats differ"),
    Probe("gradOutput format not self's", [f(S4, fmt=NHWC), f(S4, fmt=NCHW)], [], [f(S4, fmt=NCHW)], 161002,
          "CheckFormat: self and gradOutput storage formats differ"),
    Probe("one private format", [f(S, fmt="ACL_FORMAT_NC1HWC0")] * 2, [], [f(S, fmt="ACL_FORMAT_NC1HWC0")], 0,
          "CheckFormat: equal formats only, no private-format check"),
    Probe("empty", [f(E), f(E)], [], [f(E)], 0,
          "aclnnFastGeluBackwardGetWorkspaceSize: self->IsEmpty() returns success"),
    Probe("empty on DAV_1001", [f(E), f(E)], [], [f(E)], 161002,
          "CheckParams (the empty list) runs before the IsEmpty() return", soc="Ascend910"),
    Probe("empty with shape mismatch", [f(E), f((3, 0))], [], [f(E)], 161002,
          "CheckShape runs before the IsEmpty() return"),
    Probe("empty with formats differ", [f(E, fmt=NCHW), f(E, fmt=NCHW)], [], [f(E, fmt=NHWC)], 161002,
          "CheckFormat runs before the IsEmpty() return"),
]
