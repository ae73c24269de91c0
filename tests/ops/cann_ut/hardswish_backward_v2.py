"""CANN's op_api unit-test cases of aclnnHardswishBackwardV2, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/hard_swish_grad_v2/tests/ut/op_host/op_api/test_aclnn_hardswish_backward_v2.cpp
(16 cases; a TEST_F with several OP_API_UT calls gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B. Ported by reading each TEST_F's
TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...)) and EXPECT_EQ status;
value ranges and precisions only matter to CANN's precision runs and are left out;
scalars keep their value (ScalarDesc's dtype is not modelled)."""
from cann_ut import Case, T

OP = 'HardswishBackwardV2'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/hard_swish_grad_v2/tests/ut/op_host/op_api/test_aclnn_hardswish_backward_v2.cpp')
CASES = [
    Case('normal_dtype_float32_format_nd', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('normal_dtype_float32_format_nhwc', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NHWC'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('normal_dtype_float32_format_nchw', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NCHW'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('normal_dtype_float32_format_hwcn', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_HWCN'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')], status=0),
    Case('normal_dtype_float32_format_ncdhw', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')], status=0),
    Case('normal_dtype_float32_format_ndhwc', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')], status=0),
    Case('normal_empty_tensor', inputs=[T((0, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((0, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('abnormal_grad_output_nullptr', inputs=[None, T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('abnormal_self_nullptr', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('abnormal_out_nullptr', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('abnormal_dtype_grad_output_int64', inputs=[T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_dtype_self_int64', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_dtype_grad_output_self_unequal', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_shape_grad_output_self_unequal', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_shape_dim_greater_than_threshold', inputs=[T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('ascend910B2_hardswish_grad_bf16_precision', inputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
]
