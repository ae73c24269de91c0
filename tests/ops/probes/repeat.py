"""Probes of aclnnRepeat (ascendops/ops/repeat.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/tile/op_api/aclnn_repeat.cpp")
OP = "Repeat"
S = (2, 3)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

PROBES = [
    # CheckNotNull
    Probe("null self", [None], [[2, 1]], [f((4, 3))], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null repeats", [f(S)], [None], [f((4, 3))], 161001, "CheckNotNull: OP_CHECK_NULL(repeats)"),
    Probe("null out", [f(S)], [[2, 1]], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    # CheckDtypeValid
    Probe("float", [f(S)], [[2, 1]], [f((4, 3))], 0, "DTYPE_SUPPORT_LIST: DT_FLOAT"),
    Probe("bool", [f(S, "BOOL")], [[2, 1]], [f((4, 3), "BOOL")], 0, "DTYPE_SUPPORT_LIST: DT_BOOL"),
    Probe("uint16 on Ascend910B", [f(S, "UINT16")], [[2, 1]], [f((4, 3), "UINT16")], 0,
          "DTYPE_SUPPORT_910B310P_LIST: DT_UINT16", soc="Ascend910B"),
    Probe("uint16 on Ascend910", [f(S, "UINT16")], [[2, 1]], [f((4, 3), "UINT16")], 161002,
          "DTYPE_SUPPORT_LIST: no DT_UINT16", soc="Ascend910"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [[2, 1]], [f((4, 3), "BF16")], 0,
          "DTYPE_SUPPORT_LIST: DT_BF16 on every SoC", soc="Ascend910"),
    Probe("hifloat8 on Ascend910B", [f(S, "HIFLOAT8")], [[2, 1]], [f((4, 3), "HIFLOAT8")], 161002,
          "DTYPE_SUPPORT_910B310P_LIST: no DT_HIFLOAT8", soc="Ascend910B"),
    Probe("complex128", [f(S, "COMPLEX128")], [[2, 1]], [f((4, 3), "COMPLEX128")], 0,
          "DTYPE_SUPPORT_LIST: DT_COMPLEX128"),
    Probe("complex32", [f(S, "COMPLEX32")], [[2, 1]], [f((4, 3), "COMPLEX32")], 161002,
          "OP_CHECK_DTYPE_NOT_SUPPORT(self): no DT_COMPLEX32"),
    Probe("out of another dtype", [f(S)], [[2, 1]], [f((4, 3), "INT32")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SAME(self, out)"),
    Probe("bad dtype and short repeats", [f(S, "COMPLEX32")], [[2]], [f((4, 3))], 161002,
          "CheckParams: CheckDtypeValid first"),
    # CheckRepeatsSize, CheckRepeatsValue, CheckTensorDimSize
    Probe("repeats shorter than the rank", [f(S)], [[2]], [f((2, 6))], 161002, "CheckRepeatsSize"),
    Probe("repeats longer than the rank", [f(S)], [[2, 1, 1]], [f((2, 2, 3))], 0,
          "ViewToRepeatsSize: self unsqueezed to (1, 2, 3)"),
    Probe("a negative repeat", [f(S)], [[-1, 1]], [f(S)], 161002, "CheckRepeatsValue: repeats[i] < 0"),
    Probe("a negative repeat and 9 repeats", [f(S)], [[-1] + [1] * 8], [f(S)], 161002,
          "CheckRepeatsValue before CheckTensorDimSize"),
    Probe("rank 8", [f(R8)], [[1] * 7 + [2]], [f(R8[:-1] + (6,))], 0, "CheckTensorDimSize: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [[1] * 9], [f(R9)], 161002, "CheckTensorDimSize: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("9 repeats", [f(S)], [[1] * 9], [f((1,) * 7 + S)], 161002, "CheckTensorDimSize: repeatsSize > 8"),
    # the empty returns, then the shapes
    Probe("a zero repeat, out of any shape", [f(S)], [[0, 1]], [f((7, 7))], 0,
          "CheckRepeatsZero(repeats) returns success"),
    Probe("empty self, out of any shape", [f((0, 3))], [[2, 1]], [f((5,))], 0, "self->IsEmpty() returns"),
    Probe("empty out", [f(S)], [[2, 1]], [f((0, 3))], 0, "out->IsEmpty() returns"),
    Probe("0-d self, no repeats", [f(())], [[]], [f(())], 0, "repeats->Size() == 0: ViewCopy(self, out)"),
    Probe("0-d self, no repeats, out (2,)", [f(())], [[]], [f((2,))], 561103,
          "ViewCopy(self, out) of another shape: CHECK_RET(viewCopyOut != nullptr)"),
    Probe("0-d self, repeats (3,)", [f(())], [[3]], [f((3,))], 0, "InitializeTensor: BroadcastTo (1,), Tile"),
    Probe("out of the wrong tiled shape", [f(S)], [[2, 1]], [f((2, 6))], 161002,
          "CheckRepeatOutShape: OP_CHECK_SHAPE_NOT_EQUAL(repeatRes, out)"),
]

DEVIATIONS = {
    "complex128": (161002, "the Cast kernel (src/cast.c), which the layout kind runs, has no complex path"),
}
