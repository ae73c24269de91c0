"""Probes of aclnnMean (ascendops/ops/mean.py): CheckParams (CheckNotNull,
CheckDtypeValid, CheckPromoteType, CheckDimValid, CheckShape), then an empty self fills
out with NaN, else the result's shape must be out's (CheckShapeAndScalarSame)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/reduce_mean/op_api/aclnn_mean.cpp")
OP = "Mean"
S, R = (2, 3, 4), (2, 1, 4)
_ = object()


def p(name, status, cite, soc="Ascend910B", dtype="FLOAT", x=_, dims=(1,), keepdim=True, attr=None, out=_):
    t = lambda v, shape: f(shape, dtype) if v is _ else v      # noqa: E731
    return Probe(name, [t(x, S)], [None if dims is None else list(dims), keepdim, "ACL_" + (attr or dtype)],
                 [t(out, R)], status, cite, soc=soc)


H, B = "FLOAT16", "BF16"

PROBES = [
    # CheckNotNull
    p("null self", 161001, "CheckNotNull: OP_CHECK_NULL(self)", x=None),
    p("null dim", 161001, "CheckNotNull: OP_CHECK_NULL(dim)", dims=None),
    p("null out", 161001, "CheckNotNull: OP_CHECK_NULL(out)", out=None),
    p("null out before a bool self", 161001, "CheckParams: CheckNotNull before CheckDtypeValid", x=f(S, "BOOL"),
      out=None),
    # CheckDtypeValid: self, dtype, out, in that order
    p("float32", 0, "CheckDtypeValid: FLOAT in the list"),
    p("float16", 0, "CheckDtypeValid: FLOAT16 in the list", dtype=H),
    p("double", 0, "CheckDtypeValid: DOUBLE in the list", dtype="DOUBLE"),
    p("bf16 on Ascend910B", 0, "GetDtypeSupportList: ASCEND910B..ASCEND910E has DT_BF16", dtype=B),
    p("bf16 on Ascend910_93", 0, "GetDtypeSupportList: ASCEND910_93 is in ASCEND910B..ASCEND910E", dtype=B,
      soc="Ascend910_93"),
    p("bf16 on Ascend950", 0, "GetDtypeSupportList: ASCEND950 is in ASCEND910B..ASCEND910E", dtype=B,
      soc="Ascend950"),
    p("bf16 on Ascend910", 161002, "GetDtypeSupportList: ASCEND910_DTYPE_SUPPORT_LIST has no DT_BF16", dtype=B,
      soc="Ascend910"),
    p("bool self", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self): no DT_BOOL", x=f(S, "BOOL")),
    p("bool dtype", 161002, "CheckDtypeValid: CheckType(dtype): no DT_BOOL", attr="BOOL", out=f(R, "BOOL")),
    p("bool out", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out): no DT_BOOL", out=f(R, "BOOL")),
    p("bool self before a bool dtype", 161002, "CheckDtypeValid: self first", x=f(S, "BOOL"), attr="BOOL"),
    p("uint16 dtype", 161002, "CheckDtypeValid: CheckType(dtype): no DT_UINT16", attr="UINT16"),
    p("int32 self in float", 0, "CheckPromoteType: CanCast(INT32, FLOAT)", x=f(S, "INT32")),
    p("float16 self in float, float16 out", 0, "CheckPromoteType: CanCast(FLOAT16, FLOAT), CanCast(FLOAT, FLOAT16)",
      x=f(S, H), out=f(R, H)),
    p("float self in float, double out", 0, "CheckPromoteType: CanCast(FLOAT, DOUBLE)", out=f(R, "DOUBLE")),
    # CheckPromoteType
    p("float self in int32", 161002, "CheckPromoteType: CanCast(FLOAT, INT32) fails", attr="INT32",
      out=f(R, "INT32")),
    p("float dtype into an int32 out", 161002, "CheckPromoteType: CanCast(FLOAT, INT32) fails", out=f(R, "INT32")),
    p("complex self in float", 161002, "CheckPromoteType: CanCast(COMPLEX64, FLOAT) fails", x=f(S, "COMPLEX64")),
    p("int32 mean in int32", 0, "CheckPromoteType: CanCast(INT32, INT32); ReduceMean on AiCpu", dtype="INT32"),
    p("complex64", 0, "CheckDtypeValid: COMPLEX64 in the list", dtype="COMPLEX64"),
    # CheckDimValid
    p("dim rank - 1", 0, "CheckDimValid: dim < selfDimNum", dims=(2,), out=f((2, 3, 1))),
    p("dim rank", 161002, "CheckDimValid: dim >= selfDimNum", dims=(3,)),
    p("dim -rank", 0, "CheckDimValid: dim >= -selfDimNum", dims=(-3,), out=f((1, 3, 4))),
    p("dim -rank - 1", 161002, "CheckDimValid: dim < -selfDimNum", dims=(-4,)),
    p("dim twice", 161002, "CheckDimValid: provided dim is repeated", dims=(1, 1)),
    p("dim twice, negative and positive", 161002, "CheckDimValid: -2 + 3 == 1 repeated", dims=(1, -2)),
    p("empty dim reduces every axis", 0, "ReduceMeanInferShape: dim->Size() == 0 sets every mask bit", dims=(),
      out=f((1, 1, 1))),
    p("empty dim without keepDim", 0, "ReduceMeanInferShape: every axis dropped", dims=(), keepdim=False,
      out=f(())),
    p("0-d self, dim 0", 0, "CheckDimValid: a 0-d self counts as 1 dim", x=f(()), dims=(0,), out=f(())),
    p("0-d self, dim 1", 161002, "CheckDimValid: dim >= 1 for a 0-d self", x=f(()), dims=(1,), out=f(())),
    # CheckShape
    p("self of rank 8", 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)", x=f((2,) * 8), dims=(0,),
      out=f((1,) + (2,) * 7)),
    p("self of rank 9", 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)", x=f((2,) * 9), dims=(0,),
      out=f((1,) + (2,) * 8)),
    p("out of rank 9", 161002, "CheckShape: OP_CHECK_MAX_DIM(out, 8)", out=f((1,) * 9)),
    p("dim out of range before a rank-9 out", 161002, "CheckDimValid before CheckShape (the same status)",
      dims=(5,), out=f((1,) * 9)),
    # CheckShapeAndScalarSame
    p("keepDim false", 0, "ReduceMean: the reduced dim dropped", keepdim=False, out=f((2, 4))),
    p("keepDim false, out with the dim kept", 161002, "CheckShapeAndScalarSame", keepdim=False),
    p("out of self's shape", 161002, "CheckShapeAndScalarSame", out=f(S)),
    p("one element each", 0, "CheckShapeAndScalarSame: both of one element", x=f((1, 1, 1)), dims=(),
      keepdim=False, out=f((1,))),
    # an empty self: out filled with NaN
    p("empty self", 0, "self->IsEmpty(): FillScalar(out, NAN)", x=f((2, 0, 4)), out=f((2, 1, 4))),
    p("empty self, bad dim", 161002, "CheckDimValid before the IsEmpty() fill", x=f((2, 0, 4)), dims=(3,)),
    p("empty self, complex out", 161002, "FillScalar: OP_CHECK_DTYPE_NOT_SUPPORT(out, EMPTY_INPUT_DTYPE_SUPPORT_LIST)",
      dtype="COMPLEX64", x=f((2, 0, 4), "COMPLEX64"), out=f((2, 1, 4), "COMPLEX64")),
]

DEVIATIONS = {
    "int32 mean in int32": (561103, "an integer dtype runs CANN's AiCpu ReduceMean, whose integer rounding is "
                                    "not specified by the op_api source: not computed here"),
    "complex64": (561103, "the kernel has no complex path (src/reduce.c loads the real dtypes)"),
}
