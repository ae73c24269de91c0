"""Probes of aclnnLeakyRelu and aclnnInplaceLeakyRelu (ascendops/ops/leaky_relu.py)."""
import numpy as np

from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/leaky_relu/op_api/aclnn_leaky_relu.cpp")
OP = "LeakyRelu"
S = (2, 3)
R8, R9 = (1,) * 6 + S, (1,) * 7 + S
E = (0, 3)

PROBES = [
    Probe("null self", [None], [0.01], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null negativeSlope", [f(S)], [None], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(negativeSlope)"),
    Probe("null out before bad dtype", [f(S, "INT32")], [0.01], [None], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("double", [f(S, "DOUBLE")], [0.01], [f(S, "DOUBLE")], 0, "CheckDtypeValid: DOUBLE in both lists"),
    Probe("double on DAV_1001", [f(S, "DOUBLE")], [0.01], [f(S, "DOUBLE")], 0,
          "GetDtypeSupportList: ASCEND910_DTYPE_DTYPE_SUPPORT_LIST has DOUBLE", soc="Ascend910"),
    Probe("int32", [f(S, "INT32")], [0.01], [f(S, "INT32")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("bf16 on DAV_2201", [f(S, "BF16")], [0.01], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B list on DAV_2201"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [0.01], [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B list where IsRegbase(arch)", soc="Ascend950"),
    Probe("bf16 on DAV_1001", [f(S, "BF16")], [0.01], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910_DTYPE_DTYPE_SUPPORT_LIST", soc="Ascend910"),
    Probe("bf16 on DAV_2002", [f(S, "BF16")], [0.01], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910_DTYPE_DTYPE_SUPPORT_LIST", soc="Ascend310P"),
    Probe("complex negativeSlope", [f(S)], [1j], [f(S)], 0,
          "CheckDtypeValid: negativeSlope's dtype is never checked (ToFloat reads a complex one as 0)"),
    Probe("uint64 negativeSlope", [f(S)], [np.uint64(1)], [f(S)], 0,
          "CheckDtypeValid: negativeSlope's dtype is never checked"),
    Probe("double out is castable", [f(S)], [0.01], [f(S, "DOUBLE")], 0,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(self, out) only"),
    Probe("complex64 out is castable", [f(S, "FLOAT16")], [0.01], [f(S, "COMPLEX64")], 0,
          "CheckDtypeValid: CanCast(FLOAT16, COMPLEX64)"),
    Probe("float16 out of double", [f(S, "DOUBLE")], [0.01], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: CanCast(DOUBLE, FLOAT16)"),
    Probe("bf16 out of float on DAV_1001", [f(S)], [0.01], [f(S, "BF16")], 0,
          "CheckDtypeValid: out is checked by CanCast(FLOAT, BF16) alone, not against the SoC's list",
          soc="Ascend910"),
    Probe("int8 out", [f(S)], [0.01], [f(S, "INT8")], 161002, "CheckDtypeValid: CanCast(FLOAT, INT8) is false"),
    Probe("bool out", [f(S)], [0.01], [f(S, "BOOL")], 161002, "CheckDtypeValid: CanCast(FLOAT, BOOL) is false"),
    Probe("rank 8", [f(R8)], [0.01], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [0.01], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("out shape differs", [f(S)], [0.01], [f((3, 2))], 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(out, self)"),
    Probe("out dtype before shape", [f(S)], [0.01], [f((3, 2), "INT8")], 161002,
          "CheckParams: CheckDtypeValid before CheckShape"),
    Probe("empty", [f(E)], [0.01], [f(E)], 0,
          "aclnnLeakyReluGetWorkspaceSize: self->IsEmpty() returns success after CheckParams"),
    Probe("empty with int8 out", [f(E)], [0.01], [f(E, "INT8")], 161002,
          "aclnnLeakyReluGetWorkspaceSize: CheckDtypeValid before the IsEmpty() return"),
    Probe("empty rank 9", [f((0,) + (1,) * 8)], [0.01], [f((0,) + (1,) * 8)], 161002,
          "aclnnLeakyReluGetWorkspaceSize: CheckShape before the IsEmpty() return"),
    Probe("inplace: null selfRef", [None], [0.01], [], 161001,
          "aclnnInplaceLeakyRelu: aclnnLeakyReluGetWorkspaceSize(selfRef, ..., selfRef): CheckNotNull",
          op="InplaceLeakyRelu"),
    Probe("inplace: null negativeSlope", [f(S)], [None], [], 161001, "aclnnInplaceLeakyRelu: CheckNotNull",
          op="InplaceLeakyRelu"),
    Probe("inplace: double", [f(S, "DOUBLE")], [0.2], [], 0, "aclnnInplaceLeakyRelu: CheckDtypeValid",
          op="InplaceLeakyRelu"),
    Probe("inplace: int8", [f(S, "INT8")], [0.2], [], 161002, "aclnnInplaceLeakyRelu: OP_CHECK_DTYPE_NOT_SUPPORT",
          op="InplaceLeakyRelu"),
    Probe("inplace: bf16 on DAV_1001", [f(S, "BF16")], [0.2], [], 161002,
          "aclnnInplaceLeakyRelu: ASCEND910_DTYPE_DTYPE_SUPPORT_LIST", op="InplaceLeakyRelu", soc="Ascend910"),
    Probe("inplace: complex negativeSlope", [f(S)], [1j], [], 0, "aclnnInplaceLeakyRelu: no scalar dtype check",
          op="InplaceLeakyRelu"),
    Probe("inplace: rank 9", [f(R9)], [0.2], [], 161002, "aclnnInplaceLeakyRelu: OP_CHECK_MAX_DIM",
          op="InplaceLeakyRelu"),
    Probe("inplace: empty int8", [f(E, "INT8")], [0.2], [], 161002,
          "aclnnInplaceLeakyRelu: CheckDtypeValid before the IsEmpty() return", op="InplaceLeakyRelu"),
]

DOC_SOURCE = [
    "LeakyRelu: doc lists self FLOAT, FLOAT16, BFLOAT16 (DOUBLE only for Atlas training); source's lists both "
    "have DOUBLE (aclnn_leaky_relu.cpp:GetDtypeSupportList)",
    "LeakyRelu: doc gives negativeSlope the dtype FLOAT; source never checks its dtype and reads it with ToFloat "
    "(aclnn_leaky_relu.cpp:CheckParams)",
    "LeakyRelu: doc lists out FLOAT, FLOAT16, BFLOAT16; source checks only CanCast(self, out) "
    "(aclnn_leaky_relu.cpp:CheckDtypeValid)",
]
