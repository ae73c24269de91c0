"""Probes of aclnnSwiGlu (ascendops/ops/swi_glu.py), an API CANN generates from its op
definition: phase 1 is nnopbase's (hicann/opbase src/nnopbase/individual_op/executor/
indv_executor.cpp: the null checks, the kernel match against the definition's dtypes,
an all-empty output skipping the tiling) and then the tiling's (swi_glu_tiling.cpp)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "activation/swi_glu/op_host/swi_glu_def.cpp")
OP = "SwiGlu"
X, H = (2, 4), (2, 2)

PROBES = [
    Probe("null x", [None], [-1], [f(H)], 161001, "generated aclnnSwiGluGetWorkspaceSize: x required"),
    Probe("null out", [f(X)], [-1], [None], 161001, "generated aclnnSwiGluGetWorkspaceSize: out required"),
    Probe("null out before bad x dtype", [f(X, "INT32")], [-1], [None], 161001,
          "the null checks before NnopbaseRunForWorkspace's kernel match"),
    Probe("float32", [f(X)], [-1], [f(H)], 0, "swi_glu_def.cpp: FLOAT in x's list"),
    Probe("bf16 on Ascend910B", [f(X, "BF16")], [-1], [f(H, "BF16")], 0, "swi_glu_def.cpp: ascend910b config"),
    Probe("bf16 on Ascend950", [f(X, "BF16")], [-1], [f(H, "BF16")], 0, "swi_glu_def.cpp: ascend950 regbaseCfg",
          soc="Ascend950"),
    Probe("bf16 on Ascend310P", [f((2, 64), "BF16")], [-1], [f((2, 32), "BF16")], 161002,
          "swi_glu_def.cpp: ascend310p config_without_bf16; NnopbasePrintSupportInfo", soc="Ascend310P"),
    Probe("float16 on Ascend310P", [f((2, 64), "FLOAT16")], [-1], [f((2, 32), "FLOAT16")], 0,
          "config_without_bf16: FLOAT16; CalcTiling: colLen 32 halves is 64 bytes", soc="Ascend310P"),
    Probe("Ascend910: no config", [f(X)], [-1], [f(H)], 561003,
          "NnopbaseExecutorCheckSocVersionAndParam: no support info for the SoC", soc="Ascend910"),
    Probe("Ascend910: no config, empty out", [f((0, 4))], [-1], [f((0, 2))], 561003,
          "the kernel match (and its SoC check) runs before the empty-output skip", soc="Ascend910"),
    Probe("double x", [f(X, "DOUBLE")], [-1], [f(H, "DOUBLE")], 161002, "NnopbasePrintSupportInfo: no combination"),
    Probe("out of another dtype", [f(X)], [-1], [f(H, "FLOAT16")], 161002,
          "swi_glu_def.cpp: x and y one column of the lists"),
    Probe("empty out, out of another dtype", [f((0, 4))], [-1], [f((0, 2), "FLOAT16")], 161002,
          "the kernel match runs before the empty-output skip"),
    Probe("empty x and out", [f((0, 4))], [-1], [f((0, 2))], 0,
          "NnopbaseExecutorMatchCache: every output empty, no tiling"),
    Probe("empty out, dim out of range", [f((0, 4))], [5], [f((0, 2))], 0,
          "an empty out skips the tiling's dim check"),
    Probe("empty out, odd x", [f((2, 3))], [-1], [f((0, 1))], 0, "an empty out skips the tiling's parity check"),
    Probe("empty x, out not empty (regbase)", [f((0, 4))], [-1], [f((2, 2))], 561002,
          "Tiling4SwiGlu: processEmptyTensor needs an empty y", soc="Ascend950"),
    Probe("dim rank-1", [f((4, 2))], [1], [f((4, 1))], 0, "SetTotalShape: inDim < dimNum"),
    Probe("dim rank", [f((4, 2))], [2], [f((4, 1))], 561002, "SetTotalShape: inDim >= dimNum"),
    Probe("dim -rank", [f((4, 2))], [-2], [f((2, 2))], 0, "SetTotalShape: inDim >= -dimNum"),
    Probe("dim -rank-1", [f((4, 2))], [-3], [f((2, 2))], 561002, "SetTotalShape: inDim < -dimNum"),
    Probe("dim 2**32 - 1 reads as -1", [f(X)], [(1 << 32) - 1], [f(H)], 0,
          "Tiling4SwiGlu: uint32_t inDim = *(attrs->GetInt(0)), then int32_t: -1"),
    Probe("0-d x", [f(())], [-1], [f(())], 561002, "SetTotalShape: no dim is in [0, 0)"),
    Probe("odd product from dim", [f((2, 3))], [-1], [f((2, 1))], 561002, "SetTotalShape: shapeAfter % 2 != 0"),
    Probe("odd size at dim, even product", [f((3, 2))], [0], [f((1, 2))], 0,
          "SetTotalShape: shapeAfter = 3 * 2 is even (the size at dim alone is not checked)"),
    Probe("out of another shape", [f(X)], [-1], [f((4, 2))], 0, "nothing in phase 1 checks y's shape"),
    Probe("rank 9", [f((1,) * 8 + (4,))], [-1], [f((1,) * 8 + (2,))], 0, "no rank check in phase 1"),
    Probe("Ascend310P: row not 64-byte aligned", [f(X)], [-1], [f(H)], 561002,
          "CalcTiling: DAV_2002 and colLen % (64 / 4) != 0", soc="Ascend310P"),
    Probe("Ascend310P: 16 floats per half", [f((2, 32))], [-1], [f((2, 16))], 0,
          "CalcTiling: colLen 16 floats is 64 bytes", soc="Ascend310P"),
    Probe("bad dtype before bad dim", [f(X, "INT32")], [5], [f(H, "INT32")], 161002,
          "the kernel match before the tiling"),
]

DEVIATIONS = {
    "dim 2**32 - 1 reads as -1": (161002, "the engine splits along the dim as given (int64); CANN's tiling "
                                          "truncates it to 32 bits"),
    "odd size at dim, even product": (161002, "the engine splits x at dim into halves (CANN's kernel halves the "
                                              "flattened dims from dim on, which is not a split at dim)"),
    "out of another shape": (161002, "the engine writes out as x's shape halved at dim and checks it; CANN's "
                                     "generated phase 1 does not look at y's shape"),
}

DOC_SOURCE = [
    "SwiGlu: the doc gives x's size at dim even and dim in [-x.dim(), x.dim()-1] as parameter rules; the source "
    "(swi_glu_tiling.cpp SetTotalShape) checks the dim range and the product of x's dims from dim on, as tiling "
    "errors (561002)",
]
