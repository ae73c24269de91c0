"""CANN's op_api unit-test cases of aclnnPowTensorTensor, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/pow/tests/ut/op_api/test_aclnn_pow_tensor_tensor.cpp (18 cases). The SoC is the UT
stub's, Ascend910B, unless a case sets another. Only the status of aclnn<API>GetWorkspaceSize is compared;
a case whose UT asserts no status (or asserts one only on other SoCs) has status None.
"""
import numpy as np  # noqa: F401

from cann_ut import Case, T

OP = 'PowTensorTensor'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'math/pow/tests/ut/op_api/test_aclnn_pow_tensor_tensor.cpp')
CASES = [
    Case('aclnnPowTensorTensor_1_11_float_nd_23_11_float_nd', inputs=[T((1, 11), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((23, 11), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[], outputs=[T((23, 11), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=0),
    Case('aclnnPowTensorTensor_17_17_float16_nchw_17_17_float16_nchw', inputs=[T((17, 17), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW'), T((17, 17), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[], outputs=[T((17, 17), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         status=0),
    Case('aclnnPowTensorTensor_16_31_31_16_uint8_nhwc_16_31_1_1_uint8_nhwc_float16', inputs=[T((16, 31, 31, 16), 'ACL_UINT8', 'ACL_FORMAT_NHWC'), T((16, 31, 1, 1), 'ACL_UINT8', 'ACL_FORMAT_NHWC')], attrs=[], outputs=[T((16, 31, 31, 16), 'ACL_FLOAT16', 'ACL_FORMAT_NHWC')],
         status=0),
    Case('aclnnPowTensorTensor_1_1_16_12_int8_hwcn_32_32_16_1_int8_hwcn_int32', inputs=[T((1, 1, 16, 12), 'ACL_INT8', 'ACL_FORMAT_HWCN'), T((32, 32, 16, 1), 'ACL_INT8', 'ACL_FORMAT_HWCN')], attrs=[], outputs=[T((32, 32, 16, 12), 'ACL_INT32', 'ACL_FORMAT_HWCN')],
         status=0),
    Case('aclnnPowTensorTensor_1_11_21_6_float32_nd_12_1_1_1_float16_nchw', inputs=[T((1, 11, 21, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((12, 1, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[], outputs=[T((12, 11, 21, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=0),
    Case('aclnnPowTensorTensor_0_2_float32_nd_1_2_float32_nd_empty_tensor', inputs=[T((0, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[], outputs=[T((0, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=0),
    Case('aclnnPowTensorTensor_100_int8_100_int8_in_overflow', inputs=[T((100,), 'ACL_INT8', 'ACL_FORMAT_ND'), T((100,), 'ACL_INT8', 'ACL_FORMAT_ND')], attrs=[], outputs=[T((100,), 'ACL_INT8', 'ACL_FORMAT_ND')],
         status=0),
    Case('aclnnPowTensorTensor_100_int32_100_int32', inputs=[T((100,), 'ACL_INT32', 'ACL_FORMAT_ND'), T((100,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[], outputs=[T((100,), 'ACL_INT32', 'ACL_FORMAT_ND')],
         status=0),
    Case('aclnnPowTensorTensor_1_2_float16_2_1_float16_boundary_value', inputs=[T((1, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[], outputs=[T((2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         status=0),
    Case('aclnnPowTensorTensor_5_4_float32_not_contiguous', inputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5)), T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))], attrs=[], outputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=0),
    Case('aclnnPowTensorTensor_input_output_nullptr', inputs=[None, T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[], outputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=161001),
    Case('aclnnPowTensorTensor_input_error_shape', inputs=[T((11, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((11, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[], outputs=[T((11, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=0),
    Case('aclnnPowTensorTensor_input_output_diff_shape', inputs=[T((11, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((11, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[], outputs=[T((8, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=161002),
    Case('aclnnPowTensorTensor_input_error_shape_len', inputs=[T((2, 3, 4, 5, 6, 7, 8, 9, 10), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3, 4, 5, 6, 7, 8, 9, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[], outputs=[T((2, 3, 4, 5, 6, 7, 8, 9, 10), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=161002),
    Case('aclnnPowTensorTensor_error_input_dtype', inputs=[T((11, 16), 'ACL_UINT64', 'ACL_FORMAT_NHWC'), T((11, 16), 'ACL_UINT64', 'ACL_FORMAT_NHWC')], attrs=[], outputs=[T((11, 16), 'ACL_UINT64', 'ACL_FORMAT_NHWC')],
         status=161002),
    Case('aclnnPowTensorTensor_output_error_cast_dtype', inputs=[T((11, 1), 'ACL_FLOAT', 'ACL_FORMAT_NHWC'), T((11, 1), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], attrs=[], outputs=[T((11, 1), 'ACL_INT32', 'ACL_FORMAT_NHWC')],
         status=161002),
    Case('aclnnPowTensorTensor_2_7_float32_nd_2_7_bool_nd', inputs=[T((2, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 7), 'ACL_BOOL', 'ACL_FORMAT_ND')], attrs=[], outputs=[T((2, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=0),
    Case('aclnnPowTensorTensor_2_7_bool_nd_2_7_bool_nd', inputs=[T((2, 7), 'ACL_BOOL', 'ACL_FORMAT_ND'), T((2, 7), 'ACL_BOOL', 'ACL_FORMAT_ND')], attrs=[], outputs=[T((2, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=161002),
]
