"""aclnnWeightQuantBatchMatmulV2(x, weight, antiquantScale, antiquantOffsetOptional,
quantScaleOptional, quantOffsetOptional, biasOptional, antiquantGroupSize, y): the product
of x (m, k) and a weight (k, n) quantised to INT8 or INT4,

  y = x @ ((weight + antiquantOffset) * antiquantScale) + bias,

the scales (and offsets) per tensor ((1,), (1, 1)), per output channel ((n,), (1, n)) or,
with antiquantGroupSize g > 0, per group of g rows of the weight ((ceil(k / g), n)).
INT4 weights are packed two per byte (element 2i in the low nibble of byte i: CANN's
ACL_INT4, as llama.cpp's CANN backend packs Q4_0). x and the weight may be transposed
views (their last two dims' strides swapped), the scales and offsets then too.

CANN (hicann/ops-nn@e5c3fa93 matmul/weight_quant_batch_matmul_v2/op_host/op_api/
aclnn_weight_quant_batch_matmul_v2.cpp, aclnnWeightQuantBatchMatmulV2GetWorkspaceSize and
AclnnWeightQuantBatchMatmulGetWorkspaceSizeCommonProcess), in order: CheckSocValid
(DAV_2201, DAV_3510, DAV_2002; else 361001); CheckNotNull (x, weight, antiquantScale, y:
161001); CheckOptionalNotNull (quantScale / quantOffset on Ascend310P and DAV_3510:
161001); CheckWeightFormat (ND on DAV_3510); ContiguousCheck (x and weight contiguous or
transposed, the scale and offset as the weight (AntiQuantScaleAndOffsetContiguousCheck),
y contiguous); OptionalContiguousCheck (quantScale, quantOffset, bias contiguous);
TensorPreProcess (an INT32 weight of 2 dims is read as eight INT4 per element, the packed
dim eight times as long; a FLOAT one on DAV_3510 holds FLOAT4_E2M1: not computed, 561103);
CheckParams: CheckDtypeValid (x FLOAT16 / BF16; weight INT8 / INT4; antiquantScale
FLOAT16 / BF16 / UINT64 / INT64 on DAV_2201; y FLOAT16 / BF16 / INT8; y INT8 with a
quantScale, else x's dtype; the lists of DAV_3510 and DAV_2002), CheckDimValid (x, weight,
y of 2 dims; 2..6 on Ascend310P), CheckScaleDtypeValid (an INT32 offset with a UINT64 /
INT64 scale only; the fixpipe scale with x FLOAT16, weight INT8, y FLOAT16; else the
scale of x's dtype and the offset of the scale's), CheckBiasDtypeValid (FLOAT16 with x
FLOAT16; with x BF16 FLOAT, or BF16 too on DAV_3510), CheckFormatValid (x ND after
ReFormat, weight ND / FRACTAL_NZ, antiquantScale ND, bias not FRACTAL_NZ),
CheckBiasOptionalDimValid (1..2 dims), CheckOptionalFormatValid, CheckDimRangeOptional-
InputValid (scale, offset, quantScale, quantOffset of 1..2 dims), CheckQuantScale (no
quantOffset without quantScale; quantScale UINT64 / INT64), CheckXWeight (x's k the
weight's; m, k, n >= 1; k, n and a transposed x's m at most 65535 on DAV_2201 and
DAV_2002; INT4: an even k where the weight is transposed, else an even n), CheckXWeightY
(y (m, n)), CheckAntiquantGroupSize (0, or a multiple of 32 in [32, k - 1]),
CheckAntiquantParamShape (the shapes above), CheckQuantParamShape, CheckBiasShape ((n,),
(1, n) or (0,)), the FRACTAL_NZ weight's checks (CheckValForWeightInt4Nz); CheckContiguous
(DAV_3510: x not transposed). Every failure of CheckParams and the contiguity checks is
161002.

ascendops computes x FLOAT16 / BFLOAT16 with INT8 / INT4 ND weights, scales and offsets
of x's dtype, a bias of FLOAT16 / BFLOAT16 / FLOAT: each weight element dequantised as
CANN's antiquant does it (w + offset rounded to x's dtype, times the scale rounded
again: the op's kernel golden, tests/assets/wqbmmv2_kernel_golden.py), the product's
sums in float32, the bias added in float32, y rounded once. Not computed (561103, the
message says so): quantScale / quantOffset (y INT8), the fixpipe UINT64 / INT64 scales,
a FRACTAL_NZ weight, FLOAT8 / FLOAT4 weights (DAV_3510), the batch dims Ascend310P
accepts.
Kernel: QuantMatmulOp, src/quant_matmul.c (the weight dequantised in the ISA region's
vectors: for m <= 8 with the weight's k contiguous, column by column multiplied with x in
registers; otherwise panel by panel of columns, each panel multiplied on ao_gemm)."""
import numpy as np

