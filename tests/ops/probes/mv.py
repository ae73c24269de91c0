"""Probes of aclnnMv (ascendops/ops/mv.py): the cubeMathType routing, CheckNotNull,
CheckDtypeSame, archRule->CheckInput, CheckShape, then the empty returns."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "matmul/mv/op_host/op_api/aclnn_mv.cpp")
OP = "Mv"
_ = object()


def p(name, status, cite, dtype="FLOAT", a=_, v=_, out=_, mode=1, soc="Ascend910B"):
    t = lambda x, shape: f(shape, dtype) if x is _ else x      # noqa: E731
    return Probe(name, [t(a, (3, 4)), t(v, (4,))], [mode], [t(out, (3,))], status, cite, soc=soc)


PROBES = [
    p("null vec", 161001, "CheckNotNull: OP_CHECK_NULL(vec)", v=None),
    p("out not vec's dtype", 161002, "CheckDtypeSame: OP_CHECK_DTYPE_NOT_SAME(out, vec)", out=f((3,), "FLOAT16")),
    p("self not vec's dtype", 161002, "CheckDtypeSame: OP_CHECK_DTYPE_NOT_SAME(self, vec)", a=f((3, 4), "FLOAT16")),
    p("empty self of another dtype", 0, "CheckDtypeSame: an empty self is not compared", a=f((3, 0), "FLOAT16"),
      v=f((0,))),
    p("double", 161002, "CheckInputTensorDtypeValid: no DT_DOUBLE", dtype="DOUBLE"),
    p("USE_HF32 FLOAT on Ascend910", 161002, "DefaultMatMulRule::CheckInput: FP32 with USE_HF32", mode=3,
      soc="Ascend910"),
    p("cubeMathType 4", 0, "routeCubeMathType4ToCubeMathType0DAV_2201", mode=4),
    p("3-d self", 161002, "CheckShape: OP_CHECK_WRONG_DIMENSION(self, 2)", a=f((1, 3, 4))),
    p("vec m - 1", 161002, "CheckShape: vec (m,)", v=f((3,))),
    p("out n + 1", 161002, "CheckShape: out (n,)", out=f((4,))),
    p("empty out", 0, "out->IsEmpty(): success", a=f((0, 4)), out=f((0,))),
]
