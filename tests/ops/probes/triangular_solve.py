"""Probes of aclnnTriangularSolve (ascendops/ops/triangular_solve.py): CheckParams
(CheckNotNull with ACLNN_ERR_INNER_NULLPTR, CheckDtypeValid, CheckShape), the empty
return, then CalcuUnitriangular's FLOAT rule."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214",
          "math/triangular_solve/op_host/op_api/aclnn_triangular_solve.cpp")
OP = "TriangularSolve"
_ = object()


def p(name, status, cite, dtype="FLOAT", b=_, a=_, upper=True, transpose=False, unit=False, x=_, m=_,
      soc="Ascend910B"):
    t = lambda v, shape: f(shape, dtype) if v is _ else v      # noqa: E731
    return Probe(name, [t(b, (2, 3, 4)), t(a, (2, 3, 3))], [upper, transpose, unit], [t(x, (2, 3, 4)), t(m, (2, 3, 3))],
                 status, cite, soc=soc)


PROBES = [
    # CheckNotNull: CHECK_RET(..., ACLNN_ERR_INNER_NULLPTR)
    p("null self", 561103, "CheckParams: CheckNotNull -> ACLNN_ERR_INNER_NULLPTR", b=None),
    p("null A", 561103, "CheckNotNull: OP_CHECK_NULL(A)", a=None),
    p("null xOut", 561103, "CheckNotNull: OP_CHECK_NULL(xOut)", x=None),
    p("null mOut", 0, "CheckNotNull: mOut is not checked; CheckDtypeValid/CheckShape skip a null mOut", m=None),
    # CheckDtypeValid
    p("double", 0, "CheckDtypeValid: DT_DOUBLE in DTYPE_SUPPORT_LIST", dtype="DOUBLE"),
    p("complex64", 0, "CheckDtypeValid: DT_COMPLEX64 in DTYPE_SUPPORT_LIST", dtype="COMPLEX64"),
    p("float16", 161002, "CheckDtypeValid: no DT_FLOAT16 (UT case_dtype_valid)", dtype="FLOAT16"),
    p("bf16", 161002, "CheckDtypeValid: no DT_BF16", dtype="BF16"),
    p("int32", 161002, "CheckDtypeValid: no DT_INT32", dtype="INT32"),
    p("double self, float A", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(self, A)", b=f((2, 3, 4), "DOUBLE")),
    p("double xOut", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(self, xOut)", x=f((2, 3, 4), "DOUBLE")),
    p("double mOut", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(self, mOut)", m=f((2, 3, 3), "DOUBLE")),
    p("int32 mOut", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(mOut)", m=f((2, 3, 3), "INT32")),
    p("bad dtype before a bad shape", 161002, "CheckParams: CheckDtypeValid before CheckShape", dtype="INT32",
      a=f((2, 3, 2), "INT32")),
    # CheckShape
    p("1-d self", 161002, "CheckShape: OP_CHECK_MIN_DIM(self, 2)", b=f((3,)), x=f((3,))),
    p("2-d", 0, "CheckShape: 2 dims", b=f((3, 4)), a=f((3, 3)), x=f((3, 4)), m=f((3, 3))),
    p("9-d A", 161002, "CheckShape: OP_CHECK_MAX_DIM(A, 8)", a=f((1,) * 7 + (3, 3))),
    p("A not square", 161002, "CheckShape: aHDim == aWDim", a=f((2, 3, 2))),
    p("self rows not A's", 161002, "CheckShape: bHDim == aHDim", b=f((2, 2, 4)), x=f((2, 2, 4))),
    p("batches broadcast", 0, "CheckShape: BroadcastInferShape((3, 3), (2, 1, 3, 3))", b=f((2, 1, 3, 4)),
      a=f((3, 3)), x=f((2, 1, 3, 4)), m=f((2, 1, 3, 3))),
    p("batches broadcast both ways", 0, "CheckShape: (2, 1) and (1, 5) broadcast to (2, 5)", b=f((1, 5, 3, 4)),
      a=f((2, 1, 3, 3)), x=f((2, 5, 3, 4)), m=f((2, 5, 3, 3))),
    p("batches do not broadcast", 161002, "CheckShape: BroadcastInferShape fails", b=f((3, 3, 4)), x=f((3, 3, 4))),
    p("xOut not the broadcast shape", 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(xOut)",
      b=f((2, 1, 3, 4)), a=f((3, 3)), x=f((2, 1, 3, 4)), m=f((3, 3))),
    p("mOut not the broadcast shape", 161002, "CheckShape: mOut of the broadcast A", m=f((1, 3, 3))),
    p("1-d mOut", 161002, "CheckShape: OP_CHECK_MIN_DIM(mOut, 2)", m=f((3,))),
    # empty, then CalcuUnitriangular
    p("empty batch", 0, "A->IsEmpty(): success after CheckParams", b=f((0, 3, 4)), a=f((0, 3, 3)),
      x=f((0, 3, 4)), m=f((0, 3, 3))),
    p("empty self columns", 0, "self->IsEmpty(): success", b=f((2, 3, 0)), x=f((2, 3, 0))),
    p("unitriangular float", 0, "CalcuUnitriangular: DT_FLOAT", unit=True),
    p("unitriangular double", 161002, "CalcuUnitriangular: only float (UT case_unitriangular_faile)",
      dtype="DOUBLE", unit=True),
    p("unitriangular double, empty", 0, "the IsEmpty() return comes before CalcuUnitriangular", dtype="DOUBLE",
      unit=True, b=f((0, 3, 4), "DOUBLE"), a=f((0, 3, 3), "DOUBLE"), x=f((0, 3, 4), "DOUBLE"),
      m=f((0, 3, 3), "DOUBLE")),
]

DEVIATIONS = {
    "complex64": (561103, "the C kernel computes FLOAT and DOUBLE only (src/linalg.c); CANN's AICPU kernel "
                          "solves complex systems"),
}
