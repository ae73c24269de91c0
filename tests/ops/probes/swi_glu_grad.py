"""Probes of aclnnSwiGluGrad (ascendops/ops/swi_glu_grad.py), an API CANN generates from its
op definition: phase 1 is nnopbase's (hicann/opbase src/nnopbase/individual_op/executor/
indv_executor.cpp) and then the tiling's: swi_glu_grad_tiling_regbase.cpp on regbase SoCs,
swi_glu_tiling.cpp (Tiling4SwiGlu) elsewhere."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/swi_glu_grad/op_host/swi_glu_grad_def.cpp")
OP = "SwiGluGrad"
G, X = (2, 2), (2, 4)
R = "Ascend950"


def ok(dtype="FLOAT"):
    return [f(G, dtype), f(X, dtype)]


PROBES = [
    Probe("null yGrad", [None, f(X)], [-1], [f(X)], 161001,
          "generated aclnnSwiGluGradGetWorkspaceSize: y_grad required"),
    Probe("null x", [f(G), None], [-1], [f(X)], 161001, "generated: x required"),
    Probe("null out", ok(), [-1], [None], 161001, "generated: x_grad required"),
    Probe("null out before bad dtype", ok("INT32"), [-1], [None], 161001, "the null checks before the kernel match"),
    Probe("float32", ok(), [-1], [f(X)], 0, "swi_glu_grad_def.cpp: FLOAT"),
    Probe("bf16 on Ascend910B", ok("BF16"), [-1], [f(X, "BF16")], 0, "swi_glu_grad_def.cpp: ascend910b config"),
    Probe("bf16 on Ascend950", ok("BF16"), [-1], [f(X, "BF16")], 0, "swi_glu_grad_def.cpp: ascend950 regbaseCfg",
          soc=R),
    Probe("bf16 on Ascend310P", [f((2, 32), "BF16"), f((2, 64), "BF16")], [-1], [f((2, 64), "BF16")], 161002,
          "swi_glu_grad_def.cpp: ascend310p config_without_bf16", soc="Ascend310P"),
    Probe("float16 on Ascend310P", [f((2, 32), "FLOAT16"), f((2, 64), "FLOAT16")], [-1], [f((2, 64), "FLOAT16")], 0,
          "config_without_bf16: FLOAT16; colLen 32 halves = 64 bytes", soc="Ascend310P"),
    Probe("Ascend910: no config", ok(), [-1], [f(X)], 561003,
          "NnopbaseExecutorCheckSocVersionAndParam: no support info for the SoC", soc="Ascend910"),
    Probe("double", ok("DOUBLE"), [-1], [f(X, "DOUBLE")], 161002, "NnopbasePrintSupportInfo: no combination"),
    Probe("yGrad of another dtype", [f(G, "FLOAT16"), f(X)], [-1], [f(X)], 161002,
          "swi_glu_grad_def.cpp: one column of the lists"),
    Probe("out of another dtype", ok(), [-1], [f(X, "FLOAT16")], 161002, "swi_glu_grad_def.cpp: one column"),
    Probe("empty out", [f((0, 2)), f((0, 4))], [-1], [f((0, 4))], 0,
          "NnopbaseExecutorMatchCache: every output empty, no tiling"),
    Probe("empty out, yGrad of another shape", [f((3, 3)), f((0, 4))], [-1], [f((0, 4))], 0,
          "an empty out skips the tiling's shape checks", soc=R),
    Probe("empty out, dtype mismatch", [f((0, 2), "FLOAT16"), f((0, 4))], [-1], [f((0, 4))], 161002,
          "the kernel match runs before the empty-output skip"),
    Probe("regbase: yGrad of another rank", [f((1, 2, 2)), f(X)], [-1], [f(X)], 561002,
          "CheckShapeValid: dimGradYNum != dimXNum", soc=R),
    Probe("regbase: dim rank", [f((4, 1)), f((4, 2))], [2], [f((4, 2))], 561002, "CheckShapeValid: dim >= dimXNum",
          soc=R),
    Probe("regbase: dim -rank", [f((2, 2)), f((4, 2))], [-2], [f((4, 2))], 0, "CheckShapeValid: dim >= -dimXNum",
          soc=R),
    Probe("regbase: dim -rank-1", [f((2, 2)), f((4, 2))], [-3], [f((4, 2))], 561002,
          "CheckShapeValid: dim < -dimXNum", soc=R),
    Probe("regbase: yGrad not half at dim", [f(X), f(X)], [-1], [f(X)], 561002,
          "CheckShapeValid: xDim != yDim * 2", soc=R),
    Probe("regbase: odd size at dim", [f((2, 1)), f((2, 3))], [-1], [f((2, 3))], 561002,
          "CheckShapeValid: 3 != 1 * 2", soc=R),
    Probe("regbase: yGrad's other dim differs", [f((3, 2)), f(X)], [-1], [f(X)], 561002,
          "CheckShapeValid: xDim != yDim off the split dim", soc=R),
    Probe("regbase: dim 2**32 - 1", [f(G), f(X)], [(1 << 32) - 1], [f(X)], 561002,
          "CheckShapeValid: the regbase tiling reads dim as int64", soc=R),
    Probe("Ascend910B: dim rank", [f((4, 1)), f((4, 2))], [2], [f((4, 2))], 561002, "SetTotalShape: inDim >= dimNum"),
    Probe("Ascend910B: dim -rank-1", [f((2, 2)), f((4, 2))], [-3], [f((4, 2))], 561002,
          "SetTotalShape: inDim < -dimNum"),
    Probe("Ascend910B: odd product from dim", [f((2, 1)), f((2, 3))], [-1], [f((2, 3))], 561002,
          "SetTotalShape: shapeAfter % 2 != 0"),
    Probe("Ascend910B: yGrad not half at dim", [f(X), f(X)], [-1], [f(X)], 0,
          "Tiling4SwiGlu reads only x's shape"),
    Probe("Ascend910B: dim 2**32 - 1 reads as -1", [f(G), f(X)], [(1 << 32) - 1], [f(X)], 0,
          "Tiling4SwiGlu: uint32_t inDim, then int32_t: -1"),
    Probe("out not x's shape", ok(), [-1], [f(G)], 0, "nothing in phase 1 checks x_grad's shape", soc=R),
    Probe("0-d x", [f(()), f(())], [-1], [f(())], 561002, "CheckShapeValid: no dim in [0, 0)", soc=R),
    Probe("rank 9", [f((1,) * 8 + (2,)), f((1,) * 8 + (4,))], [-1], [f((1,) * 8 + (4,))], 0, "no rank check"),
    Probe("Ascend310P: row not 64-byte aligned", ok(), [-1], [f(X)], 561002,
          "CalcTiling: DAV_2002 and colLen % 16 != 0", soc="Ascend310P"),
]

DEVIATIONS = {
    "Ascend910B: yGrad not half at dim": (161002, "the engine reads yGrad as x's shape halved at dim and checks "
                                                  "it; CANN's common tiling reads only x"),
    "Ascend910B: dim 2**32 - 1 reads as -1": (161002, "the engine splits along the dim as given (int64); CANN's "
                                                      "common tiling truncates it to 32 bits"),
    "out not x's shape": (161002, "the engine writes out as x's shape and checks it; CANN's generated phase 1 "
                                  "does not look at x_grad's shape"),
}

DOC_SOURCE = [
    "SwiGluGrad: the doc gives yGrad, x and out 1-8 dims and says empty tensors are not supported; the source "
    "has no rank check, and nnopbase skips the tiling for an empty x_grad (phase 1 succeeds)",
    "SwiGluGrad: the doc's shape rules (yGrad x's shape halved at dim, out x's shape) are checked only by the "
    "regbase tiling (561002, swi_glu_grad_tiling_regbase.cpp CheckShapeValid), yGrad's only; the common tiling "
    "checks the dim and the product of x's dims from dim on (swi_glu_tiling.cpp SetTotalShape)",
]
