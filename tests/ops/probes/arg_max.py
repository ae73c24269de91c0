"""Probes of aclnnArgMax (ascendops/ops/arg_max.py): CheckParams (CheckNotNull,
CheckDtypeValid, CheckShape, CheckDim), then an empty self or out returns success, else
the result's shape must be out's (CheckShapeAndScalarSame)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/arg_max_v2/op_api/aclnn_argmax.cpp")
OP = "ArgMax"
S, R = (2, 3, 4), (2, 1, 4)
_ = object()


def p(name, status, cite, soc="Ascend910B", dtype="FLOAT", x=_, dim=1, keepdim=True, out=_):
    return Probe(name, [f(S, dtype) if x is _ else x], [dim, keepdim], [f(R, "INT64") if out is _ else out],
                 status, cite, soc=soc)


PROBES = [
    # CheckNotNull
    p("null self", 161001, "CheckNotNull: OP_CHECK_NULL(self)", x=None),
    p("null out", 161001, "CheckNotNull: OP_CHECK_NULL(out)", out=None),
    p("null out before a bool self", 161001, "CheckParams: CheckNotNull before CheckDtypeValid", dtype="BOOL",
      out=None),
    # CheckDtypeValid by NpuArch
    p("float32", 0, "CheckDtypeValid: FLOAT in the list"),
    p("float16", 0, "CheckDtypeValid: FLOAT16 in the list", dtype="FLOAT16"),
    p("double", 0, "CheckDtypeValid: DOUBLE in the list", dtype="DOUBLE"),
    p("int8", 0, "CheckDtypeValid: INT8 in the list", dtype="INT8"),
    p("int64", 0, "CheckDtypeValid: INT64 in the list", dtype="INT64"),
    p("uint8", 0, "CheckDtypeValid: UINT8 in the list", dtype="UINT8"),
    p("bool", 161002, "CheckDtypeValid: no DT_BOOL", dtype="BOOL"),
    p("uint32", 161002, "CheckDtypeValid: no DT_UINT32", dtype="UINT32"),
    p("bf16 on Ascend910B", 0, "GetSupportDtypeList: DAV_2201 has DT_BF16", dtype="BF16"),
    p("bf16 on Ascend910", 161002, "GetSupportDtypeList: DAV_1001 has no DT_BF16", dtype="BF16", soc="Ascend910"),
    p("bf16 on Ascend310P", 161002, "GetSupportDtypeList: DAV_2002 has no DT_BF16", dtype="BF16", soc="Ascend310P"),
    p("bf16 on Ascend950", 0, "GetSupportDtypeList: regbase has DT_BF16", dtype="BF16", soc="Ascend950"),
    p("uint16 on Ascend950", 0, "GetSupportDtypeList: regbase has DT_UINT16", dtype="UINT16", soc="Ascend950"),
    p("uint16 on Ascend910B", 161002, "GetSupportDtypeList: DAV_2201 has no DT_UINT16", dtype="UINT16"),
    # out's dtype is not checked: the index is cast to it
    p("int32 out", 0, "out's dtype unchecked; Cast(argmax, INT32)", out=f(R, "INT32")),
    p("float out", 0, "out's dtype unchecked; Cast(argmax, FLOAT)", out=f(R)),
    # CheckShape
    p("self of rank 8", 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)", x=f((2,) * 8), dim=0,
      out=f((1,) + (2,) * 7, "INT64")),
    p("self of rank 9", 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)", x=f((2,) * 9), dim=0,
      out=f((1,) + (2,) * 8, "INT64")),
    p("out of rank 9", 161002, "CheckShape: OP_CHECK_MAX_DIM(out, 8)", out=f((1,) * 9, "INT64")),
    p("rank 9 before a bad dim", 161002, "CheckShape before CheckDim (the same status)", x=f((2,) * 9), dim=20),
    # CheckDim
    p("dim rank - 1", 0, "CheckDim: dim <= shapeSize - 1", dim=2, out=f((2, 3, 1), "INT64")),
    p("dim rank", 161002, "CheckDim: dim > maximum", dim=3),
    p("dim -rank", 0, "CheckDim: dim >= -shapeSize", dim=-3, out=f((1, 3, 4), "INT64")),
    p("dim -rank - 1", 161002, "CheckDim: dim < minimum", dim=-4),
    p("0-d self, dim 0", 0, "CheckDim: [-1, 0] for a 0-d self", x=f(()), dim=0, keepdim=False, out=f((), "INT64")),
    p("0-d self, dim -1", 0, "CheckDim: [-1, 0] for a 0-d self", x=f(()), dim=-1, keepdim=False,
      out=f((), "INT64")),
    p("0-d self, dim 1", 161002, "CheckDim: [-1, 0] for a 0-d self", x=f(()), dim=1, out=f((), "INT64")),
    p("0-d self, keepdim, out (1,)", 0, "Reshape to (1,): CheckShapeAndScalarSame, one element each", x=f(()),
      dim=0, out=f((1,), "INT64")),
    # the empty returns
    p("empty self", 0, "self->IsEmpty(): success, nothing computed", x=f((2, 0, 4)), out=f((2, 1, 4), "INT64")),
    p("empty self, out of another shape", 0, "self->IsEmpty() before CheckShapeAndScalarSame", x=f((2, 0, 4)),
      out=f((5,), "INT64")),
    p("empty out", 0, "out->IsEmpty(): success", out=f((0,), "INT64")),
    p("empty self, bad dim", 161002, "CheckDim before the IsEmpty() return", x=f((2, 0, 4)), dim=3),
    # CheckShapeAndScalarSame
    p("keepdim false", 0, "ArgMaxV2: the dim dropped", keepdim=False, out=f((2, 4), "INT64")),
    p("keepdim false, out with the dim kept", 161002, "CheckShapeAndScalarSame", keepdim=False),
    p("keepdim true, out without the dim", 161002, "CheckShapeAndScalarSame", out=f((2, 4), "INT64")),
    p("out of self's shape", 161002, "CheckShapeAndScalarSame", out=f(S, "INT64")),
]