from ascendops._core import as_dtype
from ascendops.ops import (CannSource, Checks, Input, Int32, NotNull, Output, QuantMatmulOp, Require,
                           matmul_arch, packed_int4_view, register)

SOURCE = CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
                    "matmul/weight_quant_batch_matmul_v2/op_host/op_api/aclnn_weight_quant_batch_matmul_v2.cpp")
RUNTIME_ERROR = 361001          # ACLNN_ERR_RUNTIME_ERROR
NOT_COMPUTED = 561103           # ACLNN_ERR_INNER_NULLPTR: accepted by CANN, not computed here
ARCHS = ("DAV_2201", "DAV_3510", "DAV_2002")
# the dtype lists per NpuArch (Get*DtypeSupportList)
X_DTYPES = {"DAV_2201": ("float16", "bfloat16"), "DAV_3510": ("float16", "bfloat16"), "DAV_2002": ("float16",)}
WEIGHT_DTYPES = {"DAV_2201": ("int8", "int4"),
                 "DAV_3510": ("int8", "int4", "float8_e4m3fn", "hifloat8", "float4_e2m1"),
                 "DAV_2002": ("int8",)}
SCALE_DTYPES = {"DAV_2201": ("float16", "bfloat16", "uint64", "int64"),
                "DAV_3510": ("float16", "bfloat16", "float8_e8m0"), "DAV_2002": ("float16",)}
Y_DTYPES = {"DAV_2201": ("float16", "bfloat16", "int8"), "DAV_3510": ("float16", "bfloat16"),
            "DAV_2002": ("float16",)}
MKN_MAX = 65535
GROUP_MIN = 32


def _arch(ctx):
    return matmul_arch(ctx.soc)


def _is_310p(ctx):
    return ctx.soc.name == "Ascend310P"


def _is_transposed(t):
    """IsTransposeLastTwoDims (matmul_util.cpp): 2..6 dims, the last two's strides (1, rows),
    the batch dims contiguous over them, not (1, 1)."""
    shape, st = t.shape, t.stride()
    nd = len(shape)
    if nd < 2 or nd > 6:
        return False
    if st[nd - 2] != 1 or st[nd - 1] != shape[nd - 2]:
        return False
    acc = shape[nd - 1] * shape[nd - 2]
    for d in range(nd - 3, -1, -1):
        if st[d] != acc:
            return False
        acc *= shape[d]
    return not (shape[nd - 1] == 1 and shape[nd - 2] == 1)


def _is_trans_2d(t):
    """IsTransLastTwoDims (this file's): 2 dims, strides (1, rows) ((1, 1) included)."""
    shape, st = t.shape, t.stride()
    return len(shape) == 2 and st[0] == 1 and st[1] == shape[0]


def _fmt(t):
    from ascendops import Format
    return Format(t.format).name


def _names(dtypes):
    return ", ".join(as_dtype(d).log_name for d in dtypes)


def _soc_valid(ctx):
    if _arch(ctx) not in ARCHS:
        return "support for %s is not implemented" % ctx.soc.name


def _optional_not_null(ctx):
    if (_is_310p(ctx) or _arch(ctx) == "DAV_3510") and (ctx.values["quantScaleOptional"] is not None
                                                        or ctx.values["quantOffsetOptional"] is not None):
        return "Current Soc do not support quantScaleOptional or quantOffsetOptional"


def _weight_format(ctx):
    if _arch(ctx) == "DAV_3510" and _fmt(ctx.tensor("weight")) != "ND":
        return "weight's format should be FORMAT_ND, actual is %s" % _fmt(ctx.tensor("weight"))


