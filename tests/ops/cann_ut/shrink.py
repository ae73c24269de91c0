"""CANN's op_api unit-test cases of aclnnShrink, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/shrink/tests/ut/op_api/test_aclnn_shrink.cpp
(6 cases; a TEST_F with several OP_API_UT calls (or a loop) gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (a SoC-conditional EXPECT takes its
Ascend910B branch; a test named after another SoC still runs on the stub's). Ported by
reading each TEST_F's TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...))
and EXPECT_EQ status (None where the UT asserts none); loops over dtype/format lists
unrolled. Value ranges and precisions only matter to CANN's precision runs and are left
out; scalars keep their value (ScalarDesc's dtype is not modelled; static_cast<int64_t>
keeps an int).
"""

from cann_ut import Case, T

OP = 'Shrink'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/shrink/tests/ut/op_api/test_aclnn_shrink.cpp')
CASES = [
    Case('case_1', inputs=[T((5, 6, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[1.0, 0.0], outputs=[T((5, 6, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_2', inputs=[T((5, 6, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 0.0], outputs=[T((5, 6, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_3', inputs=[T((5, 6, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[1.0, 0.0], outputs=[T((5, 6, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_4', inputs=[T((5, 6, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 0.0], outputs=[T((5, 6, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_5', inputs=[T((5, 6, 7), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[1.0, 0.0], outputs=[T((5, 6, 7), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=161002),
    Case('case_6', inputs=[None],
         attrs=[1.0, 0.0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
]
