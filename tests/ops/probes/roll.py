"""Probes of aclnnRoll (ascendops/ops/roll.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "conversion/roll/op_api/aclnn_roll.cpp")
OP = "Roll"
S = (2, 3)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

PROBES = [
    Probe("null x", [None], [[1], [0]], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(x)"),
    Probe("null shifts", [f(S)], [None, [0]], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(shifts)"),
    Probe("null dims", [f(S)], [[1], None], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(dims)"),
    Probe("null out", [f(S)], [[1], [0]], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    # CheckDtypeValid
    Probe("float", [f(S)], [[1], [0]], [f(S)], 0, "list: DT_FLOAT"),
    Probe("uint32", [f(S, "UINT32")], [[1], [0]], [f(S, "UINT32")], 0, "list: DT_UINT32"),
    Probe("double", [f(S, "DOUBLE")], [[1], [0]], [f(S, "DOUBLE")], 161002, "list: no DT_DOUBLE"),
    Probe("int16 on Ascend910B", [f(S, "INT16")], [[1], [0]], [f(S, "INT16")], 0, "ASCEND910B list: DT_INT16",
          soc="Ascend910B"),
    Probe("int16 on Ascend910", [f(S, "INT16")], [[1], [0]], [f(S, "INT16")], 161002, "ASCEND910 list: no DT_INT16",
          soc="Ascend910"),
    Probe("bf16 on Ascend310P", [f(S, "BF16")], [[1], [0]], [f(S, "BF16")], 161002, "ASCEND910 list: no DT_BF16",
          soc="Ascend310P"),
    Probe("complex64 on Ascend950", [f(S, "COMPLEX64")], [[1], [0]], [f(S, "COMPLEX64")], 0,
          "IsRegBase(): ASCEND950 list: DT_COMPLEX64", soc="Ascend950"),
    Probe("complex64 on Ascend910B", [f(S, "COMPLEX64")], [[1], [0]], [f(S, "COMPLEX64")], 161002,
          "ASCEND910B list: no DT_COMPLEX64", soc="Ascend910B"),
    Probe("out of an unlisted dtype", [f(S)], [[1], [0]], [f(S, "DOUBLE")], 161002, "OP_CHECK_DTYPE_NOT_SUPPORT(out)"),
    Probe("out of another listed dtype", [f(S)], [[1], [0]], [f(S, "INT32")], 161002,
          "OP_CHECK_DTYPE_NOT_MATCH(x, out's dtype)"),
    # CheckShape, CheckArraySize, CheckTensorDimSize
    Probe("out of another shape", [f(S)], [[1], [0]], [f((3, 2))], 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL"),
    Probe("bad shape and bad arrays", [f(S)], [[1, 2], [0]], [f((3, 2))], 161002, "CheckShape before CheckArraySize"),
    Probe("2 shifts, 1 dim", [f(S)], [[1, 2], [0]], [f(S)], 161002, "CheckArraySize: sizes differ"),
    Probe("2 shifts, no dims", [f(S)], [[1, 2], []], [f(S)], 161002, "CheckArraySize: no dims, shifts size != 1"),
    Probe("no shifts, no dims", [f(S)], [[], []], [f(S)], 161002, "CheckArraySize: no dims, shifts size != 1"),
    Probe("1 shift, no dims", [f(S)], [[4], []], [f(S)], 0, "CheckArraySize: a flat roll"),
    Probe("a dim twice", [f(S)], [[1, 2], [1, 1]], [f(S)], 0, "the rolls add"),
    Probe("rank 8", [f(R8)], [[1], [7]], [f(R8)], 0, "OP_CHECK_MAX_DIM(x, 8)"),
    Probe("rank 9", [f(R9)], [[1], [0]], [f(R9)], 161002, "OP_CHECK_MAX_DIM(x, 8)"),
    # the empty return, the 0-d case, CheckDimsRange
    Probe("empty x, dim out of range", [f((0, 3))], [[1], [5]], [f((0, 3))], 0,
          "x->IsEmpty() returns before CheckDimsRange"),
    Probe("0-d x", [f(())], [[3], []], [f(())], 0, "HandleDimZeroTensor: ViewCopy"),
    Probe("0-d x with a dim", [f(())], [[3], [0]], [f(())], 161002,
          "HandleDimZeroTensor: dims should be size 0"),
    Probe("dim -rank", [f(S)], [[1], [-2]], [f(S)], 0, "CheckDimsRange: [-2, 1]"),
    Probe("dim rank", [f(S)], [[1], [2]], [f(S)], 161002, "CheckDimsRange: curDim > dimMax"),
    Probe("dim -rank - 1", [f(S)], [[1], [-3]], [f(S)], 161002, "CheckDimsRange: curDim < dimMin"),
]

DEVIATIONS = {
    "complex64 on Ascend950": (161002, "the Cast kernel (src/cast.c), which the layout kind runs, has no complex "
                                       "path"),
}
