"""CANN's op_api unit-test cases of aclnnEluBackward, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/elu_grad_v2/tests/ut/op_api/test_aclnn_elu_backward.cpp
(42 cases; a TEST_F with several OP_API_UT calls gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B. Ported by reading each TEST_F's
TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...)) and EXPECT_EQ status;
value ranges and precisions only matter to CANN's precision runs and are left out;
scalars keep their value (ScalarDesc's dtype is not modelled).
Unrolled by hand at the end: l2_elu_backward_normal_BF16_NHWC.
"""
from cann_ut import Case, T

OP = 'EluBackward'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/elu_grad_v2/tests/ut/op_api/test_aclnn_elu_backward.cpp')
CASES = [
    Case('l2_elu_backward_normal_FLOAT_ND', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_backward_normal_FLOAT16_NCHW', inputs=[T((2, 2, 2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW'), T((2, 2, 2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2, 2, 2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('l2_elu_backward_normal_ratio_uint8_HWCN', inputs=[T((2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_HWCN'), T((2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')],
         attrs=[1, 1, 1, True], outputs=[T((2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')], status=0),
    Case('l2_elu_backward_normal_gradInput_COMPLEX64_NDHWC', inputs=[T((2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC'), T((2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2, 2, 2, 2, 2), 'ACL_COMPLEX64', 'ACL_FORMAT_NDHWC')], status=0),
    Case('l2_elu_backward_normal_alpha_2_NCDHW', inputs=[T((2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW'), T((2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')],
         attrs=[2.0, 1.0, 1.0, True], outputs=[T((2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')], status=0),
    Case('l2_elu_backward_normal_alpha_half_NCHW_NHWC', inputs=[T((2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NCHW'), T((2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[0.5, 1.0, 1.0, True], outputs=[T((2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('l2_elu_backward_normal_scale_2_ND', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 2.0, 1.0, True], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_backward_normal_scale_half_ND', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 0.5, 1.0, True], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_backward_normal_inputScale_2_ND', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 2.0, True], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_backward_normal_inputScale_half_ND', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 0.5, True], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_backward_normal_isResult_false_ND', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, False], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_backward_normal_empty_tensor', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_backward_abnormal_gradOutput_nullptr', inputs=[None, T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_elu_backward_abnormal_alpha_nullptr', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[None, 1.0, 1.0, True], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_elu_backward_abnormal_scale_nullptr', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, None, 1.0, True], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_elu_backward_abnormal_inputScale_nullptr', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, None, True], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_elu_backward_abnormal_selfOrResult_nullptr', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_elu_backward_abnormal_gradInput_nullptr', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[None], status=161001),
    Case('l2_elu_backward_abnormal_dtype_unequal', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_backward_abnormal_gradOutput_INT32', inputs=[T((2,), 'ACL_INT32', 'ACL_FORMAT_ND'), T((2,), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_backward_abnormal_gradOutput_INT64', inputs=[T((2,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((2,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_INT64', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_backward_abnormal_gradOutput_INT16', inputs=[T((2,), 'ACL_INT16', 'ACL_FORMAT_ND'), T((2,), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_INT16', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_backward_abnormal_gradOutput_INT8', inputs=[T((2,), 'ACL_INT8', 'ACL_FORMAT_ND'), T((2,), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_INT8', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_backward_abnormal_gradOutput_UINT8', inputs=[T((2,), 'ACL_UINT8', 'ACL_FORMAT_ND'), T((2,), 'ACL_UINT8', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_UINT8', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_backward_abnormal_gradOutput_BOOL', inputs=[T((2,), 'ACL_BOOL', 'ACL_FORMAT_ND'), T((2,), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_backward_abnormal_gradOutput_COMPLEX64', inputs=[T((2,), 'ACL_COMPLEX64', 'ACL_FORMAT_ND'), T((2,), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_backward_abnormal_gradOutput_COMPLEX128', inputs=[T((2,), 'ACL_COMPLEX128', 'ACL_FORMAT_ND'), T((2,), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_backward_abnormal_gradOutput_DOUBLE', inputs=[T((2,), 'ACL_DOUBLE', 'ACL_FORMAT_ND'), T((2,), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_backward_abnormal_gradOutput_UNDEFINED', inputs=[T((2,), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_ND'), T((2,), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_backward_abnormal_gradInput_INT32', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_backward_abnormal_shape_gradOutput_selfOrResult_unequal', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_backward_abnormal_shape_gradOutput_gradInput_unequal', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2, 2), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_backward_abnormal_shape_10D', inputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_backward_abnormal_alpha_negtive', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[-1.0, 2.0, 1.0, True], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_backward_normal_valuerange', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_backward_normal_uncontiguous', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2)), T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2))],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2))], status=0),
    Case('l2_elu_backward_normal_large_shape', inputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_backward_normal_5d_shape', inputs=[T((2, 4, 8, 16, 32), 'ACL_FLOAT16', 'ACL_FORMAT_NCDHW'), T((2, 4, 8, 16, 32), 'ACL_FLOAT16', 'ACL_FORMAT_NCDHW')],
         attrs=[1.2, 1.0, 1.0, True], outputs=[T((2, 4, 8, 16, 32), 'ACL_FLOAT16', 'ACL_FORMAT_NCDHW')], status=0),
    Case('l2_elu_backward_normal_scalar_shape', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_backward_normal_with_specific_values', inputs=[T((4,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((4,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((4,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_backward_abnormal_dim_gt_9', inputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0, True], outputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_backward_normal_alpha_zero', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.0, 1.0, 1.0, True], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]

# l2_elu_backward_normal_BF16_NHWC expects success on Ascend910B (the UT's SoC).
_s = (2, 2, 2, 2)
CASES.append(Case("l2_elu_backward_normal_BF16_NHWC", inputs=[T(_s, "ACL_BF16", "ACL_FORMAT_NHWC"),
                  T(_s, "ACL_BF16", "ACL_FORMAT_NHWC")], attrs=[1.0, 1.0, 1.0, True],
                  outputs=[T(_s, "ACL_BF16", "ACL_FORMAT_NHWC")], status=0))

# The cases whose CANN status ascendops does not give: (its status, why).
NOT_MODELLED = {
    'l2_elu_backward_normal_gradInput_COMPLEX64_NDHWC': (161002, "a COMPLEX64 gradInput: CANN casts the FLOAT result to it; the engine writes only the floating dtypes of the list, and gradInput must have the inputs' dtype (161002)"),
}
