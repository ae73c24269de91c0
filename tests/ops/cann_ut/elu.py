"""CANN's op_api unit-test cases of aclnnElu, aclnnInplaceElu, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/elu/tests/ut/op_api/test_aclnn_elu.cpp
(33 cases; a TEST_F with several OP_API_UT calls (or a loop) gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (a SoC-conditional EXPECT takes its
Ascend910B branch; a test named after another SoC still runs on the stub's). Ported by
reading each TEST_F's TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...))
and EXPECT_EQ status (None where the UT asserts none); loops over dtype/format lists
unrolled. Value ranges and precisions only matter to CANN's precision runs and are left
out; scalars keep their value (ScalarDesc's dtype is not modelled; static_cast<int64_t>
keeps an int).
"""

from cann_ut import Case, T

OP = 'Elu'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/elu/tests/ut/op_api/test_aclnn_elu.cpp')
CASES = [
    Case('l2_elu_normal_FLOAT_ND', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_inf_FLOAT_ND', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[float('inf'), 1.0, 1.0], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_inf_DOUBLE_ND', inputs=[T((2,), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[float('inf'), 1.0, 1.0], outputs=[T((2,), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_normal_FLOAT_NCHW_INPLACE', inputs=[T((2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[1.0, 1.0, 1.0], outputs=[], status=0, op='InplaceElu'),
    Case('l2_elu_normal_FLOAT16_NHWC', inputs=[T((2, 2, 2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_NHWC')],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2, 2, 2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_NHWC')], status=0),
    Case('l2_elu_normal_ratio_uint8_NDHWC', inputs=[T((2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')],
         attrs=[1, 1, 1], outputs=[T((2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')], status=0),
    Case('l2_elu_normal_alpha_half_NCHW_NHWC', inputs=[T((2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[0.5, 1.0, 1.0], outputs=[T((2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('l2_elu_normal_alpha_2_ND', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[2.0, 1.0, 1.0], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_normal_scale_half_ND', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 0.5, 1.0], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_normal_scale_2_ND', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 2.0, 1.0], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_normal_input_scale_half_ND', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 0.5], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_normal_input_scale_2_ND', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 2.0], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_normal_empty_tensor', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_abnormal_self_nullptr', inputs=[None],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_elu_abnormal_alpha_nullptr', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[None, 1.0, 1.0], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_elu_abnormal_scale_nullptr', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, None, 1.0], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_elu_abnormal_inputScale_nullptr', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, None], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_elu_abnormal_out_nullptr', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0], outputs=[None], status=161001),
    Case('l2_elu_abnormal_self_INT32', inputs=[T((2,), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_abnormal_self_INT64', inputs=[T((2,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2,), 'ACL_INT64', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_abnormal_self_INT16', inputs=[T((2,), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2,), 'ACL_INT16', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_abnormal_self_INT8', inputs=[T((2,), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2,), 'ACL_INT8', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_abnormal_self_UINT8', inputs=[T((2,), 'ACL_UINT8', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2,), 'ACL_UINT8', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_abnormal_self_BOOL', inputs=[T((2,), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2,), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_abnormal_self_COMPLEX64', inputs=[T((2,), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2,), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_abnormal_self_COMPLEX128', inputs=[T((2,), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2,), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_abnormal_self_UNDEFINED', inputs=[T((2,), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2,), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_abnormal_out_INT32', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_abnormal_shape_unequal', inputs=[T((2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_abnormal_shape_10D', inputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_elu_normal_valuerange', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_elu_normal_uncontiguous', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2))],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2))], status=0),
    Case('ascend950_l2_elu_normal_BF16_ND', inputs=[T((2,), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0, 1.0], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]