def _contiguous(ctx):
    """ContiguousCheck."""
    x, w, s, o, y = (ctx.tensor("x"), ctx.tensor("weight"), ctx.tensor("antiquantScale"),
                     ctx.values["antiquantOffsetOptional"], ctx.tensor("y"))
    if not (_is_transposed(x) or x.is_contiguous()):
        return "only support x tensor is contiguous or transpose last two dims."
    tw = _is_transposed(w)
    if not (tw or w.is_contiguous()):
        return "only support weight tensor is contiguous or transpose last two dims."
    if _fmt(w) == "FRACTAL_NZ" and _is_310p(ctx):
        if not s.is_contiguous() or (o is not None and not o.is_contiguous()):
            return "only support antiquantScale and antiquantOffsetOptional tensors contiguous."
    elif _arch(ctx) == "DAV_3510":
        for name, t in (("antiquantScale", s), ("antiquantOffsetOptional", o)):
            if t is not None and len(t.shape) == 2 and t.shape != (1, 1) and \
                    not ((tw and _is_trans_2d(t)) or (not tw and t.is_contiguous())):
                return "The value of %s must be consistent with weight (contiguous or transposed)" % name
    else:
        if not (tw or s.is_contiguous()):
            return "only support antiquantScale tensor is contiguous or transpose last two dims."
        if o is not None and not (tw or o.is_contiguous()):
            return "only support antiquantOffsetOptional tensor is contiguous or transpose last two dims."
    if not y.is_contiguous():
        return "The value of y must be contiguous"


def _optional_contiguous(ctx):
    for name in ("quantScaleOptional", "quantOffsetOptional", "biasOptional"):
        t = ctx.values[name]
        if t is not None and not t.is_contiguous():
            return "only support %s tensor is contiguous." % name


def _packed_weight(ctx):
    """TensorPreProcess / PackedWeightPreProcess: an INT32 weight (DAV_3510: FLOAT too) of 2
    dims holds eight INT4 (FLOAT4_E2M1) per element; the steps after this one read the INT4
    weight (packed_int4_view)."""
    w = ctx.tensor("weight")
    if w.dtype.name == "int32" or (_arch(ctx) == "DAV_3510" and w.dtype.name == "float32"):
        if len(w.shape) != 2:
            return "The shape dim of weight must be 2D, actual is %d" % len(w.shape)
        if w.dtype.name == "int32":
            ctx.values["weight"] = packed_int4_view(w)


def _packed_fp4(ctx):
    """An FLOAT weight (FLOAT4_E2M1 values) on DAV_3510: accepted by CANN, not computed here."""
    w = ctx.tensor("weight")
    if _arch(ctx) == "DAV_3510" and w.dtype.name == "float32":
        return "a FLOAT weight of FLOAT4_E2M1 values is accepted by CANN but not computed by ascendops"


def _dtype_valid(ctx):
    """CheckDtypeValid."""
    arch = _arch(ctx)
    for name, table in (("x", X_DTYPES), ("weight", WEIGHT_DTYPES), ("antiquantScale", SCALE_DTYPES),
                        ("y", Y_DTYPES)):
        t = ctx.tensor(name)
        if t.dtype.name not in table[arch]:
            return "Tensor %s not implemented for %s, should be in dtype support list [%s]." % (
                name, t.dtype.log_name, _names(table[arch]))
    x, y, qs = ctx.tensor("x"), ctx.tensor("y"), ctx.values["quantScaleOptional"]
    if qs is not None and y.dtype.name != "int8":
        return "when quantScaleOptional is not null, y's dtype should be [DT_INT8], actual is [%s]." % y.dtype.log_name
    if qs is None and y.dtype is not x.dtype:
        return ("when quantScaleOptional is null, y's dtype should be same as x [%s], actual is [%s]."
                % (x.dtype.log_name, y.dtype.log_name))


def _dim_valid(ctx):
    """CheckDimValid."""
    hi = 6 if _is_310p(ctx) else 2
    for name in ("x", "weight", "y"):
        nd = len(ctx.tensor(name).shape)
        if nd < 2 or nd > hi:
            return "%s's dim should be in range [2, %d]. actual is [%d]." % (name, hi, nd)


