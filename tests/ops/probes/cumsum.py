"""Probes of aclnnCumsum (ascendops/ops/cumsum.py): CheckParams (CheckNotNull,
CheckDtypeValid of out and dtype, CheckShape, CheckDim), then an empty self returns
success. self's dtype is not checked: it is cast to out's."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/cumsum/op_api/aclnn_cumsum.cpp")
OP = "Cumsum"
S = (2, 3, 4)
_ = object()


def p(name, status, cite, soc="Ascend910B", dtype="FLOAT", x=_, dim=1, attr=None, out=_):
    t = lambda v: f(S, dtype) if v is _ else v      # noqa: E731
    return Probe(name, [t(x)], [dim, "ACL_" + (attr or dtype)], [t(out)], status, cite, soc=soc)


PROBES = [
    # CheckNotNull
    p("null self", 161001, "CheckNotNull: OP_CHECK_NULL(self)", x=None),
    p("null out", 161001, "CheckNotNull: OP_CHECK_NULL(out)", out=None),
    p("null self before a bool out", 161001, "CheckParams: CheckNotNull before CheckDtypeValid", x=None,
      out=f(S, "BOOL"), attr="BOOL"),
    # CheckDtypeValid(dtype, out): out in the NpuArch's list, out of dtype `dtype`
    p("float32", 0, "CheckDtypeValid: FLOAT in the list"),
    p("float16", 0, "CheckDtypeValid: FLOAT16 in the list", dtype="FLOAT16"),
    p("double", 0, "CheckDtypeValid: DOUBLE in the list", dtype="DOUBLE"),
    p("int8", 0, "CheckDtypeValid: INT8 in the list", dtype="INT8"),
    p("int64", 0, "CheckDtypeValid: INT64 in the list", dtype="INT64"),
    p("uint8", 0, "CheckDtypeValid: UINT8 in the list", dtype="UINT8"),
    p("complex64", 0, "CheckDtypeValid: COMPLEX64 in the list", dtype="COMPLEX64"),
    p("bool out", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out): no DT_BOOL", dtype="BOOL"),
    p("uint16 out", 161002, "CheckDtypeValid: no DT_UINT16", dtype="UINT16"),
    p("bf16 on Ascend910B", 0, "GetSupportDtypeList: DAV_2201 has DT_BF16", dtype="BF16"),
    p("bf16 on Ascend950", 0, "GetSupportDtypeList: regbase has DT_BF16", dtype="BF16", soc="Ascend950"),
    p("bf16 on Ascend910", 161002, "GetSupportDtypeList: DAV_1001 has no DT_BF16", dtype="BF16", soc="Ascend910"),
    p("bf16 on Ascend310P", 161002, "GetSupportDtypeList: DAV_2002 has no DT_BF16", dtype="BF16", soc="Ascend310P"),
    p("dtype not out's", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(out, dtype)", attr="FLOAT16"),
    p("bf16 self into float on Ascend910", 0, "self's dtype is not checked: Cast(self, FLOAT) on DAV_1001",
      x=f(S, "BF16"), soc="Ascend910"),
    p("bool self into float", 0, "self's dtype is not checked: Cast(self, FLOAT)", x=f(S, "BOOL")),
    p("uint32 self into int64", 0, "self's dtype is not checked", x=f(S, "UINT32"), dtype="INT64"),
    p("int32 self into float16", 0, "self's dtype is not checked", x=f(S, "INT32"), dtype="FLOAT16"),
    # CheckShape
    p("out of another shape", 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(out, self)", out=f((2, 3, 5))),
    p("self of rank 8", 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)", x=f((2,) * 8), out=f((2,) * 8)),
    p("self of rank 9", 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)", x=f((2,) * 9), out=f((2,) * 9)),
    p("out of another shape before a bad dim", 161002, "CheckShape before CheckDim (the same status)",
      out=f((4,)), dim=7),
    # CheckDim
    p("dim rank - 1", 0, "CheckDim: dim < selfDimNum", dim=2),
    p("dim rank", 161002, "CheckDim: dim >= selfDimNum", dim=3),
    p("dim -rank", 0, "CheckDim: dim >= -selfDimNum", dim=-3),
    p("dim -rank - 1", 161002, "CheckDim: dim < -selfDimNum", dim=-4),
    p("0-d self, dim 0", 0, "CheckDim: a 0-d self counts as 1 dim", x=f(()), out=f(()), dim=0),
    p("0-d self, dim -1", 0, "CheckDim: a 0-d self counts as 1 dim", x=f(()), out=f(()), dim=-1),
    p("0-d self, dim 1", 161002, "CheckDim: dim >= 1 for a 0-d self", x=f(()), out=f(()), dim=1),
    # an empty self
    p("empty self", 0, "self->IsEmpty(): success", x=f((2, 0, 4)), out=f((2, 0, 4))),
    p("empty self, bad dim", 161002, "CheckDim before the IsEmpty() return", x=f((2, 0, 4)), out=f((2, 0, 4)),
      dim=5),
]

DEVIATIONS = {
    "complex64": (561103, "the kernel has no complex path (src/reduce.c loads the real dtypes)"),
}
