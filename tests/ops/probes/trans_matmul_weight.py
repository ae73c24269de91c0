"""Probes of aclnnTransMatmulWeight (ascendops/ops/trans_matmul_weight.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214",
          "conversion/trans_data/op_api/aclnn_trans_matmul_weight.cpp")
OP = "TransMatmulWeight"
S = (16, 32)                     # its FRACTAL_NZ layout is its ND size (no padding)
S3 = (2, 16, 32)

PROBES = [
    Probe("null mmWeightRef", [], [], [None], 161001, "CheckNotNull: OP_CHECK_NULL(input)"),
    Probe("float16", [], [], [f(S, "FLOAT16")], 0, "CheckParams passes; 2 dims"),
    Probe("float", [], [], [f(S)], 161002, "CheckDtypeValid: no DT_FLOAT in any list"),
    Probe("uint8", [], [], [f(S, "UINT8")], 0, "ASCEND910B_DTYPE_DTYPE_SUPPORT_LIST: DT_UINT8"),
    Probe("bf16 on Ascend310P", [], [], [f(S, "BF16")], 161002,
          "ASCEND310P_DTYPE_DTYPE_SUPPORT_LIST: FLOAT16, INT8", soc="Ascend310P"),
    Probe("int8 on Ascend310P", [], [], [f(S, "INT8")], 0, "ASCEND310P_DTYPE_DTYPE_SUPPORT_LIST: INT8",
          soc="Ascend310P"),
    Probe("bf16 on Ascend910", [], [], [f(S, "BF16")], 161002, "ASCEND910_DTYPE_DTYPE_SUPPORT_LIST: FLOAT16",
          soc="Ascend910"),
    Probe("FRACTAL_NZ", [], [], [f(S, "FLOAT16", "ACL_FORMAT_FRACTAL_NZ")], 161002,
          "CheckFormatValid: storage format ND"),
    Probe("9 dims", [], [], [f((1,) * 7 + S, "FLOAT16")], 161002, "CheckShape: OP_CHECK_MAX_DIM 8"),
    Probe("empty", [], [], [f((0, 32), "FLOAT16")], 0, "mmWeightRef->IsEmpty(): success"),
    Probe("3 dims on Ascend910B", [], [], [f(S3, "FLOAT16")], 0, "CheckShapeDim: 2-6 dims on ASCEND910B",
          soc="Ascend910B"),
    Probe("3 dims on Ascend950", [], [], [f(S3, "FLOAT16")], 161002, "CheckShapeDim: 2 dims off ASCEND910B / 910_93",
          soc="Ascend950"),
    Probe("3 dims int8 on Ascend950", [], [], [f(S3, "INT8")], 0, "CheckShapeDimV2: 2-6 dims for DT_INT8",
          soc="Ascend950"),
    Probe("7 dims on Ascend910B", [], [], [f((1,) * 5 + S, "FLOAT16")], 161002, "CheckShapeDim: at most 6",
          soc="Ascend910B"),
]

# What ascendops does differently from CANN's source (docs/fidelity.md).
DEVIATIONS = {}
