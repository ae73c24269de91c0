"""aclnnFusedInferAttentionScoreV2(query, key, value, pseShiftOptional, attenMaskOptional,
..., numHeads, scaleValue, preTokens, nextTokens, inputLayout, numKeyValueHeads,
sparseMode, innerPrecise, blockSize, antiquantMode, softmaxLseFlag, keyAntiquantMode,
valueAntiquantMode, attentionOut, softmaxLse): fused inference attention,

  attentionOut[b, n, i] = sum_j softmax_j(scaleValue * q[b, n, i] . k[b, g(n), j] + pse[b, n, i, j]) v[b, g(n), j]

with g(n) = n / (numHeads / numKeyValueHeads) (grouped-query attention; numKeyValueHeads 0
is numHeads), (batch, head, sequence, head dim) laid out by inputLayout (BSH, BSND, BNSD),
key and value lists of one tensor each, pse of shape (B or 1, N, >= Sq, >= Skv) (its
leading (Sq, Skv) block read).

CANN (hicann/ops-transformer@c29bc106 attention/fused_infer_attention_score/op_host/
op_api/aclnn_fused_infer_attention_score_v2.cpp): the op_api itself checks nothing; it
reads key[0] and value[0] (TensorPreProcess: INT32 key/value lists become INT4), swaps a
softmaxLse for a placeholder where softmaxLseFlag is false
(FusedInferAttentionScoreProcessSoftmaxLse) and calls the generated
aclnnInnerFusedInferAttentionScoreGetWorkspaceSize (null required tensors: 161001), whose
tiling runs FiaTilingCheck (op_host/fused_infer_attention_score_tiling_check*.cpp: a
failure is ACLNN_ERR_INNER_TILING_ERROR, 561002). Transcribed, in order: CheckSinglePara
(query dtype FLOAT16 / BF16 / INT8, 3 or 4 dims, format ND / NCHW / NHWC / NCDHW, not
empty; key, value dtype FLOAT16 / BF16 / INT8 / INT4 and format; pseShift FLOAT16 / BF16;
attenMask BOOL / INT8 / UINT8 and format; the quantisation tensors' dtypes;
attentionOut FLOAT16 / BF16 / INT8; softmaxLse FLOAT (flag set); inputLayout in BSH,
BSND, BNSD, TND, BSH_NBSD, BSND_NBSD, BNSD_NBSD, TND_NTD, NTD_TND; innerPrecise 0..3;
antiquantMode 0 / 1; key/valueAntiquantMode 0..5); CheckParaExistence
(CheckDtypeAndSetQuantFlagGqa: (query, key) dtypes (FLOAT16, FLOAT16), (BF16, BF16), an
antiquant or a full-quant pair; CheckParaExistenceGqaNoquant: no quantisation tensor,
antiquant modes 0); CheckMultiParaConsistency's CheckKVDType (value's dtype key's). Left
out: the MLA (rope) and quantised paths' existence and feature checks, and the other
consistency checks beyond the shape agreement the plan checks (query / key / value heads,
batch, sequence and head dims, out's shape, pse's and the mask's shapes: 561002).

ascendops computes FLOAT16 and BFLOAT16 query / key / value / pse (sums and softmax in
float32, the max subtracted; out rounded once), every innerPrecise alike; a row whose
every score is -inf writes zeros (CANN's row-invalid correction, innerPrecise 2 / 3). The
attention mask (BOOL / INT8 / UINT8, nonzero: the key is left out) and sparseMode
(docs/aclnnFusedInferAttentionScoreV2.md; 0..4, a mask needed for 1..4, else 561002):
0 the mask of shape (Sq, Skv), (B or 1, Sq, Skv), (B or 1, 1, Sq, Skv) (Sq 1: (B, Skv)
too), with more than one query also the keys j - i in [-preTokens, nextTokens]; 1 the
mask alone; 2 leftUpCausal (j <= i); 3 rightDownCausal (j - i <= Skv - Sq); 4 the band
[Skv - Sq - preTokens, Skv - Sq + nextTokens]; modes 2..4 take CANN's (2048, 2048)
lower-triangle mask and compute its rule (its elements are not read).
actualSeqLengthsKv (one value for every batch, or at least B values, each in [0, Skv],
else 561002): batch b reads its first actualSeqLengthsKv[b] keys.
Deviations (561103, the message says so): actualSeqLengths (the query's), actualSeqLengthsKv
with sparseMode 3 / 4, the quantisation and
antiquantisation tensors and modes, a block table (paged KV), padding sizes, shared
prefixes, softmaxLseFlag true, the TND / NTD and *_NBSD layouts, key / value lists of
more than one tensor. A fully masked row is zeros on every innerPrecise. softmaxLse is
never written (softmaxLseFlag false swaps it for a placeholder): the numpy-like call
returns (attentionOut, an empty softmaxLse).
Kernel: src/attention.c."""
import numpy as np

