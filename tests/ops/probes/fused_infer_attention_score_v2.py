"""Probes of aclnnFusedInferAttentionScoreV2 (ascendops/ops/fused_infer_attention_score_v2.py).
Inputs: query and the 18 optional tensors in CANN's order; attributes: key, value (lists),
actualSeqLengths, actualSeqLengthsKv, actualSharedPrefixLen, numHeads, scaleValue,
preTokens, nextTokens, inputLayout, numKeyValueHeads, sparseMode, innerPrecise, blockSize,
antiquantMode, softmaxLseFlag, keyAntiquantMode, valueAntiquantMode; outputs: attentionOut,
softmaxLse. The tiling checks (FiaTilingCheck, op_host/fused_infer_attention_score_tiling_check_
single_para.cpp) fail with ACLNN_ERR_INNER_TILING_ERROR (561002)."""
from probes import Probe, f

SOURCE = ("hicann/ops-transformer", "c29bc1069d3252c641e2aa059ec88f392d3f05ac",
          "attention/fused_infer_attention_score/op_host/op_api/aclnn_fused_infer_attention_score_v2.cpp")
OP = "FusedInferAttentionScoreV2"
H = "FLOAT16"
# BSND: batch 2, 4 query heads, 2 key/value heads, 3 queries, 5 keys, head dim 16
Q, K, V, O = f((2, 3, 4, 16), H), f((2, 5, 2, 16), H), f((2, 5, 2, 16), H), f((2, 3, 4, 16), H)
PSE = f((2, 4, 3, 5), H)


def ins(q=Q, pse=None, **named):
    """query, pse and the other 17 optional inputs (by index 2..18) null unless given."""
    out = [q, pse] + [None] * 17
    for i, t in named.items():
        out[int(i[1:])] = t
    return out


def attrs(key=(K,), value=(V,), heads=4, layout="BSND", kv_heads=2, inner=0, lse=False, antiquant=0, kmode=0,
          vmode=0, seq=None):
    return [None if key is None else list(key), None if value is None else list(value), seq, None, None, heads,
            0.25, 65535, 65535, layout, kv_heads, 0, inner, 0, antiquant, lse, kmode, vmode]


