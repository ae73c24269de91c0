"""Probes of aclnnSoftplus (ascendops/ops/softplus.py)."""
import numpy as np

from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "activation/softplus_v2/op_api/aclnn_softplus.cpp")
OP = "Softplus"
S = (2, 3)
R8 = (1, 2, 1, 1, 1, 1, 1, 3)
R9 = (1, 1, 2, 1, 1, 1, 1, 1, 3)
E = (0, 3)
A = [1.0, 20.0]

PROBES = [
    Probe("null self", [None], A, [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null beta", [f(S)], [None, 20.0], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(beta)"),
    Probe("null threshold", [f(S)], [1.0, None], [f(S)], 161001, "CheckNotNull: OP_CHECK_NULL(threshold)"),
    Probe("null out", [f(S)], A, [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null out before complex beta", [f(S)], [1j, 20.0], [None], 161001,
          "CheckParams: CheckNotNull before CheckDtype"),
    Probe("null threshold before bad self dtype", [f(S, "INT32")], [1.0, None], [f(S)], 161001,
          "CheckParams: CheckNotNull before CheckDtype"),
    Probe("float16", [f(S, "FLOAT16")], A, [f(S, "FLOAT16")], 0, "CheckDtype: FLOAT16 in the list"),
    Probe("bf16 on DAV_2201", [f(S, "BF16")], A, [f(S, "BF16")], 0,
          "GetDtypeSupportListV1: ASCEND910B_DTYPE_SUPPORT_LIST on DAV_2201"),
    Probe("bf16 on regbase", [f(S, "BF16")], A, [f(S, "BF16")], 0,
          "CheckDtype: ASCEND950_DTYPE_SUPPORT_LIST on IsRegbase()", soc="Ascend950"),
    Probe("bf16 on DAV_1001", [f(S, "BF16")], A, [f(S, "BF16")], 161002,
          "GetDtypeSupportListV1: ASCEND910_DTYPE_SUPPORT_LIST", soc="Ascend910"),
    Probe("double self", [f(S, "DOUBLE")], A, [f(S, "DOUBLE")], 161002,
          "CheckDtype: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("int32 self", [f(S, "INT32")], [1, 20], [f(S)], 161002, "CheckDtype: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("complex beta", [f(S)], [1j, 20.0], [f(S)], 161002,
          "CheckDtype: OP_CHECK_RESULT_DTYPE_CAST_FAILED(beta COMPLEX64, FLOAT)"),
    Probe("complex threshold", [f(S)], [1.0, np.complex128(20.0)], [f(S)], 161002,
          "CheckDtype: OP_CHECK_RESULT_DTYPE_CAST_FAILED(threshold COMPLEX128, FLOAT)"),
    Probe("bool beta", [f(S)], [True, 20.0], [f(S)], 0, "CheckDtype: CanCast(BOOL, FLOAT)"),
    Probe("int scalars with float16 self", [f(S, "FLOAT16")], [2, 10], [f(S, "FLOAT16")], 0,
          "CheckDtype: CanCast(INT64, FLOAT16)"),
    Probe("double beta with float16 self", [f(S, "FLOAT16")], [np.float64(2.0), 10.0], [f(S, "FLOAT16")], 0,
          "CheckDtype: CanCast(DOUBLE, FLOAT16)"),
    Probe("float16 out of a float self", [f(S)], A, [f(S, "FLOAT16")], 0, "CheckDtype: CanCast(FLOAT, FLOAT16)"),
    Probe("double out", [f(S)], A, [f(S, "DOUBLE")], 0,
          "CheckDtype: CanCast(FLOAT, DOUBLE) only; the result is Cast to out"),
    Probe("complex64 out", [f(S, "FLOAT16")], A, [f(S, "COMPLEX64")], 0,
          "CheckDtype: CanCast(FLOAT16, COMPLEX64) only; the result is Cast to out"),
    Probe("int32 out", [f(S)], A, [f(S, "INT32")], 161002,
          "CheckDtype: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, INT32)"),
    Probe("bool out", [f(S)], A, [f(S, "BOOL")], 161002, "CheckDtype: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, BOOL)"),
    Probe("bf16 out on DAV_1001", [f(S)], A, [f(S, "BF16")], 0,
          "CheckDtype: out is checked by CanCast(FLOAT, BF16) only", soc="Ascend910"),
    Probe("rank 8", [f(R8)], A, [f(R8)], 0, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9", [f(R9)], A, [f(R9)], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("out shape not self's", [f(S)], A, [f((3, 2))], 161002, "CheckShape: OP_CHECK_SHAPE_NOT_EQUAL(self, out)"),
    Probe("empty", [f(E)], A, [f(E)], 0, "aclnnSoftplusGetWorkspaceSize: self->IsEmpty() returns success"),
    Probe("empty with complex beta", [f(E)], [1j, 20.0], [f(E)], 161002,
          "CheckDtype runs before the IsEmpty() return"),
    Probe("empty with int32 out", [f(E)], A, [f(E, "INT32")], 161002, "CheckDtype runs before the IsEmpty() return"),
    Probe("empty with out shape not self's", [f(E)], A, [f((3, 0))], 161002,
          "CheckShape runs before the IsEmpty() return"),
]
