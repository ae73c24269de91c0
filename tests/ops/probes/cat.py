"""Probes of aclnnCat (ascendops/ops/cat.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "conversion/concat_d/op_api/aclnn_cat.cpp")
OP = "Cat"
A, B = f((3, 5)), f((2, 5))

PROBES = [
    # EraseDim1EmptyTensor, then the empty return
    Probe("(0,) elements only", [], [[f((0,)), f((0,))], 0], [f((2, 2))], 0,
          "aclnnCatGetWorkspaceSize: tensorList->Size() == 0 returns success"),
    Probe("(0,) element beside 2-d ones", [], [[A, f((0,)), B], 0], [f((5, 5))], 0,
          "EraseDim1EmptyTensor drops it before CheckShape"),
    Probe("(0, 5) element beside 2-d ones", [], [[A, f((0, 5)), B], 0], [f((5, 5))], 0,
          "SplitToConcat: an empty element is skipped"),
    Probe("(0, 4) element, other dims differ", [], [[A, f((0, 4))], 0], [f((3, 5))], 161002,
          "CheckShape: the empty element's dims are checked"),
    Probe("all elements empty, out of another shape", [], [[f((0, 5)), f((0, 5))], 0], [f((7,))], 0,
          "SplitToConcat: tensorListA empty returns before CheckShapeAndScalarSame"),
    # CheckNotNull
    Probe("null list", [], [None, 0], [f((5, 5))], 161001, "CheckNotNull: OP_CHECK_NULL(tensors)"),
    Probe("null out", [], [[A, B], 0], [None], 161001, "CheckNotNull: OP_CHECK_NULL(y)"),
    Probe("null element", [], [[A, None], 0], [f((5, 5))], 161001,
          "CheckNotNull: OP_CHECK_NULL((*tensors)[i]) (EraseDim1EmptyTensor reads each element's shape first: "
          "CANN crashes on a null one; ascendops gives CheckNotNull's status)"),
    # CheckDtypeValid
    Probe("float16 and float32", [], [[A, f((2, 5), "FLOAT16")], 0], [f((5, 5))], 0,
          "CheckPromoteType: FLOAT16 and FLOAT promote to FLOAT"),
    Probe("bf16 on Ascend910B", [], [[f((3, 5), "BF16"), f((2, 5), "BF16")], 0], [f((5, 5), "BF16")], 0,
          "ASCEND910B_DTYPE_SUPPORT_LIST: DT_BF16"),
    Probe("bf16 on Ascend910", [], [[f((3, 5), "BF16"), f((2, 5), "BF16")], 0], [f((5, 5), "BF16")], 161002,
          "CheckDtypeValid: ASCEND910_DTYPE_SUPPORT_LIST has no DT_BF16", soc="Ascend910"),
    Probe("uint16 on Ascend910B", [], [[f((3, 5), "UINT16"), f((2, 5), "UINT16")], 0], [f((5, 5), "UINT16")],
          161002, "CheckDtypeValid: no DT_UINT16 in the 910B list"),
    Probe("uint16 on Ascend950", [], [[f((3, 5), "UINT16"), f((2, 5), "UINT16")], 0], [f((5, 5), "UINT16")], 0,
          "REGBASE_DTYPE_SUPPORT_LIST: DT_UINT16", soc="Ascend950"),
    Probe("uint16 out", [], [[A, B], 0], [f((5, 5), "UINT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(y)"),
    Probe("complex128 element", [], [[f((3, 5), "COMPLEX128"), f((2, 5), "COMPLEX128")], 0],
          [f((5, 5), "COMPLEX128")], 161002, "CheckDtypeValid: no DT_COMPLEX128"),
    # CheckPromoteType
    Probe("float out of int32 elements", [], [[f((3, 5), "INT32"), f((2, 5), "INT32")], 0], [f((5, 5))], 0,
          "CheckPromoteType: CanCast(INT32, FLOAT)"),
    Probe("int32 out of float elements", [], [[A, B], 0], [f((5, 5), "INT32")], 161002,
          "CheckPromoteType: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, INT32)"),
    Probe("int32 out, bad format", [], [[A, f((2, 5), "FLOAT", "ACL_FORMAT_NCHW")], 0], [f((5, 5), "INT32")], 161002,
          "CheckParams: CheckPromoteType before CheckFormat"),
    Probe("bool out of bool elements", [], [[f((3, 5), "BOOL"), f((2, 5), "BOOL")], 0], [f((5, 5), "BOOL")], 0,
          "CanCast(BOOL, BOOL)"),
    # CheckFormat
    Probe("NC1HWC0 elements", [], [[f((3, 5), "FLOAT", "ACL_FORMAT_NC1HWC0"), f((2, 5), "FLOAT", "ACL_FORMAT_NC1HWC0")], 0],
          [f((5, 5), "FLOAT", "ACL_FORMAT_NC1HWC0")], 161002, "CheckFormat: IsPrivateFormat(tensor 0)"),
    Probe("NCHW elements and out", [], [[f((3, 5), "FLOAT", "ACL_FORMAT_NCHW"), f((2, 5), "FLOAT", "ACL_FORMAT_NCHW")], 0],
          [f((5, 5), "FLOAT", "ACL_FORMAT_NCHW")], 0, "CheckFormat: one public format"),
    Probe("formats differ", [], [[A, f((2, 5), "FLOAT", "ACL_FORMAT_NCHW")], 0], [f((5, 5))], 161002,
          "CheckFormat: Format of tensors should be equal"),
    Probe("out's format differs", [], [[A, B], 0], [f((5, 5), "FLOAT", "ACL_FORMAT_NCHW")], 161002,
          "CheckFormat: Format of input and output should be equal"),
    # CheckShape
    Probe("dim -2", [], [[f((3, 2)), f((3, 3))], -2], [f((3, 5))], 161002,
          "CheckShape: realDim 0, dim 1 of tensor 1 is 3, tensor 0's 2"),
    Probe("dim -1", [], [[f((3, 2)), f((3, 3))], -1], [f((3, 5))], 0, "CheckShape: -1 + 2 = 1"),
    Probe("dim 2 of 2-d", [], [[f((3, 2)), f((3, 3))], 2], [f((3, 5))], 161002,
          "CheckShape: realDim >= dimNum"),
    Probe("dim -3 of 2-d", [], [[f((3, 2)), f((3, 3))], -3], [f((3, 5))], 161002, "CheckShape: realDim < 0"),
    Probe("ranks differ", [], [[A, f((5,))], 0], [f((5, 5))], 161002, "CheckShape: dimnum of tensor 1"),
    Probe("9-d element", [], [[f((1,) * 9), f((1,) * 9)], 0], [f((2,) + (1,) * 8)], 161002,
          "CheckShape: OP_CHECK_MAX_DIM(tensor 0, 8)"),
    Probe("8-d elements", [], [[f((1,) * 8), f((1,) * 8)], 0], [f((2,) + (1,) * 7)], 0, "CheckShape: 8 dims"),
    Probe("0-d elements", [], [[f(()), f(())], 0], [f(())], 161002, "CheckShape: dim 0 of a 0-d tensor"),
    # SplitToConcat
    Probe("out of another shape", [], [[A, B], 0], [f((5, 6))], 161002,
          "SplitToConcat: CheckShapeAndScalarSame(concat, out)"),
    Probe("one element, out of another shape", [], [[A], 0], [f((15,))], 561103,
          "ProcessOneTensor: ViewCopy(viewIn, out) of another shape fails, "
          "CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR)"),
    Probe("34 elements", [], [[f((2, 3))] * 34, 0], [f((68, 3))], 0, "SplitToConcat: catMaxInputs rounds"),
]

DEVIATIONS = {
    "one element, out of another shape": (161002, "out's shape is checked against the concatenation's on "
                                                  "every path, as SplitToConcat's CheckShapeAndScalarSame does"),
}
