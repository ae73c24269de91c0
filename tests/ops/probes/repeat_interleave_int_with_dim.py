"""Probes of aclnnRepeatInterleaveIntWithDim (ascendops/ops/repeat_interleave_int_with_dim.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "index/repeat_interleave/op_api/aclnn_repeat_interleave.cpp")
OP = "RepeatInterleaveIntWithDim"
S = (2, 3)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

# attrs: repeats, dim, outputSize
PROBES = [
    Probe("null self", [None], [2, 1, 6], [f((2, 6))], 161001, "CheckParamsDimInt: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [2, 1, 6], [None], 161001, "CheckParamsDimInt: OP_CHECK_NULL(out)"),
    Probe("null out, bad dtype", [f(S, "DOUBLE")], [2, 1, 6], [None], 161001,
          "CheckParamsDimInt: the null checks first"),
    Probe("float along dim 1", [f(S)], [2, 1, 6], [f((2, 6))], 0, "CheckParamsDimInt passes"),
    Probe("double self", [f(S, "DOUBLE")], [2, 1, 6], [f((2, 6), "DOUBLE")], 161002,
          "OP_CHECK_DTYPE_NOT_SUPPORT(self): no DT_DOUBLE"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [2, 0, 4], [f((4, 3), "BF16")], 0,
          "ASCEND910B_DTYPE_SUPPORT_LIST: DT_BF16"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [2, 0, 4], [f((4, 3), "BF16")], 161002,
          "ASCEND_DTYPE_SUPPORT_LIST: no DT_BF16", soc="Ascend910"),
    Probe("uint32 on Ascend950", [f(S, "UINT32")], [2, 0, 4], [f((4, 3), "UINT32")], 0,
          "ASCEND950_DTYPE_SUPPORT_LIST_SELF: DT_UINT32", soc="Ascend950"),
    Probe("uint32 on Ascend910B", [f(S, "UINT32")], [2, 0, 4], [f((4, 3), "UINT32")], 161002,
          "ASCEND910B_DTYPE_SUPPORT_LIST: no DT_UINT32"),
    Probe("out of another dtype", [f(S)], [2, 1, 6], [f((2, 6), "FLOAT16")], 161002,
          "OP_CHECK_DTYPE_NOT_MATCH(out, self)"),
    Probe("negative repeats", [f(S)], [-1, 1, 6], [f((2, 6))], 161002, "CheckIntRepeatsRange"),
    Probe("negative repeats, out of another dtype", [f(S)], [-1, 1, 6], [f((2, 6), "INT32")], 161002,
          "the dtypes before CheckIntRepeatsRange"),
    Probe("0-d self", [f(())], [2, 0, 2], [f((2,))], 161002, "CheckDimRange: a 0-d self takes no dim"),
    Probe("dim 2", [f(S)], [2, 2, 6], [f((2, 6))], 161002, "CheckDimRange: dim > N - 1"),
    Probe("dim -2", [f(S)], [2, -2, 4], [f((4, 3))], 0, "CheckDimRange: dim >= -N"),
    Probe("rank 9", [f(R9)], [1, 0, 1], [f(R9)], 161002, "CheckTensorDimSize: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 8", [f(R8)], [2, 0, 2], [f((2,) + R8[1:])], 0, "CheckTensorDimSize: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("outputSize 0", [f(S)], [2, 1, 0], [f((9, 9))], 0,
          "outputSize == 0: the early return, before any out shape check"),
    Probe("empty self", [f((0, 3))], [2, 1, 6], [f((7,))], 0, "self->IsEmpty(): the early return"),
    Probe("out of a wrong shape", [f(S)], [2, 1, 6], [f((2, 5))], 161002, "CheckRepeatresOutShape"),
    Probe("repeats 0", [f(S)], [0, 1, 0], [f((2, 0))], 0, "outputSize 0 returns"),
]
