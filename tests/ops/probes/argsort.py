"""Probes of aclnnArgsort (ascendops/ops/argsort.py): CheckParams (CheckNotNull,
CheckDimValid, CheckDtypeValid, CheckFormat, CheckShape), then an empty self returns
success."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/sort/op_api/aclnn_argsort.cpp")
OP = "Argsort"
S = (2, 3, 4)
_ = object()


def p(name, status, cite, soc="Ascend910B", dtype="FLOAT", x=_, dim=-1, desc=False, out=_):
    xs = f(S, dtype) if x is _ else x
    os_ = f(S, "INT64") if out is _ else out
    return Probe(name, [xs], [dim, desc], [os_], status, cite, soc=soc)


PROBES = [
    # CheckNotNull
    p("null self", 161001, "CheckNotNull: OP_CHECK_NULL(self)", x=None),
    p("null out", 161001, "CheckNotNull: OP_CHECK_NULL(out)", out=None),
    p("null out before a bad dim", 161001, "CheckParams: CheckNotNull before CheckDimValid", out=None, dim=5),
    # CheckDimValid
    p("dim rank - 1", 0, "CheckDimValid: dim <= dimNum - 1", dim=2),
    p("dim rank", 161002, "CheckDimValid: dim > dimNum - 1", dim=3),
    p("dim -rank", 0, "CheckDimValid: dim >= -dimNum", dim=-3),
    p("dim -rank - 1", 161002, "CheckDimValid: dim < -dimNum", dim=-4),
    p("0-d self, dim 0", 0, "CheckDimValid: dimNum == 0: [-1, 0]", x=f(()), dim=0, out=f((), "INT64")),
    p("0-d self, dim -1", 0, "CheckDimValid: dimNum == 0: [-1, 0]", x=f(()), dim=-1, out=f((), "INT64")),
    p("0-d self, dim 1", 161002, "CheckDimValid: dimNum == 0: maximum 0", x=f(()), dim=1, out=f((), "INT64")),
    p("bad dim before a bad dtype", 161002, "CheckParams: CheckDimValid before CheckDtypeValid", dim=7,
      dtype="BOOL"),
    p("bf16 sort of a 1-long dim on Ascend910B", 161002,
      "CheckDimValid: !IsRegBase() && dimValue == 1 && DT_BF16", x=f((2, 1), "BF16"), out=f((2, 1), "INT64")),
    p("bf16 sort of a 1-long dim on Ascend950", 0, "CheckDimValid: IsRegBase() skips the BF16 rule",
      x=f((2, 1), "BF16"), out=f((2, 1), "INT64"), soc="Ascend950"),
    p("bf16 sort of a 2-long dim on Ascend910B", 0, "CheckDimValid: dimValue 2", x=f((1, 2), "BF16"),
      out=f((1, 2), "INT64")),
    p("float32 sort of a 1-long dim", 0, "CheckDimValid: the rule is BF16's alone", x=f((2, 1)),
      out=f((2, 1), "INT64")),
    # CheckDtypeValid
    p("float16", 0, "CheckDtypeValid: ASCEND910B list has FLOAT16", dtype="FLOAT16"),
    p("int8", 0, "CheckDtypeValid: INT8", dtype="INT8"),
    p("int64", 0, "CheckDtypeValid: INT64", dtype="INT64"),
    p("uint8", 0, "CheckDtypeValid: UINT8", dtype="UINT8"),
    p("bf16 on Ascend910B", 0, "CheckDtypeValid: ASCEND910B_DTYPE_DTYPE_SUPPORT_LIST has BF16", dtype="BF16"),
    p("bf16 on Ascend910_93", 0, "GetDtypeSupportList: ASCEND910_93 takes the 910B list", dtype="BF16",
      soc="Ascend910_93"),
    p("bf16 on Ascend910", 161002, "CheckDtypeValid: ASCEND910_DTYPE_DTYPE_SUPPORT_LIST has no BF16",
      dtype="BF16", soc="Ascend910"),
    p("bf16 on Ascend310P", 161002, "GetDtypeSupportList: the ASCEND910 list off 910B/910_93 and regbase",
      dtype="BF16", soc="Ascend310P"),
    p("uint16 on Ascend910B", 161002, "CheckDtypeValid: no UINT16 in the 910B list", dtype="UINT16"),
    p("uint16 on Ascend950", 0, "CheckDtypeValid: ARCH3510_DTYPE_SUPPORT_LIST has UINT16", dtype="UINT16",
      soc="Ascend950"),
    p("uint64 on Ascend950", 0, "CheckDtypeValid: ARCH3510_DTYPE_SUPPORT_LIST has UINT64", dtype="UINT64",
      soc="Ascend950"),
    p("double", 161002, "CheckDtypeValid: no DOUBLE in any list", dtype="DOUBLE"),
    p("bool", 161002, "CheckDtypeValid: no BOOL in any list", dtype="BOOL"),
    p("int32 out", 161002, "CheckDtypeValid: OUT_DTYPE_SUPPORT_LIST is INT64", out=f(S, "INT32")),
    p("float32 out", 161002, "CheckDtypeValid: OUT_DTYPE_SUPPORT_LIST is INT64", out=f(S, "FLOAT")),
    p("bad out dtype before a bad shape", 161002, "CheckParams: CheckDtypeValid before CheckShape",
      out=f((3, 3), "INT32")),
    # CheckShape
    p("out of another shape", 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, out)", out=f((2, 3, 5), "INT64")),
    p("out of the same numel, another shape", 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL",
      out=f((6, 4), "INT64")),
    p("8 dims", 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)", x=f((1,) * 7 + (3,)), out=f((1,) * 7 + (3,), "INT64")),
    p("9 dims", 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)", x=f((1,) * 8 + (3,)),
      out=f((1,) * 8 + (3,), "INT64")),
    # empty self: success after the checks
    p("empty self", 0, "self->IsEmpty(): workspace 0 after CheckParams", x=f((2, 0, 4)), out=f((2, 0, 4), "INT64")),
    p("empty self, bad out dtype", 161002, "CheckParams before the IsEmpty() return", x=f((2, 0, 4)),
      out=f((2, 0, 4), "FLOAT")),
]
