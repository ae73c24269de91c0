"""Probes of aclnnInplaceZero (ascendops/ops/zero.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/zero_op/op_api/aclnn_zero.cpp")
OP = "InplaceZero"
S = (2, 3)
E = (0, 3)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

PROBES = [
    Probe("null selfRef", [None], [], [], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("float", [f(S)], [], [], 0, "CheckParams passes"),
    Probe("uint16", [f(S, "UINT16")], [], [], 0, "DTYPE_SUPPORT_LIST: DT_UINT16"),
    Probe("uint32", [f(S, "UINT32")], [], [], 161002, "CheckDtypeValid: DTYPE_SUPPORT_LIST has no DT_UINT32"),
    Probe("uint64 on Ascend950", [f(S, "UINT64")], [], [], 161002,
          "CheckDtypeValid: DTYPE_SUPPORT_950_LIST has no DT_UINT64", soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [], [], 0,
          "CheckDtypeValid: non-regbase DTYPE_SUPPORT_LIST has DT_BF16 on every SoC", soc="Ascend910"),
    Probe("complex64", [f(S, "COMPLEX64")], [], [], 0, "DTYPE_SUPPORT_LIST: DT_COMPLEX64"),
    Probe("float8_e5m2 on Ascend910B", [f(S, "FLOAT8_E5M2")], [], [], 161002,
          "CheckDtypeValid: DTYPE_SUPPORT_LIST (not regbase) has no DT_FLOAT8_E5M2"),
    Probe("float8_e5m2 on Ascend950", [f(S, "FLOAT8_E5M2")], [], [], 0,
          "CheckDtypeValid: IsRegBase(): DTYPE_SUPPORT_950_LIST", soc="Ascend950"),
    Probe("rank 8", [f(R8)], [], [], 0, "CheckParams: no rank check"),
    Probe("rank 9", [f(R9)], [], [], 0, "CheckParams: no rank check (OP_CHECK_MAX_DIM absent)"),
    Probe("0-d", [f(())], [], [], 0, "CheckParams: no rank check"),
    Probe("empty", [f(E)], [], [], 0, "aclnnInplaceZeroGetWorkspaceSize: selfRef->IsEmpty() returns"),
    Probe("empty uint32", [f(E, "UINT32")], [], [], 161002, "CheckParams: CheckDtypeValid before the IsEmpty() return"),
    Probe("empty complex128", [f(E, "COMPLEX128")], [], [], 0, "the IsEmpty() return before ZerosLike"),
]

DEVIATIONS = {
    "complex64": (161002, "the Cast kernel (src/cast.c), which CopyOp runs, has no complex path"),
    "float8_e5m2 on Ascend950": (161002, "the Cast kernel (src/cast.c), which CopyOp runs, has no 8-bit float path"),
}
