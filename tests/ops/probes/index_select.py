"""Probes of aclnnIndexSelect (ascendops/ops/index_select.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "index/gather_v2/op_api/aclnn_index_select.cpp")
OP = "IndexSelect"
S = (4, 5)
I = (3,)
I64 = "INT64"
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

PROBES = [
    Probe("null self", [None, f(I, I64)], [0], [f((3, 5))], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null index", [f(S), None], [0], [f((3, 5))], 161001, "CheckNotNull: OP_CHECK_NULL(index)"),
    Probe("null out", [f(S), f(I, I64)], [0], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    # CheckDtypeValid: self's list, BF16 per arch, out's dtype, index's list
    Probe("uint64 self", [f(S, "UINT64"), f(I, I64)], [0], [f((3, 5), "UINT64")], 0, "DTYPE_SUPPORT_LIST: DT_UINT64"),
    Probe("complex32 self", [f(S, "COMPLEX32"), f(I, I64)], [0], [f((3, 5), "COMPLEX32")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("bf16 on Ascend910B", [f(S, "BF16"), f(I, I64)], [0], [f((3, 5), "BF16")], 0,
          "CheckDtypeValid: BF16 on DAV_2201"),
    Probe("bf16 on Ascend910", [f(S, "BF16"), f(I, I64)], [0], [f((3, 5), "BF16")], 161002,
          "CheckDtypeValid: NpuArch DAV_1001 does not support BF16", soc="Ascend910"),
    Probe("bf16 on Ascend950", [f(S, "BF16"), f(I, I64)], [0], [f((3, 5), "BF16")], 0,
          "CheckDtypeValid: BF16 on a regbase arch", soc="Ascend950"),
    Probe("out of another dtype", [f(S), f(I, I64)], [0], [f((3, 5), "FLOAT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(self, out)"),
    Probe("int32 index", [f(S), f(I, "INT32")], [0], [f((3, 5))], 0, "INDEX_SUPPORT_LIST: DT_INT32"),
    Probe("float index", [f(S), f(I)], [0], [f((3, 5))], 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(index)"),
    Probe("float index, out of another dtype", [f(S), f(I)], [0], [f((3, 5), "INT32")], 161002,
          "CheckDtypeValid: out's dtype before index's"),
    # CheckFormat: no storage format private, after the dtypes, before the shapes
    Probe("NC1HWC0 self", [f(S, "FLOAT", "ACL_FORMAT_NC1HWC0"), f(I, I64)], [0], [f((3, 5))], 161002,
          "CheckFormat: IsPrivateFormat(self's storage format)"),
    Probe("FRACTAL_NZ index", [f(S), f(I, I64, "ACL_FORMAT_FRACTAL_NZ")], [0], [f((3, 5))], 161002,
          "CheckFormat: IsPrivateFormat(index's storage format)"),
    Probe("NC1HWC0 out", [f(S), f(I, I64)], [0], [f((3, 5), "FLOAT", "ACL_FORMAT_NC1HWC0")], 161002,
          "CheckFormat: IsPrivateFormat(out's storage format)"),
    Probe("NCHW self, NHWC out", [f(S, "FLOAT", "ACL_FORMAT_NCHW"), f(I, I64)], [0],
          [f((3, 5), "FLOAT", "ACL_FORMAT_NHWC")], 0, "CheckFormat: public formats need not match"),
    Probe("NC1HWC0 self, FLOAT16 out", [f(S, "FLOAT", "ACL_FORMAT_NC1HWC0"), f(I, I64)], [0],
          [f((3, 5), "FLOAT16")], 161002, "CheckDtypeValid before CheckFormat (both 161002)"),
    Probe("NC1HWC0 self, out of a wrong shape", [f(S, "FLOAT", "ACL_FORMAT_NC1HWC0"), f(I, I64)], [1],
          [f((4, 5))], 161002, "CheckFormat before CheckShape (both 161002)"),
    # CheckShape
    Probe("0-d self, 0-d out", [f(()), f((1,), I64)], [0], [f(())], 0, "CheckShape: a 0-d self, rank 1"),
    Probe("0-d self, 1-d out", [f(()), f((1,), I64)], [0], [f((1,))], 161002,
          "CheckShape: self is scalar, and out should also be scalar"),
    Probe("rank 9 self", [f(R9), f(I, I64)], [0], [f((3,) + R9[1:])], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 8 self", [f(R8), f(I, I64)], [0], [f((3,) + R8[1:])], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("dim 2", [f(S), f(I, I64)], [2], [f((4, 3))], 161002, "CheckShape: dim < selfDimSize"),
    Probe("dim -2", [f(S), f(I, I64)], [-2], [f((3, 5))], 0, "CheckShape: dim >= -selfDimSize"),
    Probe("2-d index", [f(S), f((3, 1), I64)], [0], [f((3, 5))], 161002, "CheckShape: indexDimSize > 1"),
    Probe("0-d index", [f(S), f((), I64)], [1], [f((4, 1))], 0, "CheckShape: a 0-d index selects one"),
    Probe("out of a wrong shape", [f(S), f(I, I64)], [1], [f((4, 5))], 161002,
          "CheckShape: out->GetViewShape() != outShape"),
    Probe("empty index, out of any shape", [f(S), f((0,), I64)], [1], [f((7, 7))], 0,
          "CheckShape: the out shape is checked only where self and index have elements; then HasEmptyTensor"),
    Probe("empty self", [f((0, 5)), f(I, I64)], [1], [f((0, 3))], 0, "HasEmptyTensor: self->IsEmpty()"),
    Probe("empty index, 2-d", [f(S), f((0, 1), I64)], [1], [f((4, 0))], 161002,
          "CheckShape: indexDimSize > 1 before the HasEmptyTensor return"),
]