def _scale_dtype_valid(ctx):
    """CheckScaleDtypeValid: CheckAntiquantForFixpipe, CheckXYDtypeValidForFixpipe or
    CheckXDtypeValidForNormal."""
    x, w, s, o, y = (ctx.tensor("x"), ctx.tensor("weight"), ctx.tensor("antiquantScale"),
                     ctx.values["antiquantOffsetOptional"], ctx.tensor("y"))
    fixpipe = s.dtype.name in ("uint64", "int64")
    if o is not None and o.dtype.name == "int32":
        if _arch(ctx) == "DAV_3510":
            return "The dtype of antiquantOffsetOptional must be FLOAT16 or BF16"
        if not fixpipe:
            return ("antiquantScale's dtype must be DT_UINT64 or DT_INT64 when antiquantOffset's dtype is DT_INT32, "
                    "actual antiquantScale's dtype is [%s]." % s.dtype.log_name)
    if fixpipe:
        if x.dtype.name != "float16":
            return "x's dtype must be DT_FLOAT16 when antiquantScale's dtype is DT_UINT64/DT_INT64."
        if w.dtype.name != "int8":
            return "weight's dtype must be DT_INT8 when antiquantScale's dtype is DT_UINT64/DT_INT64."
        if o is not None and o.dtype.name != "int32":
            return "antiquantOffset's dtype must be DT_INT32 when antiquantScale's dtype is DT_UINT64/DT_INT64."
        if y.dtype.name != "float16":
            return "y's dtype should be [DT_FLOAT16] when antiquantScale's dtype is [DT_UINT64/DT_INT64]."
        return None
    if s.dtype.name != "float8_e8m0" and x.dtype is not s.dtype:
        return ("x's dtype must be same as antiquantScale's dtype, actual x's dtype is [%s], antiquantScale's "
                "dtype is [%s]." % (x.dtype.log_name, s.dtype.log_name))
    if _arch(ctx) == "DAV_3510" and o is not None and \
            w.dtype.name in ("float4_e2m1", "float8_e4m3fn", "hifloat8", "float32"):
        return ("When the weight dtype is FP32/FP4_E2M1/FP8_E4M3/HIFLOAT8, the value of antiquantOffsetOptional "
                "must be null")
    if o is not None and o.dtype is not s.dtype:
        return ("antiquantOffsetOptional's dtype must be same as antiquantScale's dtype, actual "
                "antiquantOffsetOptional's dtype is [%s], antiquantScale's dtype is [%s]."
                % (o.dtype.log_name, s.dtype.log_name))


def _bias_dtype_valid(ctx):
    """CheckBiasDtypeValid, CheckBiasWithXBf16."""
    x, w, b = ctx.tensor("x"), ctx.tensor("weight"), ctx.values["biasOptional"]
    if b is None:
        return None
    if x.dtype.name == "float16" and b.dtype.name != "float16":
        return ("When x dtype is [DF_FLOAT16], biasOptional's dtype should be [DT_FLOAT16], actual is [%s]."
                % b.dtype.log_name)
    if x.dtype.name == "bfloat16":
        if _arch(ctx) == "DAV_3510":
            if w.dtype.name in ("float4_e2m1", "float8_e4m3fn", "hifloat8"):
                ok = ("bfloat16",)
            elif w.dtype.name == "int8" and _fmt(w) == "FRACTAL_NZ":
                ok = ("float32",)
            else:
                ok = ("bfloat16", "float32")
        else:
            ok = ("float32",)
        if b.dtype.name not in ok:
            return "biasOptional's dtype should be [%s], actual is [%s]." % (_names(ok), b.dtype.log_name)


def _format_valid(ctx):
    """CheckFormatValid (x and bias ReFormat-ed to ND unless FRACTAL_NZ)."""
    x, w, s, b = ctx.tensor("x"), ctx.tensor("weight"), ctx.tensor("antiquantScale"), ctx.values["biasOptional"]
    if _fmt(x) == "FRACTAL_NZ":
        return "x's format should be ND. actual is [FRACTAL_NZ]."
    if _fmt(s) != "ND":
        return "antiquantScale's format should be ND. actual is [%s]." % _fmt(s)
    if b is not None and _fmt(b) == "FRACTAL_NZ":
        return "biasOptional's format should be ND. actual is [FRACTAL_NZ]."


