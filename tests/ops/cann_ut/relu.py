"""CANN's op_api unit-test cases of aclnnRelu, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/relu/tests/ut/op_api/test_aclnn_relu.cpp
(15 cases; a TEST_F with several OP_API_UT calls (or a loop) gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (a SoC-conditional EXPECT takes its
Ascend910B branch; a test named after another SoC still runs on the stub's). Ported by
reading each TEST_F's TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...))
and EXPECT_EQ status (None where the UT asserts none); loops over dtype/format lists
unrolled. Value ranges and precisions only matter to CANN's precision runs and are left
out; scalars keep their value (ScalarDesc's dtype is not modelled; static_cast<int64_t>
keeps an int).
"""

from cann_ut import Case, T

OP = 'Relu'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/relu/tests/ut/op_api/test_aclnn_relu.cpp')
CASES = [
    Case('l2_relu_test_001', inputs=[T((2, 3), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_relu_test_002', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_relu_test_003', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_relu_test_004', inputs=[T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_relu_test_005', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_relu_test_006', inputs=[T((2, 4), 'ACL_UINT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4), 'ACL_UINT8', 'ACL_FORMAT_ND')], status=0),
    Case('l2_relu_test_007', inputs=[None],
         attrs=[], outputs=[T((2, 4), 'ACL_UINT8', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_relu_test_008', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_INT8', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_relu_test_009', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_INT8', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_relu_test_010', inputs=[T((2, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_relu_test_011', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_relu_test_012', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_relu_test_013', inputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_relu_test_014', inputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('l2_relu_test_015', inputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))],
         attrs=[], outputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]
