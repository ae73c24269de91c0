"""Probes of aclnnBatchMatMul (ascendops/ops/batch_matmul.py): the cubeMathType routing,
CheckParamsV2 (CheckNotNull, archRule->CheckInput, CheckShape), then CheckBmmResIsEmpty."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "matmul/batch_mat_mul_v3/op_host/op_api/aclnn_batch_matmul.cpp")
OP = "BatchMatMul"
_ = object()


def p(name, status, cite, dtype="FLOAT", a=_, b=_, out=_, mode=0, soc="Ascend910B"):
    t = lambda v, shape: f(shape, dtype) if v is _ else v      # noqa: E731
    return Probe(name, [t(a, (2, 3, 4)), t(b, (2, 4, 5))], [mode], [t(out, (2, 3, 5))], status, cite, soc=soc)


PROBES = [
    p("null self", 161001, "CheckNotNull: OP_CHECK_NULL(self)", a=None),
    p("null out", 161001, "CheckNotNull: OP_CHECK_NULL(out)", out=None),
    p("bf16", 0, "Dav2201MatMulRule: DT_BF16", dtype="BF16"),
    p("int32", 161002, "CheckInputTensorDtypeValid: no DT_INT32", dtype="INT32"),
    p("cubeMathType 4", 0, "routeCubeMathType4ToCubeMathType0DAV_2201", mode=4),
    p("cubeMathType 6", 161002, "CheckCubeMathType: default -> false", mode=6),
    p("2-d self", 161002, "CheckShape: OP_CHECK_WRONG_DIMENSION(self, 3)", a=f((3, 4))),
    p("4-d out", 161002, "CheckShape: OP_CHECK_WRONG_DIMENSION(out, 3)", out=f((1, 2, 3, 5))),
    p("k differs", 161002, "CheckShape: self[2] != mat2[1]", b=f((2, 3, 5))),
    p("batch 1 broadcast", 0, "CheckShape: mat2's batch 1", b=f((1, 4, 5))),
    p("batches 2 and 3", 161002, "CheckShape: first dims differ and neither is 1", b=f((3, 4, 5)),
      out=f((3, 3, 5))),
    p("out batch not the max", 161002, "CheckShape: out[0] != max(self[0], mat2[0])", b=f((1, 4, 5)),
      out=f((1, 3, 5))),
    p("NZ self", 161002, "CheckFormat: self FRACTAL_NZ", a=f((2, 3, 4), "FLOAT", "ACL_FORMAT_FRACTAL_NZ")),
    p("NZ out", 161002, "CheckFormat: out FRACTAL_NZ", out=f((2, 3, 5), "FLOAT", "ACL_FORMAT_FRACTAL_NZ")),
    p("batch 0 against 1", 0, "CheckShape: out batch max(0, 1) = 1; CheckBmmResIsEmpty returns",
      a=f((0, 3, 4)), b=f((1, 4, 5)), out=f((1, 3, 5))),
    p("n = 0", 0, "CheckBmmResIsEmpty: mat2's n is 0", b=f((2, 4, 0)), out=f((2, 3, 0))),
    p("NZ mat2", 0, "a FRACTAL_NZ mat2 (the weight layout) passes the checks", b=f((2, 4, 5), "FLOAT", "ACL_FORMAT_FRACTAL_NZ")),
]

# What ascendops does differently from CANN's source (docs/fidelity.md).
DEVIATIONS = {
    "NZ mat2": (161002, "the probe's mat2 memory holds its 2 x 4 x 5 FLOAT elements and its FRACTAL_NZ layout "
                "takes 2 x 16 x 8: ascendops refuses a layout past a tensor's memory, which CANN reads"),
}