from ascendops._core import as_dtype
from ascendops.ops import (AttentionOp, Bool, CannSource, Checks, Double, Input, Int, IntArray, NotNull, Output,
                           Require, Str, TensorList, register)

COMMIT = "c29bc1069d3252c641e2aa059ec88f392d3f05ac"
SOURCE = CannSource("hicann/ops-transformer", COMMIT,
                    "attention/fused_infer_attention_score/op_host/op_api/aclnn_fused_infer_attention_score_v2.cpp")
TILING_CHECK = "fused_infer_attention_score_tiling_check_single_para.cpp"
TILING_ERROR = 561002       # ACLNN_ERR_INNER_TILING_ERROR: a tiling check's failure
FORMATS = ("ND", "NCHW", "NHWC", "NCDHW")       # FORMAT_SUPPORT_SET
LAYOUTS = ("BSH", "BSND", "BNSD", "TND", "BSH_NBSD", "BSND_NBSD", "BNSD_NBSD", "TND_NTD", "NTD_TND")
# DTYPE_SUPPORT_MAP (ascendops has no INT4: CANN's INT4 key / value come from INT32 lists)
DTYPES = {
    "query": ("float16", "bfloat16", "int8"),
    "key": ("float16", "bfloat16", "int8", "int32"),
    "value": ("float16", "bfloat16", "int8", "int32"),
    "pseShiftOptional": ("float16", "bfloat16"),
    "attenMaskOptional": ("bool", "int8", "uint8"),
    "deqScale1Optional": ("uint64", "float32"),
    "quantScale1Optional": ("float32",),
    "deqScale2Optional": ("uint64", "float32"),
    "quantScale2Optional": ("float32", "bfloat16"),
    "quantOffset2Optional": ("float32", "bfloat16"),
    "antiquantScaleOptional": ("float16", "bfloat16"),
    "antiquantOffsetOptional": ("float16", "bfloat16"),
    "keyAntiquantScaleOptional": ("float16", "bfloat16", "float32"),
    "keyAntiquantOffsetOptional": ("float16", "bfloat16", "float32"),
    "valueAntiquantScaleOptional": ("float16", "bfloat16", "float32"),
    "valueAntiquantOffsetOptional": ("float16", "bfloat16", "float32"),
    "keySharedPrefixOptional": ("float16", "bfloat16", "int8"),
    "valueSharedPrefixOptional": ("float16", "bfloat16", "int8"),
    "attentionOut": ("float16", "bfloat16", "int8"),
    "softmaxLse": ("float32",),
}
# the tensors whose format CheckSinglePara checks (CheckFormatSupport), in its order
FORMAT_CHECKED = ("attenMaskOptional", "antiquantScaleOptional", "antiquantOffsetOptional", "kvPaddingSizeOptional",
                  "keyAntiquantScaleOptional", "keyAntiquantOffsetOptional", "valueAntiquantScaleOptional",
                  "valueAntiquantOffsetOptional", "keySharedPrefixOptional", "valueSharedPrefixOptional")
