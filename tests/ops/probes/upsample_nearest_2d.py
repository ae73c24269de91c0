"""Probes of aclnnUpsampleNearest2d (ascendops/ops/upsample_nearest_2d.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-cv", "6ae87653464d2afb064c829e529abba2e278b0c4",
          "image/resize_nearest_neighbor_v2/op_api/aclnn_upsample_nearest_2d.cpp")
OP = "UpsampleNearest2d"
N = "ACL_FORMAT_NCHW"
X = (1, 2, 3, 3)
O = (1, 2, 6, 6)

PROBES = [
    Probe("null self", [None], [(6, 6)], [f(O, fmt=N)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null outputSize", [f(X, fmt=N)], [None], [f(O, fmt=N)], 161001, "CheckNotNull: OP_CHECK_NULL(outputSize)"),
    Probe("int32 self", [f(X, "INT32", N)], [(6, 6)], [f(O, "INT32", N)], 161002, "CheckDtypeValid"),
    Probe("uint8 self", [f(X, "UINT8", N)], [(6, 6)], [f(O, "UINT8", N)], 0, "CheckDtypeValid: UINT8 listed"),
    Probe("bf16 on DAV_1001", [f(X, "BF16", N)], [(6, 6)], [f(O, "BF16", N)], 161002,
          "GetDtypeSupportList: ASCEND910 list", soc="Ascend910"),
    Probe("out dtype differs", [f(X, fmt=N)], [(6, 6)], [f(O, "FLOAT16", N)], 161002, "CheckDtypeEqual"),
    Probe("outputSize of 1 value", [f(X, fmt=N)], [(6,)], [f(O, fmt=N)], 161002, "CheckShape: size == 2"),
    Probe("3-d self", [f((2, 3, 3), fmt=N)], [(6, 6)], [f((2, 6, 6), fmt=N)], 161002, "CheckShape: 4 dims"),
    Probe("zero outputSize", [f(X, fmt=N)], [(0, 6)], [f((1, 2, 0, 6), fmt=N)], 161002, "CheckShape: sizes != 0"),
    Probe("ND self", [f(X)], [(6, 6)], [f(O)], 161002, "CheckFormatValid: NCHW or NHWC"),
    Probe("formats differ", [f(X, fmt=N)], [(6, 6)], [f((1, 6, 6, 2), fmt="ACL_FORMAT_NHWC")], 161002,
          "CheckFormatEqual"),
    Probe("channels differ", [f(X, fmt=N)], [(6, 6)], [f((1, 3, 6, 6), fmt=N)], 161002, "CheckNCDimValid"),
    Probe("out size differs", [f(X, fmt=N)], [(6, 6)], [f((1, 2, 6, 5), fmt=N)], 161002, "CheckOutputSize"),
    Probe("NHWC", [f((1, 3, 3, 2), fmt="ACL_FORMAT_NHWC")], [(6, 6)], [f((1, 6, 6, 2), fmt="ACL_FORMAT_NHWC")], 0,
          "CheckOutputSize: NHWC's H, W are dims 1, 2"),
    Probe("empty batch", [f((0, 2, 3, 3), fmt=N)], [(6, 6)], [f((0, 2, 6, 6), fmt=N)], 0,
          "IsEmpty(): success after CheckParams"),
]
