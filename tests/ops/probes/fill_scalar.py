"""Probes of aclnnInplaceFillScalar (ascendops/ops/fill_scalar.py)."""
import numpy as np

from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "conversion/fill/op_api/aclnn_fill_scalar.cpp")
OP = "InplaceFillScalar"
S = (2, 3)
E = (0, 3)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

PROBES = [
    # CheckNotNull
    Probe("null selfRef", [None], [1.5], [], 161001, "CheckNotNull: OP_CHECK_NULL(selfRef)"),
    Probe("null value", [f(S)], [None], [], 161001, "CheckNotNull: OP_CHECK_NULL(value)"),
    Probe("null value, selfRef of a bad dtype", [f(S, "COMPLEX32")], [None], [], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    # CheckDtypeValid: by SocVersion
    Probe("float", [f(S)], [1.5], [], 0, "CheckParams passes"),
    Probe("int8, int value", [f(S, "INT8")], [3], [], 0, "DTYPE_SUPPORT_GE910B_LIST: DT_INT8"),
    Probe("bool, bool value", [f(S, "BOOL")], [True], [], 0, "DTYPE_SUPPORT_GE910B_LIST: DT_BOOL"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [1.5], [], 0, "CheckSocVersionGe910B: DTYPE_SUPPORT_GE910B_LIST"),
    Probe("bf16 on Ascend910", [f(S, "BF16")], [1.5], [], 161002,
          "CheckDtypeValid: DTYPE_SUPPORT_910_LIST has no DT_BF16", soc="Ascend910"),
    Probe("bf16 on Ascend310P", [f(S, "BF16")], [1.5], [], 161002,
          "CheckDtypeValid: ASCEND310P is outside [ASCEND910B, ASCEND910E]", soc="Ascend310P"),
    Probe("uint16 on Ascend910B", [f(S, "UINT16")], [7], [], 161002,
          "DTYPE_SUPPORT_GE910B_LIST has DT_UINT16; CheckPromoteType: PromoteType(DT_UINT16, DT_INT64) undefined"),
    Probe("uint16 on Ascend910", [f(S, "UINT16")], [7], [], 161002,
          "CheckDtypeValid: DTYPE_SUPPORT_910_LIST has no DT_UINT16", soc="Ascend910"),
    Probe("uint16 with a uint16 value", [f(S, "UINT16")], [np.uint16(7)], [], 0,
          "CheckPromoteType: PromoteType(DT_UINT16, DT_UINT16) is DT_UINT16"),
    Probe("uint64 on Ascend910_93", [f(S, "UINT64")], [7], [], 161002,
          "CheckSocVersionGe910B: ASCEND910_93 in range; CheckPromoteType: PromoteType(DT_UINT64, DT_INT64) "
          "undefined", soc="Ascend910_93"),
    Probe("complex64", [f(S, "COMPLEX64")], [1.5], [], 0, "DTYPE_SUPPORT_GE910B_LIST: DT_COMPLEX64"),
    Probe("float8_e4m3fn", [f(S, "FLOAT8_E4M3FN")], [1.5], [], 161002,
          "CheckDtypeValid: no list has DT_FLOAT8_E4M3FN"),
    Probe("bad dtype and rank 9", [f(R9, "FLOAT8_E4M3FN")], [1.5], [], 161002,
          "CheckParams: CheckDtypeValid before CheckShape"),
    # CheckPromoteType
    Probe("int32 with a float value", [f(S, "INT32")], [8.88888], [], 0,
          "CheckPromoteType: PromoteType(DT_INT32, DT_FLOAT) is DT_FLOAT"),
    Probe("float16 with a complex value", [f(S, "FLOAT16")], [1 + 2j], [], 0,
          "CheckPromoteType: PromoteType(DT_FLOAT16, DT_COMPLEX64) is defined; ConvertToTensor keeps the real part"),
    Probe("double with a float32 value", [f(S, "DOUBLE")], [np.float32(0.1)], [], 0,
          "CheckPromoteType: PromoteType(DT_DOUBLE, DT_FLOAT)"),
    # CheckShape
    Probe("rank 8", [f(R8)], [1.5], [], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [1.5], [], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("0-d", [f(())], [1.5], [], 0, "CheckShape: rank 0; the Fill of shape [1]"),
    Probe("another format", [f(S, "INT32", "ACL_FORMAT_NHWC")], [1.5], [], 0, "CheckParams: no format check"),
    # the empty return, after CheckParams
    Probe("empty", [f(E)], [1.5], [], 0, "aclnnInplaceFillScalarGetWorkspaceSize: selfRef->IsEmpty() returns"),
    Probe("empty of rank 9", [f((0,) + R8)], [1.5], [], 161002, "CheckParams: CheckShape before the IsEmpty() return"),
    Probe("empty bf16 on Ascend910", [f(E, "BF16")], [1.5], [], 161002,
          "CheckParams: CheckDtypeValid before the IsEmpty() return", soc="Ascend910"),
    Probe("empty complex128", [f(E, "COMPLEX128")], [1.5], [], 0,
          "aclnnInplaceFillScalarGetWorkspaceSize: the IsEmpty() return before ConvertToTensor"),
]

DEVIATIONS = {
    "uint16 with a uint16 value": (161002, "UINT16 is left out of the declaration's dtypes: CANN fills it only "
                                           "from a UINT16 aclScalar"),
    "complex64": (161002, "the Cast kernel (src/cast.c), which CopyOp runs, has no complex path"),
}
