"""Probes of aclnnInplaceIndexCopy (ascendops/ops/index_copy.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "index/scatter_update/op_api/aclnn_index_copy.cpp")
OP = "InplaceIndexCopy"
S = (4, 5)
I64 = "INT64"
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

# inputs: selfRef, index, source; attrs: dim
PROBES = [
    Probe("null selfRef", [None, f((2,), I64), f((2, 5))], [0], [], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null index", [f(S), None, f((2, 5))], [0], [], 161001, "CheckNotNull: OP_CHECK_NULL(index)"),
    Probe("null source", [f(S), f((2,), I64), None], [0], [], 161001, "CheckNotNull: OP_CHECK_NULL(source)"),
    # CheckDtypeValid: selfRef's list per SoC, index's, source's dtype selfRef's
    Probe("int64 selfRef on Ascend910", [f(S, I64), f((2,), I64), f((2, 5), I64)], [0], [], 0,
          "SELF_DTYPE_SUPPORT_LIST: DT_INT64", soc="Ascend910"),
    Probe("bf16 selfRef on Ascend910B", [f(S, "BF16"), f((2,), I64), f((2, 5), "BF16")], [0], [], 0,
          "SELF_DTYPE_SUPPORT_LIST_910B: DT_BF16"),
    Probe("bf16 selfRef on Ascend910", [f(S, "BF16"), f((2,), I64), f((2, 5), "BF16")], [0], [], 161002,
          "SELF_DTYPE_SUPPORT_LIST: no DT_BF16", soc="Ascend910"),
    Probe("uint32 selfRef on Ascend910B", [f(S, "UINT32"), f((2,), I64), f((2, 5), "UINT32")], [0], [], 161002,
          "SELF_DTYPE_SUPPORT_LIST_910B: no DT_UINT32"),
    Probe("uint32 selfRef on Ascend950", [f(S, "UINT32"), f((2,), I64), f((2, 5), "UINT32")], [0], [], 0,
          "SELF_DTYPE_SUPPORT_LIST_950: DT_UINT32", soc="Ascend950"),
    Probe("int32 index", [f(S), f((2,), "INT32"), f((2, 5))], [0], [], 0, "INDEX_DTYPE_SUPPORT_LIST: DT_INT32"),
    Probe("uint8 index", [f(S), f((2,), "UINT8"), f((2, 5))], [0], [], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(index)"),
    Probe("source of another dtype", [f(S), f((2,), I64), f((2, 5), "FLOAT16")], [0], [], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(self, source)"),
    Probe("uint8 index, source of another dtype", [f(S), f((2,), "UINT8"), f((2, 5), "FLOAT16")], [0], [], 161002,
          "CheckDtypeValid: index's list before source's dtype"),
    # CheckShape
    Probe("rank 9 selfRef", [f(R9), f((1,), I64), f(R9)], [0], [], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 8", [f(R8), f((1,), I64), f(R8)], [0], [], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("2-d index", [f(S), f((2, 1), I64), f((2, 5))], [0], [], 161002, "CheckShape: OP_CHECK_MAX_DIM(index, 1)"),
    Probe("0-d source, two indices", [f((4,)), f((2,), I64), f(())], [0], [], 161002,
          "CheckShape: a scalar source needs one index"),
    Probe("0-d source, one index", [f((4,)), f((1,), I64), f(())], [0], [], 0,
          "CheckShape: a scalar source with one index"),
    Probe("source of another rank", [f(S), f((2,), I64), f((2, 5, 1))], [0], [], 161002,
          "CheckShape: dimensionality must match"),
    Probe("dim 2", [f(S), f((2,), I64), f((2, 5))], [2], [], 161002, "CheckShape: dim >= tmpDim"),
    Probe("dim -2", [f(S), f((2,), I64), f((2, 5))], [-2], [], 0, "CheckShape: dim >= -tmpDim"),
    Probe("0-d selfRef, dim 1", [f(()), f((1,), I64), f(())], [1], [], 161002,
          "CheckShape: a 0-d self takes dim in [-1, 0]"),
    Probe("0-d selfRef, dim -1", [f(()), f((1,), I64), f(())], [-1], [], 0,
          "CheckShape: a 0-d self takes dim in [-1, 0]"),
    Probe("slice shapes differ", [f(S), f((2,), I64), f((2, 4))], [0], [], 161002,
          "CheckShape: IsSliceShapeSame"),
    # CheckElementNum
    Probe("numel(index) != source's dim", [f(S), f((3,), I64), f((2, 5))], [0], [], 161002,
          "CheckElementNum: index size != source size along dim"),
    Probe("along dim 1", [f(S), f((3,), I64), f((4, 3))], [1], [], 0, "CheckElementNum: 3 == 3"),
    # the empty return, after CheckParams
    Probe("empty index", [f(S), f((0,), I64), f((0, 5))], [0], [], 0, "selfRef->IsEmpty() || index->IsEmpty()"),
    Probe("empty index, source of 2 rows", [f(S), f((0,), I64), f((2, 5))], [0], [], 161002,
          "CheckElementNum before the empty return"),
]
