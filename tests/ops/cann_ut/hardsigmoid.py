"""CANN's op_api unit-test cases of aclnnHardsigmoid, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/hard_sigmoid/tests/ut/op_host/op_api/test_aclnn_hardsigmoid.cpp
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

OP = 'Hardsigmoid'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/hard_sigmoid/tests/ut/op_host/op_api/test_aclnn_hardsigmoid.cpp')
CASES = [
    Case('l2_hardsigmoid_test_001', inputs=[T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_hardsigmoid_test_002', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_hardsigmoid_test_003', inputs=[T((2, 3, 6), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_hardsigmoid_test_004', inputs=[T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_hardsigmoid_test_005', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_hardsigmoid_test_006', inputs=[T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_hardsigmoid_test_007', inputs=[T((2, 4), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
    Case('ascend910B2_hardsigmoid_test_008', inputs=[T((2, 5), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 5), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_hardsigmoid_test_008', inputs=[T((2, 4), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4), 'ACL_INT8', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_hardsigmoid_test_009', inputs=[T((2, 4), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4), 'ACL_INT16', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_hardsigmoid_test_010', inputs=[T((2, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_hardsigmoid_test_011', inputs=[T((2, 4, 5, 2, 3, 4, 8, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 5, 2, 3, 4, 8, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_hardsigmoid_test_012', inputs=[T((5, 2, 3, 4, 6, 1, 7, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((5, 2, 3, 4, 6, 1, 7, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_hardsigmoid_test_013', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_hardsigmoid_test_014', inputs=[None],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161001),
]
