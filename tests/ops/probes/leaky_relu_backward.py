"""Probes of aclnnLeakyReluBackward (ascendops/ops/leaky_relu_backward.py). Inputs:
gradOutput, self; attributes: negativeSlope, selfIsResult; output: out."""
import ml_dtypes
import numpy as np

from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/leaky_relu_grad/op_api/aclnn_leaky_relu_backward.cpp")
OP = "LeakyReluBackward"
S = (2, 3)
R8, R9 = (1,) * 6 + S, (1,) * 7 + S
E = (0, 3)
A = [0.01, False]


def _two(dtype="FLOAT", shape=S):
    return [f(shape, dtype), f(shape, dtype)]


PROBES = [
    Probe("null gradOutput", [None, f(S)], A, [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(gradOutput)"),
    Probe("null self", [f(S), None], A, [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null negativeSlope", _two(), [None, False], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(negativeSlope)"),
    Probe("null out before bad dtype", _two("INT32"), A, [None], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("int32 gradOutput", [f(S, "INT32"), f(S)], A, [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)"),
    Probe("int32 self", [f(S), f(S, "INT32")], A, [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("double", _two("DOUBLE"), A, [f(S, "DOUBLE")], 0, "CheckDtypeValid: DOUBLE in both lists"),
    Probe("double on DAV_1001", _two("DOUBLE"), A, [f(S, "DOUBLE")], 0,
          "GetDtypeSupportList: ASCEND910 list has DOUBLE", soc="Ascend910"),
    Probe("bf16 on DAV_2201", _two("BF16"), A, [f(S, "BF16")], 0, "GetDtypeSupportList: ASCEND910B list"),
    Probe("bf16 on Ascend950", _two("BF16"), A, [f(S, "BF16")], 0,
          "GetDtypeSupportList: IsRegbase(arch)", soc="Ascend950"),
    Probe("bf16 on DAV_1001", _two("BF16"), A, [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910_DTYPE_DTYPE_SUPPORT_LIST", soc="Ascend910"),
    Probe("complex negativeSlope", _two(), [1j, False], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(negativeSlope, scalarList)"),
    Probe("uint32 negativeSlope", _two(), [np.uint32(1), False], [f(S)], 161002,
          "CheckDtypeValid: UINT32 is in no scalar list"),
    Probe("bool negativeSlope", _two(), [True, False], [f(S)], 0, "CheckDtypeValid: BOOL in the scalar list"),
    Probe("float16 negativeSlope", _two(), [np.float16(0.5), False], [f(S)], 0,
          "CheckDtypeValid: FLOAT16 in the scalar list"),
    Probe("bf16 negativeSlope on DAV_2201", _two(), [ml_dtypes.bfloat16(0.5), False], [f(S)], 0,
          "GetScalarSupportList: ASCEND910B_SCALAR_DTYPE_SUPPORT_LIST has BF16"),
    Probe("bf16 negativeSlope on DAV_1001", _two(), [ml_dtypes.bfloat16(0.5), False], [f(S)], 161002,
          "GetScalarSupportList: ASCEND910_SCALAR_DTYPE_SUPPORT_LIST has no BF16", soc="Ascend910"),
    Probe("dtype before shape", [f(S, "INT32"), f((4, 3))], A, [f(S)], 161002,
          "CheckParams: CheckDtypeValid before CheckShape"),
    Probe("rank 8", _two("FLOAT", R8), A, [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(gradOutput/self, 8)"),
    Probe("gradOutput rank 9", [f(R9), f(S)], A, [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(gradOutput, 8)"),
    Probe("self rank 9", [f(S), f(R9)], A, [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("broadcast", [f((2, 1)), f((1, 3))], A, [f(S)], 0, "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("no broadcast", [f(S), f((4, 3))], A, [f(S)], 161002, "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE"),
    Probe("out not the broadcast shape", [f((2, 1)), f((1, 3))], A, [f((2, 1))], 161002,
          "CheckShape: broadcastShape != out->GetViewShape()"),
    Probe("selfIsResult with negative slope", _two(), [-0.2, True], [f(S)], 161002,
          "CheckIsResult: selfIsResult && negativeSlope->ToDouble() < 0"),
    Probe("selfIsResult with slope -1e-50", _two(), [-1e-50, True], [f(S)], 161002,
          "CheckIsResult: ToDouble keeps -1e-50 below 0"),
    Probe("selfIsResult with slope 0", _two(), [0.0, True], [f(S)], 0, "CheckIsResult: 0 is not < 0"),
    Probe("negative slope without selfIsResult", _two(), [-0.2, False], [f(S)], 0,
          "CheckIsResult: only with selfIsResult"),
    Probe("shape before selfIsResult", [f(S), f((4, 3))], [-0.2, True], [f(S)], 161002,
          "CheckParams: CheckShape before CheckIsResult (both 161002)"),
    Probe("float16 with float promotes", [f(S, "FLOAT16"), f(S)], A, [f(S)], 0,
          "CheckPromoteType: PromoteType(FLOAT16, FLOAT) = FLOAT"),
    Probe("float16 with bf16 promotes to float", [f(S, "FLOAT16"), f(S, "BF16")], A, [f(S)], 0,
          "CheckPromoteType: PromoteType(FLOAT16, BF16) = FLOAT"),
    Probe("float16 out of a float promotion", [f(S, "FLOAT16"), f(S)], A, [f(S, "FLOAT16")], 0,
          "CheckPromoteType: CanCast(FLOAT, FLOAT16)"),
    Probe("double out is castable", _two(), A, [f(S, "DOUBLE")], 0,
          "CheckPromoteType: OP_CHECK_RESULT_DTYPE_CAST_FAILED(promoteType, out) only"),
    Probe("complex64 out is castable", _two(), A, [f(S, "COMPLEX64")], 0,
          "CheckPromoteType: CanCast(FLOAT, COMPLEX64)"),
    Probe("int32 out", _two(), A, [f(S, "INT32")], 161002, "CheckPromoteType: CanCast(FLOAT, INT32) is false"),
    Probe("selfIsResult before out dtype", _two(), [-0.2, True], [f(S, "INT32")], 161002,
          "CheckParams: CheckIsResult before CheckPromoteType (both 161002)"),
    Probe("empty self", [f((1, 3)), f(E)], A, [f(E)], 0,
          "aclnnLeakyReluBackwardGetWorkspaceSize: self->IsEmpty() returns success after CheckParams"),
    Probe("empty gradOutput", [f(E), f((1, 3))], A, [f(E)], 0,
          "aclnnLeakyReluBackwardGetWorkspaceSize: a non-empty self runs on (the kernel has no elements)"),
    Probe("empty with int32 out", [f(E), f(E)], A, [f(E, "INT32")], 161002,
          "aclnnLeakyReluBackwardGetWorkspaceSize: CheckPromoteType before the IsEmpty() return"),
    Probe("empty with selfIsResult and negative slope", [f(E), f(E)], [-0.2, True], [f(E)], 161002,
          "aclnnLeakyReluBackwardGetWorkspaceSize: CheckIsResult before the IsEmpty() return"),
    Probe("empty with no broadcast", [f((2, 3)), f((0, 3))], A, [f(E)], 161002,
          "aclnnLeakyReluBackwardGetWorkspaceSize: CheckShape before the IsEmpty() return"),
]

DOC_SOURCE = [
    "LeakyReluBackward: doc says out may also be INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64, UINT64, BOOL "
    "through the automatic cast; source's CanCast(promoteType, out) refuses every integral and BOOL out of a "
    "floating promotion (aclnn_leaky_relu_backward.cpp:CheckPromoteType)",
]
