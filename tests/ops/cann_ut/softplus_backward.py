"""CANN's op_api unit-test cases of aclnnSoftplusBackward, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/softplus_v2_grad/tests/ut/op_host/op_api/test_aclnn_softplus_backward.cpp
(16 cases; a TEST_F with several OP_API_UT calls gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B. Ported by reading each TEST_F's
TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...)) and EXPECT_EQ status;
value ranges and precisions only matter to CANN's precision runs and are left out;
scalars keep their value (ScalarDesc's dtype is not modelled)."""
from cann_ut import Case, T

OP = 'SoftplusBackward'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/softplus_v2_grad/tests/ut/op_host/op_api/test_aclnn_softplus_backward.cpp')
CASES = [
    Case('grad_nullptr', inputs=[None, T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.0, 0.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('self_nullptr', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None],
         attrs=[0.0, 0.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('out_nullptr', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.0, 0.0], outputs=[None], status=161001),
    Case('gradOutput_invalid_dtype', inputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.0, 0.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('self_invalid_dtype_complex', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[0.0, 0.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('gradinput_invalid_dtype_int32', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.0, 0.0], outputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('self_invalid_shape_9_dim', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3, 1, 1, 1, 1, 1, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.0, 0.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('gradOutput_invalid_shape_9_dim', inputs=[T((2, 3, 1, 1, 1, 1, 1, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.0, 0.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('gradOutput_self_shape_not_equal', inputs=[T((2, 3, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.0, 0.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('self_out_shape_not_equal', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.0, 0.0], outputs=[T((2, 3, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('empty_tensor', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.0, 0.0], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('empty_tensor_2_0_3', inputs=[T((2, 0, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 0, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.0, 0.0], outputs=[T((2, 0, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('normal_float32_nd', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.0, 0.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('Ascend910B2_normal_bf16_nd', inputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[0.0, 0.0], outputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('normal_gradOut_float_self_int32_nd', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[0.0, 0.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('normal_self_discontiguous', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND', (2, 1), 0, (3, 2))],
         attrs=[0.0, 0.0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]
