"""Probes of aclnnSlice (ascendops/ops/slice.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "conversion/slice/op_api/aclnn_slice.cpp")
OP = "Slice"
S = (4, 6)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

PROBES = [
    Probe("null self", [None], [1, 0, 3, 1], [f((4, 3))], 161001, "CheckNotNull2TensorForSlice: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [1, 0, 3, 1], [None], 161001, "CheckNotNull2TensorForSlice: OP_CHECK_NULL(out)"),
    # CheckDtypeValid: out's dtype, bf16 per SoC, the list
    Probe("float", [f(S)], [1, 0, 3, 1], [f((4, 3))], 0, "DTYPE_SUPPORT_LIST: DT_FLOAT"),
    Probe("uint8", [f(S, "UINT8")], [1, 0, 3, 1], [f((4, 3), "UINT8")], 0, "DTYPE_SUPPORT_LIST: DT_UINT8"),
    Probe("int16", [f(S, "INT16")], [1, 0, 3, 1], [f((4, 3), "INT16")], 161002,
          "DTYPE_SUPPORT_LIST: no DT_INT16"),
    Probe("double", [f(S, "DOUBLE")], [1, 0, 3, 1], [f((4, 3), "DOUBLE")], 161002,
          "DTYPE_SUPPORT_LIST: no DT_DOUBLE"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [1, 0, 3, 1], [f((4, 3), "BF16")], 0,
          "CheckSocVersionIsSupportBf16: ASCEND910B", soc="Ascend910B"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [1, 0, 3, 1], [f((4, 3), "BF16")], 161002,
          "CheckDtypeValid: DT_BF16 only on ASCEND910B..ASCEND910E", soc="Ascend910"),
    Probe("out of another dtype", [f(S)], [1, 0, 3, 1], [f((4, 3), "INT32")], 161002,
          "OP_CHECK_DTYPE_NOT_MATCH(out, self's dtype)"),
    Probe("int16 self, float out", [f(S, "INT16")], [1, 0, 3, 1], [f((4, 3))], 161002,
          "OP_CHECK_DTYPE_NOT_MATCH before the list"),
    Probe("bad dtype and bad dim", [f(S, "INT16")], [5, 0, 3, 1], [f((4, 3), "INT16")], 161002,
          "CheckDtypeValid before CheckShape"),
    # CheckShape
    Probe("rank 8", [f(R8)], [7, 0, 2, 1], [f(R8[:-1] + (2,))], 0, "CheckShape: dimNum 8"),
    Probe("rank 9", [f(R9)], [0, 0, 1, 1], [f(R9)], 161002, "CheckShape: dimNum > MAX_DIM_LEN"),
    Probe("0-d", [f(())], [0, 0, 1, 1], [f(())], 161002, "CheckShape: dimNum <= 0"),
    Probe("dim -rank", [f(S)], [-2, 1, 3, 1], [f((2, 6))], 0, "CheckShape: dim in [-2, 1]"),
    Probe("dim rank", [f(S)], [2, 0, 3, 1], [f((4, 3))], 161002, "CheckShape: dim > dimNum - 1"),
    Probe("dim -rank - 1", [f(S)], [-3, 0, 3, 1], [f((4, 3))], 161002, "CheckShape: -dimNum > dim"),
    Probe("step 0", [f(S)], [1, 0, 3, 0], [f((4, 3))], 161002, "CheckShape: step <= 0"),
    Probe("step -1", [f(S)], [1, 0, 3, -1], [f((4, 3))], 161002, "CheckShape: step <= 0"),
    Probe("bad dim and step 0", [f(S)], [9, 0, 3, 0], [f((4, 3))], 161002, "CheckShape: dim before step"),
    Probe("step 4", [f(S)], [1, 1, 6, 4], [f((4, 2))], 0, "CheckShape: (6 - 1 + 4 - 1) / 4 = 2"),
    Probe("negative start and end", [f(S)], [1, -4, -1, 1], [f((4, 3))], 0, "CalculateValuesSliceUpper: + 6"),
    Probe("start below -size", [f(S)], [1, -10, 2, 1], [f((4, 2))], 0, "CalculateValuesSliceLower: start = 0"),
    Probe("end past the size", [f(S)], [1, 2, 100, 1], [f((4, 4))], 0, "CalculateValuesSliceLower: end = size"),
    Probe("end before start", [f(S)], [1, 4, 2, 1], [f((4, 0))], 0, "CalculateValuesSliceLower: end = start"),
    Probe("start past the size", [f(S)], [1, 9, 12, 1], [f((4, 0))], 0, "CalculateValuesSliceLower: start = size"),
    Probe("out of the wrong size", [f(S)], [1, 0, 3, 1], [f((4, 2))], 161002, "CheckShape: sliceShape != outShape"),
    Probe("out of another rank", [f(S)], [1, 0, 3, 1], [f((4, 3, 1))], 161002, "CheckShape: sliceShape != outShape"),
    # the empty return
    Probe("empty self", [f((0, 6))], [1, 0, 3, 1], [f((0, 3))], 0, "self->IsEmpty() returns"),
    Probe("empty self, out of the wrong shape", [f((0, 6))], [1, 0, 3, 1], [f((0, 6))], 161002,
          "CheckShape before the empty return"),
]
