"""Probes of aclnnReflectionPad1d (ascendops/ops/reflection_pad1d.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214",
          "conversion/mirror_pad/op_api/aclnn_reflection_pad1d.cpp")
OP = "ReflectionPad1d"
S, O = (2, 3, 5), (2, 3, 8)

PROBES = [
    Probe("null self", [None], [[1, 2]], [f(O)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null padding", [f(S)], [None], [f(O)], 161001, "CheckNotNull: OP_CHECK_NULL(padding)"),
    Probe("null out", [f(S)], [[1, 2]], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    # CheckDtypeValid
    Probe("float", [f(S)], [[1, 2]], [f(O)], 0, "ASCEND910B list: DT_FLOAT"),
    Probe("bool", [f(S, "BOOL")], [[1, 2]], [f(O, "BOOL")], 0, "list: DT_BOOL"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [[1, 2]], [f(O, "BF16")], 0, "ASCEND910B list: DT_BF16",
          soc="Ascend910B"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [[1, 2]], [f(O, "BF16")], 161002, "ASCEND910 list: no DT_BF16",
          soc="Ascend910"),
    Probe("uint16 on Ascend910B", [f(S, "UINT16")], [[1, 2]], [f(O, "UINT16")], 161002,
          "ASCEND910B list: no DT_UINT16", soc="Ascend910B"),
    Probe("uint16 on Ascend950", [f(S, "UINT16")], [[1, 2]], [f(O, "UINT16")], 0,
          "IsRegBase(): ASCEND950 list: DT_UINT16", soc="Ascend950"),
    Probe("complex64 on Ascend910B", [f(S, "COMPLEX64")], [[1, 2]], [f(O, "COMPLEX64")], 0,
          "ASCEND910B list: DT_COMPLEX64", soc="Ascend910B"),
    Probe("out of an unlisted dtype", [f(S)], [[1, 2]], [f(O, "COMPLEX32")], 161002,
          "OP_CHECK_DTYPE_NOT_SUPPORT(out)"),
    Probe("out of another listed dtype", [f(S)], [[1, 2]], [f(O, "INT32")], 161002,
          "OP_CHECK_DTYPE_NOT_MATCH(out, self's dtype)"),
    # CheckFormat
    Probe("formats differ", [f(S, "FLOAT", "ACL_FORMAT_NCL")], [[1, 2]], [f(O)], 161002,
          "CheckFormat: self's view format != out's"),
    Probe("formats differ, bad padding", [f(S, "FLOAT", "ACL_FORMAT_NCL")], [[1]], [f(O)], 161002,
          "CheckFormat before CheckShape"),
    # CheckShape
    Probe("2-d", [f((3, 5))], [[1, 2]], [f((3, 8))], 0, "OP_CHECK_MIN_DIM(self, 2)"),
    Probe("1-d", [f((5,))], [[1, 2]], [f((8,))], 161002, "OP_CHECK_MIN_DIM(self, 2)"),
    Probe("4-d", [f((1,) + S)], [[1, 2]], [f((1,) + O)], 161002, "OP_CHECK_MAX_DIM(self, 3)"),
    Probe("out of another rank", [f(S)], [[1, 2]], [f((6, 8))], 161002, "CheckShape: self, out dim should be same"),
    Probe("3 paddings", [f(S)], [[1, 2, 0]], [f(O)], 161002, "CheckShape: padding->Size() == 2"),
    Probe("padding = size", [f(S)], [[5, 0]], [f((2, 3, 10))], 161002, "CheckShape: padding[0] < last dim"),
    Probe("padding = size - 1", [f(S)], [[4, 4]], [f((2, 3, 13))], 0, "CheckShape: padding below the last dim"),
    Probe("wrong out size", [f(S)], [[1, 2]], [f((2, 3, 7))], 161002, "CheckShape: wrong out shape"),
    # the empty return
    Probe("empty batch", [f((0, 3, 5))], [[1, 2]], [f((0, 3, 8))], 0, "IsEmpty(): 3-d, dims 1 and 2 non-zero"),
    Probe("empty 2-d", [f((0, 5))], [[1, 2]], [f((0, 8))], 161002, "IsEmpty(): a 2-d self is refused"),
    Probe("empty in dim 1", [f((2, 0, 5))], [[1, 2]], [f((2, 0, 8))], 161002, "IsEmpty(): GetDim(1) == 0"),
    Probe("empty out of a non-empty self", [f((2, 3, 2))], [[-1, -1]], [f((2, 3, 0))], 0,
          "out->IsEmpty(): 3-d self with non-zero dims: success"),
    # ProcessMirrorPad, CheckShapeAndScalarSame
    Probe("negative padding", [f(S)], [[-1, 2]], [f((2, 3, 6))], 0,
          "CheckShape passes -1 < 5; MirrorPad's infershape (mirror_pad_infershape.cpp) refuses only a "
          "negative output dim"),
    Probe("out of another batch", [f(S)], [[1, 2]], [f((3, 3, 8))], 161002,
          "CheckShapeAndScalarSame(padResult, out)"),
]

DEVIATIONS = {
    "complex64 on Ascend910B": (161002, "the Cast kernel (src/cast.c), which the layout kind runs, has no complex path"),
    "negative padding": (561103, "what CANN's MirrorPad kernel writes for a negative padding is not known here: "
                                 "refused as no output (ACLNN_ERR_INNER_NULLPTR)"),
}