# CheckSinglePara's order of the optional tensors after query, key, value
OPTIONAL_ORDER = ("pseShiftOptional", "attenMaskOptional", "deqScale1Optional", "quantScale1Optional",
                  "deqScale2Optional", "quantScale2Optional", "quantOffset2Optional", "antiquantScaleOptional",
                  "antiquantOffsetOptional", "kvPaddingSizeOptional", "keyAntiquantScaleOptional",
                  "keyAntiquantOffsetOptional", "valueAntiquantScaleOptional", "valueAntiquantOffsetOptional",
                  "keySharedPrefixOptional", "valueSharedPrefixOptional")


def _dtype_ok(name, t):
    return t.dtype in tuple(as_dtype(d) for d in DTYPES[name])


def _dtype_message(name, t):
    return "Tensor %s only supports dtype %s, but got %s" % (
        name, ", ".join(d.upper() for d in DTYPES[name]), t.dtype.log_name)


def _format_name(t):
    from ascendops import Format
    return Format(t.format).name


def _lists_read(ctx):
    """TensorPreProcess reads key[0] and value[0] (an empty list or a null element: CANN
    reads through a null pointer; refused here)."""
    for name in ("key", "value"):
        lst = ctx.values[name]
        if not len(lst) or lst[0] is None:
            return "%s[0] is read by TensorPreProcess: the list is empty or its element 0 is null." % name
        for i, t in enumerate(lst):
            if t is None:
                return "Expected a proper Tensor but got null for element %d of %s." % (i, name)
    return None


def _query(ctx):
    """CheckSingleParaQuery: dtype, layout, 3 or 4 dims, format, not empty."""
    q = ctx.tensor("query")
    if not _dtype_ok("query", q):
        return _dtype_message("query", q)
    if len(q.shape) not in (3, 4):
        return "query dim num only supports 3, 4, but got %d" % len(q.shape)
    if _format_name(q) not in FORMATS:
        return "query format only supports ND/NCHW/NHWC/NCDHW, but got %s" % _format_name(q)
    if q.numel == 0:
        return "query shapesize is 0."
    return None


def _key_value(ctx):
    """CheckSingleParaKey, CheckSingleParaValue: element 0's dtype and format."""
    for name in ("key", "value"):
        t = ctx.values[name][0]
        if not _dtype_ok(name, t):
            return _dtype_message(name, t)
        if _format_name(t) not in FORMATS:
            return "%s format only supports ND/NCHW/NHWC/NCDHW, but got %s" % (name, _format_name(t))
    return None


def _optional_tensors(ctx):
    """CheckSingleParaPseShift .. CheckSingleParaValueSharedPrefix: each given optional
    tensor's dtype (and format where checked)."""
    for name in OPTIONAL_ORDER:
        t = ctx.values[name]
        if t is None:
            continue
        if name in DTYPES and not _dtype_ok(name, t):
            return _dtype_message(name, t)
        if name in FORMAT_CHECKED and _format_name(t) not in FORMATS:
            return "%s format only supports ND/NCHW/NHWC/NCDHW, but got %s" % (name, _format_name(t))
    return None


def _outputs(ctx):
    """CheckSingleParaAttenOut, CheckSingleParaLseOut (the placeholder FLOAT where
    softmaxLseFlag is false)."""
    out = ctx.tensor("attentionOut")
    if not _dtype_ok("attentionOut", out):
        return _dtype_message("attentionOut", out)
    lse = ctx.values["softmaxLse"]
    if ctx.values["softmaxLseFlag"] and lse is not None and not _dtype_ok("softmaxLse", lse):
        return _dtype_message("softmaxLse", lse)
    return None


def _layout(ctx):
    """CheckSingleParaLayout."""
    if ctx.values["inputLayout"] not in LAYOUTS:
        return ("input layout only supports BSH, BSND, BNSD, TND, BSH_NBSD, BSND_NBSD, BNSD_NBSD, TND_NTD, NTD_TND, "
                "but got %s" % ctx.values["inputLayout"])
    return None


