"""Probes of aclnnInplaceCopy (ascendops/ops/copy.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "conversion/view_copy/op_api/aclnn_copy.cpp")
OP = "InplaceCopy"
S = (2, 3)
E = (0, 3)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

PROBES = [
    # CheckNotNull
    Probe("null selfRef", [None, f(S)], [], [], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null src", [f(S), None], [], [], 161001, "CheckNotNull: OP_CHECK_NULL(src)"),
    Probe("null src, selfRef of a bad dtype", [f(S, "COMPLEX32"), None], [], [], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    # CheckDtypeValid: one list on every SoC
    Probe("float to float16", [f(S, "FLOAT16"), f(S)], [], [], 0, "CheckParams passes"),
    Probe("int64 to int8", [f(S, "INT8"), f(S, "INT64")], [], [], 0, "DTYPE_SUPPORT_LIST: DT_INT8, DT_INT64"),
    Probe("uint32 to uint64", [f(S, "UINT64"), f(S, "UINT32")], [], [], 0, "DTYPE_SUPPORT_LIST: DT_UINT32, DT_UINT64"),
    Probe("bool to double", [f(S, "DOUBLE"), f(S, "BOOL")], [], [], 0, "DTYPE_SUPPORT_LIST: DT_BOOL, DT_DOUBLE"),
    Probe("bf16 selfRef on Ascend910", [f(S, "BF16"), f(S)], [], [], 0,
          "CheckDtypeValid: one DTYPE_SUPPORT_LIST on every SoC, with DT_BF16", soc="Ascend910"),
    Probe("bf16 src on Ascend310P", [f(S), f(S, "BF16")], [], [], 0,
          "CheckDtypeValid: one DTYPE_SUPPORT_LIST on every SoC, with DT_BF16", soc="Ascend310P"),
    Probe("complex64 src", [f(S), f(S, "COMPLEX64")], [], [], 0, "DTYPE_SUPPORT_LIST: DT_COMPLEX64"),
    Probe("complex128 selfRef", [f(S, "COMPLEX128"), f(S, "DOUBLE")], [], [], 0, "DTYPE_SUPPORT_LIST: DT_COMPLEX128"),
    Probe("float8_e8m0 selfRef", [f(S, "FLOAT8_E8M0"), f(S, "FLOAT8_E8M0")], [], [], 0,
          "DTYPE_SUPPORT_LIST: DT_FLOAT8_E8M0"),
    Probe("complex32 selfRef", [f(S, "COMPLEX32"), f(S)], [], [], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self): no DT_COMPLEX32"),
    Probe("complex32 src", [f(S), f(S, "COMPLEX32")], [], [], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(src): no DT_COMPLEX32"),
    Probe("bad selfRef dtype and rank 9 src", [f(S, "COMPLEX32"), f(R9)], [], [], 161002,
          "CheckParams: CheckDtypeValid before CheckShape"),
    # CheckShape
    Probe("rank 8", [f(R8), f(R8, "FLOAT16")], [], [], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9 selfRef", [f(R9), f((3,))], [], [], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9 src", [f(R8), f(R9)], [], [], 161002, "CheckShape: OP_CHECK_MAX_DIM(src, 8)"),
    Probe("src broadcast along dim 0", [f((4, 5)), f((1, 5))], [], [], 0,
          "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE gives self's shape"),
    Probe("src of lower rank", [f((4, 5), "INT32"), f((5,), "FLOAT16")], [], [], 0,
          "CheckShape: the broadcast shape (4, 5) is self's"),
    Probe("0-d src", [f((4, 5)), f(())], [], [], 0, "CheckShape: a 0-d src broadcasts to any self"),
    Probe("src larger than selfRef", [f((1, 5)), f((4, 5))], [], [], 161002,
          "CheckShape: broadcastShape (4, 5) != self's (1, 5)"),
    Probe("shapes that do not broadcast", [f((4, 5)), f((4, 3))], [], [], 161002,
          "CheckShape: OP_CHECK_BROADCAST_AND_INFER_SHAPE fails"),
    Probe("0-d selfRef", [f(()), f(())], [], [], 0, "CheckShape: rank 0 is within 8"),
    Probe("another format", [f(S, "FLOAT", "ACL_FORMAT_NCHW"), f(S)], [], [], 0,
          "CheckFormat only logs a warning"),
    # the empty return, after CheckParams
    Probe("empty selfRef", [f(E), f(E)], [], [], 0, "aclnnInplaceCopyGetWorkspaceSize: self->IsEmpty() returns"),
    Probe("empty selfRef, src (1, 3)", [f(E), f((1, 3), "INT32")], [], [], 0,
          "CheckShape: (1, 3) broadcasts to (0, 3); then the IsEmpty() return"),
    Probe("empty selfRef, src that does not broadcast", [f(E), f((2, 3))], [], [], 161002,
          "CheckShape before the IsEmpty() return"),
    Probe("empty complex32 selfRef", [f(E, "COMPLEX32"), f(E)], [], [], 161002,
          "CheckDtypeValid before the IsEmpty() return"),
    Probe("empty complex64 selfRef", [f(E, "COMPLEX64"), f(E)], [], [], 0,
          "aclnnInplaceCopyGetWorkspaceSize: IsEmpty() returns before any Cast"),
]

DEVIATIONS = {
    "complex64 src": (161002, "the Cast kernel (src/cast.c), which CopyOp runs, has no complex path"),
    "complex128 selfRef": (161002, "the Cast kernel (src/cast.c), which CopyOp runs, has no complex path"),
    "float8_e8m0 selfRef": (161002, "the Cast kernel (src/cast.c), which CopyOp runs, has no 8-bit float path"),
}
