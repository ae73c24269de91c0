"""Probes of aclnnSoftplusBackward (ascendops/ops/softplus_backward.py)."""
import numpy as np

from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/softplus_v2_grad/op_api/aclnn_softplus_backward.cpp")
OP = "SoftplusBackward"
S = (2, 3)
R8 = (1, 2, 1, 1, 1, 1, 1, 3)
R9 = (1, 1, 2, 1, 1, 1, 1, 1, 3)
E = (0, 3)
A = [1.0, 20.0]

PROBES = [
    Probe("null gradOutput", [None, f(S)], A, [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(gradOutput)"),
    Probe("null self", [f(S), None], A, [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null gradInput", [f(S), f(S)], A, [None], 161001, "CheckNotNull: OP_CHECK_NULL(gradInput)"),
    Probe("null gradInput before bad gradOutput dtype", [f(S, "INT32"), f(S)], A, [None], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("null beta after bad gradOutput dtype", [f(S, "INT32"), f(S)], [None, 20.0], [f(S)], 161002,
          "CheckParams never reads beta: CheckDtypeValid refuses first"),
    Probe("null beta with an empty tensor", [f(E), f(E)], [None, 20.0], [f(E)], 0,
          "aclnnSoftplusBackwardGetWorkspaceSize: IsEmpty() returns before beta->ToFloat()"),
    Probe("double", [f(S, "DOUBLE"), f(S, "DOUBLE")], A, [f(S, "DOUBLE")], 0,
          "CheckDtypeValid: DOUBLE in both lists (Cast to FLOAT for the kernel)"),
    Probe("int32 gradOutput", [f(S, "INT32"), f(S)], A, [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)"),
    Probe("bool gradOutput", [f(S, "BOOL"), f(S)], A, [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)"),
    Probe("int8 self", [f(S), f(S, "INT8")], A, [f(S)], 0,
          "CheckDtypeValid: INT8 in SELF_ASCEND910B_DTYPE_SUPPORT_LIST"),
    Probe("bool self", [f(S), f(S, "BOOL")], A, [f(S)], 0,
          "CheckDtypeValid: BOOL in SELF_ASCEND910B_DTYPE_SUPPORT_LIST"),
    Probe("int64 self with float16 gradOutput", [f(S, "FLOAT16"), f(S, "INT64")], A, [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: INT64 self; CanCast(INT64, FLOAT)"),
    Probe("uint16 self", [f(S), f(S, "UINT16")], A, [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("complex64 self", [f(S), f(S, "COMPLEX64")], A, [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("int32 gradInput", [f(S), f(S)], A, [f(S, "INT32")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradInput)"),
    Probe("double gradInput of float inputs", [f(S), f(S)], A, [f(S, "DOUBLE")], 0,
          "CheckDtypeValid: gradInput only in the list (the result is Cast to it)"),
    Probe("float16 gradInput of float inputs", [f(S), f(S)], A, [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: gradInput's dtype is not compared with the inputs'"),
    Probe("mixed float16 and float", [f(S, "FLOAT16"), f(S)], A, [f(S)], 0,
          "CheckDtypeValid: no same-dtype check (differing dtypes are Cast to FLOAT)"),
    Probe("bf16 on Ascend910B", [f(S, "BF16"), f(S, "BF16")], A, [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B_DTYPE_SUPPORT_LIST on SocVersion ASCEND910B"),
    Probe("bf16 self on Ascend910_93", [f(S), f(S, "BF16")], A, [f(S)], 0,
          "GetSelfDtypeSupportList: SELF_ASCEND910B_DTYPE_SUPPORT_LIST on ASCEND910_93", soc="Ascend910_93"),
    Probe("bf16 on regbase", [f(S, "BF16"), f(S, "BF16")], A, [f(S, "BF16")], 0,
          "GetDtypeSupportList: IsRegbase()", soc="Ascend950"),
    Probe("bf16 gradOutput on Ascend910", [f(S, "BF16"), f(S)], A, [f(S)], 161002,
          "GetDtypeSupportList: ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend910"),
    Probe("bf16 self on Ascend310P", [f(S), f(S, "BF16")], A, [f(S)], 161002,
          "GetSelfDtypeSupportList: SELF_ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend310P"),
    Probe("bf16 gradInput on Ascend910", [f(S), f(S)], A, [f(S, "BF16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradInput)", soc="Ascend910"),
    Probe("double on Ascend910", [f(S, "DOUBLE"), f(S, "INT32")], A, [f(S, "DOUBLE")], 0,
          "GetDtypeSupportList: DOUBLE in ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend910"),
    Probe("complex beta", [f(S), f(S)], [1j, 20.0], [f(S)], 0,
          "aclnnSoftplusBackwardGetWorkspaceSize: beta->ToFloat() only, no dtype check"),
    Probe("complex threshold", [f(S), f(S)], [1.0, np.complex128(3.0)], [f(S)], 0,
          "aclnnSoftplusBackwardGetWorkspaceSize: threshold->ToFloat() only, no dtype check"),
    Probe("bool and int scalars", [f(S), f(S)], [True, 3], [f(S)], 0, "no scalar check"),
    Probe("rank 8", [f(R8), f(R8)], A, [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(gradOutput, 8)"),
    Probe("rank 9", [f(R9), f(R9)], A, [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(gradOutput, 8)"),
    Probe("no broadcast", [f((1, 3)), f(S)], A, [f(S)], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, gradOutput)"),
    Probe("no broadcast on regbase", [f(S), f((2, 1))], A, [f(S)], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, gradOutput) on every SoC", soc="Ascend950"),
    Probe("gradInput shape", [f(S), f(S)], A, [f((3, 2))], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, gradInput)"),
    Probe("empty", [f(E), f(E)], A, [f(E)], 0,
          "aclnnSoftplusBackwardGetWorkspaceSize: gradOutput->IsEmpty() returns success"),
    Probe("empty with bad self dtype", [f(E), f(E, "UINT16")], A, [f(E)], 161002,
          "CheckDtypeValid runs before the IsEmpty() return"),
    Probe("empty with shape mismatch", [f(E), f((3, 0))], A, [f(E)], 161002,
          "CheckShape runs before the IsEmpty() return"),
]

DEVIATIONS = {
    "null beta with an empty tensor": (161001, "beta and threshold are non-optional aclScalar Params: their null "
                                               "check runs before the sequence's empty return; CANN reads them "
                                               "only after it (and dereferences a null one there: no status)"),
}