# CheckDtypeAndSetQuantFlagGqa's (query, key) dtype pairs (INT4: an INT32 list)
GQA_NOQUANT = (("float16", "float16"), ("bfloat16", "bfloat16"))
GQA_ANTIQUANT = (("float16", "int8"), ("bfloat16", "int8"), ("float16", "int32"), ("bfloat16", "int32"))
GQA_FULLQUANT = (("int8", "int8"),)
# CheckParaExistenceGqaNoquant: null without quantisation (its map's order: by name)
NOQUANT_NULL = ("antiquantOffsetOptional", "antiquantScaleOptional", "deqScale1Optional", "deqScale2Optional",
                "keyAntiquantOffsetOptional", "keyAntiquantScaleOptional", "quantScale1Optional",
                "valueAntiquantOffsetOptional", "valueAntiquantScaleOptional")


def _pair(ctx):
    q, k = ctx.tensor("query"), ctx.values["key"][0]
    for a, b in GQA_NOQUANT + GQA_ANTIQUANT + GQA_FULLQUANT:
        if q.dtype is as_dtype(a) and k.dtype is as_dtype(b):
            return a, b
    return None


def _quant_flag(ctx):
    """CheckParaExistence / CheckDtypeAndSetQuantFlagGqa: (query, key) dtypes one of the
    no-quant, antiquant or full-quant pairs."""
    if _pair(ctx) is None:
        q, k = ctx.tensor("query"), ctx.values["key"][0]
        return ("GQA situation only supports [query_dtype, kv_dtype] as [FLOAT16, FLOAT16], [BF16, BF16], "
                "[FLOAT16, INT8], [BF16, INT8], [FLOAT16, INT4], [BF16, INT4], [INT8, INT8], but got [%s, %s]"
                % (q.dtype.log_name, k.dtype.log_name))
    return None


def _noquant_existence(ctx):
    """CheckParaExistenceGqaNoquant: without quantisation the (anti)quantisation tensors are
    null and antiquantMode, keyAntiquantMode, valueAntiquantMode their defaults (0)."""
    if _pair(ctx) not in GQA_NOQUANT:
        return None
    for name in NOQUANT_NULL:
        if ctx.values[name] is not None:
            return "In GQA NO_QUANT situation, %s should be null" % name
    for name in ("antiquantMode", "keyAntiquantMode", "valueAntiquantMode"):
        if ctx.values[name] != 0:
            return "%s should be 0 in GQA NO_QUANT situation, but got %d" % (name, ctx.values[name])
    return None


def _kv_dtype(ctx):
    """CheckMultiParaConsistency / CheckKV / CheckKVDType: value's dtype key's."""
    k, v = ctx.values["key"][0], ctx.values["value"][0]
    if v.dtype is not k.dtype:
        return "value's dtype is %s, it should be %s." % (v.dtype.log_name, k.dtype.log_name)
    return None


def _attr_in(name, values):
    def check(ctx):
        v = ctx.values[name]
        if v not in values:
            return "%s attr value only supports %s, but got %d" % (name, ", ".join(map(str, values)), v)
        return None
    check.__name__ = "_check_" + name
    return check


