"""Probes of aclnnMm (ascendops/ops/mm.py): CheckMmInputParams (CheckNotNull,
archRule->CheckInput, CheckShapeValid, CheckOutputShapeValid), then the empty return."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "matmul/mat_mul_v3/op_host/op_api/aclnn_mm.cpp")
OP = "Mm"
_ = object()


def p(name, status, cite, dtype="FLOAT", a=_, b=_, out=_, mode=0, soc="Ascend910B"):
    t = lambda v, shape: f(shape, dtype) if v is _ else v      # noqa: E731
    return Probe(name, [t(a, (3, 4)), t(b, (4, 5))], [mode], [t(out, (3, 5))], status, cite, soc=soc)


PROBES = [
    p("null out", 161001, "CheckNotNull: OP_CHECK_NULL(out)", out=None),
    p("null self", 161001, "CheckNotNull: OP_CHECK_NULL(self)", a=None),
    p("float16", 0, "Dav2201MatMulRule: DT_FLOAT16 supported", dtype="FLOAT16"),
    p("bf16", 0, "Dav2201MatMulRule: DT_BF16 supported", dtype="BF16"),
    p("bf16 on Ascend910", 161002, "DefaultMatMulRule: FLOAT, FLOAT16 only", dtype="BF16", soc="Ascend910"),
    p("double", 161002, "CheckInputTensorDtypeValid: no DT_DOUBLE", dtype="DOUBLE"),
    p("float self, float16 mat2", 0, "the dtypes may differ (GetInputCase 1)", b=f((4, 5), "FLOAT16")),
    p("float16 out", 0, "out in the list, any of it", out=f((3, 5), "FLOAT16")),
    p("cubeMathType 5", 161002, "CheckCubeMathType: default -> false", mode=5),
    p("cubeMathType -1", 0, "FP16FP32_KEEP_DTYPE on DAV_2201", mode=-1),
    p("cubeMathType -1 on Ascend950", 161002, "Dav2201MatMulRule::CheckInput: FP16FP32_KEEP_DTYPE off DAV_2201",
      mode=-1, soc="Ascend950"),
    p("float KEEP_DTYPE on Ascend910", 161002, "DefaultMatMulRule::CheckInput: FP32 with KEEP_DTYPE",
      soc="Ascend910"),
    p("float ALLOW_FP32_DOWN_PRECISION on Ascend910", 0, "DefaultMatMulRule: FP32 read as FP16", mode=1,
      soc="Ascend910"),
    p("3-d self", 161002, "CheckShapeValid: OP_CHECK_WRONG_DIMENSION(self, 2)", a=f((1, 3, 4))),
    p("k differs", 161002, "CheckShapeValid: selfKDim != mat2KDim", b=f((3, 5)), out=f((3, 5))),
    p("1-d out", 161002, "CheckOutputShapeValid: OP_CHECK_WRONG_DIMENSION(out, 2)", out=f((15,))),
    p("out n differs", 161002, "CheckOutputShapeValid: out_n != mat2_n", out=f((3, 4))),
    p("empty m", 0, "out->IsEmpty() && self->IsEmpty()", a=f((0, 4)), out=f((0, 5))),
    p("k = 0", 0, "computed: zeros", a=f((3, 0)), b=f((0, 5))),
    p("NZ mat2", 0, "a FRACTAL_NZ mat2 (the weight layout) passes the checks", b=f((4, 5), "FLOAT", "ACL_FORMAT_FRACTAL_NZ")),
]

# What ascendops does differently from CANN's source (docs/fidelity.md).
DEVIATIONS = {
    "NZ mat2": (161002, "the probe's mat2 memory holds its 4 x 5 FLOAT elements and its FRACTAL_NZ layout "
                "takes 16 x 8: ascendops refuses a layout past a tensor's memory, which CANN reads"),
}
