"""Probes of aclnnClamp, aclnnClampMin, aclnnClampMax, aclnnInplaceClampMax (ascendops/ops/clamp.py)."""
import numpy as np

from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214",
          "conversion/clip_by_value_v2/op_api/aclnn_clamp.cpp")
OP = "Clamp"
S = (2, 3)
E = (0, 3)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

PROBES = [
    # CheckNotNull
    Probe("null self", [None], [-1.0, 1.0], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [-1.0, 1.0], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("both bounds null", [f(S)], [None, None], [f(S)], 161001,
          "CheckNotNull: clipValueMin == nullptr && clipValueMax == nullptr"),
    Probe("null min", [f(S)], [None, 1.0], [f(S)], 0, "CheckNotNull: one bound suffices (NormalizeMinScalar)"),
    Probe("null max", [f(S)], [-1.0, None], [f(S)], 0, "CheckNotNull: one bound suffices (NormalizeMaxScalar)"),
    Probe("both bounds null, bad dtype", [f(S, "BOOL")], [None, None], [f(S, "BOOL")], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    # CheckDtypeValid: by NpuArch
    Probe("float16", [f(S, "FLOAT16")], [-1.0, 1.0], [f(S, "FLOAT16")], 0, "Ascend910B_dtype_support_list"),
    Probe("uint8", [f(S, "UINT8")], [1, 7], [f(S, "UINT8")], 0, "Ascend910B_dtype_support_list: DT_UINT8"),
    Probe("double", [f(S, "DOUBLE")], [-1.0, 1.0], [f(S, "DOUBLE")], 0, "Ascend910B_dtype_support_list: DT_DOUBLE"),
    Probe("bool self", [f(S, "BOOL")], [0, 1], [f(S, "BOOL")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self): no DT_BOOL"),
    Probe("uint16 out", [f(S, "INT32")], [0, 1], [f(S, "UINT16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out): no DT_UINT16"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [-1.0, 1.0], [f(S, "BF16")], 0,
          "GetDtypeSupportList: DAV_2201: Ascend910B_dtype_support_list"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [-1.0, 1.0], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: DAV_1001: Ascend910_dtype_support_list has no DT_BF16", soc="Ascend910"),
    Probe("bf16 on Ascend310P", [f(S, "BF16")], [-1.0, 1.0], [f(S, "BF16")], 161002,
          "GetDtypeSupportList: DAV_2002: Ascend910_dtype_support_list", soc="Ascend310P"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [-1.0, 1.0], [f(S, "BF16")], 0,
          "GetDtypeSupportList: IsRegBase: Ascend910B_dtype_support_list", soc="Ascend950"),
    Probe("bad dtype and out of another shape", [f(S, "BOOL")], [0, 1], [f((3, 2), "BOOL")], 161002,
          "CheckParams: CheckDtypeValid before CheckShape"),
    # CheckShape
    Probe("out of another shape", [f(S)], [-1.0, 1.0], [f((3, 2))], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("rank 8", [f(R8)], [-1.0, 1.0], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [-1.0, 1.0], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("0-d", [f(())], [-1.0, 1.0], [f(())], 0, "CheckShape: rank 0 is within 8"),
    # the empty return, then CanCast (non-regbase)
    Probe("empty", [f(E)], [-1.0, 1.0], [f(E)], 0, "aclnnClampCommon: self->IsEmpty() returns"),
    Probe("empty of rank 9", [f((0,) + R8)], [-1.0, 1.0], [f((0,) + R8)], 161002,
          "CheckParams: CheckShape before the IsEmpty() return"),
    Probe("float self, int64 out", [f(S)], [-1.5, 2.5], [f(S, "INT64")], 161002,
          "aclnnClampCommon: CheckSelfCanCastOut: CanCast(DT_FLOAT, DT_INT64) false"),
    Probe("empty float self, int64 out", [f(E)], [-1.5, 2.5], [f(E, "INT64")], 0,
          "aclnnClampCommon: the IsEmpty() return before CheckSelfCanCastOut"),
    Probe("int32 self, float out", [f(S, "INT32")], [-1, 2], [f(S)], 0, "CheckSelfCanCastOut: CanCast(INT32, FLOAT)"),
    Probe("float16 self, float out", [f(S, "FLOAT16")], [-1.0, 2.0], [f(S)], 0,
          "CheckSelfCanCastOut: CanCast(FLOAT16, FLOAT)"),
    Probe("min > max", [f(S)], [1.0, -1.0], [f(S)], 0, "CheckParams: the bounds' values are not checked"),
    Probe("nan bound", [f(S)], [float("nan"), 1.0], [f(S)], 0, "CheckParams: the bounds' values are not checked"),
    # aclnnClampMin: OP_CHECK_NULL(clipValueMin) before aclnnClampCommon
    Probe("ClampMin: null min", [f(S)], [None], [f(S)], 161001,
          "aclnnClampMinGetWorkspaceSize: OP_CHECK_NULL(clipValueMin)", op="ClampMin"),
    Probe("ClampMin: null min and null self", [None], [None], [f(S)], 161001,
          "aclnnClampMinGetWorkspaceSize: OP_CHECK_NULL(clipValueMin) first", op="ClampMin"),
    Probe("ClampMin: int8", [f(S, "INT8")], [3], [f(S, "INT8")], 0, "aclnnClampCommon", op="ClampMin"),
    Probe("ClampMin: bool", [f(S, "BOOL")], [1], [f(S, "BOOL")], 161002, "CheckDtypeValid", op="ClampMin"),
    # aclnnClampMax and aclnnInplaceClampMax
    Probe("ClampMax: null max", [f(S)], [None], [f(S)], 161001,
          "aclnnClampMaxGetWorkspaceSize: OP_CHECK_NULL(clipValueMax)", op="ClampMax"),
    Probe("ClampMax: float", [f(S)], [np.float32(2)], [f(S)], 0, "aclnnClampCommon", op="ClampMax"),
    Probe("InplaceClampMax: null selfRef", [None], [1.0], [], 161001,
          "aclnnClampCommon: CheckNotNull(self)", op="InplaceClampMax"),
    Probe("InplaceClampMax: null max", [f(S)], [None], [], 161001,
          "aclnnInplaceClampMaxGetWorkspaceSize: OP_CHECK_NULL(clipValueMax)", op="InplaceClampMax"),
    Probe("InplaceClampMax: float16", [f(S, "FLOAT16")], [1.0], [], 0, "aclnnClampCommon(selfRef, ..., selfRef)",
          op="InplaceClampMax"),
    Probe("InplaceClampMax: bool", [f(S, "BOOL")], [1], [], 161002, "CheckDtypeValid", op="InplaceClampMax"),
    Probe("InplaceClampMax: rank 9", [f(R9)], [1.0], [], 161002, "CheckShape", op="InplaceClampMax"),
    Probe("InplaceClampMax: empty", [f(E)], [1.0], [], 0, "the IsEmpty() return", op="InplaceClampMax"),
]
