"""Probes of aclnnGeGluBackward and aclnnGeGluV3Backward (ascendops/ops/geglu_backward.py):
one source function, ExecGeGluBackwardGetWorkspaceSize, for both."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/ge_glu_grad_v2/op_host/op_api/aclnn_geglu_backward.cpp")
OP = "GeGluBackward"
G, X = (2, 2), (2, 4)
A = [-1, 1]


def ok(dtype="FLOAT"):
    return [f(G, dtype), f(X, dtype), f(G, dtype)]


def v3(name, inputs, attrs, outputs, status, cite, soc="Ascend910B"):
    return Probe("V3: " + name, inputs, attrs + [False], outputs, status, cite, soc, "GeGluV3Backward")


PROBES = [
    Probe("null gradOutput", [None, f(X), f(G)], A, [f(X)], 161001, "CheckNotNull: OP_CHECK_NULL(gradOutput)"),
    Probe("null self", [f(G), None, f(G)], A, [f(X)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null gelu", [f(G), f(X), None], A, [f(X)], 161001, "CheckNotNull: OP_CHECK_NULL(gelu)"),
    Probe("null gradInput", ok(), A, [None], 161001, "CheckNotNull: OP_CHECK_NULL(gradInput)"),
    Probe("null gradInput before bad dtype", ok("INT32"), A, [None], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("float32", ok(), A, [f(X)], 0, "CheckDtypeValid: FLOAT in the list"),
    Probe("bf16 on DAV_2201", ok("BF16"), A, [f(X, "BF16")], 0, "GetDtypeSupportList: with BF16 on DAV_2201"),
    Probe("bf16 on regbase", ok("BF16"), A, [f(X, "BF16")], 0, "GetDtypeSupportList: with BF16 where IsRegbase()",
          soc="Ascend950"),
    Probe("bf16 on DAV_1001", ok("BF16"), A, [f(X, "BF16")], 161002, "GetDtypeSupportList: no BF16",
          soc="Ascend910"),
    Probe("double", ok("DOUBLE"), A, [f(X, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(gradOutput)"),
    Probe("self of another dtype", [f(G), f(X, "FLOAT16"), f(G)], A, [f(X)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(gradOutput, self)"),
    Probe("gelu of another dtype", [f(G), f(X), f(G, "FLOAT16")], A, [f(X)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(gradOutput, gelu)"),
    Probe("gradInput of another dtype", ok(), A, [f(X, "FLOAT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(gradOutput, gradInput)"),
    Probe("gelu not gradOutput's shape", [f(G), f(X), f(X)], A, [f(X)], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(gelu, gradOutput)"),
    Probe("gradInput not self's shape", ok(), A, [f(G)], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(gradInput, self)"),
    Probe("dim rank-1", [f((4, 1)), f((4, 2)), f((4, 1))], [1, 1], [f((4, 2))], 0, "CheckDimInRange: dim < selfDimNum"),
    Probe("dim rank", [f((4, 1)), f((4, 2)), f((4, 1))], [2, 1], [f((4, 2))], 161002,
          "CheckDimInRange: dim >= selfDimNum"),
    Probe("dim -rank", [f((2, 2)), f((4, 2)), f((2, 2))], [-2, 1], [f((4, 2))], 0,
          "CheckDimInRange: dim >= -selfDimNum"),
    Probe("dim -rank-1", [f((2, 2)), f((4, 2)), f((2, 2))], [-3, 1], [f((4, 2))], 161002,
          "CheckDimInRange: dim < -selfDimNum"),
    Probe("gradOutput of another rank", [f((1, 2, 2)), f(X), f((1, 2, 2))], A, [f(X)], 161002,
          "CheckShape: gradOutputDimNum != selfDimNum"),
    Probe("gradOutput not half at dim", [f(X), f(X), f(X)], A, [f(X)], 161002,
          "CheckGradOutputDims: gradOutput[dim] * 2 != self[dim]"),
    Probe("odd size at dim", [f((2, 1)), f((2, 3)), f((2, 1))], A, [f((2, 3))], 161002,
          "CheckGradOutputDims: 1 * 2 != 3 (no parity check of its own)"),
    Probe("gradOutput's other dim differs", [f((3, 2)), f(X), f((3, 2))], A, [f(X)], 161002,
          "CheckGradOutputDims: a dim before splitDim differs"),
    Probe("rank 9 runs", [f((1,) * 8 + (2,)), f((1,) * 8 + (4,)), f((1,) * 8 + (2,))], A, [f((1,) * 8 + (4,))], 0,
          "CheckShape: no OP_CHECK_MAX_DIM"),
    Probe("0-d self, gradOutput (0,)", [f((0,)), f(()), f((0,))], [0, 1], [f(())], 0,
          "CheckShape: selfDimNum 0 counts as 1, GetDim(0) of a 0-d self is 0 = 0 * 2; "
          "ExecGeGluBackwardGetWorkspaceSize: gradOutput->IsEmpty()"),
    Probe("0-d self, 0-d gradOutput", [f(()), f(()), f(())], [0, 1], [f(())], 161002,
          "CheckShape: gradOutputDimNum 0 != selfDimNum 1"),
    Probe("approximate 0", ok(), [-1, 0], [f(X)], 0, "CheckAttributeValue: 0 allowed"),
    Probe("approximate -1", ok(), [-1, -1], [f(X)], 161002, "CheckAttributeValue: approximate < 0"),
    Probe("approximate 2", ok(), [-1, 2], [f(X)], 161002, "CheckAttributeValue: approximate > 1"),
    Probe("approximate 0 on Ascend310P", ok(), [-1, 0], [f(X)], 0,
          "CheckAttributeValue: no SoC condition (the doc's inference-product rule is not checked)",
          soc="Ascend310P"),
    Probe("empty gradOutput", [f((0, 2)), f((0, 4)), f((0, 2))], A, [f((0, 4))], 0,
          "ExecGeGluBackwardGetWorkspaceSize: gradOutput->IsEmpty() after CheckParams"),
    Probe("empty, gelu of another dtype", [f((0, 2)), f((0, 4)), f((0, 2), "FLOAT16")], A, [f((0, 4))], 161002,
          "CheckParams (CheckDtypeValid) runs before the IsEmpty() return"),
    Probe("empty, gradOutput not half at dim", [f((0, 4)), f((0, 4)), f((0, 4))], A, [f((0, 4))], 161002,
          "CheckParams (CheckShape) runs before the IsEmpty() return"),
    Probe("empty, approximate 2", [f((0, 2)), f((0, 4)), f((0, 2))], [-1, 2], [f((0, 4))], 161002,
          "CheckParams (CheckAttributeValue) runs before the IsEmpty() return"),
    Probe("bad shape before bad approximate", [f(X), f(X), f(X)], [-1, 2], [f(X)], 161002,
          "CheckShape before CheckAttributeValue (both 161002)"),
    v3("float32", ok(), A, [f(X)], 0, "CheckParams: as aclnnGeGluBackward"),
    v3("null gelu", [f(G), f(X), None], A, [f(X)], 161001, "CheckNotNull: OP_CHECK_NULL(gelu)"),
    v3("bf16 on DAV_1001", ok("BF16"), A, [f(X, "BF16")], 161002, "GetDtypeSupportList: no BF16", soc="Ascend910"),
    v3("approximate 3", ok(), [-1, 3], [f(X)], 161002, "CheckAttributeValue"),
    v3("gelu not gradOutput's shape", [f(G), f(X), f(X)], A, [f(X)], 161002, "CheckShape"),
    v3("empty gradOutput", [f((0, 2)), f((0, 4)), f((0, 2))], A, [f((0, 4))], 0, "the IsEmpty() return"),
]

DOC_SOURCE = [
    "GeGluBackward, GeGluV3Backward: the doc gives self 1-8 dims; the source has no OP_CHECK_MAX_DIM "
    "(aclnn_geglu_backward.cpp: CheckShape), so 9-d runs",
    "GeGluBackward, GeGluV3Backward: the doc allows only approximate 1 on Atlas inference products; the source's "
    "CheckAttributeValue takes 0 or 1 on every SoC (aclnn_geglu_backward.cpp: CheckAttributeValue)",
]
