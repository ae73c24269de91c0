"""CANN's op_api unit tests of the registered ops, ported to data: one module per op,
each with OP (the op's name), SOURCE (repository, commit, path) and CASES.

A case is what one OP_API_UT call of CANN's UT builds: its input tensors (None for a
nullptr), its attributes in CANN's argument order, its outputs, and the status CANN's UT
expects of aclnnXxxGetWorkspaceSize (None where the UT asserts none), and the API it
calls where that is not the module's OP (a UT file that also calls aclnnInplaceXxx or a
sibling API: `op`, CANN's name less "aclnn"). Tensors keep the
UT's TensorDesc: shape, CANN dtype and format names, and for a view its strides, storage
offset and storage shape. tests/ops/test_cann_ut.py runs them."""
from typing import Any, List, NamedTuple, Optional, Tuple


class T(NamedTuple):
    """One TensorDesc(shape, dtype, format[, strides, offset, storage shape])."""
    shape: Tuple[int, ...]
    dtype: str
    format: str
    strides: Optional[Tuple[int, ...]] = None
    offset: int = 0
    storage: Optional[Tuple[int, ...]] = None


class Case(NamedTuple):
    name: str
    inputs: List[Optional[T]]
    attrs: List[Any]
    outputs: List[Optional[T]]
    status: Optional[int]
    soc: str = "Ascend910B"
    op: Optional[str] = None


MODULES = ("silu", "silu_backward", "sigmoid_backward", "gelu_backward", "gelu_backward_v2",
           "hardswish_backward", "softmax_backward", "cast",
           # activation backward ops
           "hardswish_backward_v2", "fast_gelu_backward", "selu_backward", "leaky_relu_backward",
           "hardsigmoid_backward", "hardshrink_backward", "softshrink_backward", "hardtanh_backward",
           "softplus_backward", "mish_backward", "threshold_backward", "swish_backward", "elu_backward",
           "logsigmoid_backward",
           # windowed ops
           "im2col",
           # the softmax family
           "softmax", "log_softmax", "log_softmax_backward",
           # activation forward ops (and their aclnnInplaceXxx)
           "relu", "add_relu", "inplace_add_relu", "sigmoid", "logsigmoid", "swish", "gelu", "fast_gelu",
           "elu", "leaky_relu", "shrink", "softplus", "mish", "erfinv", "celu", "hardshrink", "hardsigmoid",
           "heaviside", "selu", "softshrink", "threshold",
           # the gated units (split operands)
           "glu", "glu_backward", "geglu",
           "geglu_backward",
           "gelu_mul",
           "fatrelu_mul",
           # channel broadcast and a row op of two output shapes
           "prelu",
           "softmax_cross_entropy_with_logits",
           "prelu_backward",
           # RReluWithNoise
           "rrelu_with_noise",
           # ClippedSwiglu (tiling UT)
           "clipped_swiglu",
           "clipped_swiglu_grad",
           # ops-math unary ops (and their aclnnInplaceXxx)
           "exp", "sqrt", "log", "log_test_log", "inplace_log", "sin", "cos", "tanh", "abs", "neg", "sign",
           # ops-math value ops (CopyOp: aclnnInplace APIs alone)
           "copy", "fill_scalar", "zero", "clamp", "gt_scalar", "arange",
           # ops-math binary arithmetic: the tensor-scalar forms
           "mul", "muls", "add", "inplace_add", "sub", "div",
           # the norms (AxisReduceOp)
           "add_rms_norm", "layer_norm", "group_norm", "norm",
           # ops-math pow and equal
           "pow_tensor_tensor", "pow_tensor_scalar", "pow_scalar_tensor", "eq_tensor", "inplace_eq_tensor",
           # the arithmetic reductions and the scan (AxisReduceOp)
           "reduce_sum", "cumsum", "arg_max",
           "triangular_solve",
           # layout ops
           "constant_pad_nd", "reflection_pad1d", "roll",
           # convolutions (ConvolutionOp)
           "convolution",
           # tensor lists (ConcatOp) and position masks (MaskOp)
           "cat", "tril", "triu",
           # gathers and scatters (IndexOp)
           "index_copy", "gather_v2", "index_select", "index_fill_tensor",
           # layout ops: slices and tiles
           "slice", "repeat",
           # pooling (WindowOp)
           "max_pool", "avg_pool2d",
           # rotary position embedding (RotaryOp)
           "rotary_position_embedding",
           # matrix products
           "mv",
           # weight-quantised products (QuantMatmulOp)
           "weight_quant_batch_matmul_v2")
