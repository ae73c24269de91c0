"""Probes of aclnnGlu (ascendops/ops/glu.py)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "activation/glu/op_host/op_api/aclnn_glu.cpp")
OP = "Glu"

PROBES = [
    Probe("null self", [None], [-1], [f((2, 2))], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null out", [f((2, 4))], [-1], [None], 161001, "CheckNotNull: OP_CHECK_NULL(out)"),
    Probe("null out before bad self dtype", [f((2, 4), "INT32")], [-1], [None], 161001,
          "CheckParams: CheckNotNull before CheckDtypeValid"),
    Probe("float32", [f((2, 4))], [-1], [f((2, 2))], 0, "CheckDtypeValid: FLOAT in the list"),
    Probe("bf16 on DAV_2201", [f((2, 4), "BF16")], [-1], [f((2, 2), "BF16")], 0,
          "GetDtypeSupportList: ASCEND910B list (BF16) on DAV_2201"),
    Probe("bf16 on DAV_1001", [f((2, 4), "BF16")], [-1], [f((2, 2), "BF16")], 161002,
          "GetDtypeSupportList: ASCEND910 list (no BF16)", soc="Ascend910"),
    Probe("bf16 on regbase", [f((2, 4), "BF16")], [-1], [f((2, 2), "BF16")], 0,
          "GetDtypeSupportList: IsRegbase(curArch) takes the BF16 list", soc="Ascend950"),
    Probe("double self", [f((2, 4), "DOUBLE")], [-1], [f((2, 2), "DOUBLE")], 0,
          "CheckDtypeValid: DOUBLE in both lists (SplitV + Sigmoid + Mul path)"),
    Probe("int32 self", [f((2, 4), "INT32")], [-1], [f((2, 2))], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(self)"),
    Probe("float16 out of float32 self", [f((2, 4))], [-1], [f((2, 2), "FLOAT16")], 0,
          "CheckDtypeValid: OP_CHECK_RESULT_DTYPE_CAST_FAILED(FLOAT, FLOAT16) casts"),
    Probe("double out of float32 self", [f((2, 4))], [-1], [f((2, 2), "DOUBLE")], 0,
          "CheckDtypeValid: DOUBLE out in the list, CanCast(FLOAT, DOUBLE)"),
    Probe("int32 out", [f((2, 4))], [-1], [f((2, 2), "INT32")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out)"),
    Probe("bf16 out on DAV_1001", [f((2, 4))], [-1], [f((2, 2), "BF16")], 161002,
          "CheckDtypeValid: OP_CHECK_DTYPE_NOT_SUPPORT(out), no BF16 on DAV_1001", soc="Ascend910"),
    Probe("rank 8", [f((1,) * 7 + (4,))], [-1], [f((1,) * 7 + (2,))], 0,
          "CheckParamsDataAndShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9 self", [f((1,) * 8 + (4,))], [-1], [f((1,) * 8 + (2,))], 161002,
          "CheckParamsDataAndShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("rank 9 out", [f((2, 4))], [-1], [f((1,) * 7 + (2, 2))], 161002,
          "CheckParamsDataAndShape: OP_CHECK_MAX_DIM(out, 8)"),
    Probe("0-d self", [f(())], [0], [f(())], 161002, "CheckParamsDataAndShape: OP_CHECK_MIN_DIM(self, 1)"),
    Probe("dim rank-1", [f((4, 2))], [1], [f((4, 1))], 0, "CheckParamsDataAndShape: dim < selfDim"),
    Probe("dim rank", [f((4, 2))], [2], [f((4, 1))], 161002, "CheckParamsDataAndShape: dim >= selfDim"),
    Probe("dim -rank", [f((4, 2))], [-2], [f((2, 2))], 0, "CheckParamsDataAndShape: dim >= -selfDim"),
    Probe("dim -rank-1", [f((4, 2))], [-3], [f((2, 2))], 161002, "CheckParamsDataAndShape: dim < -selfDim"),
    Probe("odd size at dim", [f((2, 3))], [-1], [f((2, 1))], 161002,
          "CheckParamsDataAndShape: splitShape % SPLIT_NUM != 0"),
    Probe("out not halved", [f((2, 4))], [-1], [f((2, 4))], 161002,
          "CheckParamsDataAndShape: outShapeExpect != out->GetViewShape()"),
    Probe("empty self", [f((0, 4))], [-1], [f((0, 2))], 0,
          "aclnnGluGetWorkspaceSize: self->IsEmpty() after CheckParams"),
    Probe("empty self, bad out shape", [f((0, 4))], [-1], [f((0, 4))], 161002,
          "CheckParams (out shape) runs before the IsEmpty() return"),
    Probe("empty self, int32 out", [f((0, 4))], [-1], [f((0, 2), "INT32")], 161002,
          "CheckParams (CheckDtypeValid) runs before the IsEmpty() return"),
    Probe("empty self, odd size at dim", [f((0, 3))], [-1], [f((0, 1))], 161002,
          "CheckParams (split parity) runs before the IsEmpty() return"),
    Probe("empty self, dim out of range", [f((0, 4))], [2], [f((0, 2))], 161002,
          "CheckParams (dim range) runs before the IsEmpty() return"),
    Probe("bad out dtype before bad out shape", [f((2, 4))], [-1], [f((2, 4), "INT32")], 161002,
          "CheckDtypeValid before CheckParamsDataAndShape"),
]

DEVIATIONS = {
    "double self": (161002, "the fp32 engine has no DOUBLE path for the gated kernels (the op kind's support "
                            "list after the sequence); CANN computes it with SplitV + Sigmoid + Mul"),
}