def _bias_dim_valid(ctx):
    b = ctx.values["biasOptional"]
    hi = 6 if _is_310p(ctx) else 2
    if b is not None and not 1 <= len(b.shape) <= hi:
        return "biasOptional's dim should be in range [1, %d]. actual is [%d]." % (hi, len(b.shape))


def _optional_format_valid(ctx):
    for name in ("antiquantOffsetOptional", "quantScaleOptional", "quantOffsetOptional"):
        t = ctx.values[name]
        if t is not None and _fmt(t) != "ND":
            return "%s's format should be ND. actual is [%s]." % (name, _fmt(t))


def _optional_dims(ctx):
    for name in ("antiquantScale", "antiquantOffsetOptional", "quantScaleOptional", "quantOffsetOptional"):
        t = ctx.values[name]
        if t is not None and not 1 <= len(t.shape) <= 2:
            return "%s's dim should be in range [1, 2]. actual is [%d]." % (name, len(t.shape))


def _quant_scale(ctx):
    qs, qo = ctx.values["quantScaleOptional"], ctx.values["quantOffsetOptional"]
    if qs is None and qo is not None:
        return "The sence quantScaleOptional is null and quantOffsetOptional is't null can't support."
    if qs is not None and qs.dtype.name not in ("uint64", "int64"):       # INT64 read as UINT64
        return "The type of quantScaleOptional only supports [UINT64], actual is [%s]." % qs.dtype.log_name


def _weight_nk(ctx):
    """Ascend310P's FRACTAL_NZ weight is given (n, k) (GetWeightK / GetWeightN)."""
    return _is_310p(ctx) and _fmt(ctx.tensor("weight")) == "FRACTAL_NZ"


def _kn(ctx):
    w = ctx.tensor("weight")
    return (w.shape[-1], w.shape[-2]) if _weight_nk(ctx) else (w.shape[-2], w.shape[-1])


def _transpose_weight(ctx):
    """transposeWeight: Ascend310P's FRACTAL_NZ weight always, else IsTransposeLastTwoDims."""
    return _weight_nk(ctx) or _is_transposed(ctx.tensor("weight"))


def _x_weight(ctx):
    """CheckXWeight, CheckXWeightDimValue, CheckXWeightY."""
    x, w, y = ctx.tensor("x"), ctx.tensor("weight"), ctx.tensor("y")
    kx, mx = x.shape[-1], x.shape[-2]
    kw, nw = _kn(ctx)
    if kx != kw:
        return "x's k and weight's k should be equal, actual x'k is %d, weight's k is %d." % (kx, kw)
    if kx < 1 or mx < 1 or nw < 1:
        return "m,k,n shouldn't be smaller than 1, actual m is %d, k is %d, n is %d." % (mx, kx, nw)
    if not _is_310p(ctx) and _arch(ctx) != "DAV_3510" and \
            (kx > MKN_MAX or nw > MKN_MAX or (_is_transposed(x) and mx > MKN_MAX)):
        return ("k,n shouldn't be larger than %d, actual k is %d, n is %d. When x is transposed, m shouldn't be "
                "larger than %d, actual m is %d." % (MKN_MAX, kx, nw, MKN_MAX, mx))
    if w.dtype.name == "int4":
        if _transpose_weight(ctx) and kw % 2:
            return "In the int4 scenario, if weight is transposed, k[%d] should be an even number." % kw
        if not _transpose_weight(ctx) and nw % 2:
            return "In the int4 scenario, if weight is not transposed, n[%d] should be an even number " % nw
    if y.shape[-2] != mx:
        return "y's m and x's m should be equal, actual y's m is %d, x's m is %d." % (y.shape[-2], mx)
    if y.shape[-1] != nw:
        return "y's n and weight's n should be equal, actual y's n is %d, weight's n is %d." % (y.shape[-1], nw)


def _group_size(ctx):
    """CheckAntiquantGroupSize."""
    g = ctx.values["antiquantGroupSize"]
    if g == 0:
        return None
    if g < 0:
        return "cannot support group_size[%d] less than 0." % g
    if g % GROUP_MIN:
        return "antiquantGroupSize should be an integer multiple of 32, actual is %d." % g
    k = ctx.tensor("x").shape[-1]
    if g + 1 > k:
        return ("antiquantGroupSize should not be greater than k-1, which is %d.actual antiquantGroupSize is %d."
                % (k - 1, g))


