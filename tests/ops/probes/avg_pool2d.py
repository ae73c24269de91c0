"""Probes of aclnnAvgPool2d (ascendops/ops/avg_pool2d.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "pooling/avg_pool3_d/op_api/aclnn_avgpool2d.cpp")
OP = "AvgPool2d"
N = "ACL_FORMAT_NCHW"
X = (1, 2, 4, 4)
O = (1, 2, 2, 2)


def a(k=(2, 2), s=(2, 2), p=(0, 0), ceil=False, include=True, div=0, cube=0):
    return [k, s, p, ceil, include, div, cube]


PROBES = [
    Probe("null self", [None], a(), [f(O, fmt=N)], 161001, "CheckNotNullPtr: OP_CHECK_NULL(self)"),
    Probe("null paddings", [f(X, fmt=N)], a(p=None), [f(O, fmt=N)], 161001, "CheckNotNullPtr: OP_CHECK_NULL(padding)"),
    Probe("double self", [f(X, "DOUBLE", N)], a(), [f(O, "DOUBLE", N)], 161002, "CheckDtypeValid"),
    Probe("out dtype differs", [f(X, fmt=N)], a(), [f(O, "FLOAT16", N)], 161002, "CheckDtypeValid: NOT_SAME"),
    Probe("ND self", [f(X)], a(), [f(O, fmt=N)], 161002, "CheckFormat: NCHW or NCL"),
    Probe("4-d NCL", [f(X, fmt="ACL_FORMAT_NCL")], a(), [f(O, fmt="ACL_FORMAT_NCL")], 161002,
          "CheckFormat: both NCHW when 4D"),
    Probe("3-d NCL", [f((2, 4, 4), fmt="ACL_FORMAT_NCL")], a(), [f((2, 2, 2), fmt="ACL_FORMAT_NCL")], 0,
          "CheckFormat: both NCL when 3D"),
    Probe("zero stride", [f(X, fmt=N)], a(s=(0, 1)), [f(O, fmt=N)], 161002, "CheckValue: stride > 0"),
    Probe("paddings of 3 values", [f(X, fmt=N)], a(p=(0, 0, 0)), [f(O, fmt=N)], 161002,
          "CheckShape: padding 1 or 2"),
    Probe("padding over half the kernel", [f(X, fmt=N)], a(p=(2, 0)), [f((1, 2, 4, 2), fmt=N)], 161002,
          "CheckPaddingValidAvgPool2D"),
    Probe("out shape differs", [f(X, fmt=N)], a(), [f((1, 2, 3, 2), fmt=N)], 161002, "CheckOutputShape"),
    Probe("cubeMathType 5", [f(X, fmt=N)], a(cube=5), [f(O, fmt=N)], 161002, "CheckCubeMathType: 0..4"),
    Probe("float KEEP_DTYPE on DAV_1001", [f(X, fmt=N)], a(), [f(O, fmt=N)], 161002,
          "CheckSocSupportDtype: no FLOAT cube", soc="Ascend910"),
    Probe("no strides: the kernel", [f(X, fmt=N)], a(s=()), [f(O, fmt=N)], 0, "CheckOutputShape: sH = kH"),
    Probe("empty batch", [f((0, 2, 4, 4), fmt=N)], a(), [f((0, 2, 2, 2), fmt=N)], 0,
          "IsEmpty(): success after CheckParams"),
]
