"""Probes of aclnnCast (ascendops/ops/cast.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/cast/op_api/aclnn_cast.cpp")
OP = "Cast"
S = (2, 3)
E = (0, 3)
R8 = (1, 2, 1, 2, 1, 2, 1, 3)
R9 = (1,) + R8

PROBES = [
    # CheckNotNull
    Probe("null self", [None], ["ACL_FLOAT"], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S, "FLOAT16")], ["ACL_FLOAT"], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null out with a bf16 self on Ascend910", [f(S, "BF16")], ["ACL_FLOAT"], [None], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid", soc="Ascend910"),
    Probe("float16 to float", [f(S, "FLOAT16")], ["ACL_FLOAT"], [f(S)], 0, "CheckParams passes"),
    # CheckDtypeValid: self's list by NpuArch
    Probe("bf16 self on Ascend910B", [f(S, "BF16")], ["ACL_FLOAT"], [f(S)], 0,
          "CheckDtypeValid: DAV_2201: DTYPE_SUPPORT_LIST_DEFAULT has DT_BF16"),
    Probe("bf16 self on Ascend950", [f(S, "BF16")], ["ACL_INT32"], [f(S, "INT32")], 0,
          "CheckDtypeValid: IsRegBase(DAV_3510): REGBASE_SELF_DTYPE_SUPPORT_LIST", soc="Ascend950"),
    Probe("bf16 self on Ascend910", [f(S, "BF16")], ["ACL_FLOAT"], [f(S)], 161002,
          "CheckDtypeValid: ASCEND910_DTYPE_SUPPORT_LIST has no DT_BF16", soc="Ascend910"),
    Probe("bf16 self on Ascend310P", [f(S, "BF16")], ["ACL_FLOAT"], [f(S)], 161002,
          "CheckDtypeValid: DAV_2002 reads ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend310P"),
    Probe("uint64 self on Ascend910", [f(S, "UINT64")], ["ACL_FLOAT16"], [f(S, "FLOAT16")], 0,
          "ASCEND910_DTYPE_SUPPORT_LIST: DT_UINT64", soc="Ascend910"),
    Probe("complex64 self on Ascend910B", [f(S, "COMPLEX64")], ["ACL_FLOAT"], [f(S)], 0,
          "DTYPE_SUPPORT_LIST_DEFAULT: DT_COMPLEX64"),
    Probe("hifloat8 self on Ascend910B", [f(S, "HIFLOAT8")], ["ACL_FLOAT"], [f(S)], 161002,
          "CheckDtypeValid: DTYPE_SUPPORT_LIST_DEFAULT has no DT_HIFLOAT8"),
    Probe("hifloat8 self on Ascend950", [f(S, "HIFLOAT8")], ["ACL_FLOAT"], [f(S)], 0,
          "REGBASE_SELF_DTYPE_SUPPORT_LIST: DT_HIFLOAT8", soc="Ascend950"),
    Probe("float8_e8m0 self on Ascend950", [f(S, "FLOAT8_E8M0")], ["ACL_FLOAT"], [f(S)], 161002,
          "CheckDtypeValid: no list has DT_FLOAT8_E8M0", soc="Ascend950"),
    # CheckDtypeValid: the dtype attribute in the output list
    Probe("dtype bf16 on Ascend910B", [f(S)], ["ACL_BF16"], [f(S, "BF16")], 0,
          "CheckDtypeValid: CheckType(dtype, DTYPE_SUPPORT_LIST_DEFAULT)"),
    Probe("dtype bf16 on Ascend910", [f(S)], ["ACL_BF16"], [f(S, "BF16")], 161002,
          "CheckDtypeValid: dtype not in ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend910"),
    Probe("dtype complex64 on Ascend910B", [f(S)], ["ACL_COMPLEX64"], [f(S, "COMPLEX64")], 0,
          "CheckDtypeValid: CheckType(dtype, DTYPE_SUPPORT_LIST_DEFAULT): DT_COMPLEX64"),
    Probe("dtype hifloat8 on Ascend910B", [f(S)], ["ACL_HIFLOAT8"], [f(S, "HIFLOAT8")], 161002,
          "CheckDtypeValid: dtype not in DTYPE_SUPPORT_LIST_DEFAULT"),
    # CheckShape
    Probe("rank 8", [f(R8, "FLOAT16")], ["ACL_FLOAT"], [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9, "FLOAT16")], ["ACL_FLOAT"], [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("out of another shape", [f((2, 4), "FLOAT16")], ["ACL_FLOAT"], [f(S)], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(out, self)"),
    Probe("0-d", [f((), "INT32")], ["ACL_FLOAT16"], [f((), "FLOAT16")], 0, "CheckShape: rank 0 is within 8"),
    Probe("out of another format", [f(S, "FLOAT16", "ACL_FORMAT_NCHW")], ["ACL_FLOAT"], [f(S)], 0,
          "CheckParams: a format is never checked (a private one only logs a warning)"),
    # the empty return, after CheckParams
    Probe("empty self", [f(E, "FLOAT16")], ["ACL_FLOAT"], [f(E)], 0,
          "aclnnCastGetWorkspaceSize: self->IsEmpty() returns success"),
    Probe("empty bf16 self on Ascend910", [f(E, "BF16")], ["ACL_FLOAT"], [f(E)], 161002,
          "CheckParams: CheckDtypeValid before the IsEmpty() return", soc="Ascend910"),
    Probe("empty self, dtype bf16 on Ascend910", [f(E)], ["ACL_BF16"], [f(E, "BF16")], 161002,
          "CheckParams: the dtype check before the IsEmpty() return", soc="Ascend910"),
    Probe("empty self of rank 9", [f((0,) + R8)], ["ACL_FLOAT16"], [f((0,) + R8, "FLOAT16")], 161002,
          "CheckParams: CheckShape before the IsEmpty() return"),
    Probe("empty self, out of another shape", [f(E)], ["ACL_FLOAT16"], [f((3, 0), "FLOAT16")], 161002,
          "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(out, self) before the IsEmpty() return"),
    Probe("empty complex64 self", [f(E, "COMPLEX64")], ["ACL_FLOAT"], [f(E)], 0,
          "aclnnCastGetWorkspaceSize: IsEmpty() returns success before any Cast"),
    Probe("empty self, dtype complex64", [f(E)], ["ACL_COMPLEX64"], [f(E, "COMPLEX64")], 0,
          "aclnnCastGetWorkspaceSize: IsEmpty() returns success (DT_COMPLEX64 in the list)"),
    # out's dtype: only the ViewCopy of the result reads it
    Probe("out of another dtype than dtype", [f(S, "FLOAT16")], ["ACL_FLOAT"], [f(S, "INT32")], 561103,
          "l0op::ViewCopy(the DT_FLOAT result, out of DT_INT32) returns nullptr: ACLNN_ERR_INNER_NULLPTR"),
    Probe("empty self, out of another dtype than dtype", [f(E, "FLOAT16")], ["ACL_FLOAT"], [f(E, "INT32")], 0,
          "aclnnCastGetWorkspaceSize: IsEmpty() returns before the ViewCopy"),
]

DEVIATIONS = {
    "complex64 self on Ascend910B": (161002, "the cast kernel (src/cast.c) has no complex path: CastOp's support "
                                             "list is its dtypes"),
    "hifloat8 self on Ascend950": (161002, "the cast kernel has no 8-bit float path"),
    "dtype complex64 on Ascend910B": (161002, "the cast kernel has no complex path: the plan refuses a complex64 "
                                              "out (CANN's list has it)"),
}

DOC_SOURCE = [
    "Cast: math/cast/docs/aclnnCast.md lists 161002 where self's format differs from out's or is not supported; the "
    "source checks no format (a private format only logs a warning) (aclnn_cast.cpp: CheckParams)",
    "Cast: the doc excludes only BFLOAT16 and INT4 on Atlas training/inference products; the source's "
    "ASCEND910_DTYPE_SUPPORT_LIST (NpuArch other than DAV_2201 and DAV_3510) also lacks COMPLEX32, HIFLOAT8, "
    "FLOAT8_E5M2, FLOAT8_E4M3FN and the FLOAT4 types (aclnn_cast.cpp: CheckDtypeValid)",
    "Cast: the doc's out list is a support list; the source never checks out's dtype (an out of another dtype than "
    "`dtype` fails in l0op::ViewCopy, 561103)",
]
