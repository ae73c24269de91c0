"""Probes of aclnnWeightQuantBatchMatmulV2 (ascendops/ops/weight_quant_batch_matmul_v2.py):
CheckSocValid, CheckNotNull, CheckOptionalNotNull, CheckWeightFormat, ContiguousCheck,
TensorPreProcess, CheckParams (dtypes, dims, scale and bias dtypes, formats, shapes, group
size), CheckContiguous."""
from probes import Probe, T, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "matmul/weight_quant_batch_matmul_v2/op_host/op_api/aclnn_weight_quant_batch_matmul_v2.cpp")
OP = "WeightQuantBatchMatmulV2"
_ = object()
M, K, N = 4, 64, 16


def p(name, status, cite, xd="FLOAT16", x=_, w=_, scale=_, offset=None, qs=None, qo=None, bias=None, group=0, y=_,
      soc="Ascend910B"):
    x = f((M, K), xd) if x is _ else x
    w = f((K, N), "INT8") if w is _ else w
    scale = f((N,), xd) if scale is _ else scale
    y = f((M, N), xd) if y is _ else y
    return Probe(name, [x, w, scale, offset, qs, qo, bias], [group], [y], status, cite, soc=soc)


def wt(dtype="INT8", k=K, n=N):
    """A transposed (k, n) weight view: (n, k) storage read with strides (1, k)."""
    return T((k, n), "ACL_" + dtype, "ACL_FORMAT_ND", (1, k), 0, (n, k))


