"""Probes of aclnnTril (ascendops/ops/tril.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "conversion/tril/op_api/aclnn_tril.cpp")
OP = "Tril"
X = f((3, 5))

PROBES = [
    Probe("null self", [None], [0], [X], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null out", [X], [0], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null self, bad out dtype", [None], [0], [f((3, 5), "COMPLEX128")], 161001,
          "CheckParams: CheckNotNull first"),
    Probe("float32", [X], [0], [X], 0, "DTYPE_SUPPORT_LIST_910B: DT_FLOAT"),
    Probe("uint64", [f((3, 5), "UINT64")], [1], [f((3, 5), "UINT64")], 0, "DTYPE_SUPPORT_LIST_910B: DT_UINT64"),
    Probe("bf16 on Ascend910B", [f((3, 5), "BF16")], [0], [f((3, 5), "BF16")], 0, "DTYPE_SUPPORT_LIST_910B: DT_BF16"),
    Probe("bf16 on Ascend910", [f((3, 5), "BF16")], [0], [f((3, 5), "BF16")], 161002,
          "CheckDtypeValid: DTYPE_SUPPORT_LIST_910 has no DT_BF16", soc="Ascend910"),
    Probe("complex64 on Ascend910B", [f((3, 5), "COMPLEX64")], [0], [f((3, 5), "COMPLEX64")], 161002,
          "CheckDtypeValid: no DT_COMPLEX64 in the 910B list"),
    Probe("complex64 on Ascend950", [f((3, 5), "COMPLEX64")], [0], [f((3, 5), "COMPLEX64")], 0,
          "DTYPE_SUPPORT_LIST_REGBASE: DT_COMPLEX64", soc="Ascend950"),
    Probe("complex128", [f((3, 5), "COMPLEX128")], [0], [f((3, 5), "COMPLEX128")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("out dtype not in the list", [X], [0], [f((3, 5), "COMPLEX128")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out)"),
    Probe("out of another dtype", [X], [0], [f((3, 5), "FLOAT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(out, self)"),
    Probe("out of another dtype and format", [X], [0], [f((3, 5), "FLOAT16", "ACL_FORMAT_NCHW")], 161002,
          "CheckParams: CheckDtypeValid before CheckFormat"),
    Probe("formats differ", [X], [0], [f((3, 5), "FLOAT", "ACL_FORMAT_NCHW")], 161002, "CheckFormat: formats differ"),
    Probe("NC1HWC0 self and out", [f((3, 5), "FLOAT", "ACL_FORMAT_NC1HWC0")], [0], [f((3, 5), "FLOAT", "ACL_FORMAT_NC1HWC0")], 0,
          "CheckFormat: only the formats' equality"),
    Probe("1-d self", [f((5,))], [0], [f((5,))], 161002, "CheckShape: Dim of self should be last 2 dims"),
    Probe("empty 1-d self", [f((0,))], [0], [f((0,))], 161002, "CheckShape: the rank before the empty return"),
    Probe("0-d self", [f(())], [0], [f(())], 161002, "CheckShape: GetDimNum() <= 1"),
    Probe("9-d self", [f((1,) * 9)], [0], [f((1,) * 9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("8-d self", [f((1,) * 6 + (3, 4))], [0], [f((1,) * 6 + (3, 4))], 0, "CheckShape: 8 dims"),
    Probe("out of another shape", [X], [0], [f((5, 3))], 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL"),
    Probe("empty self", [f((0, 3, 5))], [0], [f((0, 3, 5))], 0, "self->IsEmpty(): success"),
    Probe("empty self, out of another shape", [f((0, 5))], [0], [f((5, 0))], 161002,
          "CheckParams before the empty return"),
    Probe("huge diagonal", [X], [1 << 62], [X], 0, "no check of diagonal"),
    Probe("huge negative diagonal", [X], [-(1 << 62)], [X], 0, "no check of diagonal"),
]