CHECKS = Checks(
    SOURCE,
    ("aclnnInnerFusedInferAttentionScoreGetWorkspaceSize", NotNull("query", "key", "value", "attentionOut")),
    ("TensorPreProcess", Require(_lists_read, "key[0], value[0] read; no null element", names=("key", "value"))),
    ("FiaTilingCheck::CheckSingleParaQuery (%s)" % TILING_CHECK,
     Require(_query, "query FLOAT16/BF16/INT8, 3 or 4 dims, ND-like format, not empty", status=TILING_ERROR,
             names=("query",))),
    ("FiaTilingCheck::CheckSingleParaKey/Value",
     Require(_key_value, "key, value FLOAT16/BF16/INT8/INT4, ND-like format", status=TILING_ERROR,
             names=("key", "value"))),
    ("FiaTilingCheck::CheckSingleParaPseShift..ValueSharedPrefix",
     Require(_optional_tensors, "each optional tensor's dtype and format", status=TILING_ERROR,
             names=("query",))),
    ("FiaTilingCheck::CheckSingleParaAttenOut/LseOut",
     Require(_outputs, "attentionOut FLOAT16/BF16/INT8; softmaxLse FLOAT", status=TILING_ERROR,
             names=("attentionOut", "softmaxLseFlag"))),
    ("FiaTilingCheck::CheckSingleParaLayout",
     Require(_layout, "inputLayout one of CANN's nine", status=TILING_ERROR, names=("inputLayout",))),
    ("FiaTilingCheck::CheckSingleParaInnerPrecise",
     Require(_attr_in("innerPrecise", (0, 1, 2, 3)), "innerPrecise 0..3", status=TILING_ERROR,
             names=("innerPrecise",))),
    ("FiaTilingCheck::CheckSingleParaAntiquantMode",
     Require(_attr_in("antiquantMode", (0, 1)), "antiquantMode 0 / 1", status=TILING_ERROR,
             names=("antiquantMode",))),
    ("FiaTilingCheck::CheckSingleParaKeyAntiquantMode",
     Require(_attr_in("keyAntiquantMode", (0, 1, 2, 3, 4, 5)), "keyAntiquantMode 0..5", status=TILING_ERROR,
             names=("keyAntiquantMode",))),
    ("FiaTilingCheck::CheckSingleParaValueAntiquantMode",
     Require(_attr_in("valueAntiquantMode", (0, 1, 2, 3, 4, 5)), "valueAntiquantMode 0..5", status=TILING_ERROR,
             names=("valueAntiquantMode",))),
    ("FiaTilingCheck::CheckDtypeAndSetQuantFlagGqa (fused_infer_attention_score_tiling_check_existence.cpp)",
     Require(_quant_flag, "(query, key) dtypes a no-quant, antiquant or full-quant pair", status=TILING_ERROR,
             names=("query", "key"))),
    ("FiaTilingCheck::CheckParaExistenceGqaNoquant",
     Require(_noquant_existence, "no quantisation tensors, antiquant modes 0", status=TILING_ERROR,
             names=("query", "key"))),
    ("FiaTilingCheck::CheckKVDType (fused_infer_attention_score_tiling_check_consistency.cpp)",
     Require(_kv_dtype, "value's dtype key's", status=TILING_ERROR, names=("key", "value"))),
)


