"""CANN's op_api unit-test cases of aclnnHardtanhBackward, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/hardtanh_grad/tests/ut/op_api/test_aclnn_hardtanh_backward.cpp
(23 cases; a TEST_F with several OP_API_UT calls gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B. Ported by reading each TEST_F's
TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...)) and EXPECT_EQ status;
value ranges and precisions only matter to CANN's precision runs and are left out;
scalars keep their value (ScalarDesc's dtype is not modelled)."""
from cann_ut import Case, T

OP = 'HardtanhBackward'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/hardtanh_grad/tests/ut/op_api/test_aclnn_hardtanh_backward.cpp')
CASES = [
    Case('normal_dtype_float32_format_nd', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('abnormal_dtype_ACL_INT64_format_nd', inputs=[T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_dtype_ACL_INT16_format_nd', inputs=[T((2, 3), 'ACL_INT16', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_INT16', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_dtype_ACL_INT8_format_nd', inputs=[T((2, 3), 'ACL_INT8', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_INT8', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_dtype_ACL_UINT8_format_nd', inputs=[T((2, 3), 'ACL_UINT8', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_UINT8', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_UINT8', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_dtype_ACL_COMPLEX64_format_nd', inputs=[T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_dtype_ACL_COMPLEX128_format_nd', inputs=[T((2, 3), 'ACL_COMPLEX128', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')], status=161002),
    Case('normal_dtype_float16_format_nd', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('Ascend910B2_normal_dtype_bf16_format_nd', inputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('normal_dtype_float32_format_nhwc', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NHWC'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('normal_dtype_float32_format_nchw', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NCHW'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('normal_dtype_float32_format_hwcn', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_HWCN'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')], status=0),
    Case('normal_dtype_float32_format_ncdhw', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')], status=0),
    Case('normal_dtype_float32_format_ndhwc', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')], status=0),
    Case('normal_empty_tensor', inputs=[T((0, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 1.0], outputs=[T((0, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('abnormal_grad_output_nullptr', inputs=[None, T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('abnormal_self_nullptr', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('abnormal_out_nullptr', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 1.0], outputs=[None], status=161001),
    Case('abnormal_dtype_grad_output_int64', inputs=[T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_dtype_self_int64', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_dtype_grad_output_self_unequal', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_shape_grad_output_self_unequal', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 1.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_shape_dim_greater_than_threshold', inputs=[T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 1.0], outputs=[T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
]
