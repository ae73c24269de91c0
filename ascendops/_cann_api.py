"""CANN's C declarations of the aclnn APIs that llama.cpp's CANN backend calls.

Transcribed from CANN's own headers (hicann/ops-math, ops-nn, ops-transformer, ops-cv at the
commits in SOURCES; extracted mechanically, then checked by hand), for the backend in
vendor/llama.cpp/ggml/src/ggml-cann/ (aclnn_ops.cpp, aclnn_ops.h, ggml-cann.cpp): every API
it calls directly (aclnnXxxGetWorkspaceSize), through GGML_CANN_CALL_ACLNN_OP(ctx, Xxx, ...)
and through GGML_CANN_CALL_OP_UNARY / GGML_CANN_CALL_OP_UNARY_GATED, plus every API declared
in an aclnnop header the backend includes without calling anything from it. Used to generate
headers and entry points for the APIs ascendops does not implement yet (and to cross-check
the ones it does).

APIS[name] (name without the "aclnn" prefix):
    "header": the header CANN ships it in (include/aclnnop/<header>; the one the backend
              includes, except RotaryPositionEmbedding, which the backend declares itself);
    "params": aclnn<name>GetWorkspaceSize's parameters before
              `uint64_t *workspaceSize, aclOpExecutor **executor`, as CANN writes them
              (whitespace normalised, the `*` bound to the name: `aclTensor* out` -> `aclTensor *out`);
    "repo":   key into SOURCES;
    "path":   the file the declaration was read from: a header, or the op's
              docs/aclnn<Op>.md prototype for RmsNorm and SwiGlu (CANN generates their
              headers from the op definition; no hand-written header) and for
              RecurrentGatedDeltaRule (its header is in none of the trees read);
    "two_phase": False only for CalculateMatmulWeightSizeV2, which is not a two-phase API:
              its "params" are its whole parameter list.

Where several copies of a header exist (experimental/, ops-transformer's mc2/3rd/), the
non-experimental one of the repository that owns the op was read; the copies declare the
same parameters for every API listed here.
"""

# repo key -> (GitHub repository, commit read). The first four are full snapshots;
# "ops-transformer-index" is the commit of the one file read from a newer ops-transformer
# (RecurrentGatedDeltaRule's docs, through the code index), absent from the snapshot.
SOURCES = {
    "ops-math": ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214"),
    "ops-nn": ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921"),
    "ops-transformer": ("hicann/ops-transformer", "c29bc1069d3252c641e2aa059ec88f392d3f05ac"),
    "ops-cv": ("hicann/ops-cv", "6ae87653464d2afb064c829e529abba2e278b0c4"),
    "ops-transformer-index": ("hicann/ops-transformer", "0dd0f2dd36770fb01db31298f0c2f22496dabea1"),
}