def reference(query, key, value, pse=None, num_heads=1, scale=1.0, layout="BSH", num_kv_heads=0):
    """numpy float64: softmax(scale * Q K^T + pse) V per (batch, head), GQA by
    num_kv_heads, in `layout` (BSH, BSND, BNSD); key and value are single arrays."""
    def bnsd(x, heads):
        x = np.asarray(x).astype(np.float64)
        if layout == "BSH":
            b, s, h = x.shape
            return x.reshape(b, s, heads, h // heads).transpose(0, 2, 1, 3)
        return x.transpose(0, 2, 1, 3) if layout == "BSND" else x
    kvh = num_kv_heads or num_heads
    q, k, v = bnsd(query, num_heads), bnsd(key, kvh), bnsd(value, kvh)
    g = num_heads // kvh
    k, v = np.repeat(k, g, axis=1), np.repeat(v, g, axis=1)
    s = scale * np.einsum("bnid,bnjd->bnij", q, k)
    if pse is not None:
        p = np.asarray(pse).astype(np.float64)
        s = s + p[:, :, :s.shape[2], :s.shape[3]]
    m = s.max(axis=-1, keepdims=True)
    dead = ~np.isfinite(m)
    e = np.exp(s - np.where(dead, 0.0, m))
    e = np.where(dead, 0.0, e)
    den = e.sum(axis=-1, keepdims=True)
    o = np.einsum("bnij,bnjd->bnid", e, v) / np.where(den == 0, 1.0, den)
    if layout == "BSH":
        return o.transpose(0, 2, 1, 3).reshape(o.shape[0], o.shape[2], -1)
    return o.transpose(0, 2, 1, 3) if layout == "BSND" else o


def _torch(t, query, key, value, pse=None, num_heads=1, scale=1.0, layout="BSH", num_kv_heads=0):
    """torch.nn.functional.scaled_dot_product_attention on BNSD views (pse as its float
    attn_mask), GQA by repeating the key / value heads."""
    def bnsd(x, heads):
        if layout == "BSH":
            b, s, h = x.shape
            return x.reshape(b, s, heads, h // heads).transpose(1, 2)
        return x.transpose(1, 2) if layout == "BSND" else x
    kvh = num_kv_heads or num_heads
    q, k, v = bnsd(query, num_heads), bnsd(key, kvh), bnsd(value, kvh)
    g = num_heads // kvh
    k, v = k.repeat_interleave(g, dim=1), v.repeat_interleave(g, dim=1)
    mask = None if pse is None else pse[:, :, :q.shape[2], :k.shape[2]].to(q.dtype)
    o = t.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=mask, scale=scale)
    if layout == "BSH":
        return o.transpose(1, 2).reshape(o.shape[0], o.shape[2], -1)
    return o.transpose(1, 2) if layout == "BSND" else o


FUSED_INFER_ATTENTION_SCORE_V2 = register(AttentionOp(
    name="FusedInferAttentionScoreV2", snake="fused_infer_attention_score_v2",
    params=(Input("query"), TensorList("key"), TensorList("value"),
            Input("pseShiftOptional", optional=True), Input("attenMaskOptional", optional=True),
            IntArray("actualSeqLengthsOptional", None, optional=True),
            IntArray("actualSeqLengthsKvOptional", None, optional=True),
            Input("deqScale1Optional", optional=True), Input("quantScale1Optional", optional=True),
            Input("deqScale2Optional", optional=True), Input("quantScale2Optional", optional=True),
            Input("quantOffset2Optional", optional=True), Input("antiquantScaleOptional", optional=True),
            Input("antiquantOffsetOptional", optional=True), Input("blockTableOptional", optional=True),
            Input("queryPaddingSizeOptional", optional=True), Input("kvPaddingSizeOptional", optional=True),
            Input("keyAntiquantScaleOptional", optional=True), Input("keyAntiquantOffsetOptional", optional=True),
            Input("valueAntiquantScaleOptional", optional=True),
            Input("valueAntiquantOffsetOptional", optional=True),
            Input("keySharedPrefixOptional", optional=True), Input("valueSharedPrefixOptional", optional=True),
            IntArray("actualSharedPrefixLenOptional", None, optional=True),
            Int("numHeads", 1), Double("scaleValue", 1.0), Int("preTokens", 2147483647),
            Int("nextTokens", 2147483647), Str("inputLayout", "BSH"), Int("numKeyValueHeads", 0),
            Int("sparseMode", 0), Int("innerPrecise", 1), Int("blockSize", 0), Int("antiquantMode", 0),
            Bool("softmaxLseFlag", False), Int("keyAntiquantMode", 0), Int("valueAntiquantMode", 0),
            Output("attentionOut", const=True), Output("softmaxLse", optional=True, written=False, checked=False,
                                                       const=True)),
    dtypes=("float16", "bfloat16"),
    roles={"query": "query", "key": "key", "value": "value", "pse": "pseShiftOptional", "out": "attentionOut",
           "heads": "numHeads", "scale": "scaleValue", "layout": "inputLayout", "kv_heads": "numKeyValueHeads",
           "mask": "attenMaskOptional", "sparse_mode": "sparseMode", "pre_tokens": "preTokens",
           "next_tokens": "nextTokens", "kv_lengths": "actualSeqLengthsKvOptional"},
    not_computed=tuple((n, None) for n in (
        "actualSeqLengthsOptional", "deqScale1Optional",
        "quantScale1Optional", "deqScale2Optional", "quantScale2Optional", "quantOffset2Optional",
        "antiquantScaleOptional", "antiquantOffsetOptional", "blockTableOptional", "queryPaddingSizeOptional",
        "kvPaddingSizeOptional", "keyAntiquantScaleOptional", "keyAntiquantOffsetOptional",
        "valueAntiquantScaleOptional", "valueAntiquantOffsetOptional", "keySharedPrefixOptional",
        "valueSharedPrefixOptional", "actualSharedPrefixLenOptional")) + (("softmaxLseFlag", False),),
    min_rank=3, max_rank=4, checks=CHECKS,
    info={"reference": reference, "sized": True, "torch": _torch},
    doc=__doc__,
))
