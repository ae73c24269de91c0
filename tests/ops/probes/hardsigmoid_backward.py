"""Probes of aclnnHardsigmoidBackward (ascendops/ops/hardsigmoid_backward.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/hard_sigmoid_grad/op_api/aclnn_hardsigmoid_backward.cpp")
OP = "HardsigmoidBackward"
S = (2, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S
E = (0, 3)

PROBES = [
    Probe("null gradOutput", [None, f(S)], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(gradOutput)"),
    Probe("null self", [f(S), None], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S), f(S)], [], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null out before bad gradOutput dtype", [f(S, "DOUBLE"), f(S)], [], [None], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("double gradOutput", [f(S, "DOUBLE"), f(S)], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)"),
    Probe("int32 self", [f(S), f(S, "INT32")], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("bf16 on Ascend910B", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B list in [ASCEND910B, ASCEND910E]"),
    Probe("bf16 on Ascend950", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B list (ASCEND910_95 in range, regbase)", soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16"), f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend910"),
    Probe("bf16 on Ascend310P", [f(S), f(S, "BF16")], [], [f(S)], 161002,
          "GetDtypeSupportList: ASCEND910_DTYPE_SUPPORT_LIST (self)", soc="Ascend310P"),
    Probe("float16 with float promotes", [f(S, "FLOAT16"), f(S)], [], [f(S)], 0,
          "CheckDtypeValid: PromoteType(FLOAT16, FLOAT) = FLOAT"),
    Probe("float16 with bf16 promotes to float", [f(S, "FLOAT16"), f(S, "BF16")], [], [f(S)], 0,
          "CheckDtypeValid: PromoteType(FLOAT16, BF16) = FLOAT"),
    Probe("float16 out of float promoted", [f(S, "FLOAT16"), f(S)], [], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: CanCast(FLOAT, FLOAT16)"),
    Probe("double out is castable", [f(S), f(S)], [], [f(S, "DOUBLE")], 0,
          "CheckDtypeValid: out is checked by CanCast(promoteType, out) alone"),
    Probe("complex64 out is castable", [f(S), f(S)], [], [f(S, "COMPLEX64")], 0,
          "CheckDtypeValid: CanCast(FLOAT, COMPLEX64)"),
    Probe("int32 out", [f(S), f(S)], [], [f(S, "INT32")], 161002,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, INT32)"),
    Probe("rank 8", [f(R8), f(R8)], [], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(8)"),
    Probe("rank 9", [f(R9), f(R9)], [], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(gradOutput, 8)"),
    Probe("gradOutput shape differs", [f((1, 3)), f(S)], [], [f(S)], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, gradOutput): no broadcast"),
    Probe("out shape differs", [f(S), f(S)], [], [f((3, 2))], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("empty", [f(E), f(E)], [], [f(E)], 0,
          "aclnnHardsigmoidBackwardGetWorkspaceSize: IsEmpty() returns success after CheckParams"),
    Probe("empty with int32 out", [f(E), f(E)], [], [f(E, "INT32")], 161002,
          "CheckParams (CanCast) before the IsEmpty() return"),
    Probe("empty with shape differing", [f(E), f((0, 1))], [], [f(E)], 161002,
          "CheckParams (CheckShape) before the IsEmpty() return"),
    Probe("empty with bf16 on Ascend910", [f(E, "BF16"), f(E, "BF16")], [], [f(E, "BF16")], 161002,
          "CheckDtypeValid before the IsEmpty() return", soc="Ascend910"),
]

DOC_SOURCE = [
    "HardsigmoidBackward: doc lists out as BFLOAT16, FLOAT16, FLOAT; source checks out only by "
    "CanCast(PromoteType(gradOutput, self), out): a DOUBLE or COMPLEX64 out passes "
    "(aclnn_hardsigmoid_backward.cpp:CheckDtypeValid)",
]
