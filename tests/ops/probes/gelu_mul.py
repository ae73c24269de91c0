"""Probes of aclnnGeluMul (ascendops/ops/gelu_mul.py), an API CANN generates from the op
definition: the oracle is the op definition (SOURCE), its tiling
(activation/gelu_mul/op_host/gelu_mul_tiling.cpp, 561002 where it fails), its infershape
(gelu_mul_infershape.cpp) and its doc (activation/gelu_mul/docs/aclnnGeluMul.md)."""
from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921", "activation/gelu_mul/op_host/gelu_mul_def.cpp")
OP = "GeluMul"
IN, OUT = (2, 4), (2, 2)
R8, R8O = (1, 1, 1, 1, 1, 1, 2, 4), (1, 1, 1, 1, 1, 1, 2, 2)
R9, R9O = (1, 1, 1, 1, 1, 1, 1, 2, 4), (1, 1, 1, 1, 1, 1, 1, 2, 2)
TILING = 561002

PROBES = [
    Probe("null input", [None], ["none"], [f(OUT)], 161001, "generated phase 1: input is REQUIRED"),
    Probe("null out", [f(IN)], ["none"], [None], 161001, "generated phase 1: output is REQUIRED"),
    Probe("null approximateOptional", [f(IN)], [None], [f(OUT)], 0,
          "gelu_mul_def.cpp: Attr(approximate).AttrType(OPTIONAL).String(\"none\")"),
    Probe("null input before bad approximate", [None], ["gelu"], [f(OUT)], 161001,
          "generated phase 1: the null checks before the tiling"),
    Probe("float16", [f(IN, "FLOAT16")], ["none"], [f(OUT, "FLOAT16")], 0, "gelu_mul_def.cpp: DataType FLOAT16"),
    Probe("bf16 on Ascend910B", [f(IN, "BF16")], ["tanh"], [f(OUT, "BF16")], 0,
          "gelu_mul_def.cpp: AddConfig(\"ascend910b\"), DataType BF16"),
    Probe("bf16 on Ascend950", [f(IN, "BF16")], ["tanh"], [f(OUT, "BF16")], 0,
          "gelu_mul_def.cpp: AddConfig(\"ascend950\")", soc="Ascend950"),
    Probe("float on Ascend910", [f(IN)], ["none"], [f(OUT)], 161002,
          "gelu_mul_def.cpp: no AICore config for ascend910", soc="Ascend910"),
    Probe("float16 on Ascend310P", [f(IN, "FLOAT16")], ["none"], [f(OUT, "FLOAT16")], 161002,
          "gelu_mul_def.cpp: no AICore config for ascend310p", soc="Ascend310P"),
    Probe("double", [f(IN, "DOUBLE")], ["none"], [f(OUT, "DOUBLE")], 161002,
          "gelu_mul_def.cpp: DataType {BF16, FLOAT16, FLOAT}"),
    Probe("out dtype not input's", [f(IN)], ["none"], [f(OUT, "FLOAT16")], 161002,
          "gelu_mul_def.cpp: the (input, output) DataType columns pair equal dtypes"),
    Probe("bad dtype before bad approximate", [f(IN, "INT32")], ["gelu"], [f(OUT, "INT32")], 161002,
          "generated phase 1: the op definition's dtypes before the tiling"),
    Probe("tanh", [f(IN)], ["tanh"], [f(OUT)], 0, "RunBigKernelTiling: approximate \"tanh\""),
    Probe("bad approximate", [f(IN)], ["gelu"], [f(OUT)], TILING,
          "RunBigKernelTiling: approximate != \"none\" && != \"tanh\""),
    Probe("empty approximate", [f(IN)], [""], [f(OUT)], TILING, "RunBigKernelTiling: approximate \"\""),
    Probe("rank 1", [f((4,))], ["none"], [f((2,))], TILING, "RunBigKernelTiling: inputShapeDim < 2"),
    Probe("rank 0", [f(())], ["none"], [f(())], TILING, "RunBigKernelTiling: inputShapeDim < 2"),
    Probe("rank 8", [f(R8)], ["none"], [f(R8O)], 0, "aclnnGeluMul.md: input 2-8 dims"),
    Probe("rank 9", [f(R9)], ["none"], [f(R9O)], 161002, "aclnnGeluMul.md: input 2-8 dims"),
    Probe("last dim 1024", [f((2, 1024))], ["none"], [f((2, 512))], 0,
          "ShapeCheck: lastDimSize > 1024 refused, 1024 not"),
    Probe("last dim 1026", [f((2, 1026))], ["none"], [f((2, 513))], TILING, "ShapeCheck: lastDimSize > 1024"),
    Probe("odd last dim", [f((2, 5))], ["none"], [f((2, 2))], TILING, "ShapeCheck: lastDimSize % 2 == 1"),
    Probe("batch 200000", [f((200000, 2))], ["none"], [f((200000, 1))], 0,
          "ShapeCheck: batchSize > 200000 refused, 200000 not"),
    Probe("batch 200001", [f((200001, 2))], ["none"], [f((200001, 1))], TILING, "ShapeCheck: batchSize > 200000"),
    Probe("last dim 0", [f((2, 0))], ["none"], [f((2, 0))], TILING,
          "RunBigKernelTiling: lastDimSize == 0 (\"Last dim elements can not be zero.\")"),
    Probe("out shape not inferred", [f(IN)], ["none"], [f(IN)], 161002,
          "InferShape4GeluMul: out is input's shape with the last dim halved"),
    Probe("tiling before the out shape", [f((2, 5))], ["none"], [f((2, 5))], TILING,
          "the tiling refuses an odd last dim before the out shape is compared"),
    Probe("empty", [f((0, 4))], ["none"], [f((0, 2))], 0, "aclnnGeluMul.md: empty Tensor supported"),
    Probe("empty with bad approximate", [f((0, 4))], ["gelu"], [f((0, 2))], TILING,
          "RunBigKernelTiling checks approximate of an empty input too"),
    Probe("empty with out shape not inferred", [f((0, 4))], ["none"], [f((0, 4))], 161002,
          "InferShape4GeluMul's shape rule before the empty return"),
    Probe("empty with bad dtype", [f((0, 4), "INT32")], ["none"], [f((0, 2), "INT32")], 161002,
          "the op definition's dtypes before the empty return"),
]

DOC_SOURCE = [
    "GeluMul: aclnnGeluMul.md says input supports an empty Tensor; gelu_mul_tiling.cpp RunBigKernelTiling "
    "refuses a last dim of 0 (\"Last dim elements can not be zero.\"): an input empty in its last dim is 561002",
    "GeluMul: aclnnGeluMul.md gives input and out 2-8 dims; gelu_mul_def.cpp and gelu_mul_tiling.cpp check "
    "no upper bound (the tiling refuses fewer than 2 dims, 561002); ascendops keeps the doc's 8 (161002)",
]