PROBES = [
    p("per-channel int8", 0, "the plain form"),
    p("bf16", 0, "ASCEND910B_X_DTYPE_SUPPORT_LIST: DT_BF16", xd="BF16"),
    p("int4 weight", 0, "ASCEND910B_WEIGHT_DTYPE_SUPPORT_LIST: DT_INT4", w=f((K, N), "INT4")),
    p("per-group", 0, "CheckAntiquantParamShape: (ceil(k / g), n)", scale=f((K // 32, N), "FLOAT16"), group=32),
    p("transposed int4 weight, per-group scale transposed", 0, "ContiguousCheck: transposed weight and scale",
      w=wt("INT4"), scale=T((K // 32, N), "ACL_FLOAT16", "ACL_FORMAT_ND", (1, K // 32), 0, (N, K // 32)), group=32),
    p("Ascend910", 361001, "CheckSocValid: DAV_1001 not implemented", soc="Ascend910"),
    p("null weight", 161001, "CheckNotNull: OP_CHECK_NULL(weight)", w=None),
    p("null y", 161001, "CheckNotNull: OP_CHECK_NULL(y)", y=None),
    p("quantScale on Ascend950", 161001, "CheckOptionalNotNull: DAV_3510", qs=f((N,), "UINT64"),
      soc="Ascend950"),
    p("NZ weight on Ascend950", 161002, "CheckWeightFormat: ND on DAV_3510",
      w=f((K, N), "INT8", "ACL_FORMAT_FRACTAL_NZ"), soc="Ascend950"),
    p("sliced weight", 161002, "ContiguousCheck: weight neither contiguous nor transposed",
      w=T((K, N), "ACL_INT8", "ACL_FORMAT_ND", (2 * N, 1), 0, (K, 2 * N))),
    p("transposed x", 0, "ContiguousCheck: a transposed x", x=T((M, K), "ACL_FLOAT16", "ACL_FORMAT_ND", (1, M), 0,
                                                                 (K, M))),
    p("transposed x on Ascend950", 161002, "CheckContiguous: DAV3510, x not transposed",
      x=T((M, K), "ACL_FLOAT16", "ACL_FORMAT_ND", (1, M), 0, (K, M)), soc="Ascend950"),
    p("transposed scale, weight not", 161002, "AntiQuantScaleAndOffsetContiguousCheck",
      scale=T((K // 32, N), "ACL_FLOAT16", "ACL_FORMAT_ND", (1, K // 32), 0, (N, K // 32)), group=32),
    p("int32 weight", 0, "TensorPreProcess: an INT32 weight is eight INT4 each", w=f((K, N // 8), "INT32")),
    p("3-d int32 weight", 161002, "PackedWeightPreProcess: IsDimSupport(weight, 2..2)",
      w=f((1, K, N // 8), "INT32")),
    p("int32 weight, scale of its own n", 161002, "CheckAntiquantParamShape on the INT4 view: n = 8 * n32",
      w=f((K, N // 8), "INT32"), scale=f((N // 8,), "FLOAT16"), y=f((M, N // 8), "FLOAT16")),
    p("float32 x", 161002, "CheckDtypeValid: x FLOAT16 / BF16", xd="FLOAT", scale=f((N,), "FLOAT16"),
      y=f((M, N), "FLOAT16")),
    p("uint8 weight", 161002, "CheckDtypeValid: weight INT8 / INT4", w=f((K, N), "UINT8")),
    p("float scale", 161002, "CheckDtypeValid: antiquantScale", scale=f((N,), "FLOAT")),
    p("y float", 161002, "CheckDtypeValid: y x's dtype without quantScale", y=f((M, N), "FLOAT")),
    p("y int8 without quantScale", 161002, "CheckDtypeValid", y=f((M, N), "INT8")),
    p("3-d x", 161002, "CheckDimValid: x of 2 dims", x=f((1, M, K), "FLOAT16"), y=f((1, M, N), "FLOAT16")),
    p("scale bf16 with x float16", 161002, "CheckXDtypeValidForNormal: x's dtype", scale=f((N,), "BF16")),
    p("offset bf16, scale float16", 161002, "CheckXDtypeValidForNormal: offset of the scale's dtype",
      offset=f((N,), "BF16")),
    p("int32 offset with float16 scale", 161002, "CheckAntiquantForFixpipe", offset=f((N,), "INT32")),
    p("uint64 scale", 561103, "fixpipe scale: accepted, not computed here", scale=f((N,), "UINT64")),
    p("uint64 scale with bf16 x", 161002, "CheckXYDtypeValidForFixpipe: x FLOAT16", xd="BF16",
      scale=f((N,), "UINT64")),
    p("float16 bias", 0, "CheckBiasDtypeValid: FLOAT16 with x FLOAT16", bias=f((N,), "FLOAT16")),
    p("float bias with x float16", 161002, "CheckBiasDtypeValid", bias=f((N,), "FLOAT")),
    p("float bias with x bf16", 0, "CheckBiasWithXBf16: FLOAT", xd="BF16", bias=f((N,), "FLOAT")),
    p("bf16 bias with x bf16", 161002, "CheckBiasWithXBf16: FLOAT on DAV_2201", xd="BF16", bias=f((N,), "BF16")),
    p("bf16 bias with x bf16 on Ascend950", 0, "CheckBiasWithXBf16: FLOAT or BF16 on DAV_3510", xd="BF16",
      bias=f((N,), "BF16"), soc="Ascend950"),
    p("NCHW scale", 161002, "CheckFormatValid: antiquantScale ND", scale=f((N,), "FLOAT16", "ACL_FORMAT_NCHW")),
    p("NCHW x", 0, "CheckFormatValid: x ReFormat-ed to ND", x=f((M, K), "FLOAT16", "ACL_FORMAT_NCHW")),
    p("3-d bias", 161002, "CheckBiasOptionalDimValid", bias=f((1, 1, N), "FLOAT16")),
    p("3-d scale", 161002, "CheckDimRangeOptionalInputValid", scale=f((1, 1, N), "FLOAT16")),
    p("quantOffset without quantScale", 161002, "CheckQuantScale", qo=f((N,), "FLOAT")),
    p("quantScale, y int8", 561103, "quantScale: accepted, not computed here", qs=f((N,), "UINT64"),
      y=f((M, N), "INT8")),
    p("quantScale float", 161002, "CheckQuantScale: UINT64", qs=f((N,), "FLOAT"), y=f((M, N), "INT8")),
    p("k differs", 161002, "CheckXWeight: x's k", w=f((K + 2, N), "INT8")),
    p("k over 65535", 161002, "CheckXWeightDimValue: k <= 65535 on DAV_2201", x=f((1, 65536), "FLOAT16"),
      w=f((65536, 2), "INT8"), scale=f((2,), "FLOAT16"), y=f((1, 2), "FLOAT16")),
    p("k over 65535 on Ascend950", 0, "CheckXWeightDimValue: no limit on DAV_3510", x=f((1, 65536), "FLOAT16"),
      w=f((65536, 2), "INT8"), scale=f((2,), "FLOAT16"), y=f((1, 2), "FLOAT16"), soc="Ascend950"),
    p("int4 odd n", 161002, "CheckXWeightDimValue: INT4 not transposed, n even", w=f((K, N + 1), "INT4"),
      scale=f((N + 1,), "FLOAT16"), y=f((M, N + 1), "FLOAT16")),
    p("y m differs", 161002, "CheckXWeightY: y's m", y=f((M + 1, N), "FLOAT16")),
    p("group 48", 161002, "CheckAntiquantGroupSize: a multiple of 32", group=48),
    p("group k", 161002, "CheckAntiquantGroupSize: at most k - 1", group=K, scale=f((1, N), "FLOAT16")),
    p("group -32", 161002, "CheckAntiquantGroupSize: >= 0", group=-32),
    p("1-d scale with group", 161002, "CheckAntiquantParamShape: 1-d scale and group 0", group=32),
    p("per-tensor (1,)", 0, "CheckAntiquantParamShape: (1)", scale=f((1,), "FLOAT16")),
    p("per-tensor (1, 1)", 0, "CheckAntiquantParamShape: (1, 1)", scale=f((1, 1), "FLOAT16")),
    p("(2, n) scale without group", 161002, "CheckAntiquantParamShape: k 1 without group", scale=f((2, N), "FLOAT16")),
    p("group scale rows", 161002, "CheckAntiquantParamShape: ceil(k / g) rows", group=32,
      scale=f((K // 32 + 1, N), "FLOAT16")),
    p("offset shape", 161002, "CheckAntiquantParamShape: offset as scale", offset=f((1, N), "FLOAT16")),
    p("bias (0,)", 0, "CheckBiasShape: (0) allowed", bias=f((0,), "FLOAT16")),
    p("bias (2, n)", 161002, "CheckBiasShape: (1, n)", bias=f((2, N), "FLOAT16")),
    p("NZ weight", 0, "a FRACTAL_NZ weight passes the checks on DAV_2201",
      w=f((K, N), "INT8", "ACL_FORMAT_FRACTAL_NZ")),
]

# What ascendops does differently from CANN's source (docs/fidelity.md).
DEVIATIONS = {
    "NZ weight": (561103, "a FRACTAL_NZ weight is not computed: read as stored it would give another product"),
}
