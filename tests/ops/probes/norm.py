"""Probes of aclnnNorm (ascendops/ops/norm.py): CheckParams (CheckNotNull, CheckDtypeValid
on regbase alone, CheckPromoteType, CheckDimValid, CheckShape), then an empty self fills
out with 0. CheckOrdValue is never called: any p."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "norm/lp_norm_v2/op_api/aclnn_norm.cpp")
OP = "Norm"
S, R = (2, 3, 4), (2, 1, 4)
_ = object()


def p(name, status, cite, soc="Ascend910B", dtype="FLOAT", x=_, pv=2.0, dim=(1,), keepdim=True, out=_):
    t = lambda v, shape: f(shape, dtype) if v is _ else v      # noqa: E731
    return Probe(name, [t(x, S)], [pv, None if dim is None else list(dim), keepdim], [t(out, R)], status, cite,
                 soc=soc)


H, B = "FLOAT16", "BF16"
INF = float("inf")

PROBES = [
    # CheckNotNull
    p("null self", 161001, "CheckNotNull: OP_CHECK_NULL(self)", x=None),
    p("null pScalar", 161001, "CheckNotNull: OP_CHECK_NULL(pScalar)", pv=None),
    p("null dim", 161001, "CheckNotNull: OP_CHECK_NULL(dim)", dim=None),
    p("null out", 161001, "CheckNotNull: OP_CHECK_NULL(out)", out=None),
    p("null out before a bool self on Ascend950", 161001, "CheckParams: CheckNotNull before CheckDtypeValid",
      x=f(S, "BOOL"), out=None, soc="Ascend950"),
    p("null out with an empty self", 161001, "CheckParams before the IsEmpty() fill", x=f((2, 0, 4)), out=None),
    # CheckDtypeValid: regbase (DAV_3510) alone
    p("float16", 0, "CheckPromoteType: FLOAT16 with FLOAT16", dtype=H),
    p("bf16 on Ascend910B", 0, "CheckPromoteType: BF16 with BF16", dtype=B),
    p("bf16 on Ascend910_93", 0, "CheckPromoteType: BF16 with BF16", dtype=B, soc="Ascend910_93"),
    p("bf16 on Ascend950", 0, "CheckDtypeValid: DTYPE_SUPPORT_LIST has DT_BF16 (IsRegbase)", dtype=B,
      soc="Ascend950"),
    p("bf16 on Ascend910", 0, "CheckDtypeValid: no dtype list off regbase (DAV_1001)", dtype=B, soc="Ascend910"),
    p("bf16 on Ascend310P", 0, "CheckDtypeValid: no dtype list off regbase (DAV_2002)", dtype=B, soc="Ascend310P"),
    p("double on Ascend950", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self) on regbase",
      dtype="DOUBLE", soc="Ascend950"),
    p("float32 self, double out on Ascend950", 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out)",
      out=f(R, "DOUBLE"), soc="Ascend950"),
    p("double on Ascend910B", 0, "CheckDtypeValid: no dtype list off regbase; DOUBLE promotes",
      dtype="DOUBLE"),
    p("double on Ascend910", 0, "CheckDtypeValid: no dtype list off regbase (Cast to FLOAT, LpNormReduceV2)",
      dtype="DOUBLE", soc="Ascend910"),
    p("complex64 on Ascend910B", 0, "CheckDtypeValid: no dtype list off regbase; COMPLEX64 promotes",
      dtype="COMPLEX64"),
    p("int32 on Ascend910B", 0, "CheckDtypeValid: no dtype list off regbase; INT32 promotes", dtype="INT32"),
    p("int32 on Ascend950", 161002, "CheckDtypeValid: DTYPE_SUPPORT_LIST on regbase", dtype="INT32",
      soc="Ascend950"),
    # CheckPromoteType
    p("float16 self, float32 out", 0, "CheckPromoteType: FLOAT16, FLOAT promote to FLOAT", x=f(S, H)),
    p("float32 self, float16 out", 0, "CheckPromoteType: FLOAT; no CanCast check off regbase", out=f(R, H)),
    p("float32 self, float16 out on Ascend950", 0,
      "CheckPromoteType: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, FLOAT16) passes (floating to floating)",
      out=f(R, H), soc="Ascend950"),
    p("float32 self, bf16 out on Ascend950", 0, "CheckPromoteType: CanCast(FLOAT, BF16) (floating to floating)",
      out=f(R, B), soc="Ascend950"),
    p("bf16 self, float32 out on Ascend950", 0, "CheckPromoteType: BF16, FLOAT promote to FLOAT", x=f(S, B),
      soc="Ascend950"),
    p("float16 self, double out", 0, "CheckPromoteType: FLOAT16, DOUBLE promote (UT case_diff_type_float)",
      x=f(S, H), out=f(R, "DOUBLE")),
    p("float32 self, bool out", 0, "CheckPromoteType: PromoteType(FLOAT, BOOL) is FLOAT; no CanCast off regbase",
      out=f(R, "BOOL")),
    p("float32 self, bool out on Ascend950", 161002, "CheckDtypeValid: BOOL out not in DTYPE_SUPPORT_LIST",
      out=f(R, "BOOL"), soc="Ascend950"),
    # CheckDimValid
    p("dim rank - 1", 0, "CheckDimValid: dim < selfDimNum", dim=(2,), out=f((2, 3, 1))),
    p("dim rank", 161002, "CheckDimValid: dim >= selfDimNum", dim=(3,)),
    p("dim -rank", 0, "CheckDimValid: dim >= -selfDimNum", dim=(-3,), out=f((1, 3, 4))),
    p("dim -rank - 1", 161002, "CheckDimValid: dim < -selfDimNum", dim=(-4,)),
    p("dim twice", 161002, "CheckDimValid: Dim appears multiple times", dim=(1, 1)),
    p("dim twice, negative and positive", 161002, "CheckDimValid: -2 + 3 == 1 appears twice", dim=(1, -2)),
    p("two dims", 0, "CheckDimValid: distinct dims", dim=(0, 2), out=f((1, 3, 1))),
    p("empty dim reduces every axis", 0, "NormInferShape: dim->Size() == 0 flips every mask bit", dim=(),
      out=f((1, 1, 1))),
    p("empty dim without keepdim", 0, "NormInferShape: every axis dropped", dim=(), keepdim=False, out=f(())),
    p("0-d self, dim 0", 0, "CheckDimValid: a 0-d self counts as 1 dim", x=f(()), dim=(0,), out=f(())),
    p("0-d self, dim -1", 0, "CheckDimValid: dim >= -1 for a 0-d self", x=f(()), dim=(-1,), out=f(())),
    p("0-d self, dim 1", 161002, "CheckDimValid: dim >= 1 for a 0-d self", x=f(()), dim=(1,), out=f(())),
    p("0-d self, dims 0 and -1", 161002, "CheckDimValid: -1 + 1 == 0 appears twice", x=f(()), dim=(0, -1),
      out=f(())),
    p("dim out of range before bad out shape", 161002, "CheckDimValid before CheckShape (the same status)",
      dim=(5,), out=f((9,))),
    # CheckShape
    p("self of rank 8", 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)", x=f((2,) * 8), dim=(0,), out=f((1,) + (2,) * 7)),
    p("self of rank 9", 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)", x=f((2,) * 9), dim=(0,),
      out=f((1,) + (2,) * 8)),
    p("rank 9, dim 8 passes CheckDimValid", 161002, "CheckDimValid passes (8 < 9), then OP_CHECK_MAX_DIM(self, 8)",
      x=f((2,) * 9), dim=(8,), out=f((2,) * 8 + (1,))),
    p("keepdim false", 0, "NormInferShape: the reduced dim dropped", keepdim=False, out=f((2, 4))),
    p("keepdim false, out with the dim kept", 161002, "CheckShape: out != NormInferShape", keepdim=False),
    p("keepdim true, out without the dim", 161002, "CheckShape: out != NormInferShape", out=f((2, 4))),
    p("out of self's shape", 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE", out=f(S)),
    # p: CheckOrdValue is never called
    p("p 0", 0, "CheckOrdValue unused", pv=0.0),
    p("p 1", 0, "CheckOrdValue unused", pv=1.0),
    p("p inf", 0, "CalculateValP: +inf is INT_MAX", pv=INF),
    p("p -inf", 0, "CalculateValP: -inf is INT_MIN", pv=-INF),
    p("p 0.5", 0, "CheckOrdValue (which would refuse 0.5) is never called", pv=0.5),
    p("p -2", 0, "CheckOrdValue is never called: any p", pv=-2.0),
    p("integer p", 0, "pScalar->ToFloat() reads an integer scalar", pv=3),
    # the empty self: out filled with 0, after every check
    p("empty self", 0, "aclnnNormGetWorkspaceSize: self->IsEmpty() fills out with 0", x=f((2, 0, 4)),
      out=f((2, 1, 4))),
    p("empty self, reduced to non-empty out", 0, "self->IsEmpty(): out (2, 1, 4) filled with 0 (any p)",
      x=f((2, 0, 4)), out=f((2, 1, 4)), pv=INF),
    p("empty self, out of another shape", 161002, "CheckShape before the IsEmpty() fill", x=f((2, 0, 4)),
      out=f((2, 0, 4))),
    p("empty self, double on Ascend950", 161002, "CheckDtypeValid before the IsEmpty() fill", dtype="DOUBLE",
      x=f((2, 0, 4), "DOUBLE"), out=f((2, 1, 4), "DOUBLE"), soc="Ascend950"),
    p("empty self, double on Ascend910B", 0, "no dtype list off regbase; the fill", dtype="DOUBLE",
      x=f((2, 0, 4), "DOUBLE"), out=f((2, 1, 4), "DOUBLE")),
]

DEVIATIONS = {
    "double on Ascend910B": (561103, "the engine loads FLOAT, FLOAT16 and BFLOAT16; CANN casts a DOUBLE self to "
                                     "FLOAT (aclnnLinalgVectorA3, whose status it ignores) and back"),
    "double on Ascend910": (561103, "the engine loads FLOAT, FLOAT16 and BFLOAT16; CANN casts a DOUBLE self to "
                                    "FLOAT before LpNormReduceV2 and casts the result back"),
    "complex64 on Ascend910B": (561103, "the engine has no complex path; CANN Casts the COMPLEX64 self to FLOAT "
                                        "(aclnnLinalgVectorA3, status ignored)"),
    "int32 on Ascend910B": (561103, "the engine loads FLOAT, FLOAT16 and BFLOAT16; CANN casts an INT32 self to "
                                    "FLOAT (aclnnLinalgVectorA3, status ignored)"),
    "float16 self, double out": (561103, "the engine writes FLOAT, FLOAT16 and BFLOAT16; CANN Casts the FLOAT "
                                         "result to DOUBLE"),
    "empty self, double on Ascend910B": (561103, "the engine fills the empty self's out through its kernel, "
                                                 "which writes FLOAT, FLOAT16 and BFLOAT16 alone; CANN Fills "
                                                 "and ViewCopies any dtype"),
    "float32 self, bool out": (561103, "the engine writes FLOAT, FLOAT16 and BFLOAT16; CANN Casts the FLOAT result "
                                       "to BOOL"),
}

DOC_SOURCE = [
    "Norm: the doc lists self and out in FLOAT, FLOAT16, BFLOAT16, a format check and p in {1, 2, inf, other}; the "
    "source (aclnn_norm.cpp CheckParams) checks the dtype list on regbase alone (DOUBLE and COMPLEX selfs pass "
    "elsewhere, the UT's cases 24-26), checks no format, never calls CheckOrdValue, and fills out with 0 for an "
    "empty self whatever p",
]
