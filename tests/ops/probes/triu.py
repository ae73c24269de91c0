"""Probes of aclnnTriu and aclnnInplaceTriu (ascendops/ops/triu.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "conversion/triu/op_api/aclnn_triu.cpp")
OP = "Triu"
X = f((3, 5))

PROBES = [
    Probe("null self", [None], [0], [X], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null out", [X], [0], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("float32", [X], [-3], [X], 0, "DTYPE_SUPPORT_LIST_910B: DT_FLOAT"),
    Probe("uint16", [f((3, 5), "UINT16")], [0], [f((3, 5), "UINT16")], 0, "DTYPE_SUPPORT_LIST_910B: DT_UINT16"),
    Probe("bf16 on Ascend910", [f((3, 5), "BF16")], [0], [f((3, 5), "BF16")], 161002,
          "CheckDtypeValid: DTYPE_SUPPORT_LIST_910 has no DT_BF16", soc="Ascend910"),
    Probe("complex64 on Ascend910B", [f((3, 5), "COMPLEX64")], [0], [f((3, 5), "COMPLEX64")], 161002,
          "CheckDtypeValid: no DT_COMPLEX64 in the 910B list"),
    Probe("complex64 on Ascend950", [f((3, 5), "COMPLEX64")], [0], [f((3, 5), "COMPLEX64")], 0,
          "DTYPE_SUPPORT_LIST_REGBASE: DT_COMPLEX64", soc="Ascend950"),
    Probe("out of another dtype", [X], [0], [f((3, 5), "FLOAT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(self, out)"),
    Probe("complex128 out of a float self", [X], [0], [f((3, 5), "COMPLEX128")], 161002,
          "CheckDtypeValid: out's dtype only compared with self's"),
    Probe("NC1HWC0 self and out", [f((3, 4), "INT32", "ACL_FORMAT_NC1HWC0")], [0], [f((3, 4), "INT32", "ACL_FORMAT_NC1HWC0")], 161002,
          "CheckFormat: IsPrivateFormat(self)"),
    Probe("formats differ", [X], [0], [f((3, 5), "FLOAT", "ACL_FORMAT_NCHW")], 161002, "CheckFormat: formats differ"),
    Probe("formats differ, out of another shape", [X], [0], [f((2, 5), "FLOAT", "ACL_FORMAT_NCHW")], 161002,
          "CheckParams: CheckFormat before CheckShape"),
    Probe("1-d self", [f((5,))], [0], [f((5,))], 161002, "CheckShape: OP_CHECK_MIN_DIM(self, 2) where Size() > 0"),
    Probe("empty 1-d self", [f((0,))], [0], [f((0,))], 0, "CheckShape: no rank minimum for an empty self"),
    Probe("0-d self", [f(())], [0], [f(())], 161002, "CheckShape: a 0-d self has one element: min rank 2"),
    Probe("9-d self", [f((1,) * 9)], [0], [f((1,) * 9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("9-d empty self", [f((0,) + (1,) * 8)], [0], [f((0,) + (1,) * 8)], 161002,
          "CheckShape: the max rank before the empty return"),
    Probe("out of another shape", [X], [0], [f((5, 3))], 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL"),
    Probe("empty self", [f((2, 0, 5))], [0], [f((2, 0, 5))], 0, "HasEmptyTensor(self): success"),
    Probe("in place", [X], [1], [], 0, "aclnnInplaceTriuGetWorkspaceSize: out = selfRef", op="InplaceTriu"),
    Probe("in place, 1-d", [f((4,))], [1], [], 161002, "CheckShape: OP_CHECK_MIN_DIM(selfRef, 2)",
          op="InplaceTriu"),
    Probe("in place, null", [None], [1], [], 161001, "CheckNotNull: OP_CHECK_NULL(selfRef)", op="InplaceTriu"),
]
