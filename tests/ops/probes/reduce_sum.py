"""Probes of aclnnReduceSum (ascendops/ops/reduce_sum.py): CheckParams (CheckNotNull,
CheckDtypeValid, CheckMaxDimension, CheckDimValid), then an empty self fills out with 0,
a 0-d self is cast into out, else the result's shape must be out's
(CheckShapeAndScalarSame)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/reduce_sum/op_api/aclnn_reduce_sum.cpp")
OP = "ReduceSum"
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
    p("null dims", 161001, "CheckNotNull: OP_CHECK_NULL(dims)", dims=None),
    p("null out", 161001, "CheckNotNull: OP_CHECK_NULL(out)", out=None),
    p("null out before a uint16 self", 161001, "CheckParams: CheckNotNull before CheckDtypeValid",
      x=f(S, "UINT16"), out=None),
    # CheckDtypeValid
    p("float32", 0, "CheckDtypeValid: FLOAT in the list"),
    p("float16", 0, "CheckDtypeValid: FLOAT16 in the list", dtype=H),
    p("bf16 on Ascend910B", 0, "CheckDtypeValid: ASCEND910B_DTYPE_SUPPORT_LIST has DT_BF16", dtype=B),
    p("bf16 on Ascend910_93", 0, "CheckDtypeValid: ASCEND910_93 reads the 910B list", dtype=B, soc="Ascend910_93"),
    p("bf16 on Ascend950", 0, "CheckDtypeValid: IsRegBase() reads the 910B list", dtype=B, soc="Ascend950"),
    p("bf16 on Ascend910", 161002, "CheckDtypeValid: ASCEND910_DTYPE_SUPPORT_LIST has no DT_BF16", dtype=B,
      soc="Ascend910"),
    p("bf16 on Ascend310P", 161002, "CheckDtypeValid: ASCEND910_DTYPE_SUPPORT_LIST has no DT_BF16", dtype=B,
      soc="Ascend310P"),
    p("int8", 0, "CheckDtypeValid: INT8 in the list", dtype="INT8"),
    p("int64", 0, "CheckDtypeValid: INT64 in the list", dtype="INT64"),
    p("uint8", 0, "CheckDtypeValid: UINT8 in the list", dtype="UINT8"),
    p("bool", 0, "CheckDtypeValid: BOOL in the list (ReduceAny)", dtype="BOOL"),
    p("double", 0, "CheckDtypeValid: DOUBLE in the list", dtype="DOUBLE"),
    p("complex64", 0, "CheckDtypeValid: COMPLEX64 in the list", dtype="COMPLEX64"),
    p("uint16 self", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)", x=f(S, "UINT16")),
    p("uint32 out", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out)", out=f(R, "UINT32"), attr="UINT32"),
    p("uint32 dtype", 161002, "CheckDtypeValid: CheckType(dtype, the list)", attr="UINT32"),
    p("dtype not out's", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(out, dtype)", attr="FLOAT16"),
    p("float16 self summed in float", 0, "CheckDtypeValid: self's dtype is not compared", x=f(S, H)),
    p("int8 self summed in int64", 0, "CheckDtypeValid: INT8 self, INT64 dtype and out", x=f(S, "INT8"),
      out=f(R, "INT64"), attr="INT64"),
    p("bool self summed in int64", 0, "selfType BOOL, dtype INT64: the FLOAT detour (exact)", x=f(S, "BOOL"),
      out=f(R, "INT64"), attr="INT64"),
    p("float self into bool", 0, "dtype BOOL: ReduceAny", out=f(R, "BOOL"), attr="BOOL"),
    p("float self summed in int32", 0, "Cast(self, INT32), then ReduceSum", out=f(R, "INT32"), attr="INT32"),
    p("uint16 dtype off the list before the out mismatch", 161002, "CheckType(dtype) before NOT_MATCH",
      attr="UINT16"),
    # CheckMaxDimension
    p("self of rank 8", 0, "CheckMaxDimension: OP_CHECK_MAX_DIM(self, 8)", x=f((2,) * 8), dims=(0,),
      out=f((1,) + (2,) * 7)),
    p("self of rank 9", 161002, "CheckMaxDimension: OP_CHECK_MAX_DIM(self, 8)", x=f((2,) * 9), dims=(0,),
      out=f((1,) + (2,) * 8)),
    p("rank 9 before a bad dim", 161002, "CheckMaxDimension before CheckDimValid (the same status)",
      x=f((2,) * 9), dims=(20,)),
    # CheckDimValid
    p("dim rank - 1", 0, "CheckDimValid: dim < selfDimNum", dims=(2,), out=f((2, 3, 1))),
    p("dim rank", 161002, "CheckDimValid: curDim >= selfDimNum", dims=(3,)),
    p("dim -rank", 0, "CheckDimValid: curDim >= -selfDimNum", dims=(-3,), out=f((1, 3, 4))),
    p("dim -rank - 1", 161002, "CheckDimValid: curDim < -selfDimNum", dims=(-4,)),
    p("dim twice", 161002, "CheckDimValid: Dim appears multiple times", dims=(1, 1)),
    p("dim twice, negative and positive", 161002, "CheckDimValid: -2 + 3 == 1 twice", dims=(1, -2)),
    p("two dims", 0, "CheckDimValid: distinct dims", dims=(0, 2), out=f((1, 3, 1))),
    p("empty dims reduce every axis", 0, "dims->Size() == 0: every dim appended", dims=(), out=f((1, 1, 1))),
    p("empty dims without keepDims", 0, "dims->Size() == 0: every dim dropped", dims=(), keepdim=False,
      out=f(())),
    p("empty dims, out of one element and another shape", 0,
      "CheckShapeAndScalarSame: both of one element", dims=(), keepdim=False, out=f((1, 1))),
    p("0-d self, dim 0", 0, "CheckDimValid: a 0-d self counts as 1 dim", x=f(()), dims=(0,), out=f(())),
    p("0-d self, dim -1", 0, "CheckDimValid: curDim >= -1 for a 0-d self", x=f(()), dims=(-1,), out=f(())),
    p("0-d self, dim 1", 161002, "CheckDimValid: curDim >= 1 for a 0-d self", x=f(()), dims=(1,), out=f(())),
    p("0-d self cast into an int32 out", 0, "GetDimNum() == 0: Cast(self, out's dtype) and ViewCopy", x=f(()),
      dims=(), out=f((), "INT32"), attr="INT32"),
    # CheckShapeAndScalarSame
    p("keepDims false", 0, "ReduceSumOp: the reduced dim dropped", keepdim=False, out=f((2, 4))),
    p("keepDims false, out with the dim kept", 161002, "CheckShapeAndScalarSame", keepdim=False),
    p("keepDims true, out without the dim", 161002, "CheckShapeAndScalarSame", out=f((2, 4))),
    p("out of self's shape", 161002, "CheckShapeAndScalarSame", out=f(S)),
    # an empty self: out filled with 0
    p("empty self", 0, "self->IsEmpty(): FillScalar(out, 0)", x=f((2, 0, 4)), out=f((2, 1, 4))),
    p("empty self reduced over the empty dim without keepDims", 0, "self->IsEmpty(): out (2, 4) filled",
      x=f((2, 0, 4)), keepdim=False, out=f((2, 4))),
    p("empty self, complex out", 161002, "FillScalar: OP_CHECK_DTYPE_NOT_SUPPORT(out, EMPTY_INPUT_DTYPE_SUPPORT_LIST)",
      dtype="COMPLEX64", x=f((2, 0, 4), "COMPLEX64"), out=f((2, 1, 4), "COMPLEX64")),
    p("empty self, out of another shape", 0, "self->IsEmpty(): FillScalar over out's own shape, no shape check",
      x=f((2, 0, 4)), out=f((3, 5))),
    p("empty self, bad dim", 161002, "CheckDimValid before the IsEmpty() fill", x=f((2, 0, 4)), dims=(3,)),
]

DEVIATIONS = {
    "complex64": (561103, "the kernel has no complex path (src/reduce.c loads the real dtypes)"),
    "empty self, out of another shape": (161002, "the axis-reduction kind writes one element per row of the "
                                                 "reduced shape; CANN fills any out of an empty self"),
}
