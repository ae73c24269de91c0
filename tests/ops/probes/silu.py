"""Probes of ascendops/ops/silu.py: aclnnSilu (aclnn_silu.cpp, SOURCE)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "activation/swish/op_api/aclnn_silu.cpp")
OP = "Silu"
S = (2, 3)
E = (0, 3)
R9 = (1,) * 7 + S

PROBES = [
    Probe("null self", [None], [], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null self before bad out dtype", [None], [], [f(S, "DOUBLE")], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValidActivation"),
    Probe("float16", [f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0,
          "CheckDtypeValidActivation: ASCEND910_DTYPE_SUPPORT_LIST has FLOAT16"),
    Probe("double self", [f(S, "DOUBLE")], [], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValidActivation: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("double out", [f(S)], [], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValidActivation: OP_CHECK_DTYPE_NOT_SUPPORT(out)"),
    Probe("out of another dtype", [f(S)], [], [f(S, "FLOAT16")], 161002,
          "CheckDtypeValidActivation: OP_CHECK_DTYPE_NOT_MATCH(out, self's dtype)"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportListV2: the BF16 list on DAV_2201"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportListV2: the BF16 list on a regbase SoC; ASCEND910_95 in ASCEND910B..910E",
          soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "GetDtypeSupportListV2: ASCEND910_DTYPE_SUPPORT_LIST on DAV_1001", soc="Ascend910"),
    Probe("bf16 on Ascend310P", [f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "GetDtypeSupportListV2: ASCEND910_DTYPE_SUPPORT_LIST on DAV_2002", soc="Ascend310P"),
    Probe("out of another shape", [f(S)], [], [f((3, 2))], 161002,
          "CheckSameShapeNotlimit1In1Out: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("rank 9", [f(R9)], [], [f(R9)], 0,
          "CheckParams: no OP_CHECK_MAX_DIM (more than 8 dims are reshaped to 1-D)"),
    Probe("0-d", [f(())], [], [f(())], 0, "CheckParams: no minimum rank"),
    Probe("empty", [f(E)], [], [f(E)], 0, "aclnnSiluGetWorkspaceSize: self->IsEmpty() returns success"),
    Probe("empty with out of another dtype", [f(E)], [], [f(E, "FLOAT16")], 161002,
          "aclnnSiluGetWorkspaceSize: CheckParams before the IsEmpty() return"),
    Probe("empty with out of another shape", [f(E)], [], [f((3, 0))], 161002,
          "aclnnSiluGetWorkspaceSize: CheckSameShapeNotlimit1In1Out before the IsEmpty() return"),
    Probe("empty bf16 on Ascend910", [f(E, "BF16")], [], [f(E, "BF16")], 161002,
          "aclnnSiluGetWorkspaceSize: CheckDtypeValidActivation before the IsEmpty() return", soc="Ascend910"),
]

DOC_SOURCE = [
    "Silu: doc gives self and out 0-8 dims; source has no OP_CHECK_MAX_DIM (aclnn_silu.cpp:CheckParams; more than "
    "8 dims are reshaped to 1-D)",
]
