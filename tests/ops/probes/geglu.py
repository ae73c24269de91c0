"""Probes of aclnnGeGlu and aclnnGeGluV3 (ascendops/ops/geglu.py): one source function,
ExecGeGluGetWorkspaceSize, for both."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/ge_glu_v2/op_host/op_api/aclnn_geglu.cpp")
OP = "GeGlu"
X, H = (2, 4), (2, 2)
A = [-1, 1]


def v3(name, inputs, attrs, outputs, status, cite, soc="Ascend910B"):
    return Probe("V3: " + name, inputs, attrs + [True], outputs, status, cite, soc, "GeGluV3")


PROBES = [
    Probe("null self", [None], A, [f(H), f(H)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null out", [f(X)], A, [None, f(H)], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null outGelu", [f(X)], A, [f(H), None], 161001, "CheckNotNull: OP_CHECK_NULL(outGelu)"),
    Probe("null outGelu before bad self dtype", [f(X, "INT32")], A, [f(H), None], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("float32", [f(X)], A, [f(H), f(H)], 0, "CheckDtypeValid: FLOAT in the list"),
    Probe("bf16 on DAV_2201", [f(X, "BF16")], A, [f(H, "BF16"), f(H, "BF16")], 0,
          "GetDtypeSupportList: dtype_support_list_with_bf16 on DAV_2201"),
    Probe("bf16 on regbase", [f(X, "BF16")], A, [f(H, "BF16"), f(H, "BF16")], 0,
          "GetDtypeSupportList: with BF16 where IsRegbase()", soc="Ascend950"),
    Probe("bf16 on DAV_1001", [f(X, "BF16")], A, [f(H, "BF16"), f(H, "BF16")], 161002,
          "GetDtypeSupportList: dtype_support_list (no BF16)", soc="Ascend910"),
    Probe("double self", [f(X, "DOUBLE")], A, [f(H, "DOUBLE"), f(H, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("int32 outGelu", [f(X)], A, [f(H), f(H, "INT32")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(outGelu)"),
    Probe("out of another dtype", [f(X)], A, [f(H, "FLOAT16"), f(H)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(out, self)"),
    Probe("outGelu of another dtype", [f(X)], A, [f(H), f(H, "FLOAT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(outGelu, self)"),
    Probe("empty self, out of another dtype", [f((0, 4))], A, [f((0, 2), "FLOAT16"), f((0, 2))], 0,
          "CheckDtypeValid: self->IsEmpty() returns true before the dtype match; empty return after"),
    Probe("empty self, out not in the list", [f((0, 4))], A, [f((0, 2), "INT32"), f((0, 2))], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out) before the empty skip"),
    Probe("empty self, bad out shape", [f((0, 4))], A, [f((0, 4)), f((0, 2))], 161002,
          "CheckShape runs before the IsEmpty() return (CheckSliceDimSizes)"),
    Probe("empty self, approximate 2", [f((0, 4))], [-1, 2], [f((0, 2)), f((0, 2))], 161002,
          "checkApproximate runs before the IsEmpty() return"),
    Probe("rank 8", [f((1,) * 7 + (4,))], A, [f((1,) * 7 + (2,)), f((1,) * 7 + (2,))], 0,
          "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f((1,) * 8 + (4,))], A, [f((1,) * 8 + (2,)), f((1,) * 8 + (2,))], 161002,
          "CheckShape: OP_CHECK_MAX_DIM(self, MAX_SUPPORT_DIMS_NUMS)"),
    Probe("0-d self, out (0,)", [f(())], [0, 1], [f((0,)), f((0,))], 0,
          "CheckShape: dimNum 0 counts as 1, GetDim(0) of a 0-d shape is 0, out (0,) passes; "
          "ExecGeGluGetWorkspaceSize: 0-d self returns success"),
    Probe("0-d self, 0-d out", [f(())], [0, 1], [f(()), f(())], 161002,
          "CheckShape: outDimNum 0 != dimNum 1"),
    Probe("0-d self, out of another dtype", [f(())], [-1, 1], [f((0,), "FLOAT16"), f((0,))], 0,
          "CheckDtypeValid: a 0-d self skips the dtype match"),
    Probe("0-d self, dim 1", [f(())], [1, 1], [f((0,)), f((0,))], 161002,
          "CheckShape: dim 1 > dimNum - 1 (dimNum 1 for a 0-d self)"),
    Probe("dim rank-1", [f((4, 2))], [1, 1], [f((4, 1)), f((4, 1))], 0, "CheckShape: dim <= dimNum - 1"),
    Probe("dim rank", [f((4, 2))], [2, 1], [f((4, 1)), f((4, 1))], 161002, "CheckShape: dim > dimNum - 1"),
    Probe("dim -rank", [f((4, 2))], [-2, 1], [f((2, 2)), f((2, 2))], 0, "CheckShape: dim >= -dimNum"),
    Probe("dim -rank-1", [f((4, 2))], [-3, 1], [f((2, 2)), f((2, 2))], 161002, "CheckShape: -dimNum > dim"),
    Probe("odd size at dim", [f((2, 3))], A, [f((2, 1)), f((2, 1))], 161002,
          "CheckSliceDimSizes: selfSliceDimSize % 2"),
    Probe("out not half at dim", [f(X)], A, [f(X), f(H)], 161002, "CheckSliceDimSizes: outSliceDimSize"),
    Probe("outGelu not half at dim", [f(X)], A, [f(H), f(X)], 161002, "CheckSliceDimSizes: outGeluSliceDimSize"),
    Probe("out of another rank", [f((4,))], [0, 1], [f((2, 1)), f((2,))], 161002,
          "CheckShape: outDimNum == outGeluDimNum == dimNum"),
    Probe("out's other dim differs", [f(X)], A, [f((3, 2)), f(H)], 161002, "CheckOtherDimsMatch"),
    Probe("approximate 0", [f(X)], [-1, 0], [f(H), f(H)], 0, "checkApproximate: 0 in [0, 1]"),
    Probe("approximate -1", [f(X)], [-1, -1], [f(H), f(H)], 161002, "checkApproximate: approximate < 0"),
    Probe("approximate 2", [f(X)], [-1, 2], [f(H), f(H)], 161002, "checkApproximate: approximate > 1"),
    Probe("bad shape before bad approximate", [f((2, 3))], [-1, 2], [f((2, 1)), f((2, 1))], 161002,
          "CheckShape before checkApproximate (both 161002)"),
    Probe("empty self", [f((0, 4))], A, [f((0, 2)), f((0, 2))], 0,
          "ExecGeGluGetWorkspaceSize: self->IsEmpty() after CheckParams"),
    v3("float32", [f(X)], A, [f(H), f(H)], 0, "CheckParams: as aclnnGeGlu"),
    v3("null outGelu", [f(X)], A, [f(H), None], 161001, "CheckNotNull: OP_CHECK_NULL(outGelu)"),
    v3("bf16 on DAV_1001", [f(X, "BF16")], A, [f(H, "BF16"), f(H, "BF16")], 161002,
       "GetDtypeSupportList: no BF16", soc="Ascend910"),
    v3("approximate 2", [f(X)], [-1, 2], [f(H), f(H)], 161002, "checkApproximate"),
    v3("empty self, out of another dtype", [f((0, 4))], A, [f((0, 2), "BF16"), f((0, 2))], 0,
       "CheckDtypeValid: the dtype match skipped for an empty self"),
    v3("out not half at dim", [f(X)], A, [f(X), f(H)], 161002, "CheckSliceDimSizes"),
    v3("0-d self, out (0,)", [f(())], [0, 0], [f((0,)), f((0,))], 0, "CheckShape, then the 0-d return"),
]

DOC_SOURCE = [
    "GeGlu, GeGluV3: the doc gives self, out and outGelu 0-8 dims; the source (aclnn_geglu.cpp CheckShape) counts "
    "a 0-d self as 1-d and passes it only with out and outGelu of shape (0,), then returns success computing "
    "nothing",
    "GeGlu, GeGluV3: the doc requires out and outGelu of self's dtype; the source (CheckDtypeValid) skips that "
    "match for an empty or 0-d self",
]
