"""CANN's op_api unit-test cases of aclnnSoftplus, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/softplus_v2/tests/ut/op_api/test_aclnn_softplus.cpp
(21 cases; a TEST_F with several OP_API_UT calls (or a loop) gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (a SoC-conditional EXPECT takes its
Ascend910B branch; a test named after another SoC still runs on the stub's). Ported by
reading each TEST_F's TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...))
and EXPECT_EQ status (None where the UT asserts none); loops over dtype/format lists
unrolled. Value ranges and precisions only matter to CANN's precision runs and are left
out; scalars keep their value (ScalarDesc's dtype is not modelled; static_cast<int64_t>
keeps an int).
"""

from cann_ut import Case, T

OP = 'Softplus'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/softplus_v2/tests/ut/op_api/test_aclnn_softplus.cpp')
CASES = [
    Case('normal_dtype_float32_format_nd', inputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.5, 1.0], outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('ascend910B2_normal_dtype_bf16_format_nd', inputs=[T((10,), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[1.5, 1.0], outputs=[T((10,), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('normal_dtype_float32_format_nchw', inputs=[T((2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[1.5, 1.0], outputs=[T((2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('normal_dtype_float32_format_nhwc', inputs=[T((4, 5, 6, 7), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')],
         attrs=[1.5, 1.0], outputs=[T((4, 5, 6, 7), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('normal_dtype_float32_format_hwcn', inputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')],
         attrs=[-1.5, 1.0], outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')], status=0),
    Case('normal_dtype_float32_format_ncdhw', inputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')],
         attrs=[1.5, 5.0], outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')], status=0),
    Case('normal_dtype_float32_format_ndhwc', inputs=[T((4, 5, 9, 7), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')],
         attrs=[2.2, 1.0], outputs=[T((4, 5, 9, 7), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')], status=0),
    Case('normal_beta_1', inputs=[T((2, 3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0], outputs=[T((2, 3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('normal_shape_dim_8', inputs=[T((7, 9, 11, 3, 4, 6, 9, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[2.5, 4.0], outputs=[T((7, 9, 11, 3, 4, 6, 9, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('normal_empty_tensor', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 5.0], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('abnormal_self_nullptr', inputs=[None],
         attrs=[1.0, 5.0], outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('abnormal_beta_nullptr', inputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[None, 1.0], outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('abnormal_threshold_nullptr', inputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, None], outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('abnormal_out_nullptr', inputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0], outputs=[None], status=161001),
    Case('abnormal_dtype_self_int32', inputs=[T((10,), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0], outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_dtype_self_int64', inputs=[T((10,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0], outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_dtype_self_bool', inputs=[T((10,), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0], outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_dtype_self_int8', inputs=[T((10,), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0], outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_dtype_self_out_not_cast', inputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0], outputs=[T((10,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_shape_dim_greater_than_threshold', inputs=[T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0], outputs=[T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_shape_self_out_not_equal', inputs=[T((5, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0], outputs=[T((5, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
]
