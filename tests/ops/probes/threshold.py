"""Probes of aclnnThreshold and aclnnInplaceThreshold (ascendops/ops/threshold.py).
Attributes: threshold, value."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/threshold/op_host/op_api/aclnn_threshold.cpp")
OP = "Threshold"
S = (2, 3)
R8, R9 = (1,) * 6 + S, (1,) * 7 + S
E = (0, 3)
A = [0.5, -1.0]

PROBES = [
    Probe("null self", [None], A, [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], A, [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null threshold", [f(S)], [None, -1.0], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(threshold)"),
    Probe("null value before bad dtype", [f(S, "BOOL")], [0.5, None], [f(S, "BOOL")], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("int16", [f(S, "INT16")], [1, 7], [f(S, "INT16")], 0, "CheckDtypeValid: INT16 in the list"),
    Probe("int64", [f(S, "INT64")], [1, 7], [f(S, "INT64")], 0, "CheckDtypeValid: INT64 in the list"),
    Probe("uint8", [f(S, "UINT8")], [1, 7], [f(S, "UINT8")], 0, "CheckDtypeValid: UINT8 in the list"),
    Probe("bool self", [f(S, "BOOL")], A, [f(S, "BOOL")], 161002, "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT"),
    Probe("double self", [f(S, "DOUBLE")], A, [f(S, "DOUBLE")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], A, [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B_DTYPE_SUPPORT_LIST in [ASCEND910B, ASCEND910E]"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], A, [f(S, "BF16")], 0,
          "GetDtypeSupportList: ASCEND950 lies in [ASCEND910B, ASCEND910E]", soc="Ascend950"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], A, [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend910"),
    Probe("bf16 on Ascend310P", [f(S, "BF16")], A, [f(S, "BF16")], 161002,
          "GetDtypeSupportList: ASCEND310P lies past ASCEND910E", soc="Ascend310P"),
    Probe("complex threshold and value", [f(S)], [0.5j, 1j], [f(S)], 0,
          "CheckParams: the scalars' dtypes are never checked (ConvertToTensor reads a complex one as 0)"),
    Probe("complex value, integer self", [f(S, "INT32")], [1, 2j], [f(S, "INT32")], 0,
          "CheckParams: the scalars' dtypes are never checked"),
    Probe("float16 out of float", [f(S)], A, [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(self, out) below DAV_3510"),
    Probe("float out of int32", [f(S, "INT32")], [1, 7], [f(S)], 0, "CheckDtypeValid: CanCast(INT32, FLOAT)"),
    Probe("int32 out of float on DAV_2201", [f(S)], A, [f(S, "INT32")], 161002,
          "CheckDtypeValid: CanCast(FLOAT, INT32) is false below DAV_3510"),
    Probe("int32 out of float on DAV_1001", [f(S)], A, [f(S, "INT32")], 161002,
          "CheckDtypeValid: CanCast(FLOAT, INT32) is false below DAV_3510", soc="Ascend910"),
    Probe("int32 out of float on DAV_3510", [f(S)], A, [f(S, "INT32")], 0,
          "CheckDtypeValid: no CanCast(self, out) from DAV_3510 on", soc="Ascend950"),
    Probe("bool out of int8 on DAV_2201", [f(S, "INT8")], [1, 7], [f(S, "BOOL")], 161002,
          "CheckDtypeValid: CanCast(INT8, BOOL) is false below DAV_3510"),
    Probe("bool out of int8 on DAV_3510", [f(S, "INT8")], [1, 7], [f(S, "BOOL")], 0,
          "CheckDtypeValid: no CanCast(self, out) from DAV_3510 on", soc="Ascend950"),
    Probe("rank 8", [f(R8)], A, [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], A, [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("out shape differs", [f(S)], A, [f((3, 2))], 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("out dtype before shape", [f(S)], A, [f((3, 2), "INT8")], 161002,
          "CheckParams: CheckDtypeValid before CheckShape"),
    Probe("empty", [f(E)], A, [f(E)], 0, "ExecThresholdGetWorkspaceSize: self->IsEmpty() after CheckParams"),
    Probe("empty with int32 out of float on DAV_2201", [f(E)], A, [f(E, "INT32")], 161002,
          "ExecThresholdGetWorkspaceSize: CheckDtypeValid before the IsEmpty() return"),
    Probe("empty with int32 out of float on DAV_3510", [f(E)], A, [f(E, "INT32")], 0,
          "ExecThresholdGetWorkspaceSize: no out dtype check on DAV_3510", soc="Ascend950"),
    Probe("empty with out shape differing", [f(E)], A, [f((0, 2))], 161002,
          "ExecThresholdGetWorkspaceSize: CheckShape before the IsEmpty() return"),
    Probe("empty bf16 on Ascend910", [f(E, "BF16")], A, [f(E, "BF16")], 161002,
          "ExecThresholdGetWorkspaceSize: CheckDtypeValid before the IsEmpty() return", soc="Ascend910"),
    Probe("inplace: null selfRef", [None], A, [], 161001, "aclnnInplaceThreshold: CheckNotNull(self)",
          op="InplaceThreshold"),
    Probe("inplace: null value", [f(S)], [0.5, None], [], 161001, "aclnnInplaceThreshold: CheckNotNull(value)",
          op="InplaceThreshold"),
    Probe("inplace: int16", [f(S, "INT16")], [1, 7], [], 0, "aclnnInplaceThreshold: self = out = selfRef",
          op="InplaceThreshold"),
    Probe("inplace: bool", [f(S, "BOOL")], A, [], 161002, "aclnnInplaceThreshold: OP_CHECK_DTYPE_NOT_SUPPORT",
          op="InplaceThreshold"),
    Probe("inplace: bf16 on Ascend310P", [f(S, "BF16")], A, [], 161002,
          "aclnnInplaceThreshold: ASCEND910_DTYPE_SUPPORT_LIST", op="InplaceThreshold", soc="Ascend310P"),
    Probe("inplace: rank 9", [f(R9)], A, [], 161002, "aclnnInplaceThreshold: OP_CHECK_MAX_DIM",
          op="InplaceThreshold"),
    Probe("inplace: complex threshold", [f(S)], [1j, 0.0], [], 0, "aclnnInplaceThreshold: no scalar dtype check",
          op="InplaceThreshold"),
    Probe("inplace: empty uint16", [f(E, "UINT16")], A, [], 161002,
          "aclnnInplaceThreshold: CheckDtypeValid before the IsEmpty() return", op="InplaceThreshold"),
]

DOC_SOURCE = [
    "Threshold: doc says threshold and value must promote with self's dtype and out be castable from the "
    "promoted dtype; source checks no scalar dtype, and only CanCast(self, out) below DAV_3510: none on "
    "Ascend950 (aclnn_threshold.cpp:CheckDtypeValid)",
    "Threshold: doc leaves BFLOAT16 out only for Atlas training products; source's list without BF16 is also "
    "Ascend310P's (SoC version outside [ASCEND910B, ASCEND910E]) (aclnn_threshold.cpp:GetDtypeSupportList)",
]
