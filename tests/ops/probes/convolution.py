"""Probes of aclnnConvolution (ascendops/ops/convolution.py). Attributes: stride, padding,
dilation, transposed, outputPadding, groups, cubeMathType."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "conv/convolution_forward/op_host/op_api/aclnn_convolution.cpp")
OP = "Convolution"
NCL, NCHW, ND = "ACL_FORMAT_NCL", "ACL_FORMAT_NCHW", "ACL_FORMAT_ND"


def c(shape, dtype="FLOAT", fmt=None):
    """An operand in its rank's channel-first format (NCL, NCHW, NCDHW)."""
    if fmt is None:
        fmt = {3: NCL, 4: NCHW, 5: "ACL_FORMAT_NCDHW"}.get(len(shape), ND)
    return f(shape, dtype, fmt)


X, W, B, Y = c((2, 4, 10)), c((6, 4, 3)), f((6,)), c((2, 6, 8))
A1 = [(1,), (0,), (1,), False, (0,), 1, 0]
# 1-d transposed: x (2, 4, 10), weight (4, 3, 5), stride 2, pad 1 -> y (2, 3, 21)
XT, WT, YT = c((2, 4, 10)), c((4, 3, 5)), c((2, 3, 21))
AT = [(2,), (1,), (1,), True, (0,), 1, 0]
X2, W2, Y2 = c((1, 4, 6, 5)), c((8, 2, 3, 3)), c((1, 8, 6, 5))
A2 = [(1, 1), (1, 1), (1, 1), False, (0, 0), 2, 0]

