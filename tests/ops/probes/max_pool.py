"""Probes of aclnnMaxPool (ascendops/ops/max_pool.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "pooling/max_pool_v3/op_api/aclnn_max_pool.cpp")
OP = "MaxPool"
X = (1, 2, 4, 4)
O = (1, 2, 2, 2)


def a(k=(2, 2), s=(2, 2), auto=0, p=(0, 0), d=(1, 1), ceil=0):
    return [k, s, auto, p, d, ceil]


PROBES = [
    Probe("null self", [None], a(), [f(O)], 161001, "CheckNotNullPtr: OP_CHECK_NULL(self)"),
    Probe("null pads", [f(X)], a(p=None), [f(O)], 161001, "CheckNotNullPtr: OP_CHECK_NULL(pads)"),
    Probe("float on DAV_1001", [f(X)], a(), [f(O)], 161002, "GetDtypeSupportListBySocVersion: FLOAT16 only",
          soc="Ascend910"),
    Probe("float on DAV_2201", [f(X)], a(), [f(O)], 0, "GetDtypeSupportListBySocVersion: 910B list",
          soc="Ascend910B"),
    Probe("out dtype differs", [f(X)], a(), [f(O, "FLOAT16")], 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME"),
    Probe("formats differ", [f(X, fmt="ACL_FORMAT_NCHW")], a(), [f(O)], 161002, "CheckFormat: formats equal"),
    Probe("2-d self", [f((4, 4))], a(), [f((2, 2))], 161002, "CheckFormat: 3D or 4D"),
    Probe("kernel of 3 values", [f(X)], a(k=(2, 2, 2)), [f(O)], 161002, "CheckParamsLogic: kernelShape 1 or 2"),
    Probe("pads of 3 values", [f(X)], a(p=(0, 0, 0)), [f(O)], 161002, "CheckParamsLogic: pads 0, 1, 2 or 4"),
    Probe("autoPad 1", [f(X)], a(auto=1), [f(O)], 161002, "CheckParamsLogic: autoPad NOTSET"),
    Probe("dilation 2", [f(X)], a(d=(2, 1)), [f(O)], 161002, "CheckDilationsValue: 1 only"),
    Probe("pads over the kernel", [f(X)], a(p=(2, 0)), [f((1, 2, 4, 2))], 161002,
          "CheckShape: padHL + padHR <= kH"),
    Probe("out shape differs", [f(X)], a(), [f((1, 2, 3, 2))], 161002, "CheckOutputShape"),
    Probe("ceil mode", [f((1, 2, 5, 5))], a(ceil=1), [f((1, 2, 3, 3))], 0, "PoolingOutShape: ceilMode"),
    Probe("empty batch", [f((0, 2, 4, 4))], a(), [f((0, 2, 2, 2))], 0, "IsEmpty(): success after CheckParams"),
]