APIS = {
    # ---- APIs the backend calls ----
    "Abs": {
        "header": "aclnn_abs.h",
        "params": ("const aclTensor *self", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/abs/op_api/aclnn_abs.h",
    },
    "Add": {
        "header": "aclnn_add.h",
        "params": (
            "const aclTensor *self",
            "const aclTensor *other",
            "const aclScalar *alpha",
            "aclTensor *out",
        ),
        "repo": "ops-math",
        "path": "math/add/op_api/aclnn_add.h",
    },
    "AddRmsNorm": {
        "header": "aclnn_add_rms_norm.h",
        "params": (
            "const aclTensor *x1",
            "const aclTensor *x2",
            "const aclTensor *gamma",
            "double epsilon",
            "aclTensor *yOut",
            "aclTensor *rstdOut",
            "aclTensor *xOut",
        ),
        "repo": "ops-nn",
        "path": "norm/add_rms_norm/op_host/op_api/aclnn_add_rms_norm.h",
    },
    "Arange": {
        "header": "aclnn_arange.h",
        "params": (
            "const aclScalar *start",
            "const aclScalar *end",
            "const aclScalar *step",
            "aclTensor *out",
        ),
        "repo": "ops-math",
        "path": "math/range/op_api/aclnn_arange.h",
    },
    # Header aclnn_argmax.h (not aclnn_arg_max.h); op directory math/arg_max_v2.
    "ArgMax": {
        "header": "aclnn_argmax.h",
        "params": ("const aclTensor *self", "int64_t dim", "bool keepdim", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/arg_max_v2/op_api/aclnn_argmax.h",
    },
    "Argsort": {
        "header": "aclnn_argsort.h",
        "params": ("const aclTensor *self", "int64_t dim", "bool descending", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/sort/op_api/aclnn_argsort.h",
    },
    # Header aclnn_avgpool2d.h (not aclnn_avg_pool2d.h), in pooling/avg_pool3_d.
    "AvgPool2d": {
        "header": "aclnn_avgpool2d.h",
        "params": (
            "const aclTensor *self",
            "const aclIntArray *kernelSize",
            "const aclIntArray *strides",
            "const aclIntArray *paddings",
            "const bool ceilMode",
            "const bool countIncludePad",
            "const int64_t divisorOverride",
            "const int8_t cubeMathType",
            "aclTensor *out",
        ),
        "repo": "ops-nn",
        "path": "pooling/avg_pool3_d/op_api/aclnn_avgpool2d.h",
    },
    # Header aclnn_batch_matmul.h (not aclnn_batch_mat_mul.h).
    "BatchMatMul": {
        "header": "aclnn_batch_matmul.h",
        "params": (
            "const aclTensor *self",
            "const aclTensor *mat2",
            "aclTensor *out",
            "int8_t cubeMathType",
        ),
        "repo": "ops-nn",
        "path": "matmul/batch_mat_mul_v3/op_host/op_api/aclnn_batch_matmul.h",
    },
    # Not a two-phase API: `aclnnStatus aclnnCalculateMatmulWeightSizeV2(...)` has no
    # GetWorkspaceSize/executor; "params" is its whole parameter list (ggml-cann.cpp calls it).
    "CalculateMatmulWeightSizeV2": {
        "header": "aclnn_trans_matmul_weight.h",
        "params": (
            "const aclIntArray *tensorShape",
            "aclDataType dataType",
            "uint64_t *weightTensorSize",
        ),
        "repo": "ops-math",
        "path": "conversion/trans_data/op_api/aclnn_trans_matmul_weight.h",
        "two_phase": False,
    },
    "Cast": {
        "header": "aclnn_cast.h",
        "params": ("const aclTensor *self", "const aclDataType dtype", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/cast/op_api/aclnn_cast.h",
    },
    "Cat": {
        "header": "aclnn_cat.h",
        "params": ("const aclTensorList *tensors", "int64_t dim", "aclTensor *out"),
        "repo": "ops-math",
        "path": "conversion/concat_d/op_api/aclnn_cat.h",
    },
    "Clamp": {
        "header": "aclnn_clamp.h",
        "params": (
            "const aclTensor *self",
            "const aclScalar *clipValueMin",
            "const aclScalar *clipValueMax",
            "aclTensor *out",
        ),
        "repo": "ops-math",
        "path": "conversion/clip_by_value_v2/op_api/aclnn_clamp.h",
    },
    "ClampMin": {
        "header": "aclnn_clamp.h",
        "params": ("const aclTensor *self", "const aclScalar *clipValueMin", "aclTensor *out"),
        "repo": "ops-math",
        "path": "conversion/clip_by_value_v2/op_api/aclnn_clamp.h",
    },
    "ConstantPadNd": {
        "header": "aclnn_constant_pad_nd.h",
        "params": (
            "const aclTensor *self",
            "const aclIntArray *pad",
            "const aclScalar *value",
            "aclTensor *out",
        ),
        "repo": "ops-math",
        "path": "conversion/pad_v3/op_api/aclnn_constant_pad_nd.h",
    },
    # cubeMathType comes after the output.
    "Convolution": {
        "header": "aclnn_convolution.h",
        "params": (
            "const aclTensor *input",
            "const aclTensor *weight",
            "const aclTensor *bias",
            "const aclIntArray *stride",
            "const aclIntArray *padding",
            "const aclIntArray *dilation",
            "bool transposed",
            "const aclIntArray *outputPadding",
            "const int64_t groups",
            "aclTensor *output",
            "int8_t cubeMathType",
        ),
        "repo": "ops-nn",
        "path": "conv/convolution_forward/op_host/op_api/aclnn_convolution.h",
    },
    "Cos": {
        "header": "aclnn_cos.h",
        "params": ("const aclTensor *input", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/cos/op_api/aclnn_cos.h",
    },
    "Cumsum": {
        "header": "aclnn_cumsum.h",
        "params": ("const aclTensor *self", "int64_t dim", "aclDataType dtype", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/cumsum/op_api/aclnn_cumsum.h",
    },
    "Div": {
        "header": "aclnn_div.h",
        "params": ("const aclTensor *self", "const aclTensor *other", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/div/op_api/aclnn_div.h",
    },
    "Elu": {
        "header": "aclnn_elu.h",
        "params": (
            "const aclTensor *self",
            "const aclScalar *alpha",
            "const aclScalar *scale",
            "const aclScalar *inputScale",
            "aclTensor *out",
        ),
        "repo": "ops-nn",
        "path": "activation/elu/op_api/aclnn_elu.h",
    },
    "EqTensor": {
        "header": "aclnn_eq_tensor.h",
        "params": ("const aclTensor *self", "const aclTensor *other", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/equal/op_api/aclnn_eq_tensor.h",
    },
    "Exp": {
        "header": "aclnn_exp.h",
        "params": ("const aclTensor *self", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/exp/op_api/aclnn_exp.h",
    },
    # Outputs declared const; inputLayout is a non-const `char *`.
    "FusedInferAttentionScoreV2": {
        "header": "aclnn_fused_infer_attention_score_v2.h",
        "params": (
            "const aclTensor *query",
            "const aclTensorList *key",
            "const aclTensorList *value",
            "const aclTensor *pseShiftOptional",
            "const aclTensor *attenMaskOptional",
            "const aclIntArray *actualSeqLengthsOptional",
            "const aclIntArray *actualSeqLengthsKvOptional",
            "const aclTensor *deqScale1Optional",
            "const aclTensor *quantScale1Optional",
            "const aclTensor *deqScale2Optional",
            "const aclTensor *quantScale2Optional",
            "const aclTensor *quantOffset2Optional",
            "const aclTensor *antiquantScaleOptional",
            "const aclTensor *antiquantOffsetOptional",
            "const aclTensor *blockTableOptional",
            "const aclTensor *queryPaddingSizeOptional",
            "const aclTensor *kvPaddingSizeOptional",
            "const aclTensor *keyAntiquantScaleOptional",
            "const aclTensor *keyAntiquantOffsetOptional",
            "const aclTensor *valueAntiquantScaleOptional",
            "const aclTensor *valueAntiquantOffsetOptional",
            "const aclTensor *keySharedPrefixOptional",
            "const aclTensor *valueSharedPrefixOptional",
            "const aclIntArray *actualSharedPrefixLenOptional",
            "int64_t numHeads",
            "double scaleValue",
            "int64_t preTokens",
            "int64_t nextTokens",
            "char *inputLayout",
            "int64_t numKeyValueHeads",
            "int64_t sparseMode",
            "int64_t innerPrecise",
            "int64_t blockSize",
            "int64_t antiquantMode",
            "bool softmaxLseFlag",
            "int64_t keyAntiquantMode",
            "int64_t valueAntiquantMode",
            "const aclTensor *attentionOut",
            "const aclTensor *softmaxLse",
        ),
        "repo": "ops-transformer",
        "path": "attention/fused_infer_attention_score/op_host/op_api/aclnn_fused_infer_attention_score_v2.h",
    },
    "GatherV2": {
        "header": "aclnn_gather_v2.h",
        "params": (
            "const aclTensor *self",
            "int64_t dim",
            "const aclTensor *index",
            "aclTensor *out",
        ),
        "repo": "ops-nn",
        "path": "index/gather_v2/op_api/aclnn_gather_v2.h",
    },
    # Declared in aclnn_geglu.h (with GeGlu/GeGluV3), op directory activation/ge_glu_v2.
    "GeGluV3": {
        "header": "aclnn_geglu.h",
        "params": (
            "const aclTensor *self",
            "int64_t dim",
            "int64_t approximate",
            "bool activateLeft",
            "aclTensor *out",
            "aclTensor *outGelu",
        ),
        "repo": "ops-nn",
        "path": "activation/ge_glu_v2/op_host/op_api/aclnn_geglu.h",
    },
    "Gelu": {
        "header": "aclnn_gelu.h",
        "params": ("const aclTensor *self", "aclTensor *out"),
        "repo": "ops-nn",
        "path": "activation/gelu/op_api/aclnn_gelu.h",
    },
    "GeluV2": {
        "header": "aclnn_gelu_v2.h",
        "params": ("const aclTensor *x", "int64_t approximate", "aclTensor *y"),
        "repo": "ops-nn",
        "path": "activation/gelu_v2/op_api/aclnn_gelu_v2.h",
    },
    "GroupNorm": {
        "header": "aclnn_group_norm.h",
        "params": (
            "const aclTensor *self",
            "const aclTensor *gamma",
            "const aclTensor *beta",
            "int64_t N",
            "int64_t C",
            "int64_t HxW",
            "int64_t group",
            "double eps",
            "aclTensor *out",
            "aclTensor *meanOut",
            "aclTensor *rstdOut",
        ),
        "repo": "ops-nn",
        "path": "norm/group_norm/op_host/op_api/aclnn_group_norm.h",
    },
    "GtScalar": {
        "header": "aclnn_gt_scalar.h",
        "params": ("const aclTensor *self", "const aclScalar *other", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/greater/op_api/aclnn_gt_scalar.h",
    },
    "Hardsigmoid": {
        "header": "aclnn_hardsigmoid.h",
        "params": ("const aclTensor *self", "aclTensor *out"),
        "repo": "ops-nn",
        "path": "activation/hard_sigmoid/op_api/aclnn_hardsigmoid.h",
    },
    # CANN declares the output const here (`const aclTensor *out`).
    "Hardswish": {
        "header": "aclnn_hardswish.h",
        "params": ("const aclTensor *self", "const aclTensor *out"),
        "repo": "ops-nn",
        "path": "activation/hard_swish/op_host/op_api/aclnn_hardswish.h",
    },
    # CANN declares the output const here (`const aclTensor *out`).
    "Im2col": {
        "header": "aclnn_im2col.h",
        "params": (
            "const aclTensor *self",
            "const aclIntArray *kernelSize",
            "const aclIntArray *dilation",
            "const aclIntArray *padding",
            "const aclIntArray *stride",
            "const aclTensor *out",
        ),
        "repo": "ops-math",
        "path": "conversion/im2col/op_api/aclnn_im2col.h",
    },
    "IndexSelect": {
        "header": "aclnn_index_select.h",
        "params": (
            "const aclTensor *self",
            "int64_t dim",
            "const aclTensor *index",
            "aclTensor *out",
        ),
        "repo": "ops-nn",
        "path": "index/gather_v2/op_api/aclnn_index_select.h",
    },
    # selfRef declared const although written in place.
    "InplaceAdd": {
        "header": "aclnn_add.h",
        "params": ("const aclTensor *selfRef", "const aclTensor *other", "const aclScalar *alpha"),
        "repo": "ops-math",
        "path": "math/add/op_api/aclnn_add.h",
    },
    # selfRef declared const although written in place.
    "InplaceAdds": {
        "header": "aclnn_add.h",
        "params": ("const aclTensor *selfRef", "const aclScalar *other", "const aclScalar *alpha"),
        "repo": "ops-math",
        "path": "math/add/op_api/aclnn_add.h",
    },
    # selfRef declared const although written in place.
    "InplaceClampMax": {
        "header": "aclnn_clamp.h",
        "params": ("const aclTensor *selfRef", "const aclScalar *clipValueMax"),
        "repo": "ops-math",
        "path": "conversion/clip_by_value_v2/op_api/aclnn_clamp.h",
    },
    "InplaceCopy": {
        "header": "aclnn_copy.h",
        "params": ("aclTensor *selfRef", "const aclTensor *src"),
        "repo": "ops-math",
        "path": "conversion/view_copy/op_api/aclnn_copy.h",
    },
    "InplaceCos": {
        "header": "aclnn_cos.h",
        "params": ("aclTensor *inputRef",),
        "repo": "ops-math",
        "path": "math/cos/op_api/aclnn_cos.h",
    },
    "InplaceDiv": {
        "header": "aclnn_div.h",
        "params": ("aclTensor *selfRef", "const aclTensor *other"),
        "repo": "ops-math",
        "path": "math/div/op_api/aclnn_div.h",
    },
    "InplaceDivs": {
        "header": "aclnn_div.h",
        "params": ("aclTensor *selfRef", "const aclScalar *other"),
        "repo": "ops-math",
        "path": "math/div/op_api/aclnn_div.h",
    },
    "InplaceExp": {
        "header": "aclnn_exp.h",
        "params": ("aclTensor *selfRef",),
        "repo": "ops-math",
        "path": "math/exp/op_api/aclnn_exp.h",
    },
    "InplaceFillScalar": {
        "header": "aclnn_fill_scalar.h",
        "params": ("aclTensor *selfRef", "const aclScalar *value"),
        "repo": "ops-math",
        "path": "conversion/fill/op_api/aclnn_fill_scalar.h",
    },
    "InplaceIndexCopy": {
        "header": "aclnn_index_copy.h",
        "params": (
            "aclTensor *selfRef",
            "int64_t dim",
            "const aclTensor *index",
            "const aclTensor *source",
        ),
        "repo": "ops-nn",
        "path": "index/scatter_update/op_api/aclnn_index_copy.h",
    },
    # index is an aclIntArray, not a tensor (the op is named ...Tensor).
    "InplaceIndexFillTensor": {
        "header": "aclnn_index_fill_tensor.h",
        "params": (
            "aclTensor *selfRef",
            "int64_t dim",
            "const aclIntArray *index",
            "const aclScalar *value",
        ),
        "repo": "ops-nn",
        "path": "index/index_fill_d/op_api/aclnn_index_fill_tensor.h",
    },
    "InplaceMul": {
        "header": "aclnn_mul.h",
        "params": ("aclTensor *selfRef", "const aclTensor *other"),
        "repo": "ops-math",
        "path": "math/mul/op_api/aclnn_mul.h",
    },
    "InplaceMuls": {
        "header": "aclnn_mul.h",
        "params": ("aclTensor *selfRef", "const aclScalar *other"),
        "repo": "ops-math",
        "path": "math/mul/op_api/aclnn_mul.h",
    },
    # The in-place tensor is named `self` and declared const.
    "InplacePowTensorTensor": {
        "header": "aclnn_pow_tensor_tensor.h",
        "params": ("const aclTensor *self", "const aclTensor *exponent"),
        "repo": "ops-math",
        "path": "math/pow/op_api/aclnn_pow_tensor_tensor.h",
    },
    "InplaceSin": {
        "header": "aclnn_sin.h",
        "params": ("aclTensor *selfRef",),
        "repo": "ops-math",
        "path": "math/sin/op_api/aclnn_sin.h",
    },
    "InplaceSub": {
        "header": "aclnn_sub.h",
        "params": ("aclTensor *selfRef", "const aclTensor *other", "const aclScalar *alpha"),
        "repo": "ops-math",
        "path": "math/sub/op_api/aclnn_sub.h",
    },
    "InplaceSubs": {
        "header": "aclnn_sub.h",
        "params": ("aclTensor *selfRef", "const aclScalar *other", "const aclScalar *alpha"),
        "repo": "ops-math",
        "path": "math/sub/op_api/aclnn_sub.h",
    },
    "InplaceThreshold": {
        "header": "aclnn_threshold.h",
        "params": ("aclTensor *selfRef", "const aclScalar *threshold", "const aclScalar *value"),
        "repo": "ops-nn",
        "path": "activation/threshold/op_host/op_api/aclnn_threshold.h",
    },
    "InplaceTriu": {
        "header": "aclnn_triu.h",
        "params": ("aclTensor *selfRef", "int64_t diagonal"),
        "repo": "ops-math",
        "path": "conversion/triu/op_api/aclnn_triu.h",
    },
    "InplaceZero": {
        "header": "aclnn_zero.h",
        "params": ("aclTensor *selfRef",),
        "repo": "ops-math",
        "path": "math/zero_op/op_api/aclnn_zero.h",
    },
    "LayerNorm": {
        "header": "aclnn_layer_norm.h",
        "params": (
            "const aclTensor *input",
            "const aclIntArray *normalizedShape",
            "const aclTensor *weightOptional",
            "const aclTensor *biasOptional",
            "double eps",
            "aclTensor *out",
            "aclTensor *meanOutOptional",
            "aclTensor *rstdOutOptional",
        ),
        "repo": "ops-nn",
        "path": "norm/layer_norm_v4/op_host/op_api/aclnn_layer_norm.h",
    },
    "LeakyRelu": {
        "header": "aclnn_leaky_relu.h",
        "params": ("const aclTensor *self", "const aclScalar *negativeSlope", "aclTensor *out"),
        "repo": "ops-nn",
        "path": "activation/leaky_relu/op_api/aclnn_leaky_relu.h",
    },
    "Log": {
        "header": "aclnn_log.h",
        "params": ("const aclTensor *self", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/log/op_api/aclnn_log.h",
    },
    "Matmul": {
        "header": "aclnn_matmul.h",
        "params": (
            "const aclTensor *self",
            "const aclTensor *mat2",
            "aclTensor *out",
            "int8_t cubeMathType",
        ),
        "repo": "ops-nn",
        "path": "matmul/mat_mul_v3/op_host/op_api/aclnn_matmul.h",
    },
    "MaxPool": {
        "header": "aclnn_max_pool.h",
        "params": (
            "const aclTensor *self",
            "const aclIntArray *kernelShape",
            "const aclIntArray *strides",
            "const int64_t autoPad",
            "const aclIntArray *pads",
            "const aclIntArray *dilations",
            "const int64_t ceilMode",
            "aclTensor *out",
        ),
        "repo": "ops-nn",
        "path": "pooling/max_pool_v3/op_api/aclnn_max_pool.h",
    },
    "Mean": {
        "header": "aclnn_mean.h",
        "params": (
            "const aclTensor *self",
            "const aclIntArray *dim",
            "bool keepDim",
            "aclDataType dtype",
            "aclTensor *out",
        ),
        "repo": "ops-math",
        "path": "math/reduce_mean/op_api/aclnn_mean.h",
    },
    "Mm": {
        "header": "aclnn_mm.h",
        "params": (
            "const aclTensor *self",
            "const aclTensor *mat2",
            "aclTensor *out",
            "int8_t cubeMathType",
        ),
        "repo": "ops-nn",
        "path": "matmul/mat_mul_v3/op_host/op_api/aclnn_mm.h",
    },
    "Mul": {
        "header": "aclnn_mul.h",
        "params": ("const aclTensor *self", "const aclTensor *other", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/mul/op_api/aclnn_mul.h",
    },
    "Muls": {
        "header": "aclnn_mul.h",
        "params": ("const aclTensor *self", "const aclScalar *other", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/mul/op_api/aclnn_mul.h",
    },
    "Mv": {
        "header": "aclnn_mv.h",
        "params": (
            "const aclTensor *self",
            "const aclTensor *vec",
            "aclTensor *out",
            "int8_t cubeMathType",
        ),
        "repo": "ops-nn",
        "path": "matmul/mv/op_host/op_api/aclnn_mv.h",
    },
    "Neg": {
        "header": "aclnn_neg.h",
        "params": ("const aclTensor *self", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/neg/op_api/aclnn_neg.h",
    },
    "Norm": {
        "header": "aclnn_norm.h",
        "params": (
            "const aclTensor *self",
            "const aclScalar *pScalar",
            "const aclIntArray *dim",
            "bool keepdim",
            "aclTensor *out",
        ),
        "repo": "ops-nn",
        "path": "norm/lp_norm_v2/op_api/aclnn_norm.h",
    },
    "Permute": {
        "header": "aclnn_permute.h",
        "params": ("const aclTensor *self", "const aclIntArray *dims", "aclTensor *out"),
        "repo": "ops-math",
        "path": "conversion/transpose/op_api/aclnn_permute.h",
    },
    # CANN declares the output const here (`const aclTensor *out`); header aclnn_pow.h.
    "PowScalarTensor": {
        "header": "aclnn_pow.h",
        "params": ("const aclScalar *self", "const aclTensor *exponent", "const aclTensor *out"),
        "repo": "ops-math",
        "path": "math/pow/op_api/aclnn_pow.h",
    },
    "ReduceSum": {
        "header": "aclnn_reduce_sum.h",
        "params": (
            "const aclTensor *self",
            "const aclIntArray *dims",
            "bool keepDims",
            "aclDataType dtype",
            "aclTensor *out",
        ),
        "repo": "ops-math",
        "path": "math/reduce_sum/op_api/aclnn_reduce_sum.h",
    },
    "ReflectionPad1d": {
        "header": "aclnn_reflection_pad1d.h",
        "params": ("const aclTensor *self", "const aclIntArray *padding", "aclTensor *out"),
        "repo": "ops-math",
        "path": "conversion/mirror_pad/op_api/aclnn_reflection_pad1d.h",
    },
    # CANN declares the output const here (`const aclTensor *out`).
    "Relu": {
        "header": "aclnn_relu.h",
        "params": ("const aclTensor *self", "const aclTensor *out"),
        "repo": "ops-nn",
        "path": "activation/relu/op_api/aclnn_relu.h",
    },
    "Repeat": {
        "header": "aclnn_repeat.h",
        "params": ("const aclTensor *self", "const aclIntArray *repeats", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/tile/op_api/aclnn_repeat.h",
    },
    # Declared in aclnn_repeat_interleave.h.
    "RepeatInterleaveIntWithDim": {
        "header": "aclnn_repeat_interleave.h",
        "params": (
            "const aclTensor *self",
            "int64_t repeats",
            "int64_t dim",
            "int64_t outputSize",
            "aclTensor *out",
        ),
        "repo": "ops-nn",
        "path": "index/repeat_interleave/op_api/aclnn_repeat_interleave.h",
    },
    # No hand-written header: CANN generates aclnn_rms_norm.h from the op definition
    # (norm/rms_norm/op_host/rms_norm_def.cpp); prototype from the op's docs.
    "RmsNorm": {
        "header": "aclnn_rms_norm.h",
        "params": (
            "const aclTensor *x",
            "const aclTensor *gamma",
            "double epsilon",
            "const aclTensor *yOut",
            "const aclTensor *rstdOut",
        ),
        "repo": "ops-nn",
        "path": "norm/rms_norm/docs/aclnnRmsNorm.md",
    },
    "Roll": {
        "header": "aclnn_roll.h",
        "params": (
            "const aclTensor *x",
            "const aclIntArray *shifts",
            "const aclIntArray *dims",
            "aclTensor *out",
        ),
        "repo": "ops-math",
        "path": "conversion/roll/op_api/aclnn_roll.h",
    },
    # The backend does not include this header: it declares the API itself (aclnn_ops.cpp),
    # as (const aclTensor *x, const aclTensor *cos, const aclTensor *sin, int64_t mode,
    # const aclTensor *yOut, ...): its output is const there, non-const `aclTensor *out` in CANN's header.
    "RotaryPositionEmbedding": {
        "header": "aclnn_rotary_position_embedding.h",
        "params": (
            "const aclTensor *x",
            "const aclTensor *cos",
            "const aclTensor *sin",
            "int64_t mode",
            "aclTensor *out",
        ),
        "repo": "ops-transformer",
        "path": "posembedding/rotary_position_embedding/op_host/op_api/aclnn_rotary_position_embedding.h",
    },
    "Sigmoid": {
        "header": "aclnn_sigmoid.h",
        "params": ("const aclTensor *self", "aclTensor *out"),
        "repo": "ops-nn",
        "path": "activation/sigmoid/op_api/aclnn_sigmoid.h",
    },
    # Output parameter named `result`.
    "Sign": {
        "header": "aclnn_sign.h",
        "params": ("const aclTensor *self", "aclTensor *result"),
        "repo": "ops-math",
        "path": "math/sign/op_api/aclnn_sign.h",
    },
    "Silu": {
        "header": "aclnn_silu.h",
        "params": ("const aclTensor *self", "aclTensor *out"),
        "repo": "ops-nn",
        "path": "activation/swish/op_api/aclnn_silu.h",
    },
    "Sin": {
        "header": "aclnn_sin.h",
        "params": ("const aclTensor *self", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/sin/op_api/aclnn_sin.h",
    },
    "Slice": {
        "header": "aclnn_slice.h",
        "params": (
            "const aclTensor *self",
            "int64_t dim",
            "int64_t start",
            "int64_t end",
            "int64_t step",
            "aclTensor *out",
        ),
        "repo": "ops-math",
        "path": "conversion/slice/op_api/aclnn_slice.h",
    },
    "Softmax": {
        "header": "aclnn_softmax.h",
        "params": ("const aclTensor *self", "int64_t dim", "aclTensor *out"),
        "repo": "ops-nn",
        "path": "activation/softmax_v2/op_api/aclnn_softmax.h",
    },
    # labels (an input) declared non-const.
    "SoftmaxCrossEntropyWithLogits": {
        "header": "aclnn_softmax_cross_entropy_with_logits.h",
        "params": (
            "const aclTensor *features",
            "aclTensor *labels",
            "aclTensor *loss",
            "aclTensor *backprop",
        ),
        "repo": "ops-nn",
        "path": "activation/softmax_cross_entropy_with_logits/op_api/aclnn_softmax_cross_entropy_with_logits.h",
    },
    "Softplus": {
        "header": "aclnn_softplus.h",
        "params": (
            "const aclTensor *self",
            "const aclScalar *beta",
            "const aclScalar *threshold",
            "aclTensor *out",
        ),
        "repo": "ops-nn",
        "path": "activation/softplus_v2/op_api/aclnn_softplus.h",
    },
    # CANN names the executor parameter `opExecutor` here.
    "Sqrt": {
        "header": "aclnn_sqrt.h",
        "params": ("const aclTensor *self", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/sqrt/op_api/aclnn_sqrt.h",
    },
    "Sub": {
        "header": "aclnn_sub.h",
        "params": (
            "const aclTensor *self",
            "const aclTensor *other",
            "const aclScalar *alpha",
            "aclTensor *out",
        ),
        "repo": "ops-math",
        "path": "math/sub/op_api/aclnn_sub.h",
    },
    # No hand-written header: CANN generates aclnn_swi_glu.h from the op definition
    # (activation/swi_glu/op_host/swi_glu_def.cpp); prototype from the op's docs.
    "SwiGlu": {
        "header": "aclnn_swi_glu.h",
        "params": ("const aclTensor *x", "int64_t dim", "const aclTensor *out"),
        "repo": "ops-nn",
        "path": "activation/swi_glu/docs/aclnnSwiGlu.md",
    },
    "Tanh": {
        "header": "aclnn_tanh.h",
        "params": ("const aclTensor *self", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/tanh/op_api/aclnn_tanh.h",
    },
    "TransMatmulWeight": {
        "header": "aclnn_trans_matmul_weight.h",
        "params": ("aclTensor *mmWeightRef",),
        "repo": "ops-math",
        "path": "conversion/trans_data/op_api/aclnn_trans_matmul_weight.h",
    },
    "TriangularSolve": {
        "header": "aclnn_triangular_solve.h",
        "params": (
            "const aclTensor *self",
            "const aclTensor *A",
            "bool upper",
            "bool transpose",
            "bool unitriangular",
            "aclTensor *xOut",
            "aclTensor *mOut",
        ),
        "repo": "ops-math",
        "path": "math/triangular_solve/op_host/op_api/aclnn_triangular_solve.h",
    },
    "Tril": {
        "header": "aclnn_tril.h",
        "params": ("const aclTensor *self", "int64_t diagonal", "aclTensor *out"),
        "repo": "ops-math",
        "path": "conversion/tril/op_api/aclnn_tril.h",
    },
    "Triu": {
        "header": "aclnn_triu.h",
        "params": ("const aclTensor *self", "int64_t diagonal", "aclTensor *out"),
        "repo": "ops-math",
        "path": "conversion/triu/op_api/aclnn_triu.h",
    },
    # Header aclnn_upsample_nearest_2d.h (underscore before 2d).
    "UpsampleNearest2d": {
        "header": "aclnn_upsample_nearest_2d.h",
        "params": ("const aclTensor *self", "const aclIntArray *outputSize", "aclTensor *out"),
        "repo": "ops-cv",
        "path": "image/resize_nearest_neighbor_v2/op_api/aclnn_upsample_nearest_2d.h",
    },
    # CANN declares the output const here (`const aclTensor *y`); `int`, not int64_t, group size.
    "WeightQuantBatchMatmulV2": {
        "header": "aclnn_weight_quant_batch_matmul_v2.h",
        "params": (
            "const aclTensor *x",
            "const aclTensor *weight",
            "const aclTensor *antiquantScale",
            "const aclTensor *antiquantOffsetOptional",
            "const aclTensor *quantScaleOptional",
            "const aclTensor *quantOffsetOptional",
            "const aclTensor *biasOptional",
            "int antiquantGroupSize",
            "const aclTensor *y",
        ),
        "repo": "ops-nn",
        "path": "matmul/weight_quant_batch_matmul_v2/op_host/op_api/aclnn_weight_quant_batch_matmul_v2.h",
    },
    # ---- APIs declared in headers the backend includes but calls nothing from:
    #      aclnn_addcdiv.h, aclnn_embedding.h, aclnn_ger.h, aclnn_grouped_matmul_v3.h, aclnn_logical_not.h,
    #      aclnn_logsoftmax.h, aclnn_masked_fill_scalar.h, aclnn_recurrent_gated_delta_rule.h, aclnn_scatter.h, aclnn_sum.h ----
    # CANN declares the output const here (`const aclTensor *out`).
    "Addcdiv": {
        "header": "aclnn_addcdiv.h",
        "params": (
            "const aclTensor *self",
            "const aclTensor *tensor1",
            "const aclTensor *tensor2",
            "const aclScalar *value",
            "const aclTensor *out",
        ),
        "repo": "ops-math",
        "path": "math/addcdiv/op_api/aclnn_addcdiv.h",
    },
    # CANN declares the output const here (`const aclTensor *out`).
    "Embedding": {
        "header": "aclnn_embedding.h",
        "params": ("const aclTensor *weight", "const aclTensor *indices", "const aclTensor *out"),
        "repo": "ops-nn",
        "path": "index/embedding/op_api/aclnn_embedding.h",
    },
    "Ger": {
        "header": "aclnn_ger.h",
        "params": ("const aclTensor *self", "const aclTensor *vec2", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/ger/op_api/aclnn_ger.h",
    },
    # Output list declared const (`const aclTensorList *y`).
    "GroupedMatmulV3": {
        "header": "aclnn_grouped_matmul_v3.h",
        "params": (
            "const aclTensorList *x",
            "const aclTensorList *weight",
            "const aclTensorList *biasOptional",
            "const aclTensorList *scaleOptional",
            "const aclTensorList *offsetOptional",
            "const aclTensorList *antiquantScaleOptional",
            "const aclTensorList *antiquantOffsetOptional",
            "const aclTensor *groupListOptional",
            "int64_t splitItem",
            "int64_t groupType",
            "const aclTensorList *y",
        ),
        "repo": "ops-transformer",
        "path": "gmm/grouped_matmul/op_host/op_api/aclnn_grouped_matmul_v3.h",
    },
    # selfRef declared const although written in place.
    "InplaceAddcdiv": {
        "header": "aclnn_addcdiv.h",
        "params": (
            "const aclTensor *selfRef",
            "const aclTensor *tensor1",
            "const aclTensor *tensor2",
            "const aclScalar *value",
        ),
        "repo": "ops-math",
        "path": "math/addcdiv/op_api/aclnn_addcdiv.h",
    },
    "InplaceLogicalNot": {
        "header": "aclnn_logical_not.h",
        "params": ("aclTensor *selfRef",),
        "repo": "ops-math",
        "path": "math/logical_not/op_api/aclnn_logical_not.h",
    },
    "InplaceMaskedFillScalar": {
        "header": "aclnn_masked_fill_scalar.h",
        "params": ("aclTensor *selfRef", "const aclTensor *mask", "const aclScalar *value"),
        "repo": "ops-math",
        "path": "conversion/masked_fill/op_api/aclnn_masked_fill_scalar.h",
    },
    "InplaceScatter": {
        "header": "aclnn_scatter.h",
        "params": (
            "aclTensor *selfRef",
            "int64_t dim",
            "const aclTensor *index",
            "const aclTensor *src",
            "int64_t reduce",
        ),
        "repo": "ops-nn",
        "path": "index/scatter_elements_v2/op_api/aclnn_scatter.h",
    },
    "InplaceScatterValue": {
        "header": "aclnn_scatter.h",
        "params": (
            "aclTensor *selfRef",
            "int64_t dim",
            "const aclTensor *index",
            "const aclScalar *value",
            "int64_t reduce",
        ),
        "repo": "ops-nn",
        "path": "index/scatter_elements_v2/op_api/aclnn_scatter.h",
    },
    # Header aclnn_logsoftmax.h (not aclnn_log_softmax.h).
    "LogSoftmax": {
        "header": "aclnn_logsoftmax.h",
        "params": ("const aclTensor *self", "int64_t dim", "aclTensor *out"),
        "repo": "ops-nn",
        "path": "activation/log_softmax_v2/op_api/aclnn_logsoftmax.h",
    },
    "LogicalNot": {
        "header": "aclnn_logical_not.h",
        "params": ("const aclTensor *self", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/logical_not/op_api/aclnn_logical_not.h",
    },
    # Not in the ops-transformer snapshot above (c29bc10, Nov 2025) and no header in the
    # indexed newer tree: prototype from the op's docs at the "ops-transformer-index" commit; the
    # definition in attention/recurrent_gated_delta_rule/op_api/aclnn_recurrent_gated_delta_rule.cpp
    # (hicann/ops-transformer 55255a3ada1cdd7a988e6ca72e0fff1fe40924c7) has the same parameters.
    "RecurrentGatedDeltaRule": {
        "header": "aclnn_recurrent_gated_delta_rule.h",
        "params": (
            "const aclTensor *query",
            "const aclTensor *key",
            "const aclTensor *value",
            "const aclTensor *beta",
            "aclTensor *stateRef",
            "const aclTensor *actualSeqLengths",
            "const aclTensor *ssmStateIndices",
            "const aclTensor *g",
            "const aclTensor *gk",
            "const aclTensor *numAcceptedTokens",
            "float scaleValue",
            "aclTensor *out",
        ),
        "repo": "ops-transformer-index",
        "path": "attention/recurrent_gated_delta_rule/docs/aclnnRecurrentGatedDeltaRule.md",
    },
    "Scatter": {
        "header": "aclnn_scatter.h",
        "params": (
            "const aclTensor *self",
            "int64_t dim",
            "const aclTensor *index",
            "const aclTensor *src",
            "int64_t reduce",
            "aclTensor *out",
        ),
        "repo": "ops-nn",
        "path": "index/scatter_elements_v2/op_api/aclnn_scatter.h",
    },
    "ScatterValue": {
        "header": "aclnn_scatter.h",
        "params": (
            "const aclTensor *self",
            "int64_t dim",
            "const aclTensor *index",
            "const aclScalar *value",
            "int64_t reduce",
            "aclTensor *out",
        ),
        "repo": "ops-nn",
        "path": "index/scatter_elements_v2/op_api/aclnn_scatter.h",
    },
    "Sum": {
        "header": "aclnn_sum.h",
        "params": ("const aclTensorList *tensors", "aclTensor *out"),
        "repo": "ops-math",
        "path": "math/accumulate_nv2/op_api/aclnn_sum.h",
    },
}


HEADERS_INCLUDED = (
    "aclnn_abs.h",
    "aclnn_add.h",
    "aclnn_add_rms_norm.h",
    "aclnn_addcdiv.h",
    "aclnn_arange.h",
    "aclnn_argmax.h",
    "aclnn_argsort.h",
    "aclnn_avgpool2d.h",
    "aclnn_batch_matmul.h",
    "aclnn_cast.h",
    "aclnn_cat.h",
    "aclnn_clamp.h",
    "aclnn_constant_pad_nd.h",
    "aclnn_convolution.h",
    "aclnn_copy.h",
    "aclnn_cos.h",
    "aclnn_cumsum.h",
    "aclnn_div.h",
    "aclnn_elu.h",
    "aclnn_embedding.h",
    "aclnn_eq_tensor.h",
    "aclnn_exp.h",
    "aclnn_fill_scalar.h",
    "aclnn_fused_infer_attention_score_v2.h",
    "aclnn_gather_v2.h",
    "aclnn_geglu.h",
    "aclnn_gelu.h",
    "aclnn_gelu_v2.h",
    "aclnn_ger.h",
    "aclnn_group_norm.h",
    "aclnn_grouped_matmul_v3.h",
    "aclnn_gt_scalar.h",
    "aclnn_hardsigmoid.h",
    "aclnn_hardswish.h",
    "aclnn_im2col.h",
    "aclnn_index_copy.h",
    "aclnn_index_fill_tensor.h",
    "aclnn_index_select.h",
    "aclnn_layer_norm.h",
    "aclnn_leaky_relu.h",
    "aclnn_log.h",
    "aclnn_logical_not.h",
    "aclnn_logsoftmax.h",
    "aclnn_masked_fill_scalar.h",
    "aclnn_matmul.h",
    "aclnn_max_pool.h",
    "aclnn_mean.h",
    "aclnn_mm.h",
    "aclnn_mul.h",
    "aclnn_mv.h",
    "aclnn_neg.h",
    "aclnn_norm.h",
    "aclnn_permute.h",
    "aclnn_pow.h",
    "aclnn_pow_tensor_tensor.h",
    "aclnn_recurrent_gated_delta_rule.h",
    "aclnn_reduce_sum.h",
    "aclnn_reflection_pad1d.h",
    "aclnn_relu.h",
    "aclnn_repeat.h",
    "aclnn_repeat_interleave.h",
    "aclnn_rms_norm.h",
    "aclnn_roll.h",
    "aclnn_scatter.h",
    "aclnn_sigmoid.h",
    "aclnn_sign.h",
    "aclnn_silu.h",
    "aclnn_sin.h",
    "aclnn_slice.h",
    "aclnn_softmax.h",
    "aclnn_softmax_cross_entropy_with_logits.h",
    "aclnn_softplus.h",
    "aclnn_sqrt.h",
    "aclnn_sub.h",
    "aclnn_sum.h",
    "aclnn_swi_glu.h",
    "aclnn_tanh.h",
    "aclnn_threshold.h",
    "aclnn_trans_matmul_weight.h",
    "aclnn_triangular_solve.h",
    "aclnn_tril.h",
    "aclnn_triu.h",
    "aclnn_upsample_nearest_2d.h",
    "aclnn_weight_quant_batch_matmul_v2.h",
    "aclnn_zero.h",
)
