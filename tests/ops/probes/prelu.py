"""Probes of aclnnPrelu (ascendops/ops/prelu.py)."""
from probes import Probe, T, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "activation/p_relu/op_api/aclnn_prelu.cpp")
OP = "Prelu"
X = (2, 3, 4)
W = (3,)
R8 = (1, 3) + (1,) * 6
R9 = (1, 3) + (1,) * 7
# a (2, 3) weight stored transposed: its 6 elements are not one stride apart in C order
W_T = T((2, 3), "ACL_FLOAT", "ACL_FORMAT_ND", (1, 2), 0, (6,))

PROBES = [
    Probe("null self", [None, f(W)], [], [f(X)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null weight", [f(X), None], [], [f(X)], 161001, "CheckNotNull: OP_CHECK_NULL(weight)"),
    Probe("null out", [f(X), f(W)], [], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null out before bad self dtype", [f(X, "DOUBLE"), f(W)], [], [None], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("double self", [f(X, "DOUBLE"), f(W)], [], [f(X)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("int32 weight", [f(X), f(W, "INT32")], [], [f(X)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(weight)"),
    Probe("double out", [f(X), f(W)], [], [f(X, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out) (though CanCast(FLOAT, DOUBLE))"),
    Probe("float16 out of float promoted", [f(X, "FLOAT16"), f(W)], [], [f(X, "FLOAT16")], 0,
          "CheckPromoteType: PromoteType(FLOAT16, FLOAT) = FLOAT, CanCast(FLOAT, FLOAT16)"),
    Probe("float16 with bf16 promotes to float", [f(X, "FLOAT16"), f(W, "BF16")], [], [f(X, "BF16")], 0,
          "CheckPromoteType: PromoteType(FLOAT16, BF16) = FLOAT, CanCast(FLOAT, BF16)"),
    Probe("bf16 on DAV_2201", [f(X, "BF16"), f(W, "BF16")], [], [f(X, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B list on DAV_2201"),
    Probe("bf16 on regbase", [f(X, "BF16"), f(W, "BF16")], [], [f(X, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B list where IsRegbase()", soc="Ascend950"),
    Probe("bf16 on DAV_1001", [f(X, "BF16"), f(W, "BF16")], [], [f(X, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910 list", soc="Ascend910"),
    Probe("bf16 out on DAV_1001", [f(X, "FLOAT16"), f(W, "FLOAT16")], [], [f(X, "BF16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out) with the SoC's list", soc="Ascend910"),
    Probe("bf16 out on DAV_2002", [f(X), f(W)], [], [f(X, "BF16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out) with the SoC's list", soc="Ascend310P"),
    Probe("rank 8", [f(R8), f(W)], [], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9 self", [f(R9), f(W)], [], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9 weight", [f(X), f((1,) * 9)], [], [f(X)], 161002, "CheckShape: OP_CHECK_MAX_DIM(weight, 8)"),
    Probe("out shape differs", [f(X), f(W)], [], [f((2, 3, 5))], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("one weight", [f(X), f((1,))], [], [f(X)], 0, "CheckShape: weightSize == 1"),
    Probe("channel weight of another shape", [f(X), f((1, 3, 1))], [], [f(X)], 0,
          "CheckShape: weight->GetViewShape().GetShapeSize() == input_channels"),
    Probe("weight size not the channels", [f(X), f((2,))], [], [f(X)], 161002,
          "CheckShape: weightSize != input_channels && weightSize != 1"),
    Probe("1-d self has one channel", [f((5,)), f((5,))], [], [f((5,))], 161002,
          "CheckShape: self of at most 1 dim: input_channels = 1"),
    Probe("1-d self, one weight", [f((5,)), f((1,))], [], [f((5,))], 0, "CheckShape: input_channels = 1"),
    Probe("0-d self, one weight", [f(()), f(())], [], [f(())], 0, "CheckShape: input_channels = 1"),
    Probe("formats differ", [f(X, fmt="ACL_FORMAT_NCHW"), f(W)], [], [f(X)], 0, "CheckParams: no format check"),
    Probe("transposed weight", [f((1, 6, 2)), W_T], [], [f((1, 6, 2))], 0,
          "CheckShape: 6 elements == channels; weight is made Contiguous and reshaped"),
    Probe("empty self", [f((0, 3)), f(W)], [], [f((0, 3))], 0,
          "aclnnPreluGetWorkspaceSize: self->IsEmpty() returns success after CheckParams"),
    Probe("empty weight of no channel", [f((2, 0, 4)), f((0,))], [], [f((2, 0, 4))], 0,
          "CheckShape: 0 elements == 0 channels; then weight->IsEmpty() returns success"),
    Probe("empty with weight size wrong", [f((0, 3)), f((2,))], [], [f((0, 3))], 161002,
          "CheckParams (CheckShape) before the IsEmpty() return"),
    Probe("empty with double out", [f((0, 3)), f(W)], [], [f((0, 3), "DOUBLE")], 161002,
          "CheckParams (CheckDtypeValid) before the IsEmpty() return"),
    Probe("empty with bf16 out on DAV_1001", [f((0, 3)), f(W)], [], [f((0, 3), "BF16")], 161002,
          "CheckParams (CheckDtypeValid) before the IsEmpty() return", soc="Ascend910"),
]

DEVIATIONS = {
    "transposed weight": (161002, "the engine reads the weight along the channel with one stride "
                                  "(ElementwiseOp Input(along=1)): a weight whose elements are not one stride "
                                  "apart in C order is refused where CANN's l0op::Contiguous copies it"),
}

DOC_SOURCE = [
    "Prelu: doc lists self and out of differing data format as 161002; source has no format check "
    "(aclnn_prelu.cpp:CheckParams)",
]
