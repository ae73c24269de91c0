"""Probes of aclnnIm2col (ascendops/ops/im2col.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "conversion/im2col/op_api/aclnn_im2col.cpp")
OP = "Im2col"
X = (1, 2, 4, 4)
A = [(2, 2), (1, 1), (0, 0), (1, 1)]
O = (1, 8, 9)

PROBES = [
    Probe("null self", [None], A, [f(O)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null kernelSize", [f(X)], [None] + A[1:], [f(O)], 161001, "CheckNotNull: OP_CHECK_NULL(kernelSize)"),
    Probe("null out", [f(X)], A, [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("int8 on DAV_2201", [f(X, "INT8")], A, [f(O, "INT8")], 161002,
          "CheckParams: DTYPE_SUPPORT_LIST off regbase (the UT's case_INT8)"),
    Probe("int8 on regbase", [f(X, "INT8")], A, [f(O, "INT8")], 0,
          "CheckParams: DTYPE_SUPPORT_LIST_REGBASE (the UT's ascend950_case_INT8)", soc="Ascend950"),
    Probe("float16 out of float", [f(X)], A, [f(O, "FLOAT16")], 0, "out's dtype unchecked: l0op::Cast to it"),
    Probe("2-d self", [f((4, 4))], A, [f(O)], 161002, "CheckInputDims: dim 3 or 4"),
    Probe("zero channel", [f((1, 0, 4, 4))], A, [f((1, 0, 9))], 161002, "CheckInputDims: dims after N > 0"),
    Probe("kernel of 1 value", [f(X)], [(2,)] + A[1:], [f(O)], 161002, "CheckArray: kernelSize->Size() == 2"),
    Probe("zero stride", [f(X)], A[:3] + [(0, 1)], [f(O)], 161002, "CheckArray: stride > 0"),
    Probe("negative padding", [f(X)], A[:2] + [(-1, 0)] + A[3:], [f(O)], 161002, "CheckArray: padding >= 0"),
    Probe("window past the input", [f(X)], [(5, 5)] + A[1:], [f((1, 50, 0))], 161002,
          "CheckOutputDims: outputHeight, outputWidth >= 1"),
    Probe("out shape differs", [f(X)], A, [f((1, 8, 8))], 161002, "CheckOutputDims: outShape == out's"),
    Probe("CHW self", [f((2, 4, 4))], A, [f((8, 9))], 0, "CheckOutputDims: (C*kh*kw, L) for a 3-d self"),
    Probe("empty batch", [f((0, 2, 4, 4))], A, [f((0, 8, 9))], 0, "IsEmpty(): success after CheckParams"),
]
