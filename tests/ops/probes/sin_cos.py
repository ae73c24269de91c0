"""Probes of ascendops/ops/sin_cos.py: aclnnSin, aclnnInplaceSin (aclnn_sin.cpp, SOURCE),
aclnnCos, aclnnInplaceCos (math/cos/op_api/aclnn_cos.cpp, the same commit)."""
from probes import Probe, f

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/sin/op_api/aclnn_sin.cpp")
OP = "Sin"
S = (2, 3)
E = (0, 3)
R8 = (1,) * 6 + S
R9 = (1,) * 7 + S

SIN = [
    Probe("null self", [None], [], [f(S)], 161001, "CheckNotNull2Tensor: OP_CHECK_NULL(self)"),
    Probe("null out", [f(S)], [], [None], 161001, "CheckNotNull2Tensor: OP_CHECK_NULL(out)"),
    Probe("float16", [f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0, "CheckDtypeValid: FLOAT16 in both lists"),
    Probe("double", [f(S, "DOUBLE")], [], [f(S, "DOUBLE")], 0, "CheckDtypeValid: DOUBLE in both lists"),
    Probe("complex64", [f(S, "COMPLEX64")], [], [f(S, "COMPLEX64")], 0, "CheckDtypeValid: COMPLEX64 listed"),
    Probe("int16 self, float out", [f(S, "INT16")], [], [f(S)], 0,
          "CheckDtypeValid: INT16 in DTYPE_SUPPORT_LIST (cast to FLOAT before the kernel)"),
    Probe("bool self, float16 out", [f(S, "BOOL")], [], [f(S, "FLOAT16")], 0, "CheckDtypeValid: BOOL listed"),
    Probe("int32 self and out", [f(S, "INT32")], [], [f(S, "INT32")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out, DTYPE_OUT_LIST)"),
    Probe("uint16 self", [f(S, "UINT16")], [], [f(S)], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self): UINT16 not listed"),
    Probe("complex self, float out", [f(S, "COMPLEX64")], [], [f(S)], 0,
          "CheckDtypeValid: no rule between self's and out's dtypes (the result is Cast to out)"),
    Probe("double self, float16 out", [f(S, "DOUBLE")], [], [f(S, "FLOAT16")], 0,
          "CheckDtypeValid: no CanCast check"),
    Probe("bf16 on Ascend910B", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "CheckSocVersionIsSupportBf16: ASCEND910B"),
    Probe("bf16 on Ascend950", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "CheckSocVersionIsSupportBf16: ASCEND910_95 lies in ASCEND910B..ASCEND910E", soc="Ascend950"),
    Probe("bf16 self on Ascend910", [f(S, "BF16")], [], [f(S)], 161002,
          "CheckDtypeValid: a BF16 self off ASCEND910B..ASCEND910E", soc="Ascend910"),
    Probe("bf16 self on Ascend310P", [f(S, "BF16")], [], [f(S)], 161002,
          "CheckDtypeValid: a BF16 self off ASCEND910B..ASCEND910E", soc="Ascend310P"),
    Probe("float self, bf16 out on Ascend910", [f(S)], [], [f(S, "BF16")], 0,
          "CheckDtypeValid: DTYPE_OUT_LIST has BF16 on every SoC", soc="Ascend910"),
    Probe("bf16 self, int32 out on Ascend910", [f(S, "BF16")], [], [f(S, "INT32")], 161002,
          "CheckDtypeValid: out's list before the BF16 rule (both 161002)", soc="Ascend910"),
    Probe("out of another shape", [f(S)], [], [f((3, 2))], 161002,
          "CheckSameShape1In1Out: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("rank 8", [f(R8)], [], [f(R8)], 0, "CheckSameShape1In1Out: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], [], [f(R9)], 161002, "CheckSameShape1In1Out: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("0-d", [f(())], [], [f(())], 0, "CheckSameShape1In1Out: no minimum rank"),
    Probe("empty", [f(E)], [], [f(E)], 0, "ExecSinGetWorkspaceSize: self->IsEmpty() returns success"),
    Probe("empty with int8 out", [f(E)], [], [f(E, "INT8")], 161002,
          "ExecSinGetWorkspaceSize: CheckParamsSin before the IsEmpty() return"),
]

INPLACE_SIN = [
    Probe("inplace: null selfRef", [None], [], [], 161001, "CheckInplaceParamsSin: OP_CHECK_NULL(selfRef)",
          op="InplaceSin"),
    Probe("inplace: float", [f(S)], [], [], 0, "CheckInplaceDtypeValid: FLOAT listed", op="InplaceSin"),
    Probe("inplace: complex128", [f(S, "COMPLEX128")], [], [], 0, "CheckInplaceDtypeValid: listed", op="InplaceSin"),
    Probe("inplace: int32", [f(S, "INT32")], [], [], 161002, "CheckInplaceDtypeValid: INT32 not listed",
          op="InplaceSin"),
    Probe("inplace: bf16 on Ascend950", [f(S, "BF16")], [], [], 0,
          "GetDtypeSupportListV2: DTYPE_OUT_LIST on a regbase SoC", op="InplaceSin", soc="Ascend950"),
    Probe("inplace: bf16 on Ascend910", [f(S, "BF16")], [], [], 161002,
          "GetDtypeSupportListV2: ASCEND910_DTYPE_SELFREF_LIST has no BF16", op="InplaceSin", soc="Ascend910"),
    Probe("inplace: rank 9", [f(R9)], [], [], 161002, "CheckSameShape1In1Out: OP_CHECK_MAX_DIM(self, 8)",
          op="InplaceSin"),
    Probe("inplace: empty", [f(E)], [], [], 0, "ExecSinGetWorkspaceSize: self->IsEmpty()", op="InplaceSin"),
]

COS = [
    Probe("cos: null input", [None], [], [f(S)], 161001, "aclnn_cos.cpp CheckNotNull2Tensor: OP_CHECK_NULL(input)",
          op="Cos"),
    Probe("cos: null out", [f(S)], [], [None], 161001, "aclnn_cos.cpp CheckNotNull2Tensor: OP_CHECK_NULL(out)",
          op="Cos"),
    Probe("cos: float16", [f(S, "FLOAT16")], [], [f(S, "FLOAT16")], 0, "aclnn_cos.cpp CheckDtypeValid: listed",
          op="Cos"),
    Probe("cos: double", [f(S, "DOUBLE")], [], [f(S, "DOUBLE")], 0, "aclnn_cos.cpp CheckDtypeValid: listed", op="Cos"),
    Probe("cos: int64 input, float out", [f(S, "INT64")], [], [f(S)], 0,
          "aclnn_cos.cpp CheckDtypeValid: INT64 in the input list (NEED_CAST_DTYPE_LIST: cast to FLOAT)", op="Cos"),
    Probe("cos: uint8 input and out", [f(S, "UINT8")], [], [f(S, "UINT8")], 161002,
          "aclnn_cos.cpp CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out)", op="Cos"),
    Probe("cos: uint32 input", [f(S, "UINT32")], [], [f(S)], 161002,
          "aclnn_cos.cpp CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(input)", op="Cos"),
    Probe("cos: complex input, double out", [f(S, "COMPLEX128")], [], [f(S, "DOUBLE")], 0,
          "aclnn_cos.cpp CheckDtypeValid: no rule between the dtypes", op="Cos"),
    Probe("cos: bf16 on Ascend910B", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "aclnn_cos.cpp CheckDtypeValid: the 910B lists on DAV_2201", op="Cos"),
    Probe("cos: bf16 on Ascend950", [f(S, "BF16")], [], [f(S, "BF16")], 0,
          "aclnn_cos.cpp CheckDtypeValid: the 910B lists on a regbase SoC", op="Cos", soc="Ascend950"),
    Probe("cos: bf16 on Ascend310P", [f(S, "BF16")], [], [f(S, "BF16")], 161002,
          "aclnn_cos.cpp CheckDtypeValid: the 910 lists off DAV_2201 and regbase", op="Cos", soc="Ascend310P"),
    Probe("cos: float input, bf16 out on Ascend910", [f(S)], [], [f(S, "BF16")], 161002,
          "aclnn_cos.cpp CheckDtypeValid: ASCEND910_OUTPUT_DTYPE_SUPPORT_LIST has no BF16", op="Cos",
          soc="Ascend910"),
    Probe("cos: out of another shape", [f(S)], [], [f((3, 2))], 161002,
          "aclnn_cos.cpp CheckSameShape1In1Out: OP_CHECK_SHAPE_NOT_EQUAL", op="Cos"),
    Probe("cos: rank 8", [f(R8)], [], [f(R8)], 0, "aclnn_cos.cpp CheckSameShape1In1Out: OP_CHECK_MAX_DIM 8", op="Cos"),
    Probe("cos: rank 9", [f(R9)], [], [f(R9)], 161002, "aclnn_cos.cpp CheckSameShape1In1Out: OP_CHECK_MAX_DIM 8",
          op="Cos"),
    Probe("cos: empty", [f(E)], [], [f(E)], 0, "aclnn_cos.cpp ExecCosGetWorkspaceSize: input->IsEmpty()", op="Cos"),
    Probe("cos: empty with out of another shape", [f(E)], [], [f((3, 0))], 161002,
          "aclnn_cos.cpp ExecCosGetWorkspaceSize: CheckParamsCos before the IsEmpty() return", op="Cos"),
]

INPLACE_COS = [
    Probe("inplacecos: null inputRef", [None], [], [], 161001, "aclnn_cos.cpp CheckInplaceParamsCos: OP_CHECK_NULL",
          op="InplaceCos"),
    Probe("inplacecos: float", [f(S)], [], [], 0, "aclnn_cos.cpp CheckInplaceDtypeValid: listed", op="InplaceCos"),
    Probe("inplacecos: int8", [f(S, "INT8")], [], [], 161002,
          "aclnn_cos.cpp CheckInplaceDtypeValid: INT8 not in the output list", op="InplaceCos"),
    Probe("inplacecos: bf16 on Ascend910B", [f(S, "BF16")], [], [], 0,
          "aclnn_cos.cpp CheckInplaceDtypeValid: the 910B output list", op="InplaceCos"),
    Probe("inplacecos: bf16 on Ascend910", [f(S, "BF16")], [], [], 161002,
          "aclnn_cos.cpp CheckInplaceDtypeValid: the 910 output list", op="InplaceCos", soc="Ascend910"),
    Probe("inplacecos: rank 9", [f(R9)], [], [], 161002, "aclnn_cos.cpp CheckSameShape1In1Out: OP_CHECK_MAX_DIM",
          op="InplaceCos"),
    Probe("inplacecos: empty", [f(E)], [], [], 0, "aclnn_cos.cpp ExecCosGetWorkspaceSize: IsEmpty()",
          op="InplaceCos"),
]

PROBES = SIN + INPLACE_SIN + COS + INPLACE_COS

DOC_SOURCE = []
