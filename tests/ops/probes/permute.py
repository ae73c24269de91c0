"""Probes of aclnnPermute (ascendops/ops/permute.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214",
          "conversion/transpose/op_api/aclnn_permute.cpp")
OP = "Permute"
S, ST = (2, 3), (3, 2)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8
ID8 = list(range(8))

PROBES = [
    # CheckNotNull
    Probe("null self", [None], [[1, 0]], [f(ST)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null dims", [f(S)], [None], [f(ST)], 161001, "CheckNotNull: OP_CHECK_NULL(dims)"),
    Probe("null out", [f(S)], [[1, 0]], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null out, self of a bad dtype", [f(S, "COMPLEX32")], [[1, 0]], [None], 161001,
          "CheckParam: CheckNotNull before CheckDtypeValid"),
    # CheckDtypeValid
    Probe("float", [f(S)], [[1, 0]], [f(ST)], 0, "DTYPE_SUPPORT_LIST: DT_FLOAT"),
    Probe("uint64", [f(S, "UINT64")], [[1, 0]], [f(ST, "UINT64")], 0, "DTYPE_SUPPORT_LIST: DT_UINT64"),
    Probe("bool", [f(S, "BOOL")], [[1, 0]], [f(ST, "BOOL")], 0, "DTYPE_SUPPORT_LIST: DT_BOOL"),
    Probe("double", [f(S, "DOUBLE")], [[1, 0]], [f(ST, "DOUBLE")], 0, "DTYPE_SUPPORT_LIST: DT_DOUBLE"),
    Probe("complex64", [f(S, "COMPLEX64")], [[1, 0]], [f(ST, "COMPLEX64")], 0, "DTYPE_SUPPORT_LIST: DT_COMPLEX64"),
    Probe("hifloat8", [f(S, "HIFLOAT8")], [[1, 0]], [f(ST, "HIFLOAT8")], 0, "DTYPE_SUPPORT_LIST: DT_HIFLOAT8"),
    Probe("complex32", [f(S, "COMPLEX32")], [[1, 0]], [f(ST, "COMPLEX32")], 161002,
          "OP_CHECK_DTYPE_NOT_SUPPORT(self): no DT_COMPLEX32"),
    Probe("float8_e8m0 out", [f(S)], [[1, 0]], [f(ST, "FLOAT8_E8M0")], 161002,
          "OP_CHECK_DTYPE_NOT_SUPPORT(out): no DT_FLOAT8_E8M0"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [[1, 0]], [f(ST, "BF16")], 0,
          "CheckSocVersionIsSupportBf16: ASCEND910B", soc="Ascend910B"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [[1, 0]], [f(ST, "BF16")], 161002,
          "CheckDtypeValid: DT_BF16 only on ASCEND910B..ASCEND910E", soc="Ascend910"),
    Probe("bf16 on Ascend310P", [f(S, "BF16")], [[1, 0]], [f(ST, "BF16")], 161002,
          "CheckDtypeValid: DT_BF16 only on ASCEND910B..ASCEND910E", soc="Ascend310P"),
    Probe("float out of a float16 self", [f(S, "FLOAT16")], [[1, 0]], [f(ST)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(self, out)"),
    Probe("other dtypes and a bad shape", [f(S, "INT32")], [[1, 0]], [f((5,))], 161002,
          "CheckParam: CheckDtypeValid before CheckShapeValid"),
    # CheckShapeValid
    Probe("out of another rank", [f(S)], [[1, 0]], [f((6,))], 161002, "CheckShapeValid: dimSelf != dimOut"),
    Probe("dims too short", [f(S)], [[0]], [f(S)], 161002, "CheckShapeValid: dims->Size() != dimSelf"),
    Probe("dims too long", [f(S)], [[0, 1, 2]], [f(S)], 161002, "CheckShapeValid: dims->Size() != dimSelf"),
    Probe("a dim written twice", [f(S)], [[1, 1]], [f(ST)], 161002,
          "CheckShapeValid: dims contains duplicate elements"),
    Probe("rank 8", [f(R8)], [ID8[::-1]], [f(R8[::-1])], 0, "CheckShapeValid: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [list(range(9))], [f(R9)], 161002, "CheckShapeValid: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("0-d", [f(())], [[]], [f(())], 0, "CheckShapeValid: rank 0, no dims"),
    Probe("a duplicate and an out of range dim", [f(S)], [[5, 5]], [f(S)], 161002,
          "CheckShapeValid's duplicate check before CheckDimsRange"),
    # CheckDimsRange
    Probe("negative dims", [f(S)], [[-1, -2]], [f(ST)], 0, "CheckDimsRange: [-2, 1]"),
    Probe("dim = rank", [f(S)], [[2, 0]], [f(ST)], 161002, "CheckDimsRange: curDim > dimMax"),
    Probe("dim = -rank - 1", [f(S)], [[-3, 0]], [f(ST)], 161002, "CheckDimsRange: curDim < dimMin"),
    Probe("1 and -1 in 2-d", [f(S)], [[1, -1]], [f(ST)], 161002,
          "CheckDimsRange: -1 + 2 = 1 repeats (CheckShapeValid compared the values as written)"),
    Probe("0 and -2 in 2-d", [f(S)], [[0, -2]], [f(S)], 161002, "CheckDimsRange: -2 + 2 = 0 repeats"),
    # BuildPermuteGraph, CheckShapeAndScalarSame, the empty return
    Probe("out of the unpermuted shape", [f(S)], [[1, 0]], [f(S)], 161002,
          "CheckShapeAndScalarSame(permuteOut, out)"),
    Probe("empty self", [f((0, 3))], [[1, 0]], [f((3, 0))], 0, "BuildPermuteGraph: an empty output, success"),
    Probe("empty self, empty out of another shape", [f((0, 3))], [[1, 0]], [f((0, 3))], 0,
          "ProcessEmptyTensor: out's own shape, empty; CheckShapeAndScalarSame passes"),
    Probe("empty self, non-empty out", [f((0, 3))], [[1, 0]], [f((3, 2))], 561103,
          "ProcessEmptyTensor returns nullptr: CHECK_RET(permuteOut != nullptr, ACLNN_ERR_INNER_NULLPTR)"),
    Probe("empty complex32 self", [f((0, 3), "COMPLEX32")], [[1, 0]], [f((3, 0), "COMPLEX32")], 161002,
          "CheckDtypeValid before the empty return"),
    Probe("empty self, rank mismatch", [f((0, 3))], [[1, 0]], [f((0,))], 161002,
          "CheckShapeValid before the empty return"),
]

DEVIATIONS = {
    "complex64": (161002, "the Cast kernel (src/cast.c), which the layout kind runs, has no complex path"),
    "hifloat8": (161002, "the Cast kernel (src/cast.c), which the layout kind runs, has no 8-bit float path"),
}
