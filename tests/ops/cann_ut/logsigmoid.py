"""CANN's op_api unit-test cases of aclnnLogSigmoid, aclnnLogSigmoidForward, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/log_sigmoid/tests/ut/op_api/test_aclnn_logsigmoid.cpp
(23 cases; a TEST_F with several OP_API_UT calls (or a loop) gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (a SoC-conditional EXPECT takes its
Ascend910B branch; a test named after another SoC still runs on the stub's). Ported by
reading each TEST_F's TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...))
and EXPECT_EQ status (None where the UT asserts none); loops over dtype/format lists
unrolled. Value ranges and precisions only matter to CANN's precision runs and are left
out; scalars keep their value (ScalarDesc's dtype is not modelled; static_cast<int64_t>
keeps an int).
"""

from cann_ut import Case, T

OP = 'LogSigmoid'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/log_sigmoid/tests/ut/op_api/test_aclnn_logsigmoid.cpp')
CASES = [
    Case('case_nullptr_input', inputs=[None],
         attrs=[], outputs=[T((1, 1, 1, 3), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161001),
    Case('case_nullptr_output', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('case_dtype_notsupport_double', inputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=161002),
    Case('case_dtype_notsupport_complex64', inputs=[T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=161002),
    Case('case_dtype_notsupport_int32', inputs=[T((2, 3, 4, 5), 'ACL_INT32', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[T((2, 3, 4, 5), 'ACL_INT32', 'ACL_FORMAT_NHWC')], status=161002),
    Case('case_dtype_fp32', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_forward', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0, op='LogSigmoidForward'),
    Case('case_dtype_fp16', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_format_HWCN', inputs=[T((1, 2, 3, 4), 'ACL_FLOAT16', 'ACL_FORMAT_HWCN')],
         attrs=[], outputs=[T((1, 2, 3, 4), 'ACL_FLOAT16', 'ACL_FORMAT_HWCN')], status=0),
    Case('case_format_NDHWC', inputs=[T((1, 2, 3, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_NDHWC')],
         attrs=[], outputs=[T((1, 2, 3, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_NDHWC')], status=0),
    Case('case_format_NCDHW', inputs=[T((1, 2, 3, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_NCDHW')],
         attrs=[], outputs=[T((1, 2, 3, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_NCDHW')], status=0),
    Case('case_shape_1d', inputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_shape_3d', inputs=[T((2, 3, 4), 'ACL_FLOAT16', 'ACL_FORMAT_NCL')],
         attrs=[], outputs=[T((2, 3, 4), 'ACL_FLOAT16', 'ACL_FORMAT_NCL')], status=0),
    Case('case_shape_4d', inputs=[T((1, 2, 3, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((1, 2, 3, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_shape_8d', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_shape_9d', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_empty_empty', inputs=[T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_noempty_empty', inputs=[T((1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_empty_noempty', inputs=[T((1, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_different_shape', inputs=[T((1, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((4, 5, 6), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_different_dtype', inputs=[T((1, 2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_different_dim', inputs=[T((1, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('ascend910B2_case_bf16', inputs=[T((1, 2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
]
