"""Probes of aclnnClippedSwigluGrad (ascendops/ops/clipped_swiglu_grad.py), an API CANN
generates from its op definition: phase 1 is nnopbase's (hicann/opbase src/nnopbase/
individual_op/executor/indv_executor.cpp: null checks, the kernel match against the
definition's dtypes and SoC configs, an all-empty output skipping the tiling), then
clipped_swiglu_grad_tiling.cpp's (one tiling for every SoC)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/clipped_swiglu_grad/op_host/clipped_swiglu_grad_def.cpp")
OP = "ClippedSwigluGrad"
G, X = (4, 3), (4, 6)
R = "Ascend950"


def a(dim=-1, limit=7.0):
    return [dim, 1.702, limit, 1.0, True]


def ins(dtype="FLOAT", group=None, gy=G, x=X):
    return [f(gy, dtype), f(x, dtype), group]


PROBES = [
    Probe("null gradY", [None, f(X), None], a(), [f(X)], 161001, "generated: grad_y required"),
    Probe("null x", [f(G), None, None], a(), [f(X)], 161001, "generated: x required"),
    Probe("null gradXOut", ins(), a(), [None], 161001, "generated: grad_x required"),
    Probe("null gradXOut before bad dtype", ins("INT32"), a(), [None], 161001,
          "the null checks before the kernel match"),
    Probe("float32", ins(), a(), [f(X)], 0, "clipped_swiglu_grad_def.cpp: xDtype"),
    Probe("bf16 on Ascend950", ins("BF16"), a(), [f(X, "BF16")], 0, "clipped_swiglu_grad_def.cpp: regbaseConfig",
          soc=R),
    Probe("groupIndex of one element", ins(group=f((1,), "INT64")), a(), [f(X)], 0, "CheckAndGetGroupIndex: 1-d INT64"),
    Probe("Ascend910: no config", ins(), a(), [f(X)], 561003, "NnopbaseExecutorCheckSocVersionAndParam",
          soc="Ascend910"),
    Probe("Ascend310P: no config", ins(), a(), [f(X)], 561003, "NnopbaseExecutorCheckSocVersionAndParam",
          soc="Ascend310P"),
    Probe("double", ins("DOUBLE"), a(), [f(X, "DOUBLE")], 161002, "NnopbasePrintSupportInfo"),
    Probe("gradY of another dtype", [f(G, "FLOAT16"), f(X), None], a(), [f(X)], 161002,
          "clipped_swiglu_grad_def.cpp: one column"),
    Probe("gradXOut of another dtype", ins(), a(), [f(X, "FLOAT16")], 161002,
          "clipped_swiglu_grad_def.cpp: one column"),
    Probe("groupIndex int32", ins(group=f((1,), "INT32")), a(), [f(X)], 161002,
          "clipped_swiglu_grad_def.cpp: groupIndexDtype INT64"),
    Probe("empty gradXOut", ins(gy=(0, 3), x=(0, 6)), a(), [f((0, 6))], 0,
          "NnopbaseExecutorMatchCache: empty output, no tiling"),
    Probe("empty gradXOut, limit 0", ins(gy=(0, 3), x=(0, 6)), a(limit=0.0), [f((0, 6))], 0,
          "an empty output skips the tiling's limit check"),
    Probe("empty gradXOut, gradY of another dtype", [f((0, 3), "FLOAT16"), f((0, 6)), None], a(), [f((0, 6))], 161002,
          "the kernel match runs before the empty-output skip"),
    Probe("limit 0", ins(), a(limit=0.0), [f(X)], 561002, "CheckAndGetXAndAttrs: limit_ <= 0.0f"),
    Probe("limit 0 on Ascend950", ins(), a(limit=0.0), [f(X)], 561002, "one tiling on every SoC", soc=R),
    Probe("limit 1e-46 is float 0", ins(), a(limit=1e-46), [f(X)], 561002, "the attribute as float is 0"),
    Probe("limit NaN", ins(), a(limit=float("nan")), [f(X)], 0, "CheckAndGetXAndAttrs: NaN <= 0.0f is false"),
    Probe("dim rank", ins(), a(dim=2), [f(X)], 561002, "CheckAndGetXAndAttrs: cutDim_ > xDims_ - 1"),
    Probe("dim -rank", ins(gy=(2, 6)), a(dim=-2), [f(X)], 0, "CheckAndGetXAndAttrs: cutDim_ >= -xDims_"),
    Probe("dim -rank-1", ins(), a(dim=-3), [f(X)], 561002, "CheckAndGetXAndAttrs: cutDim_ < -xDims_"),
    Probe("dim 2**32 - 1 reads as -1", ins(), a(dim=(1 << 32) - 1), [f(X)], 0,
          "CheckAndGetXAndAttrs: GetAttrPointer<int>(DIM_INDEX) reads -1"),
    Probe("0-d x", [f(()), f(()), None], a(), [f(())], 561002, "CheckAndGetXAndAttrs: no dim in [0, -1]"),
    Probe("odd size at dim", ins(gy=(4, 2), x=(4, 5)), a(), [f((4, 5))], 561002,
          "CheckAndGetXAndAttrs: x[dim] % 2 == 1"),
    Probe("gradY of another rank", ins(gy=(1, 4, 3)), a(), [f(X)], 561002, "CheckAndGetXAndAttrs: grad_y rank"),
    Probe("gradY not half at dim", ins(gy=X), a(), [f(X)], 561002, "CheckAndGetXAndAttrs: grad_y dim != x dim / 2"),
    Probe("gradY's other dim differs", ins(gy=(2, 3)), a(), [f(X)], 561002,
          "CheckAndGetXAndAttrs: grad_y dim != x dim"),
    Probe("groupIndex 2-d", ins(group=f((1, 1), "INT64")), a(), [f(X)], 561002,
          "CheckAndGetGroupIndex: groupIndexDim != 1"),
    Probe("groupIndex empty", ins(group=f((0,), "INT64")), a(), [f(X)], 0,
          "CheckAndGetGroupIndex: groupNum_ 0 is no group (no element count check)"),
    Probe("gradXOut of another rank", ins(), a(), [f((24,))], 561002, "CheckGradX: gradXDims != xDims_"),
    Probe("gradXOut of x's rank, other dims", ins(), a(), [f((6, 4))], 0, "CheckGradX: only grad_x's rank"),
    Probe("rank 9", ins(gy=(1,) * 8 + (3,), x=(1,) * 8 + (6,)), a(), [f((1,) * 8 + (6,))], 0, "no rank cap"),
    Probe("limit before dim", ins(), a(dim=5, limit=0.0), [f(X)], 561002,
          "CheckAndGetXAndAttrs: the limit check, then the dim's (both 561002)"),
    Probe("bad dtype before bad shape", ins("INT32", gy=X), a(), [f(X, "INT32")], 161002,
          "the kernel match before the tiling"),
]

DEVIATIONS = {
    "limit NaN": (561002, "the kernel's masks and clamps with a NaN bound would not give the float64 reference: "
                          "refused after the sequence (tiling_check)"),
    "dim 2**32 - 1 reads as -1": (161002, "the engine splits along the dim as given (int64); CANN's tiling reads "
                                          "its low 32 bits"),
    "gradXOut of x's rank, other dims": (161002, "the engine writes gradXOut as x's shape and checks it; CANN's "
                                                 "tiling checks only its rank"),
}

DOC_SOURCE = [
    "ClippedSwigluGrad: the doc gives dim in [-x.dim(), x.dim()-1], x 1-8 dims and says empty tensors are not "
    "supported; the source checks the dim in the tiling (561002, clipped_swiglu_grad_tiling.cpp "
    "CheckAndGetXAndAttrs), has no rank cap, and nnopbase skips the tiling for an empty grad_x (success)",
]
