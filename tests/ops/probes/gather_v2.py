"""Probes of aclnnGatherV2 (ascendops/ops/gather_v2.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "index/gather_v2/op_api/aclnn_gather_v2.cpp")
OP = "GatherV2"
S = (4, 5)
I = (2,)
I64 = "INT64"
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

PROBES = [
    # CheckNotNull
    Probe("null self", [None, f(I, I64)], [0], [f((2, 5))], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null index", [f(S), None], [0], [f((2, 5))], 161001, "CheckNotNull: OP_CHECK_NULL(index)"),
    Probe("null out", [f(S), f(I, I64)], [0], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null index, self of a bad dtype", [f(S, "COMPLEX32"), None], [0], [f((2, 5))], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    # CheckDtypeValid: out's dtype self's first, then self's list, then index's
    Probe("int32 index", [f(S), f(I, "INT32")], [0], [f((2, 5))], 0, "INDEX_SUPPORT_LIST: DT_INT32"),
    Probe("int16 index", [f(S), f(I, "INT16")], [0], [f((2, 5))], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(index, INDEX_SUPPORT_LIST)"),
    Probe("out of another dtype", [f(S), f(I, I64)], [0], [f((2, 5), "FLOAT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(self, out)"),
    Probe("self and out uint32, float index", [f(S, "UINT32"), f(I)], [0], [f((2, 5), "UINT32")], 161002,
          "CheckDtypeValid: UINT32 in no list (self checked before index)"),
    Probe("complex128 self", [f(S, "COMPLEX128"), f(I, I64)], [0], [f((2, 5), "COMPLEX128")], 0,
          "DTYPE_SUPPORT_LIST: DT_COMPLEX128"),
    Probe("bf16 self on Ascend910B", [f(S, "BF16"), f(I, I64)], [0], [f((2, 5), "BF16")], 0,
          "GetDtypeSupportListByNpuArch: DAV_2201 has DT_BF16"),
    Probe("bf16 self on Ascend910", [f(S, "BF16"), f(I, I64)], [0], [f((2, 5), "BF16")], 161002,
          "GetDtypeSupportListByNpuArch: DAV_1001's DTYPE_SUPPORT_LIST has no DT_BF16", soc="Ascend910"),
    Probe("uint16 self on Ascend910B", [f(S, "UINT16"), f(I, I64)], [0], [f((2, 5), "UINT16")], 161002,
          "GetDtypeSupportListByNpuArch: DAV_2201's list has no DT_UINT16"),
    Probe("uint16 self on Ascend950", [f(S, "UINT16"), f(I, I64)], [0], [f((2, 5), "UINT16")], 0,
          "GetDtypeSupportListByNpuArch: regbase: DTYPE_SUPPORT_LIST_WITH_BF16_AND_UINT", soc="Ascend950"),
    # CheckShape
    Probe("rank 8 self", [f(R8), f(I, I64)], [0], [f((2,) + R8[1:])], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9 self", [f(R9), f(I, I64)], [0], [f((2,) + R9[1:])], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9 index", [f((4,)), f(R9, I64)], [0], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(index, 8)"),
    Probe("dim -2", [f(S), f(I, I64)], [-2], [f((2, 5))], 0, "CheckShape: dim >= -selfDimSize"),
    Probe("dim 2", [f(S), f(I, I64)], [2], [f((4, 2))], 161002, "CheckShape: dim < selfDimSize"),
    Probe("dim -3", [f(S), f(I, I64)], [-3], [f((2, 5))], 161002, "CheckShape: dim >= -selfDimSize"),
    Probe("0-d self, dim -1", [f(()), f((1,), I64)], [-1], [f(())], 0,
          "CheckShape: a 0-d self counts as rank 1; CheckOutShape: out is self's shape"),
    Probe("0-d self, 1-d out", [f(()), f((1,), I64)], [0], [f((1,))], 161002,
          "CheckOutShape: a 0-d self's out is 0-d"),
    Probe("2-d index along dim 1", [f(S), f((2, 3), I64)], [1], [f((4, 2, 3))], 0,
          "CheckOutShape: index's dims in dim's place"),
    Probe("0-d index", [f(S), f((), I64)], [1], [f((4, 1))], 0, "CheckOutShape: a 0-d index: one dim of 1"),
    Probe("0-d index, out without the dim", [f(S), f((), I64)], [1], [f((4,))], 161002,
          "CheckOutShape: a 0-d index gives a dim of 1"),
    Probe("out of a wrong shape", [f(S), f(I, I64)], [0], [f((3, 5))], 161002,
          "CheckOutShape: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE"),
    Probe("another format", [f(S, "FLOAT", "ACL_FORMAT_NCHW"), f(I, I64)], [0], [f((2, 5))], 0,
          "CheckFormat only logs a warning"),
    # the empty return, after CheckParams
    Probe("empty index", [f(S), f((0,), I64)], [0], [f((0, 5))], 0, "HasEmptyTensor: index->IsEmpty()"),
    Probe("empty self", [f((0, 5)), f(I, I64)], [1], [f((0, 2))], 0, "HasEmptyTensor: self->IsEmpty()"),
    Probe("empty index, out of a wrong shape", [f(S), f((0,), I64)], [0], [f((1, 5))], 161002,
          "CheckParams (CheckOutShape) before the HasEmptyTensor return"),
]
