"""Probes of aclnnFatreluMul (ascendops/ops/fatrelu_mul.py), an API CANN generates from its
op definition: phase 1 is nnopbase's (hicann/opbase src/nnopbase/individual_op/executor/
indv_executor.cpp: the null checks, the kernel match against the definition's dtypes and
SoC configs, an all-empty output skipping the tiling), then fatrelu_mul_tiling.cpp's."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/fatrelu_mul/op_host/fatrelu_mul_def.cpp")
OP = "FatreluMul"
X, H = (2, 4), (2, 2)


def th(dtype="FLOAT", shape=()):
    return f(shape, dtype)


PROBES = [
    Probe("null input", [None, th()], [], [f(H)], 161001, "generated aclnnFatreluMulGetWorkspaceSize: input required"),
    Probe("null threshold", [f(X), None], [], [f(H)], 161001, "generated: threshold required"),
    Probe("null out", [f(X), th()], [], [None], 161001, "generated: output required"),
    Probe("null out before bad dtype", [f(X, "INT32"), th("INT32")], [], [None], 161001,
          "the null checks before the kernel match"),
    Probe("float32", [f(X), th()], [], [f(H)], 0, "fatrelu_mul_def.cpp: FLOAT"),
    Probe("bf16 on Ascend910B", [f(X, "BF16"), th("BF16")], [], [f(H, "BF16")], 0,
          "fatrelu_mul_def.cpp: ascend910b config, BF16"),
    Probe("float16 on Ascend910_93", [f(X, "FLOAT16"), th("FLOAT16")], [], [f(H, "FLOAT16")], 0,
          "fatrelu_mul_def.cpp: ascend910_93 config", soc="Ascend910_93"),
    Probe("Ascend950: no config", [f(X), th()], [], [f(H)], 561003,
          "NnopbaseExecutorCheckSocVersionAndParam: no ascend950 config", soc="Ascend950"),
    Probe("Ascend910: no config", [f(X), th()], [], [f(H)], 561003,
          "NnopbaseExecutorCheckSocVersionAndParam: no ascend910 config", soc="Ascend910"),
    Probe("Ascend310P: no config", [f(X), th()], [], [f(H)], 561003,
          "NnopbaseExecutorCheckSocVersionAndParam: no ascend310p config", soc="Ascend310P"),
    Probe("double", [f(X, "DOUBLE"), th("DOUBLE")], [], [f(H, "DOUBLE")], 161002,
          "NnopbasePrintSupportInfo: no combination"),
    Probe("threshold of another dtype", [f(X), th("FLOAT16")], [], [f(H)], 161002,
          "fatrelu_mul_def.cpp: input, threshold, output one column"),
    Probe("out of another dtype", [f(X), th()], [], [f(H, "BF16")], 161002, "fatrelu_mul_def.cpp: one column"),
    Probe("empty out", [f((0, 4)), th()], [], [f((0, 2))], 0, "NnopbaseExecutorMatchCache: empty output, no tiling"),
    Probe("empty out, 1-d input", [f((4,)), th()], [], [f((0,))], 0, "an empty out skips the tiling's rank check"),
    Probe("empty out, threshold of 2 elements", [f((0, 4)), th(shape=(2,))], [], [f((0, 2))], 0,
          "an empty out skips the tiling's threshold check"),
    Probe("empty out, dtype mismatch", [f((0, 4)), th("FLOAT16")], [], [f((0, 2))], 161002,
          "the kernel match runs before the empty-output skip"),
    Probe("1-d input", [f((4,)), th()], [], [f((2,))], 561002, "RunBigKernelTiling: inputShapeDim < 2"),
    Probe("last dim 0", [f((2, 0)), th()], [], [f((2, 1))], 561002, "RunBigKernelTiling: lastDimSize == 0"),
    Probe("threshold of 2 elements", [f(X), th(shape=(2,))], [], [f(H)], 561002,
          "RunBigKernelTiling: thresholdShape.GetShapeSize() != 1"),
    Probe("threshold empty", [f(X), th(shape=(0,))], [], [f(H)], 561002,
          "RunBigKernelTiling: thresholdShape.GetShapeSize() != 1"),
    Probe("threshold 9-d of one element", [f(X), th(shape=(1,) * 9)], [], [f(H)], 0,
          "no rank check of threshold (the doc's 0-8 is not checked)"),
    Probe("last dim 1024", [f((2, 1024)), th()], [], [f((2, 512))], 0, "RunBigKernelTiling: lastDimSize <= 1024"),
    Probe("last dim 1026", [f((2, 1026)), th()], [], [f((2, 513))], 561002, "RunBigKernelTiling: lastDimSize > 1024"),
    Probe("last dim odd", [f((2, 5)), th()], [], [f((2, 2))], 561002, "RunBigKernelTiling: lastDimSize % 2 == 1"),
    Probe("batch 200000", [f((200000, 2)), th()], [], [f((200000, 1))], 0, "RunBigKernelTiling: batchSize <= 200000"),
    Probe("batch 200001", [f((200001, 2)), th()], [], [f((200001, 1))], 561002,
          "RunBigKernelTiling: batchSize > 200000"),
    Probe("threshold before last dim", [f((2, 5)), th(shape=(2,))], [], [f((2, 2))], 561002,
          "RunBigKernelTiling: the threshold check, then the last dim's (both 561002)"),
    Probe("rank 9 input", [f((1,) * 7 + (2, 4)), th()], [], [f((1,) * 7 + (2, 2))], 0,
          "no rank cap in phase 1 (the doc's 2-8 is not checked)"),
    Probe("out of another shape", [f(X), th()], [], [f((4, 1))], 0, "nothing in phase 1 checks the output's shape"),
    Probe("bad dtype before bad shape", [f((4,), "INT32"), th("INT32")], [], [f((2,), "INT32")], 161002,
          "the kernel match before the tiling"),
]

DEVIATIONS = {
    "out of another shape": (161002, "the engine writes out as input's shape with the last dim halved and checks "
                                     "it; CANN's generated phase 1 does not look at the output's shape"),
}

DOC_SOURCE = [
    "FatreluMul: the doc gives input and out 2-8 dims and threshold 0-8; the source checks only input at least 2-d "
    "(561002, fatrelu_mul_tiling.cpp RunBigKernelTiling), no cap",
    "FatreluMul: the doc's return codes name 161002 for a bad input dtype only; the last dim (even, <= 1024), the "
    "batch (<= 200000) and threshold's one element are tiling errors (561002, RunBigKernelTiling)",
    "FatreluMul: the doc writes Threshold(x) = x where x >= threshold; the kernel keeps x > threshold "
    "(op_kernel/fatrelu_mul.h CompareScalar CMPMODE::GT)",
]
