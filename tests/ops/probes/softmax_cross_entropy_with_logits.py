"""Probes of aclnnSoftmaxCrossEntropyWithLogits (ascendops/ops/softmax_cross_entropy_with_logits.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/softmax_cross_entropy_with_logits/op_api/aclnn_softmax_cross_entropy_with_logits.cpp")
OP = "SoftmaxCrossEntropyWithLogits"
S = (2, 3)
N = (2,)


def ok(dt="FLOAT", shape=S):
    """features, labels; loss, backprop of one dtype and the shapes the l0op writes."""
    return [f(shape, dt), f(shape, dt)], [], [f(shape[:1], dt), f(shape, dt)]


PROBES = [
    # CheckNotNull, in order
    Probe("null features", [None, f(S)], [], [f(N), f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(features)"),
    Probe("null labels", [f(S), None], [], [f(N), f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(labels)"),
    Probe("null loss", [f(S), f(S)], [], [None, f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(loss)"),
    Probe("null backprop", [f(S), f(S)], [], [f(N), None], 161001, "CheckNotNull: OP_CHECK_NULL(backprop)"),
    Probe("null backprop with a double features", [f(S, "DOUBLE"), f(S)], [], [f(N), None], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("valid", *ok(), 0, "CheckParams passes"),
    # CheckDtypeValid: GetDtypeSupportList per SoC
    Probe("bf16 on Ascend910B", *ok("BF16"), 0, "GetDtypeSupportList: ASCEND910B: Ascend910B_dtype_support_list"),
    Probe("bf16 on Ascend910_93", *ok("BF16"), 0, "GetDtypeSupportList: ASCEND910_93", soc="Ascend910_93"),
    Probe("bf16 on Ascend950", *ok("BF16"), 0, "GetDtypeSupportList: IsRegbase() (DAV_3510)", soc="Ascend950"),
    Probe("bf16 on Ascend910", *ok("BF16"), 161002, "GetDtypeSupportList: Ascend910_dtype_support_list has no BF16",
          soc="Ascend910"),
    Probe("bf16 on Ascend310P", *ok("BF16"), 161002, "GetDtypeSupportList: Ascend910_dtype_support_list",
          soc="Ascend310P"),
    Probe("float16 on Ascend310P", *ok("FLOAT16"), 0, "Ascend910_dtype_support_list: DT_FLOAT16", soc="Ascend310P"),
    Probe("double features", [f(S, "DOUBLE"), f(S)], [], [f(N), f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(features)"),
    Probe("double labels", [f(S), f(S, "DOUBLE")], [], [f(N), f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(labels)"),
    Probe("int32 loss", [f(S), f(S)], [], [f(N, "INT32"), f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(loss)"),
    Probe("float16 labels of float features", [f(S), f(S, "FLOAT16")], [], [f(N), f(S)], 0,
          "CheckDtypeValid: labels is only checked against the list"),
    Probe("float16 loss of float features", [f(S), f(S)], [], [f(N, "FLOAT16"), f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(loss, features' dtype)"),
    Probe("float16 backprop of float features", [f(S), f(S)], [], [f(N), f(S, "FLOAT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(backprop, features' dtype)"),
    Probe("double labels with 3-d features", [f((2, 3, 1)), f(S, "DOUBLE")], [], [f(N), f(S)], 161002,
          "CheckDtypeValid runs before CheckShape (both 161002)"),
    # CheckShape
    Probe("loss of rank 9", [f(S), f(S)], [], [f((1,) * 9), f(S)], 161002,
          "CheckShape: OP_CHECK_MAX_DIM(loss, MAX_SUPPORT_DIMS_NUMS = 8)"),
    Probe("1-d features and labels", [f((16,)), f((16,))], [], [f((16,)), f((16, 4))], 161002,
          "CheckShape: features dimNum != 2"),
    Probe("3-d labels", [f(S), f((2, 3, 1))], [], [f(N), f(S)], 161002, "CheckShape: labels dimNum_2 != 2"),
    # the empty returns, after CheckParams
    Probe("empty features", [f((0, 3)), f((0, 3))], [], [f((0,)), f((0, 3))], 0,
          "ExecSoftmaxCrossEntropyWithLogitsGetWorkspaceSize: features->IsEmpty() returns success"),
    Probe("empty labels", [f(S), f((2, 0))], [], [f(N), f(S)], 0,
          "ExecSoftmaxCrossEntropyWithLogitsGetWorkspaceSize: labels->IsEmpty() returns success"),
    Probe("empty double features", [f((0, 3), "DOUBLE"), f((0, 3), "DOUBLE")], [], [f((0,), "DOUBLE"),
                                                                                   f((0, 3), "DOUBLE")], 161002,
          "CheckParams: CheckDtypeValid runs before the IsEmpty() return"),
    Probe("empty features, 3-d labels", [f((0, 3)), f((0, 3, 1))], [], [f((0,)), f((0, 3))], 161002,
          "CheckParams: CheckShape runs before the IsEmpty() return"),
    Probe("empty features, loss of another shape", [f((0, 3)), f((0, 3))], [], [f((5,)), f((4, 4))], 0,
          "the IsEmpty() return comes before the ViewCopy of loss and backprop"),
    # after the checks: the labels shape is not checked; ViewCopy into the outputs
    Probe("labels broadcast along dim 0", [f(S), f((1, 3))], [], [f(N), f(S)], 0,
          "CheckShape checks labels' rank only (the kernel broadcasts labels)"),
    Probe("loss of another length", [f(S), f(S)], [], [f((3,)), f(S)], 561103,
          "l0op::ViewCopy(loss of (N,), loss) returns nullptr: CHECK_RET ACLNN_ERR_INNER_NULLPTR"),
    Probe("2-d loss", [f(S), f(S)], [], [f((2, 1)), f(S)], 561103,
          "l0op::ViewCopy(loss of (N,), loss (N, 1)) returns nullptr: ACLNN_ERR_INNER_NULLPTR"),
    Probe("backprop of another shape", [f(S), f(S)], [], [f(N), f((2, 4))], 561103,
          "l0op::ViewCopy(backprop of features' shape, backprop) returns nullptr: ACLNN_ERR_INNER_NULLPTR"),
]

DEVIATIONS = {
    "float16 labels of float features": (161002, "RowReduceOp reads its inputs in one dtype: labels of features' "
                                                 "dtype"),
    "labels broadcast along dim 0": (161002, "RowReduceOp reads every full-shape operand in the rows' shape: labels "
                                             "of features' shape"),
}

DOC_SOURCE = [
    "SoftmaxCrossEntropyWithLogits: docs/aclnnSoftmaxCrossEntropyWithLogits.md says labels has features' shape and "
    "dtype; the source checks labels' dtype against the support list only and its shape for 2 dims only "
    "(aclnn_softmax_cross_entropy_with_logits.cpp: CheckDtypeValid, CheckShape)",
    "SoftmaxCrossEntropyWithLogits: the doc gives loss 1 dim and backprop 2 dims; the source checks both for at most "
    "8 dims only (CheckShape); other shapes fail in l0op::ViewCopy (561103, not 161002)",
    "SoftmaxCrossEntropyWithLogits: the doc's 161002 row names only dtypes out of the list; the source also refuses "
    "loss or backprop of another dtype than features' (CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH), more than 8 dims "
    "and features or labels not 2-D (CheckShape)",
]