def _antiquant_shape(ctx):
    """CheckAntiquantParamShape (the (n, k) weight of Ascend310P's FRACTAL_NZ aside)."""
    s, o, g = ctx.tensor("antiquantScale"), ctx.values["antiquantOffsetOptional"], ctx.values["antiquantGroupSize"]
    kw, nw = _kn(ctx)
    sh = s.shape
    if len(sh) == 2 and _weight_nk(ctx):       # Ascend310P's (n, k) weight: scales (n, groups)
        sh = (sh[1], sh[0])
    if len(sh) == 1 and (g > 0 or sh[0] not in (1, nw)):
        return ("antiquantScale shape must be [1] or [%d] and group size is 0 when the size is 1, but it is %r and "
                "group size is [%d]" % (nw, list(sh), g))
    if len(sh) == 2:
        if g == 0 and (sh[0] != 1 or sh[1] not in (nw, 1)):
            return ("antiquantScale shape must be [1, %d] or [1, 1]when the size is 2 and without group size, but "
                    "it is %r" % (nw, list(sh)))
        if g > 0 and (sh[0] != -(-kw // g) or sh[1] != nw):
            return ("antiquantScale shape must be [%d, %d] when the size is 2 and with group size, but it is %r"
                    % (-(-kw // g), nw, list(sh)))
    if o is not None and o.shape != s.shape:
        return ("The ViewShape of antiquant offset must same with scale when it is not null, but they are %r and %r"
                % (list(o.shape), list(sh)))


def _quant_bias_shape(ctx):
    """CheckQuantParamShape, CheckBiasShape."""
    qs, qo, b = ctx.values["quantScaleOptional"], ctx.values["quantOffsetOptional"], ctx.values["biasOptional"]
    nw = _kn(ctx)[1]
    if qs is not None:
        if len(qs.shape) == 1 and qs.shape[0] not in (0, 1, nw):
            return "when quantScaleOptional's shape size is 1, it's shape should be [0], [1] or [%d]" % nw
        if len(qs.shape) == 2 and (qs.shape[0] != 1 or qs.shape[1] != nw):
            return "when quantScaleOptional's shape size is 2, it's shape should be [1, %d]" % nw
        if qo is not None and qo.shape != qs.shape:
            return "expected tensor for quantOffsetOptional to have same size as tensor for quantScaleOptional"
    if b is not None:
        if len(b.shape) == 1 and b.shape[0] not in (0, nw):
            return "when bias's shape size is 1, it's shape should be [0], or [%d], actual is %r." % (nw, list(b.shape))
        if len(b.shape) == 2 and (b.shape[0] != 1 or b.shape[1] != nw):
            return "when bias's shape size is 2, it's shape should be [1, %d], actual is %r." % (nw, list(b.shape))


def _int4_nz(ctx):
    """CheckValForWeightInt4Nz (an INT4 FRACTAL_NZ weight), AdvancedQuantParamsNullCheck-
    ForWeightInt4Nz."""
    x, w, s, g = ctx.tensor("x"), ctx.tensor("weight"), ctx.tensor("antiquantScale"), ctx.values["antiquantGroupSize"]
    if w.dtype.name != "int4" or _fmt(w) != "FRACTAL_NZ":
        return None
    if ctx.values["quantScaleOptional"] is not None or ctx.values["quantOffsetOptional"] is not None:
        return "When the dtype of weight is INT4 and the format of weight is FRACTAL_NZ, the dtype of y can not be INT8"
    tw = _is_transposed(w)
    kw, nw = _kn(ctx)
    if g > 0:
        if _is_transposed(x) or tw:
            return "int4 FRACTAL_NZ per-group: x and weight should not be transposed"
        if g not in (64, 128) and _arch(ctx) != "DAV_3510":
            return "int4 FRACTAL_NZ: antiquantGroupSize should be 128 or 64, but actual antiquantGroupSize is [%d]." % g
        if _arch(ctx) != "DAV_3510" and (kw % g or nw % 64):
            return "int4 FRACTAL_NZ per-group: k a multiple of antiquantGroupSize, n a multiple of 64"
    else:
        if s.numel == 1:
            return "when weight's dtype is [int4], weight's format is [FRACTAL_NZ], antiquant mode should not be " \
                   "per-tensor."
        if not tw and _arch(ctx) != "DAV_3510":
            return "int4 FRACTAL_NZ per-channel: weight should be transposed."


def _fp8_weight(ctx):
    """CheckValForWeightFp8Hif8: FLOAT8_E4M3FN / HIFLOAT8 weights per channel only."""
    w, s, g = ctx.tensor("weight"), ctx.tensor("antiquantScale"), ctx.values["antiquantGroupSize"]
    if w.dtype.name not in ("float8_e4m3fn", "hifloat8"):
        return None
    if s.dtype.name == "float8_e8m0":
        return "When the dtype of weight is FP8_E4M3FN or HIFLOAT8, MX mode is not supported"
    if g > 0:
        return "When the dtype of weight is FP8_E4M3FN or HIFLOAT8, antiquantGroupSize must be 0"
    if s.numel == 1 and _kn(ctx)[1] != 1:
        return "When the dtype of weight is FP8_E4M3FN or HIFLOAT8, pertensor is not supported"


def _x_not_transposed(ctx):
    """CheckContiguous on DAV_3510: x contiguous, not transposed."""
    x = ctx.tensor("x")
    if _arch(ctx) == "DAV_3510" and (_is_transposed(x) or not x.is_contiguous()):
        return "On DAV3510, the value of x can not be transposed and the value of x must be contiguous"


CHECKS = Checks(
    SOURCE,
    # (it reads the SoC alone; it names the group size, an attribute null never reaches
    # here, so that it runs first on a call with a null tensor too)
    ("CheckSocValid", Require(_soc_valid, "NpuArch DAV_2201, DAV_3510 or DAV_2002", status=RUNTIME_ERROR,
                              names=("antiquantGroupSize",))),
    ("CheckNotNull", NotNull("x", "weight", "antiquantScale", "y")),
    ("CheckOptionalNotNull",
     Require(_optional_not_null, "no quantScale / quantOffset on Ascend310P and DAV_3510", status=161001,
             names=("x",))),
    ("CheckWeightFormat", Require(_weight_format, "weight ND on DAV_3510", names=("weight",))),
    ("ContiguousCheck", Require(_contiguous, "x, weight (and scale, offset) contiguous or transposed; y contiguous",
                                names=("x", "weight", "antiquantScale", "y"))),
    ("OptionalContiguousCheck", Require(_optional_contiguous, "quantScale, quantOffset, bias contiguous",
                                        names=("x",))),
    ("TensorPreProcess", Require(_packed_weight, "an INT32 weight of 2 dims, read as INT4", names=("weight",)),
     Require(_packed_fp4, "a FLOAT4_E2M1 weight is not computed", status=NOT_COMPUTED, names=("weight",))),
    ("CheckDtypeValid", Require(_dtype_valid, "x, weight, antiquantScale, y dtypes per NpuArch; y's by quantScale",
                                names=("x", "weight", "antiquantScale", "y"))),
    ("CheckDimValid", Require(_dim_valid, "x, weight, y of 2 dims (2..6 on Ascend310P)", names=("x", "weight", "y"))),
    ("CheckScaleDtypeValid", Require(_scale_dtype_valid, "scale of x's dtype, offset of the scale's (or fixpipe)",
                                     names=("x", "weight", "antiquantScale", "y"))),
    ("CheckBiasDtypeValid", Require(_bias_dtype_valid, "bias FLOAT16 with x FLOAT16, FLOAT (BF16) with x BF16",
                                    names=("x", "weight"))),
    ("CheckFormatValid", Require(_format_valid, "x, antiquantScale ND; bias not FRACTAL_NZ",
                                 names=("x", "weight", "antiquantScale"))),
    ("CheckBiasOptionalDimValid", Require(_bias_dim_valid, "bias of 1..2 dims", names=("x",))),
    ("CheckOptionalFormatValid", Require(_optional_format_valid, "offset, quantScale, quantOffset ND", names=("x",))),
    ("CheckDimRangeOptionalInputValid", Require(_optional_dims, "scale, offset, quantScale, quantOffset of 1..2 dims",
                                                names=("antiquantScale",))),
    ("CheckQuantScale", Require(_quant_scale, "quantOffset needs quantScale; quantScale UINT64", names=("x",))),
    ("CheckXWeight, CheckXWeightY", Require(_x_weight, "k agrees, m, k, n >= 1 (<= 65535), INT4 parity, y (m, n)",
                                            names=("x", "weight", "y"))),
    ("CheckAntiquantGroupSize", Require(_group_size, "0 or a multiple of 32 in [32, k - 1]",
                                        names=("x", "antiquantGroupSize"))),
    ("CheckAntiquantParamShape", Require(_antiquant_shape, "scale (1,), (n,), (1, n), (1, 1) or (ceil(k / g), n)",
                                         names=("weight", "antiquantScale", "antiquantGroupSize"))),
    ("CheckQuantParamShape, CheckBiasShape", Require(_quant_bias_shape, "quantScale, bias (n,) or (1, n)",
                                                     names=("weight",))),
    ("CheckValForWeightInt4Nz", Require(_int4_nz, "an INT4 FRACTAL_NZ weight's rules",
                                        names=("x", "weight", "antiquantScale", "antiquantGroupSize"))),
    ("CheckValForWeightFp8Hif8", Require(_fp8_weight, "FLOAT8 weights per channel only",
                                         names=("weight", "antiquantScale", "antiquantGroupSize"))),
    ("CheckContiguous", Require(_x_not_transposed, "x not transposed on DAV_3510", names=("x",))),
)


def _round(a, dtype):
    import ml_dtypes
    np_dt = {"float16": np.float16, "bfloat16": ml_dtypes.bfloat16}[dtype]
    with np.errstate(over="ignore", invalid="ignore"):
        return np.asarray(a, dtype=np.float64).astype(np_dt).astype(np.float64)


def dequantise(weight, scale, offset=None, group_size=0, inter="float16"):
    """numpy float64 of the weight (k, n) as CANN's antiquant makes it: (w + offset) and
    then its product by the scale each rounded to `inter` (x's dtype); the scales per
    tensor, per column or per group of group_size rows."""
    w = np.asarray(weight, dtype=np.float64)
    k, n = w.shape

    def rows(t):
        t = np.asarray(t, dtype=np.float64)
        t = t.reshape(-1, t.shape[-1]) if t.ndim == 2 else t.reshape(1, -1)
        t = np.broadcast_to(t, (t.shape[0], n))
        return np.repeat(t, group_size, axis=0)[:k] if group_size > 0 else np.broadcast_to(t[:1], (k, n))
    if offset is not None:
        w = _round(w + _round(rows(offset), inter), inter)
    return _round(w * rows(scale), inter)


def reference(x, weight, scale, offset=None, quant_scale=None, quant_offset=None, bias=None, group_size=0):
    """numpy float64: x @ dequantise(weight) + bias (the dequantised weight rounded to x's
    dtype step by step; the product's and the bias' sum exact)."""
    x = np.asarray(x)
    inter = "bfloat16" if x.dtype.name == "bfloat16" else "float16"
    out = np.asarray(x, dtype=np.float64) @ dequantise(weight, scale, offset, group_size, inter)
    if bias is not None and np.asarray(bias).size:
        out = out + np.asarray(bias, dtype=np.float64).reshape(-1)
    return out


WEIGHT_QUANT_BATCH_MATMUL_V2 = register(QuantMatmulOp(
    name="WeightQuantBatchMatmulV2", snake="weight_quant_batch_matmul_v2",
    params=(Input("x"), Input("weight"), Input("antiquantScale"), Input("antiquantOffsetOptional", optional=True),
            Input("quantScaleOptional", optional=True), Input("quantOffsetOptional", optional=True),
            Input("biasOptional", optional=True), Int32("antiquantGroupSize", 0), Output("y", const=True)),
    dtypes=("float16", "bfloat16"),
    roles={"x": "x", "weight": "weight", "scale": "antiquantScale", "offset": "antiquantOffsetOptional",
           "bias": "biasOptional", "y": "y", "group": "antiquantGroupSize"},
    not_computed=(("quantScaleOptional", None), ("quantOffsetOptional", None)),
    min_rank=1, max_rank=6, checks=CHECKS,
    info={"reference": reference, "sized": True},
    doc=__doc__,
))
