"""Probes of ascendops/ops/mish.py: aclnnMish and aclnnInplaceMish (aclnn_mish.cpp, SOURCE)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "activation/mish/op_api/aclnn_mish.cpp")
OP = "Mish"
S = (2, 3)
E = (0, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S

MISH = [
    Probe("null self", [None], [], [f(S)], 161001, "CheckNotNull2Tensor: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [], [None], 161001, "CheckNotNull2Tensor: OP_CHECK_NULL(out)"),
    Probe("null self before bad out dtype", [None], [], [f(S, "DOUBLE")], 161001,
          "CheckParams: CheckNotNull2Tensor before CheckDtypeValid"),
    Probe("float16", [f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: ASCEND910_DTYPE_SUPPORT_LIST has FLOAT16"),
    Probe("double self", [f(S, "DOUBLE")], [], [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("double out", [f(S)], [], [f(S, "DOUBLE")], 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out)"),
    Probe("out of another dtype", [f(S)], [], [f(S, "FLOAT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(self, out)"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportListV2: ASCEND910B_DTYPE_SUPPORT_LIST on DAV_2201"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "GetDtypeSupportListV2: ASCEND910B_DTYPE_SUPPORT_LIST on a regbase SoC", soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "GetDtypeSupportListV2: ASCEND910_DTYPE_SUPPORT_LIST on DAV_1001", soc="Ascend910"),
    Probe("bf16 on Ascend310P", [f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "GetDtypeSupportListV2: ASCEND910_DTYPE_SUPPORT_LIST on DAV_2002", soc="Ascend310P"),
    Probe("rank 8", [f(R8)], [], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("out rank 9", [f(S)], [], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(out, 8)"),
    Probe("out of another shape", [f(S)], [], [f((3, 2))], 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(out, self)"),
    Probe("0-d", [f(())], [], [f(())], 0, "CheckShape: no minimum rank"),
    Probe("empty", [f(E)], [], [f(E)], 0, "aclnnMishGetWorkspaceSize: self->IsEmpty() returns success"),
    Probe("empty with out of another dtype", [f(E)], [], [f(E, "FLOAT16")], 161002,
          "aclnnMishGetWorkspaceSize: CheckParams before the IsEmpty() return"),
    Probe("empty with out of another shape", [f(E)], [], [f((3, 0))], 161002,
          "aclnnMishGetWorkspaceSize: CheckShape before the IsEmpty() return"),
    Probe("empty rank 9", [f((0,) + (1,) * 8)], [], [f((0,) + (1,) * 8)], 161002,
          "aclnnMishGetWorkspaceSize: OP_CHECK_MAX_DIM before the IsEmpty() return"),
]

INPLACE_MISH = [
    Probe("inplace: null selfRef", [None], [], [], 161001,
          "aclnnInplaceMish: aclnnMish(selfRef, selfRef): CheckNotNull2Tensor", op="InplaceMish"),
    Probe("inplace: float16", [f(S, "FLOAT16")], [], [], 0, "CheckDtypeValid: FLOAT16 listed", op="InplaceMish"),
    Probe("inplace: double", [f(S, "DOUBLE")], [], [], 161002, "CheckDtypeValid: DOUBLE in no list",
          op="InplaceMish"),
    Probe("inplace: bf16 on Ascend910B", [f(S, "BF16")], [], [], 0, "GetDtypeSupportListV2 on DAV_2201",
          op="InplaceMish"),
    Probe("inplace: bf16 on Ascend910", [f(S, "BF16")], [], [], 161002, "GetDtypeSupportListV2 on DAV_1001",
          op="InplaceMish", soc="Ascend910"),
    Probe("inplace: rank 9", [f(R9)], [], [], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)", op="InplaceMish"),
    Probe("inplace: empty double", [f(E, "DOUBLE")], [], [], 161002, "CheckParams before the IsEmpty() return",
          op="InplaceMish"),
    Probe("inplace: empty", [f(E)], [], [], 0, "aclnnMishGetWorkspaceSize: self->IsEmpty()", op="InplaceMish"),
]

PROBES = MISH + INPLACE_MISH

DOC_SOURCE = [
    "Mish: doc says Atlas 推理系列产品 (Ascend310P) 不支持; source's checks take FLOAT and FLOAT16 there "
    "(aclnn_mish.cpp:CheckDtypeValid, GetDtypeSupportListV2's non-BF16 list)",
    "Mish: doc says out's format must be self's; source checks no format (aclnn_mish.cpp:CheckParams)",
]