LSE_NONE = None
PROBES = [
    Probe("llama.cpp's form", ins(pse=PSE), attrs(), [O, LSE_NONE], 0,
          "every check passes: BSND, GQA, a pse shift, innerPrecise 0"),
    Probe("no pse", ins(), attrs(inner=2), [O, LSE_NONE], 0, "pseShift is optional; innerPrecise 2"),
    Probe("pse broadcast batch", ins(pse=f((1, 4, 3, 5), H)), attrs(), [O, LSE_NONE], 0,
          "pseShift of batch 1"),
    Probe("BNSD", ins(q=f((2, 4, 3, 16), H)), attrs(key=(f((2, 2, 5, 16), H),), value=(f((2, 2, 5, 16), H),),
                                                   layout="BNSD"), [f((2, 4, 3, 16), H), LSE_NONE], 0, "BNSD"),
    Probe("BSH", ins(q=f((2, 3, 64), H)), attrs(key=(f((2, 5, 32), H),), value=(f((2, 5, 32), H),),
                                               layout="BSH"), [f((2, 3, 64), H), LSE_NONE], 0, "BSH"),
    Probe("bf16", ins(q=f((2, 3, 4, 16), "BF16")), attrs(key=(f((2, 5, 2, 16), "BF16"),),
                                                       value=(f((2, 5, 2, 16), "BF16"),)),
          [f((2, 3, 4, 16), "BF16"), LSE_NONE], 0, "DTYPE_SUPPORT_MAP: DT_BF16"),
    # the generated aclnnInner API's null checks
    Probe("null query", ins(q=None), attrs(), [O, LSE_NONE], 161001, "aclnnInner: query is required"),
    Probe("null key", ins(), attrs(key=None), [O, LSE_NONE], 161001, "aclnnInner: key is required"),
    Probe("null value", ins(), attrs(value=None), [O, LSE_NONE], 161001, "aclnnInner: value is required"),
    Probe("null attentionOut", ins(), attrs(), [None, LSE_NONE], 161001, "aclnnInner: attentionOut is required"),
    Probe("null query before bad layout", ins(q=None), attrs(layout="XYZ"), [O, LSE_NONE], 161001,
          "the null checks run before the tiling's"),
    # CheckSingleParaQuery
    Probe("float query", ins(q=f((2, 3, 4, 16), "FLOAT")), attrs(), [O, LSE_NONE], 561002,
          "CheckSingleParaQuery: DTYPE_SUPPORT_MAP[query] FLOAT16 / BF16 / INT8"),
    Probe("5-d query", ins(q=f((2, 3, 4, 16, 1), H)), attrs(), [O, LSE_NONE], 561002,
          "CheckSingleParaQuery: 3 or 4 dims"),
    Probe("empty query", ins(q=f((2, 0, 4, 16), H)), attrs(), [f((2, 0, 4, 16), H), LSE_NONE], 561002,
          "CheckSingleParaQuery: shapesize 0"),
    Probe("float query before float key", ins(q=f((2, 3, 4, 16), "FLOAT")),
          attrs(key=(f((2, 5, 2, 16), "FLOAT"),)), [O, LSE_NONE], 561002, "query before key"),
    # CheckSingleParaKey / Value
    Probe("float key", ins(), attrs(key=(f((2, 5, 2, 16), "FLOAT"),)), [O, LSE_NONE], 561002,
          "CheckSingleParaKey: FLOAT16 / BF16 / INT8 / INT4"),
    Probe("float value", ins(), attrs(value=(f((2, 5, 2, 16), "FLOAT"),)), [O, LSE_NONE], 561002,
          "CheckSingleParaValue: FLOAT16 / BF16 / INT8 / INT4"),
    # CheckSingleParaPseShift / AttenMask
    Probe("float pse", ins(pse=f((2, 4, 3, 5), "FLOAT")), attrs(), [O, LSE_NONE], 561002,
          "CheckSingleParaPseShift: FLOAT16 / BF16"),
    Probe("float mask", ins(i2=f((3, 5), "FLOAT")), attrs(), [O, LSE_NONE], 561002,
          "CheckSingleParaAttenMask: BOOL / INT8 / UINT8"),
    Probe("bool mask", ins(i2=f((3, 5), "BOOL")), attrs(), [O, LSE_NONE], 0,
          "CheckSingleParaAttenMask: a BOOL mask passes"),
    # CheckSingleParaAttenOut
    Probe("float attentionOut", ins(), attrs(), [f((2, 3, 4, 16), "FLOAT"), LSE_NONE], 561002,
          "CheckSingleParaAttenOut: FLOAT16 / BF16 / INT8"),
    Probe("float16 softmaxLse, flag set", ins(), attrs(lse=True), [O, f((2, 4, 3, 1), H)], 561002,
          "CheckSingleParaLseOut: FLOAT"),
    Probe("float16 softmaxLse, flag clear", ins(), attrs(), [O, f((2, 4, 3, 1), H)], 0,
          "FusedInferAttentionScoreProcessSoftmaxLse: a placeholder replaces it"),
    # CheckSingleParaLayout .. ValueAntiquantMode
    Probe("layout XYZ", ins(), attrs(layout="XYZ"), [O, LSE_NONE], 561002, "CheckSingleParaLayout"),
    Probe("innerPrecise 4", ins(), attrs(inner=4), [O, LSE_NONE], 561002, "CheckSingleParaInnerPrecise: 0..3"),
    Probe("innerPrecise 3", ins(), attrs(inner=3), [O, LSE_NONE], 0, "CheckSingleParaInnerPrecise: 3"),
    Probe("antiquantMode 2", ins(), attrs(antiquant=2), [O, LSE_NONE], 561002,
          "CheckSingleParaAntiquantMode: 0 / 1"),
    Probe("keyAntiquantMode 6", ins(), attrs(kmode=6), [O, LSE_NONE], 561002,
          "CheckSingleParaKeyAntiquantMode: 0..5"),
    Probe("valueAntiquantMode -1", ins(), attrs(vmode=-1), [O, LSE_NONE], 561002,
          "CheckSingleParaValueAntiquantMode: 0..5"),
    # CheckParaExistence, CheckKVDType
    Probe("float16 query, bf16 key and value", ins(), attrs(key=(f((2, 5, 2, 16), "BF16"),),
                                                         value=(f((2, 5, 2, 16), "BF16"),)), [O, LSE_NONE], 561002,
          "CheckDtypeAndSetQuantFlagGqa: (FLOAT16, BF16) is no pair"),
    Probe("bf16 value", ins(), attrs(value=(f((2, 5, 2, 16), "BF16"),)), [O, LSE_NONE], 561002,
          "CheckKVDType: value's dtype key's"),
    Probe("no-quant with a deqScale1", ins(i3=f((1,), "FLOAT")), attrs(), [O, LSE_NONE], 561002,
          "CheckParaExistenceGqaNoquant: deqScale1 should be null"),
    Probe("no-quant with antiquantMode 1", ins(), attrs(antiquant=1), [O, LSE_NONE], 561002,
          "CheckParaExistenceGqaNoquant: antiquantMode its default"),
    Probe("no-quant with keyAntiquantMode 1", ins(), attrs(kmode=1), [O, LSE_NONE], 561002,
          "CheckParaExistenceGqaNoquant: keyAntiquantMode its default"),
    Probe("layout before innerPrecise", ins(), attrs(layout="XYZ", inner=9), [O, LSE_NONE], 561002,
          "CheckSingleParaLayout before CheckSingleParaInnerPrecise"),
]

DEVIATIONS = {}
