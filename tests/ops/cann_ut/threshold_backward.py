"""CANN's op_api unit-test cases of aclnnThresholdBackward, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/threshold_grad_v2_d/tests/ut/op_host/op_api/test_aclnn_threshold_backward.cpp
(26 cases; a TEST_F with several OP_API_UT calls gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B. Ported by reading each TEST_F's
TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...)) and EXPECT_EQ status;
value ranges and precisions only matter to CANN's precision runs and are left out;
scalars keep their value (ScalarDesc's dtype is not modelled)."""
from cann_ut import Case, T

OP = 'ThresholdBackward'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/threshold_grad_v2_d/tests/ut/op_host/op_api/test_aclnn_threshold_backward.cpp')
CASES = [
    Case('l2_test_unsupport_dtype', inputs=[T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_test_unmatch_dtype', inputs=[T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_test_unmatch_shape', inputs=[T((2, 1), 'ACL_INT32', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_invalid_out_shape', inputs=[T((2, 1), 'ACL_INT32', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((2, 4), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_test_nullptr', inputs=[None, T((2, 0), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((2, 0), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_test_empty_tensor', inputs=[T((2, 0), 'ACL_INT32', 'ACL_FORMAT_ND'), T((2, 0), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((2, 0), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
    Case('ascend950PR_9589_l2_test_relu_grad_int32_success', inputs=[T((10,), 'ACL_INT32', 'ACL_FORMAT_ND'), T((10,), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((10,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0, soc='Ascend950'),
    Case('ascend950PR_9589_l2_test_relu_grad_int8_success', inputs=[T((10,), 'ACL_INT8', 'ACL_FORMAT_ND'), T((10,), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((10,), 'ACL_INT8', 'ACL_FORMAT_ND')], status=0, soc='Ascend950'),
    Case('ascend950PR_9589_l2_test_relu_grad_fp16_success', inputs=[T((10,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((10,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((10,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0, soc='Ascend950'),
    Case('ascend950PR_9589_l2_test_relu_grad_fp32_success', inputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0, soc='Ascend950'),
    Case('ascend910B2_l2_test_threshold_grad_v2_d_positive_threshold_success', inputs=[T((10,), 'ACL_INT32', 'ACL_FORMAT_ND'), T((10,), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((10,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
    Case('ascend910B2_l2_test_threshold_grad_v2_d_negative_threshold_success', inputs=[T((10,), 'ACL_INT32', 'ACL_FORMAT_ND'), T((10,), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[-1.0], outputs=[T((10,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
    Case('ascend910B2_l2_test_relu_grad_bfp16_success', inputs=[T((10,), 'ACL_BF16', 'ACL_FORMAT_ND'), T((10,), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((10,), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('ascend910B2_l2_test_relu_grad_check_max_dim', inputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_test_relu_grad_uint8_success', inputs=[T((10,), 'ACL_UINT8', 'ACL_FORMAT_ND'), T((10,), 'ACL_UINT8', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((10,), 'ACL_UINT8', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_relu_grad_int64_unsupported_on_stub', inputs=[T((10,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((10,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((10,), 'ACL_INT64', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_test_int64_nonzero_threshold_fail', inputs=[T((10,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((10,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((10,), 'ACL_INT64', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_test_2d_shape_success', inputs=[T((4, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((4, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.5], outputs=[T((4, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_4d_shape_success', inputs=[T((2, 3, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 3, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((2, 3, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_8d_shape_success', inputs=[T((2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_large_shape_success', inputs=[T((1024, 1024), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((1024, 1024), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((1024, 1024), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_bf16_threshold_zero_precision', inputs=[T((10,), 'ACL_BF16', 'ACL_FORMAT_ND'), T((10,), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((10,), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_uint8_nonzero_threshold_success', inputs=[T((10,), 'ACL_UINT8', 'ACL_FORMAT_ND'), T((10,), 'ACL_UINT8', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((10,), 'ACL_UINT8', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_fp32_nonzero_threshold_precision', inputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[2.0], outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_scalar_tensor_success', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_threshold_nullptr', inputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[None], outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
]
