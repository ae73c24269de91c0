"""Probes of aclnnConstantPadNd (ascendops/ops/constant_pad_nd.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214",
          "conversion/pad_v3/op_api/aclnn_constant_pad_nd.cpp")
OP = "ConstantPadNd"
S = (2, 3)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

PROBES = [
    # CheckNotNull
    Probe("null self", [None], [[1, 1], 0.0], [f((2, 5))], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null pad", [f(S)], [None, 0.0], [f((2, 5))], 161001, "CheckNotNull: OP_CHECK_NULL(pad)"),
    Probe("null value", [f(S)], [[1, 1], None], [f((2, 5))], 161001, "CheckNotNull: OP_CHECK_NULL(value)"),
    Probe("null out", [f(S)], [[1, 1], 0.0], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    # CheckDtypeValid: the same dtype first, then the list of the SoC
    Probe("float", [f(S)], [[1, 1], 0.0], [f((2, 5))], 0, "DTYPE_SUPPORT_LIST: DT_FLOAT"),
    Probe("bool", [f(S, "BOOL")], [[1, 1], 1], [f((2, 5), "BOOL")], 0, "DTYPE_SUPPORT_LIST: DT_BOOL"),
    Probe("uint16", [f(S, "UINT16")], [[1, 1], 1], [f((2, 5), "UINT16")], 0, "DTYPE_SUPPORT_LIST: DT_UINT16"),
    Probe("complex64", [f(S, "COMPLEX64")], [[1, 1], 0.0], [f((2, 5), "COMPLEX64")], 0,
          "DTYPE_SUPPORT_LIST: DT_COMPLEX64"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [[1, 1], 0.0], [f((2, 5), "BF16")], 0,
          "DTYPE_SUPPORT_910B_LIST: DT_BF16", soc="Ascend910B"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [[1, 1], 0.0], [f((2, 5), "BF16")], 161002,
          "DTYPE_SUPPORT_LIST: no DT_BF16", soc="Ascend910"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [[1, 1], 0.0], [f((2, 5), "BF16")], 0,
          "IsRegBase(): DTYPE_SUPPORT_REGBASE_LIST", soc="Ascend950"),
    Probe("float8_e5m2 on Ascend910B", [f(S, "FLOAT8_E5M2")], [[1, 1], 0.0], [f((2, 5), "FLOAT8_E5M2")], 161002,
          "DTYPE_SUPPORT_910B_LIST: no DT_FLOAT8_E5M2", soc="Ascend910B"),
    Probe("complex32", [f(S, "COMPLEX32")], [[1, 1], 0.0], [f((2, 5), "COMPLEX32")], 161002,
          "OP_CHECK_DTYPE_NOT_SUPPORT(self): no DT_COMPLEX32"),
    Probe("out of another dtype", [f(S)], [[1, 1], 0.0], [f((2, 5), "FLOAT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(self, out)"),
    Probe("complex32 self, complex32 out", [f(S, "COMPLEX32")], [[1, 1], 0.0], [f((2, 5), "COMPLEX32")], 161002,
          "OP_CHECK_DTYPE_NOT_SUPPORT after OP_CHECK_DTYPE_NOT_SAME"),
    # Checkformat
    Probe("NCHW self, ND out", [f((1, 1, 2, 3), "FLOAT", "ACL_FORMAT_NCHW")], [[1, 1], 0.0], [f((1, 1, 2, 5))],
          161002, "Checkformat: a self not ND has out's format"),
    Probe("ND self, NCHW out", [f((1, 1, 2, 3))], [[1, 1], 0.0], [f((1, 1, 2, 5), "FLOAT", "ACL_FORMAT_NCHW")],
          0, "Checkformat: an ND self passes"),
    Probe("bad format and bad pad", [f((1, 1, 2, 3), "FLOAT", "ACL_FORMAT_NCHW")], [[1], 0.0], [f((1, 1, 2, 5))],
          161002, "Checkformat before CheckShape"),
    # CheckShape
    Probe("rank 8", [f(R8)], [[1, 1], 0.0], [f(R8[:-1] + (5,))], 0, "OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [[1, 1], 0.0], [f(R9[:-1] + (5,))], 161002, "OP_CHECK_MAX_DIM(self, 8)"),
    Probe("out of another rank", [f(S)], [[1, 1], 0.0], [f((1, 2, 5))], 161002, "CheckShape: selfDim != outDim"),
    Probe("odd pad length", [f(S)], [[1, 1, 1], 0.0], [f((3, 5))], 161002, "CheckShape: padLen % 2"),
    Probe("pad covering every dim", [f(S)], [[1, 1, 1, 1], 0.0], [f((4, 5))], 0, "CheckShape: padCover == selfDim"),
    Probe("pad longer than twice the rank", [f(S)], [[0, 0, 0, 0, 0, 0], 0.0], [f(S)], 161002,
          "CheckShape: padCover > selfDim"),
    Probe("empty pad", [f(S)], [[], 0.0], [f(S)], 0, "CheckShape: no pad, out of self's shape"),
    Probe("negative pads crop", [f((4, 5))], [[-1, -2, 1, -1], 0.0], [f((4, 2))], 0,
          "CheckShape: 5 - 1 - 2 = 2, 4 + 1 - 1 = 4"),
    Probe("a dim cropped to 0", [f((2, 3))], [[-3, 0], 0.0], [f((2, 0))], 0,
          "CheckShape: newShape 0 with no positive pad"),
    Probe("a dim cropped below 0", [f((2, 3))], [[-4, 0], 0.0], [f((2, 0))], 161002,
          "CheckShape: curShape + min(begin, end, begin + end) < 0"),
    Probe("before below -size, after positive", [f((2, 3))], [[-4, 5], 0.0], [f((2, 4))], 161002,
          "CheckShape: 3 + min(-4, 5, 1) < 0"),
    Probe("out of the wrong padded size", [f(S)], [[1, 1], 0.0], [f((2, 4))], 161002,
          "CheckShape: newShape != out's dim"),
    Probe("a padded dim of 0 with a positive pad", [f((2, 3))], [[-3, 0, 1, 0], 0.0], [f((3, 0))], 161002,
          "CheckShape: hasZero && POSITIVE"),
    Probe("an unpadded dim of 0 with a positive pad", [f((0, 3))], [[1, 1], 0.0], [f((0, 5))], 0,
          "CheckShape: hasZero counts only dims pad covers; then out->IsEmpty() returns"),
    Probe("empty self padded", [f((0, 3))], [[1, 1, 1, 1], 0.0], [f((2, 5))], 0,
          "HandleSelfEmpty: a Fill of the value"),
    # CheckPadForFp8
    Probe("float8_e4m3fn crop on Ascend950", [f((2, 3), "FLOAT8_E4M3FN")], [[-1, 0], 0.0],
          [f((2, 2), "FLOAT8_E4M3FN")], 161002, "CheckPadForFp8: no negative pad for fp8", soc="Ascend950"),
    # the empty return
    Probe("empty out", [f((0, 3))], [[0, 0], 0.0], [f((0, 3))], 0, "out->IsEmpty() returns"),
    Probe("empty complex32", [f((0, 3), "COMPLEX32")], [[0, 0], 0.0], [f((0, 3), "COMPLEX32")], 161002,
          "CheckDtypeValid before the empty return"),
]

DEVIATIONS = {
    "complex64": (161002, "the Cast kernel (src/cast.c), which the layout kind runs, has no complex path"),
}
