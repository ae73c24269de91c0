"""Probes of aclnnMatmul (ascendops/ops/matmul.py): CheckInputParams (CheckNotNull,
archRule->CheckInput, CheckShapeValid), then the empty return."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "matmul/mat_mul_v3/op_host/op_api/aclnn_matmul.cpp")
OP = "Matmul"
_ = object()


def p(name, status, cite, dtype="FLOAT", a=_, b=_, out=_, mode=1, soc="Ascend910B"):
    t = lambda v, shape: f(shape, dtype) if v is _ else v      # noqa: E731
    return Probe(name, [t(a, (2, 3, 4)), t(b, (4, 5))], [mode], [t(out, (2, 3, 5))], status, cite, soc=soc)


PROBES = [
    p("null mat2", 161001, "CheckNotNull: OP_CHECK_NULL(mat2)", b=None),
    p("float16 and bf16", 0, "GetInputCase 4: computed in FLOAT", a=f((2, 3, 4), "FLOAT16"), b=f((4, 5), "BF16")),
    p("bf16 on Ascend910", 161002, "DefaultMatMulRule: no BF16", dtype="BF16", soc="Ascend910"),
    p("1-d by 1-d", 0, "CheckShapeValid: dims 1 and 1, k equal", a=f((4,)), b=f((4,)), out=f(())),
    p("1-d by 3-d", 0, "CheckShapeValid: mat2 of 3 dims, k its second last", a=f((4,)), b=f((2, 4, 5)),
      out=f((2, 5))),
    p("0-d self", 161002, "CheckShapeValid: dimTensor1 == 0", a=f(()), out=f((5,))),
    p("7-d self", 161002, "CheckShapeValid: OP_CHECK_MAX_DIM(self, 6)", a=f((1,) * 5 + (3, 4)),
      out=f((1,) * 5 + (3, 5))),
    p("k differs", 161002, "CheckShapeValid: selfKDim != mat2KDim", b=f((3, 5))),
    p("batches broadcast", 0, "CheckShapeValid: BroadcastInferShape((2, 1), (3,))", a=f((2, 1, 3, 4)),
      b=f((3, 4, 5)), out=f((2, 3, 3, 5))),
    p("batches do not broadcast", 161002, "CheckShapeValid: BroadcastInferShape fails", b=f((3, 4, 5))),
    p("NZ out", 161002, "CheckFormat: out FRACTAL_NZ", out=f((2, 3, 5), "FLOAT", "ACL_FORMAT_FRACTAL_NZ")),
    p("empty self", 0, "out->IsEmpty() && self->IsEmpty()", a=f((0, 3, 4)), out=f((0, 3, 5))),
    p("NZ mat2", 0, "a FRACTAL_NZ mat2 (the weight layout) passes the checks", b=f((4, 5), "FLOAT", "ACL_FORMAT_FRACTAL_NZ")),
]

# What ascendops does differently from CANN's source (docs/fidelity.md).
DEVIATIONS = {
    "NZ mat2": (161002, "the probe's mat2 memory holds its 4 x 5 FLOAT elements and its FRACTAL_NZ layout "
                "takes 16 x 8: ascendops refuses a layout past a tensor's memory, which CANN reads"),
}
