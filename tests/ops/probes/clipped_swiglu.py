"""Probes of aclnnClippedSwiglu and aclnnClippedSwigluV2 (ascendops/ops/clipped_swiglu.py),
APIs CANN generates from one op definition: phase 1 is nnopbase's (hicann/opbase
src/nnopbase/individual_op/executor/indv_executor.cpp: null checks, the kernel match against
the definition's dtypes and SoC configs, an all-empty output skipping the tiling), then the
tiling's: clipped_swiglu_tiling_arch35.cpp on regbase SoCs (Ascend950), clipped_swiglu_tiling.cpp
on Ascend910B / 910_93."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/clipped_swiglu/op_host/clipped_swiglu_def.cpp")
OP = "ClippedSwiglu"
X, H = (4, 6), (4, 3)
R, B = "Ascend950", "Ascend910B"


def a(dim=-1, limit=7.0, interleaved=True):
    return [dim, 1.702, limit, 1.0, interleaved]


def g(n=1, dtype="INT64", shape=None):
    return f(shape if shape is not None else (n,), dtype)


def v2(name, inputs, attrs, outputs, status, cite, soc=R):
    return Probe("V2: " + name, inputs, attrs, outputs, status, cite, soc, "ClippedSwigluV2")


PROBES = [
    Probe("null x", [None, None], a(), [f(H)], 161001, "generated aclnnClippedSwigluGetWorkspaceSize: x required"),
    Probe("null out", [f(X), None], a(), [None], 161001, "generated: y required"),
    Probe("null out before bad x dtype", [f(X, "INT32"), None], a(), [None], 161001,
          "the null checks before the kernel match"),
    Probe("no groupIndex", [f(X), None], a(), [f(H)], 0, "group_index OPTIONAL"),
    Probe("groupIndex of one element", [f(X), g()], a(), [f(H)], 0, "CheckAndGetGroupIndex: 1-d INT64"),
    Probe("bf16 on Ascend910B", [f(X, "BF16"), None], a(), [f(H, "BF16")], 0, "clipped_swiglu_def.cpp: xDtype",
          soc=B),
    Probe("float16 on Ascend950", [f(X, "FLOAT16"), None], a(), [f(H, "FLOAT16")], 0,
          "clipped_swiglu_def.cpp: regbaseConfig", soc=R),
    Probe("Ascend910: no config", [f(X), None], a(), [f(H)], 561003,
          "NnopbaseExecutorCheckSocVersionAndParam: no ascend910 config", soc="Ascend910"),
    Probe("Ascend310P: no config", [f(X), None], a(), [f(H)], 561003,
          "NnopbaseExecutorCheckSocVersionAndParam: no ascend310p config", soc="Ascend310P"),
    Probe("double x", [f(X, "DOUBLE"), None], a(), [f(H, "DOUBLE")], 161002, "NnopbasePrintSupportInfo"),
    Probe("out of another dtype", [f(X), None], a(), [f(H, "FLOAT16")], 161002, "clipped_swiglu_def.cpp: one column"),
    Probe("groupIndex int32", [f(X), g(dtype="INT32")], a(), [f(H)], 161002,
          "clipped_swiglu_def.cpp: groupIndexDtype INT64"),
    Probe("empty out", [f((0, 6)), g()], a(), [f((0, 3))], 0, "NnopbaseExecutorMatchCache: empty output, no tiling"),
    Probe("empty out, limit 0 on Ascend950", [f((0, 6)), None], a(limit=0.0), [f((0, 3))], 0,
          "an empty out skips the tiling's limit check", soc=R),
    Probe("empty out, groupIndex int32", [f((0, 6)), g(dtype="INT32")], a(), [f((0, 3))], 161002,
          "the kernel match runs before the empty-output skip"),
    Probe("empty x, out not empty (regbase)", [f((0, 6)), None], a(), [f(H)], 561002,
          "CheckInputX: x shape size must > 0", soc=R),
    Probe("limit 0 on Ascend950", [f(X), None], a(limit=0.0), [f(H)], 561002,
          "CheckAndGetXAndAttrs (arch35): gluLimit_ <= 0.0f", soc=R),
    Probe("limit 1e-46 is float 0 on Ascend950", [f(X), None], a(limit=1e-46), [f(H)], 561002,
          "CheckAndGetXAndAttrs (arch35): the attribute as float is 0", soc=R),
    Probe("limit 1e-30 on Ascend950", [f(X), None], a(limit=1e-30), [f(H)], 0, "gluLimit_ > 0", soc=R),
    Probe("limit 0 on Ascend910B", [f(X), None], a(limit=0.0), [f(H)], 0,
          "ClippedSwigluTiling: no limit check", soc=B),
    Probe("limit NaN on Ascend950", [f(X), None], a(limit=float("nan")), [f(H)], 0,
          "CheckAndGetXAndAttrs (arch35): NaN <= 0.0f is false", soc=R),
    Probe("0-d x on Ascend950", [f(()), None], a(), [f(())], 561002, "CheckAndGetXAndAttrs: xDims_ <= 0", soc=R),
    Probe("0-d x on Ascend910B", [f(()), None], a(), [f(())], 561002,
          "CheckAndGetXAndAttrs: no dim in [0, -1]", soc=B),
    Probe("dim rank on Ascend950", [f(X), None], a(dim=2), [f(H)], 561002, "CheckInputX: cutDim_ > xDims_ - 1",
          soc=R),
    Probe("dim -rank on Ascend950", [f((4, 6)), None], a(dim=-2), [f((2, 6))], 0, "CheckInputX: cutDim_ 0",
          soc=R),
    Probe("dim -rank-1 on Ascend950", [f(X), None], a(dim=-3), [f(H)], 561002, "CheckInputX: cutDim_ < 0", soc=R),
    Probe("dim rank on Ascend910B", [f(X), None], a(dim=2), [f(H)], 561002,
          "CheckAndGetXAndAttrs: cutDim_ > xDims_ - 1", soc=B),
    Probe("dim -rank-1 on Ascend910B", [f(X), None], a(dim=-3), [f(H)], 561002,
          "CheckAndGetXAndAttrs: cutDim_ < -xDims_", soc=B),
    Probe("dim 2**32 - 1 on Ascend910B", [f(X), None], a(dim=(1 << 32) - 1), [f(H)], 0,
          "CheckAndGetXAndAttrs: GetAttrPointer<int>(DIM_INDEX) reads -1", soc=B),
    Probe("dim 2**32 - 1 on Ascend950", [f(X), None], a(dim=(1 << 32) - 1), [f(H)], 561002,
          "CheckAndGetXAndAttrs (arch35): GetAttrPointer<int64_t>, out of range", soc=R),
    Probe("odd size at dim", [f((4, 5)), None], a(), [f((4, 2))], 561002, "CheckInputX: xCutDimNum_ % 2 != 0", soc=R),
    Probe("odd size at dim on Ascend910B", [f((4, 5)), None], a(), [f((4, 2))], 561002,
          "CheckAndGetXAndAttrs: x[dim] % 2 == 1", soc=B),
    Probe("groupIndex 2-d", [f(X), g(shape=(1, 1))], a(), [f(H)], 561002, "CheckAndGetGroupIndex: groupIndexDim != 1",
          soc=R),
    Probe("groupIndex 2-d on Ascend910B", [f(X), g(shape=(1, 1))], a(), [f(H)], 561002,
          "CheckAndGetGroupIndex: groupIndexDim != 1", soc=B),
    Probe("groupIndex empty on Ascend950", [f(X), g(0)], a(), [f(H)], 561002, "CheckAndGetGroupIndex: groupNum_ <= 0",
          soc=R),
    Probe("groupIndex empty on Ascend910B", [f(X), g(0)], a(), [f(H)], 0,
          "CheckAndGetGroupIndex: no element count check", soc=B),
    Probe("groupIndex 8192 on Ascend950", [f(X), g(8192)], a(), [f(H)], 0, "groupNum_ <= MAX_GROUP_NUM", soc=R),
    Probe("groupIndex 8193 on Ascend950", [f(X), g(8193)], a(), [f(H)], 561002, "groupNum_ > MAX_GROUP_NUM", soc=R),
    Probe("groupIndex 13000 on Ascend910B", [f(X), g(13000)], a(), [f(H)], 0,
          "DoOpTiling: CountMaxPair's GRAPH_FAILED is not checked", soc=B),
    Probe("out of another rank", [f(X), None], a(), [f((4, 3, 1))], 561002, "CheckY: yDims != xDims_", soc=R),
    Probe("out not half at dim", [f(X), None], a(), [f(X)], 561002, "CheckY: y[dim] != x[dim] / 2", soc=R),
    Probe("out not half at dim on Ascend910B", [f(X), None], a(), [f(X)], 561002, "CheckY: y[dim] != x[dim] / 2",
          soc=B),
    Probe("out's other dim differs on Ascend950", [f(X), None], a(), [f((2, 3))], 561002,
          "CheckY: xShape[i] != yShape[i] before dim", soc=R),
    Probe("out's other dim differs on Ascend910B", [f(X), None], a(), [f((2, 3))], 0,
          "CheckY (common tiling): only y's rank and y[dim]", soc=B),
    Probe("rank 9", [f((1,) * 8 + (6,)), None], a(), [f((1,) * 8 + (3,))], 0, "no rank cap in phase 1", soc=R),
    Probe("limit before dim on Ascend950", [f(X), None], a(dim=5, limit=0.0), [f(H)], 561002,
          "CheckAndGetXAndAttrs: the limit check, then the dim's (both 561002)", soc=R),
    Probe("bad dtype before bad shape", [f((4, 5), "INT32"), None], a(), [f((4, 2), "INT32")], 161002,
          "the kernel match before the tiling"),
    v2("clampMode 1", [f(X), None], a() + [1], [f(H)], 0, "CheckAndGetXAndAttrs (arch35): clamp_mode 1"),
    v2("clampMode 2", [f(X), None], a() + [2], [f(H)], 561002, "CheckAndGetXAndAttrs (arch35): clamp_mode not 0/1"),
    v2("clampMode -1", [f(X), None], a() + [-1], [f(H)], 561002, "CheckAndGetXAndAttrs (arch35): clamp_mode not 0/1"),
    v2("null out", [f(X), None], a() + [0], [None], 161001, "generated: y required"),
    v2("limit 0", [f(X), None], a(limit=0.0) + [0], [f(H)], 561002, "CheckAndGetXAndAttrs (arch35): limit"),
    v2("Ascend910: no config", [f(X), None], a() + [0], [f(H)], 561003, "no ascend910 config", soc="Ascend910"),
    v2("clampMode 0 on Ascend910B", [f(X), None], a() + [0], [f(H)], 0,
       "clipped_swiglu_def.cpp: one op, an ascend910b config (clamp_mode a Version-2 attribute)", soc=B),
    v2("empty out, clampMode 2", [f((0, 6)), None], a() + [2], [f((0, 3))], 0, "the empty-output skip"),
]

DEVIATIONS = {
    "limit NaN on Ascend950": (561002, "the engine's clamps ignore a NaN bound (as an infinite one), which would "
                                       "not give the reference's NaN: refused after the sequence (tiling_check)"),
    "dim 2**32 - 1 on Ascend910B": (161002, "the engine splits along the dim as given (int64); CANN's common "
                                            "tiling reads its low 32 bits"),
    "out's other dim differs on Ascend910B": (161002, "the engine writes out as x's shape halved at dim and "
                                                      "checks it; CANN's common tiling checks only y's rank and "
                                                      "y[dim]"),
    "V2: clampMode 0 on Ascend910B": (161002, "ClippedSwigluV2 is declared for Ascend950 only (its doc); its "
                                              "Ascend910B kernel, which reads no clamp_mode, is not modelled"),
}

DOC_SOURCE = [
    "ClippedSwiglu, ClippedSwigluV2: the doc gives dim in [-x.dim(), x.dim()-1] and x 1-8 dims as parameter rules "
    "(161002); the source checks the dim in the tilings (561002) and no rank cap",
    "ClippedSwigluV2: the doc supports only Ascend950; the op definition (clipped_swiglu_def.cpp) is one op with "
    "clamp_mode a Version-2 attribute and ascend910b / ascend910_93 configs, whose tiling reads no clamp_mode",
    "ClippedSwiglu: the doc requires limit > 0; only the regbase tiling checks it (clipped_swiglu_tiling_arch35.cpp "
    "CheckAndGetXAndAttrs), not Ascend910B's (clipped_swiglu_tiling.cpp)",
]