PROBES = [
    Probe("float 1-d", [X, W, B], A1, [Y], 0, "CheckConvParams: every check passes"),
    Probe("no bias", [X, W, None], A1, [Y], 0, "NullptrChecker: bias is optional"),
    Probe("null input", [None, W, B], A1, [Y], 161001, "NullptrChecker: CHECK_PARAM_NULLPTR(x)"),
    Probe("null weight", [X, None, B], A1, [Y], 161001, "NullptrChecker: CHECK_PARAM_NULLPTR(filter)"),
    Probe("null stride", [X, W, B], [None] + A1[1:], [Y], 161001, "NullptrChecker: CHECK_PARAM_NULLPTR(strides)"),
    Probe("null padding", [X, W, B], [(1,), None] + A1[2:], [Y], 161001, "NullptrChecker: (pads)"),
    Probe("null dilation", [X, W, B], [(1,), (0,), None] + A1[3:], [Y], 161001, "NullptrChecker: (dilations)"),
    Probe("null output", [X, W, B], A1, [None], 161001, "NullptrChecker: CHECK_PARAM_NULLPTR(y)"),
    Probe("null outputPadding, not transposed", [X, W, B], A1[:4] + [None] + A1[5:], [Y], 0,
          "NullptrChecker: outputPadding only when transposed"),
    Probe("null outputPadding, transposed", [XT, WT, None], AT[:4] + [None] + AT[5:], [YT], 161001,
          "NullptrChecker: if (transposed) CHECK_PARAM_NULLPTR(outputPadding)"),
    Probe("null weight before bad input dtype", [c((2, 4, 10), "DOUBLE"), None, B], A1, [Y], 161001,
          "CheckConvParams: NullptrChecker before DtypeChecker"),
    Probe("double bias", [X, W, f((6,), "DOUBLE")], A1, [Y], 161002, "DtypeChecker: bias in BIAS_SUPPORT_LIST"),
    Probe("double input", [c((2, 4, 10), "DOUBLE"), W, B], A1, [Y], 161002, "DtypeChecker: x"),
    Probe("int8 weight", [X, c((6, 4, 3), "INT8"), B], A1, [Y], 161002, "DtypeChecker: filter"),
    Probe("double output", [X, W, B], A1, [c((2, 6, 8), "DOUBLE")], 161002, "DtypeChecker: y"),
    Probe("bf16 on DAV_2201", [c((2, 4, 10), "BF16"), c((6, 4, 3), "BF16"), f((6,), "BF16")], A1,
          [c((2, 6, 8), "BF16")], 0, "GetDtypeSupportListBySocVersion: V200 where the cube computes FLOAT"),
    Probe("bf16 on DAV_1001", [c((2, 4, 10), "BF16"), W, B], A1, [Y], 161002,
          "GetDtypeSupportListBySocVersion: V100 list", soc="Ascend910"),
    Probe("bf16 bias on DAV_1001", [c((2, 4, 10), "FLOAT16"), c((6, 4, 3), "FLOAT16"), f((6,), "BF16")],
          [(1,), (0,), (1,), False, (0,), 1, 1], [c((2, 6, 8), "FLOAT16")], 0,
          "DtypeChecker: bias against BIAS_SUPPORT_LIST on every SoC", soc="Ascend910"),
    Probe("mixed dtypes", [c((2, 4, 10), "FLOAT16"), W, f((6,), "BF16")], A1, [c((2, 6, 8), "FLOAT16")], 0,
          "DtypeChecker: each tensor in the list, no same-dtype rule"),
    Probe("2-d input", [f((4, 10)), c((6, 4, 3)), B], A1, [Y], 161002, "DimChecker: x of 3, 4 or 5 dims"),
    Probe("6-d weight", [X, f((6, 4, 3, 1, 1, 1)), B], A1, [Y], 161002, "DimChecker: filter of 3..5 dims"),
    Probe("weight rank not input's", [X, c((6, 4, 3, 3)), B], A1, [Y], 161002,
          "DimChecker: dims of x and filter the same"),
    Probe("output rank not input's", [X, W, B], A1, [c((2, 6, 8, 1))], 161002, "DimChecker: dims of x and y"),
    Probe("2-d bias", [X, W, f((1, 6))], A1, [Y], 161002, "DimChecker::CheckBiasDimensions: 1 dim"),
    Probe("bias not weight.N", [X, W, f((4,))], A1, [Y], 161002, "CheckBiasDimensions: weight N"),
    Probe("transposed bias weight.C * groups", [XT, WT, f((3,))], AT, [YT], 0, "CheckBiasDimensions: C * groups"),
    Probe("transposed bias weight.N", [XT, WT, f((4,))], AT, [YT], 161002, "CheckBiasDimensions: C * groups"),
    Probe("two strides for 1-d", [X, W, B], [(1, 1)] + A1[1:], [Y], 161002, "CheckParameterSizes: strides"),
    Probe("no dilation", [X, W, B], [(1,), (0,), ()] + A1[3:], [Y], 161002, "CheckParameterSizes: dilations"),
    Probe("1-d padding [left, right]", [X, W, B], [(1,), (1, 2), (1,), False, (0,), 1, 0], [c((2, 6, 11))], 0,
          "CheckParameterSizes: 1 or 2 pads; ConstructPad: left + right"),
    Probe("1-d transposed padding of 2", [XT, WT, None], [(2,), (1, 1), (1,), True, (0,), 1, 0], [YT], 161002,
          "CheckParameterSizes: a transposed 1-d takes one pad"),
    Probe("2-d padding of 4", [X2, W2, None], [(1, 1), (1, 1, 0, 2), (1, 1), False, (0, 0), 2, 0],
          [c((1, 8, 6, 5))], 0, "CheckParameterSizes: 2 or 4 pads; ConstructPad: top + bottom, left + right"),
    Probe("2-d padding of 3", [X2, W2, None], [(1, 1), (1, 1, 1), (1, 1), False, (0, 0), 2, 0], [Y2], 161002,
          "CheckParameterSizes: pads"),
    Probe("transposed outputPadding size", [XT, WT, None], AT[:4] + [(0, 0)] + AT[5:], [YT], 161002,
          "CheckParameterSizes: outputPadding"),
    Probe("output format not input's", [X, W, B], A1, [f((2, 6, 8), "FLOAT", NCHW)], 161002,
          "FormatChecker: x's format y's"),
    Probe("bias format NHWC", [X, W, f((6,), "FLOAT", "ACL_FORMAT_NHWC")], A1, [Y], 161002,
          "FormatChecker: bias NCL, NCHW, NCDHW or ND"),
    Probe("1-d weight NCHW", [X, f((6, 4, 3), "FLOAT", NCHW), B], A1, [Y], 161002,
          "FormatChecker::CheckConv1d: all NCL"),
    Probe("2-d input NHWC", [f((1, 4, 6, 5), "FLOAT", "ACL_FORMAT_NHWC"), W2, None], A2,
          [f((1, 8, 6, 5), "FLOAT", "ACL_FORMAT_NHWC")], 161002, "FormatChecker::CheckConv2d: x NCHW"),
    Probe("zero-width kernel", [X, c((6, 4, 0)), B], A1, [c((2, 6, 11))], 161002,
          "ValueChecker::CheckShape: filter spatial > 0"),
    Probe("stride 0", [X, W, B], [(0,)] + A1[1:], [Y], 161002, "ValueChecker: strides > 0"),
    Probe("dilation -1", [X, W, B], [(1,), (0,), (-1,)] + A1[3:], [Y], 161002, "ValueChecker: dilations > 0"),
    Probe("window past the padded input", [c((2, 4, 2)), W, B], A1, [c((2, 6, 0))], 161002,
          "ValueChecker::CheckPad: x + pad - dilation * (k - 1) - 1 >= 0"),
    Probe("window fits with padding", [c((2, 4, 2)), W, B], [(1,), (1,), (1,), False, (0,), 1, 0],
          [c((2, 6, 2))], 0, "ValueChecker::CheckPad"),
    Probe("groups 0", [X, W, B], A1[:5] + [0, 0], [Y], 161002, "ValueChecker: groups > 0"),
    Probe("channels not weight.C * groups", [X, W, B], A1[:5] + [2, 0], [Y], 161002,
          "CheckChannelAndGroups: weight.C * groups == x.C"),
    Probe("weight.N not divisible by groups", [X, c((5, 2, 3)), f((5,))], A1[:5] + [2, 0], [Y], 161002,
          "CheckChannelAndGroups: weight.N % groups"),
    Probe("depthwise", [c((1, 8, 20)), c((8, 1, 4)), None], A1[:5] + [8, 0], [c((1, 8, 17))], 0,
          "CheckChannelAndGroups: groups = channels"),
    Probe("transposed weight.N not x.C", [XT, c((3, 3, 5)), None], AT, [YT], 161002,
          "CheckChannelAndGroups: transposed weight.N == x.C"),
    Probe("outputPadding below stride", [XT, WT, None], AT[:4] + [(1,)] + AT[5:], [c((2, 3, 22))], 0,
          "CheckChannelAndGroups: outputPadding < stride or < dilation"),
    Probe("outputPadding at stride and dilation", [XT, WT, None], AT[:4] + [(2,)] + AT[5:], [c((2, 3, 23))],
          161002, "CheckChannelAndGroups: outputPadding >= stride and >= dilation"),
    Probe("negative outputPadding", [XT, WT, None], AT[:4] + [(-1,)] + AT[5:], [c((2, 3, 20))], 161002,
          "CheckChannelAndGroups: outputPadding >= 0"),
    Probe("transposed kernel of 256", [c((1, 4, 3)), c((4, 2, 256)), None], [(1,), (0,), (1,), True, (0,), 1, 0],
          [c((1, 2, 258))], 0, "padBinaryValid: (k - 1) * dilation - pad <= 255"),
    Probe("transposed kernel of 257", [c((1, 4, 3)), c((4, 2, 257)), None], [(1,), (0,), (1,), True, (0,), 1, 0],
          [c((1, 2, 259))], 161002, "padBinaryValid: (k - 1) * dilation - pad <= 255"),
    Probe("transposed kernel of 257 on DAV_3510", [c((1, 4, 3)), c((4, 2, 257)), None],
          [(1,), (0,), (1,), True, (0,), 1, 0], [c((1, 2, 259))], 0,
          "ValueChecker: padBinaryValid only off DAV_3510", soc="Ascend950"),
    Probe("output shape not inferred", [X, W, B], A1, [c((2, 6, 9))], 161002, "ConvXdChecker: y's shape"),
    Probe("empty batch", [c((0, 4, 10)), W, B], A1, [c((0, 6, 8))], 0,
          "ConvXdChecker, then the empty return"),
    Probe("cubeMathType 5", [X, W, B], A1[:6] + [5], [Y], 161002, "CheckCubeMathType: 0..4"),
    Probe("cubeMathType -1", [X, W, B], A1[:6] + [-1], [Y], 161002, "CheckCubeMathType: 0..4"),
    Probe("KEEP_DTYPE float on DAV_1001", [X, W, B], A1, [Y], 161002,
          "CheckCubeMathType: KEEP_DTYPE with FLOAT where the cube has no FLOAT", soc="Ascend910"),
    Probe("ALLOW_FP32_DOWN_PRECISION float on DAV_1001", [X, W, B], A1[:6] + [1], [Y], 0,
          "CheckCubeMathType: ALLOW_FP32_DOWN_PRECISION allows FLOAT", soc="Ascend910"),
    Probe("KEEP_DTYPE float16 on DAV_1001", [c((2, 4, 10), "FLOAT16"), c((6, 4, 3), "FLOAT16"), None], A1,
          [c((2, 6, 8), "FLOAT16")], 0, "CheckCubeMathType: FLOAT16 everywhere", soc="Ascend910"),
    Probe("USE_HF32 float16 input, float weight on DAV_1001", [c((2, 4, 10), "FLOAT16"), W, None], A1[:6] + [3],
          [c((2, 6, 8), "FLOAT16")], 161002, "GetUpperFloatDataType: FLOAT", soc="Ascend910"),
    Probe("USE_FP32_ADD float on DAV_2201", [X, W, B], A1[:6] + [4], [Y], 0, "CheckCubeMathType: FLOAT on V200"),
    Probe("2-d transposed", [c((1, 4, 5, 6)), c((4, 2, 3, 3)), f((4,))],
          [(2, 2), (1, 1), (1, 1), True, (1, 1), 2, 0], [c((1, 4, 10, 12))], 0, "CheckConvParams: every check passes"),
    Probe("ND operands", [f((2, 4, 10)), f((6, 4, 3)), B], A1, [f((2, 6, 8))], 161002,
          "FormatChecker::CheckConv1d: x, filter, y NCL"),
    Probe("3-d", [c((1, 2, 3, 4, 5)), c((2, 2, 1, 1, 1)), None], [(1, 1, 1), (0, 0, 0), (1, 1, 1), False,
                                                               (0, 0, 0), 1, 0],
          [c((1, 2, 3, 4, 5))], 0, "CheckConvParams: a 3-d convolution passes"),
]

# What ascendops does differently from CANN's source (docs/fidelity.md).
DEVIATIONS = {
    "ND operands": (0, "an ND tensor (the numpy-like call's arrays) is read as its rank's channel-first format"),
    "3-d": (561003, "3-d convolutions are not computed by ascendops"),
}
