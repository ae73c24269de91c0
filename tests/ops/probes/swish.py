"""Probes of ascendops/ops/swish.py: aclnnSwish (aclnn_swish.cpp, SOURCE)."""
import numpy as np

from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "activation/swish/op_api/aclnn_swish.cpp")
OP = "Swish"
S = (2, 3)
E = (0, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S

PROBES = [
    Probe("null self", [None], [1.0], [f(S)], 161001, "CheckNotNull2Tensor: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [1.0], [None], 161001, "CheckNotNull2Tensor: OP_CHECK_NULL(out)"),
    Probe("null beta", [f(S)], [None], [f(S)], 0, "CheckDtypeValidBetaToFloat: a null betaOptional passes (1.0)"),
    Probe("null self before complex beta", [None], [1j], [f(S)], 161001,
          "CheckParams: CheckNotNull2Tensor before CheckDtypeValidBetaToFloat"),
    Probe("null out before bad self dtype", [f(S, "DOUBLE")], [1.0], [None], 161001,
          "CheckParams: CheckNotNull2Tensor before CheckDtypeValidActivation"),
    Probe("complex beta", [f(S)], [1j], [f(S)], 161002,
          "CheckDtypeValidBetaToFloat: CanCast(COMPLEX64, FLOAT) is false"),
    Probe("complex128 beta", [f(S)], [np.complex128(0.5)], [f(S)], 161002,
          "CheckDtypeValidBetaToFloat: CanCast(COMPLEX128, FLOAT) is false"),
    Probe("int beta", [f(S)], [2], [f(S)], 0, "CheckDtypeValidBetaToFloat: CanCast(INT64, FLOAT)"),
    Probe("bool beta", [f(S)], [True], [f(S)], 0, "CheckDtypeValidBetaToFloat: CanCast(BOOL, FLOAT)"),
    Probe("float16", [f(S, "FLOAT16")], [1.0], [f(S, "FLOAT16")], 0,
          "CheckDtypeValidActivation: ASCEND910_DTYPE_SUPPORT_LIST has FLOAT16"),
    Probe("double self", [f(S, "DOUBLE")], [1.0], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValidActivation: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("double out", [f(S)], [1.0], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValidActivation: OP_CHECK_DTYPE_NOT_SUPPORT(out)"),
    Probe("out of another dtype", [f(S)], [1.0], [f(S, "FLOAT16")], 161002,
          "CheckDtypeValidActivation: OP_CHECK_DTYPE_NOT_MATCH(out, self's dtype)"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [1.0], [f(S, "BF16")], 0,
          "GetDtypeSupportListV2: the BF16 list on DAV_2201"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [1.0], [f(S, "BF16")], 0,
          "GetDtypeSupportListV2: the BF16 list on a regbase SoC", soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [1.0], [f(S, "BF16")], 161002,
          "GetDtypeSupportListV2: ASCEND910_DTYPE_SUPPORT_LIST on DAV_1001", soc="Ascend910"),
    Probe("rank 8", [f(R8)], [1.0], [f(R8)], 0, "CheckDim: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [1.0], [f(R9)], 161002, "CheckDim: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("out rank 9", [f(S)], [1.0], [f(R9)], 161002, "CheckDim: OP_CHECK_MAX_DIM(out, 8)"),
    Probe("out of another shape", [f(S)], [1.0], [f((3, 2))], 161002,
          "CheckSameShapeNotlimit1In1Out: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("0-d", [f(())], [1.0], [f(())], 0, "CheckDim: no minimum rank"),
    Probe("empty", [f(E)], [1.0], [f(E)], 0, "aclnnSwishGetWorkspaceSize: self->IsEmpty() returns success"),
    Probe("empty with complex beta", [f(E)], [1j], [f(E)], 161002,
          "aclnnSwishGetWorkspaceSize: CheckDtypeValidBetaToFloat before the IsEmpty() return"),
    Probe("empty with out of another dtype", [f(E)], [1.0], [f(E, "FLOAT16")], 161002,
          "aclnnSwishGetWorkspaceSize: CheckDtypeValidActivation before the IsEmpty() return"),
    Probe("empty rank 9", [f((0,) + (1,) * 8)], [1.0], [f((0,) + (1,) * 8)], 161002,
          "aclnnSwishGetWorkspaceSize: CheckDim before the IsEmpty() return"),
]
