"""CANN's op_api unit-test cases of aclnnGelu, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/gelu/tests/ut/op_api/test_aclnn_gelu.cpp
(17 cases; a TEST_F with several OP_API_UT calls (or a loop) gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (a SoC-conditional EXPECT takes its
Ascend910B branch; a test named after another SoC still runs on the stub's). Ported by
reading each TEST_F's TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...))
and EXPECT_EQ status (None where the UT asserts none); loops over dtype/format lists
unrolled. Value ranges and precisions only matter to CANN's precision runs and are left
out; scalars keep their value (ScalarDesc's dtype is not modelled; static_cast<int64_t>
keeps an int).
"""

from cann_ut import Case, T

OP = 'Gelu'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/gelu/tests/ut/op_api/test_aclnn_gelu.cpp')
CASES = [
    Case('l2_gelu_test_001', inputs=[None],
         attrs=[], outputs=[T((2, 4, 6, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_gelu_test_002', inputs=[T((2, 4, 6, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('l2_gelu_test_003', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_gelu_test_004', inputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_gelu_test_005', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_gelu_test_006', inputs=[T((2, 3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_gelu_test_007', inputs=[T((2, 3), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_gelu_test_008', inputs=[T((2, 4, 6, 7), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((2, 4, 6, 7), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('l2_gelu_test_009', inputs=[T((2, 4, 6, 7, 8), 'ACL_FLOAT16', 'ACL_FORMAT_NDHWC')],
         attrs=[], outputs=[T((2, 4, 6, 7, 8), 'ACL_FLOAT16', 'ACL_FORMAT_NCDHW')], status=0),
    Case('l2_gelu_test_010', inputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')],
         attrs=[], outputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')], status=0),
    Case('l2_gelu_test_011', inputs=[T((2, 4, 6, 8, 5), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')],
         attrs=[], outputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')], status=161002),
    Case('l2_gelu_test_012', inputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')],
         attrs=[], outputs=[T((2, 4, 6, 8, 8), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')], status=161002),
    Case('l2_gelu_test_013', inputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_gelu_test_014', inputs=[T((2, 4, 6, 8, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 6, 8, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_gelu_test_016', inputs=[T((2, 4, 6, 8, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 6, 8, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_gelu_test_017', inputs=[T((2, 4, 6, 8, 4, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 6, 8, 4, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_gelu_test_018', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2))],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2))], status=0),
]
