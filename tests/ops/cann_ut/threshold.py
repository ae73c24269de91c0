"""CANN's op_api unit-test cases of aclnnThreshold, aclnnInplaceThreshold, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/threshold/tests/ut/op_host/op_api/test_aclnn_threshold.cpp
(24 cases; a TEST_F with several OP_API_UT calls (or a loop) gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (a SoC-conditional EXPECT takes its
Ascend910B branch; a test named after another SoC still runs on the stub's). Ported by
reading each TEST_F's TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...))
and EXPECT_EQ status (None where the UT asserts none); loops over dtype/format lists
unrolled. Value ranges and precisions only matter to CANN's precision runs and are left
out; scalars keep their value (ScalarDesc's dtype is not modelled; static_cast<int64_t>
keeps an int).
"""

from cann_ut import Case, T

OP = 'Threshold'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/threshold/tests/ut/op_host/op_api/test_aclnn_threshold.cpp')
CASES = [
    Case('l2_test_null_self', inputs=[None],
         attrs=[1, 10], outputs=[T((1,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_test_null_out', inputs=[T((1,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1, 10], outputs=[None], status=161001),
    Case('l2_test_0tensor_self', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1, 10], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_self_int64', inputs=[T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[4, 5], outputs=[T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_self_double', inputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[4, 5], outputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_test_self_bool', inputs=[T((2, 3), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[4.0, 5], outputs=[T((2, 3), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_test_self_complex64', inputs=[T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[4.0, 5], outputs=[T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_test_self_complex128', inputs=[T((2, 3), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')],
         attrs=[4.0, 5], outputs=[T((2, 3), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_test_self_int16', inputs=[T((2, 3), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[4.0, 5], outputs=[T((2, 3), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_self_fp32', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[4.0, 10.1], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_self_fp16', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[4.0, 10.1], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_self_int8', inputs=[T((2, 3), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[4, 10], outputs=[T((2, 3), 'ACL_INT8', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_self_uint8', inputs=[T((2, 3), 'ACL_UINT8', 'ACL_FORMAT_ND')],
         attrs=[4, 10], outputs=[T((2, 3), 'ACL_UINT8', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_self_int32', inputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[4, 10], outputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_self_shape8', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[4, 10], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
    Case('l2_test_self_shape9', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[4, 10], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_test_threshold_nullptr', inputs=[T((1, 2, 3, 4, 5, 6), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[None, 10], outputs=[T((1, 2, 3, 4, 5, 6), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_test_self_dtype_cant_cast_out_dtype', inputs=[T((1, 2, 3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[4, 10], outputs=[T((1, 2, 3, 4), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_test_selfRef_fp32', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[4.0, 10.1], outputs=[], status=0, op='InplaceThreshold'),
    Case('l2_test_selfRef_fp16', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[4.0, 10.1], outputs=[], status=0, op='InplaceThreshold'),
    Case('l2_test_selfRef_int8', inputs=[T((2, 3), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[4, 10], outputs=[], status=0, op='InplaceThreshold'),
    Case('l2_test_selfRef_uint8', inputs=[T((2, 3), 'ACL_UINT8', 'ACL_FORMAT_ND')],
         attrs=[4, 10], outputs=[], status=0, op='InplaceThreshold'),
    Case('l2_test_selfRef_int32', inputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[4, 10], outputs=[], status=0, op='InplaceThreshold'),
    Case('l2_test_selfRef_int64', inputs=[T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[4, 5], outputs=[], status=0, op='InplaceThreshold'),
]
