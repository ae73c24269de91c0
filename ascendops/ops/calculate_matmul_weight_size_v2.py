"""aclnnCalculateMatmulWeightSizeV2: the elements a matrix weight of shape tensorShape and
dtype dataType takes in FRACTAL_NZ (aclnnTransMatmulWeight's layout). One call, not
two-phase: `aclnnStatus aclnnCalculateMatmulWeightSizeV2(const aclIntArray *tensorShape,
aclDataType dataType, uint64_t *weightTensorSize)`.

CANN (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/trans_data/op_api/aclnn_trans_matmul_weight.cpp), in order:
- CheckSocValid: Ascend310P, Ascend910B, Ascend910_93 or a regbase SoC, else
  ACLNN_ERR_RUNTIME_ERROR (361001).
- tensorShape not null, then weightTensorSize not null (161001).
- CheckShapeDimV2: 2 to 6 dims; CheckNonZeroShape: no 0 in the shape (161002).
Then CalculateMatmulWeightSize: the product of the batch dims, the second-last dim aligned
to 16, the last to 16 for FLOAT16 / BF16 and to 32 for any other dataType (an element
count, not bytes: CANN's example multiplies it by the element size). Negative dims are
not checked by CANN (its product then wraps); here they are refused (161002)."""
from ascendops._core import ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_RUNTIME_ERROR, DTypeAttr, IntArray, as_dtype
from ascendops.ops import CannSource, Checks, Require, Result, SingleCallApi, register_single_call

COMMIT = "c41933244c31e44fd496e3bb3212164f8c48c214"


def check_soc(ctx):
    """CheckSocValid."""
    soc = ctx.soc
    if not (soc.name in ("Ascend310P", "Ascend910B", "Ascend910_93") or soc.regbase):
        return "support for %s is not implemented" % soc.name


def check_shape_null(ctx):
    if ctx.values["tensorShape"] is None:
        return "Expected a proper value but got null for argument tensorShape."


def check_result_null(ctx):
    if ctx.values["weightTensorSize"] is None:
        return "expected a value of type number for argument weightTensorSize but instead found type null."


def _shape(ctx):
    return IntArray("tensorShape").convert(ctx.values["tensorShape"])


def check_dims(ctx):
    """CheckShapeDimV2."""
    n = len(_shape(ctx))
    if not 2 <= n <= 6:
        return "It is expected that tensorShape has 2-6 dimensions, but got dimensions %d." % n


def check_non_zero(ctx):
    """CheckNonZeroShape (and no negative dim, ascendops' own)."""
    shape = _shape(ctx)
    if 0 in shape:
        return "No zeros are allow in shape"
    if any(d < 0 for d in shape):
        return "tensorShape %r has a negative dim" % (shape,)


def weight_elements(tensor_shape, data_type):
    """CalculateMatmulWeightSize with NeedToCovertToPravateFormat() true."""
    shape = IntArray("tensorShape").convert(tensor_shape)
    try:
        name = as_dtype(data_type).name
    except (TypeError, ValueError, KeyError):
        name = None                 # an aclDataType ascendops has no dtype for: "any other"
    n = 1
    for i, d in enumerate(shape):
        if i < len(shape) - 2:
            n *= d
        elif name in ("float16", "bfloat16") or i == len(shape) - 2:
            n *= -(-d // 16) * 16
        else:
            n *= -(-d // 32) * 32
    return n


CALCULATE_MATMUL_WEIGHT_SIZE_V2 = register_single_call(SingleCallApi(
    name="CalculateMatmulWeightSizeV2", snake="calculate_matmul_weight_size_v2",
    header="aclnn_trans_matmul_weight.h",
    params=(IntArray("tensorShape"), DTypeAttr("dataType"), Result("weightTensorSize")),
    compute=weight_elements,
    checks=Checks(
        CannSource("hicann/ops-math", COMMIT, "conversion/trans_data/op_api/aclnn_trans_matmul_weight.cpp"),
        ("CheckSocValid", Require(check_soc, "310P, 910B, 910_93 or regbase", status=ACLNN_ERR_RUNTIME_ERROR)),
        ("OP_CHECK_NULL", Require(check_shape_null, "tensorShape not null", status=ACLNN_ERR_PARAM_NULLPTR),
         Require(check_result_null, "weightTensorSize not null", status=ACLNN_ERR_PARAM_NULLPTR)),
        ("CheckShapeDimV2", Require(check_dims, "2 to 6 dims")),
        ("CheckNonZeroShape", Require(check_non_zero, "no zero dim")),
    ),
    info={"examples": [(((16, 32), "float16"), 512), (((17, 33), "bfloat16"), 32 * 48),
                       (((17, 33), "int8"), 32 * 64), (((2, 3, 17, 33), "float32"), 6 * 32 * 64)]},
    doc=__doc__,
))
