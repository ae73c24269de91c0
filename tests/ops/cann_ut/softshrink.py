"""CANN's op_api unit-test cases of aclnnSoftshrink, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/softshrink/tests/ut/op_host/op_api/test_aclnn_softshrink.cpp
(22 cases; a TEST_F with several OP_API_UT calls (or a loop) gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (a SoC-conditional EXPECT takes its
Ascend910B branch; a test named after another SoC still runs on the stub's). Ported by
reading each TEST_F's TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...))
and EXPECT_EQ status (None where the UT asserts none); loops over dtype/format lists
unrolled. Value ranges and precisions only matter to CANN's precision runs and are left
out; scalars keep their value (ScalarDesc's dtype is not modelled; static_cast<int64_t>
keeps an int).
"""

from cann_ut import Case, T

OP = 'Softshrink'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/softshrink/tests/ut/op_host/op_api/test_aclnn_softshrink.cpp')
CASES = [
    Case('case_1', inputs=[T((5, 6, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((5, 6, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_2', inputs=[T((5, 6, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((5, 6, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_3', inputs=[T((5, 6, 7), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((5, 6, 7), 'ACL_BF16', 'ACL_FORMAT_ND')], status=None),
    Case('case_4', inputs=[T((5, 6, 7), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((5, 6, 7), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=161002),
    Case('case_5', inputs=[T((5, 6, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((5, 6, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_6', inputs=[T((5, 6, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((5, 6, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_7', inputs=[T((5, 6, 7), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((5, 6, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_8', inputs=[T((5,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((5,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_9', inputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_10', inputs=[T((5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_11', inputs=[T((1, 2, 3, 4, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((1, 2, 3, 4, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_12', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_13', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_14', inputs=[T((1, 3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (12, 1, 3), 0, (1, 4, 3))],
         attrs=[1.0], outputs=[T((1, 3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (12, 1, 3), 0, (1, 4, 3))], status=0),
    Case('case_15', inputs=[None],
         attrs=[1.0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_16', inputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[None], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_17', inputs=[T((1, 2, 3, 0, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((1, 2, 3, 0, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_18', inputs=[T((1, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((2, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_19', inputs=[T((3, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((3, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_24', inputs=[T((1, 2, 3, 4, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.0], outputs=[T((1, 2, 3, 4, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_25', inputs=[T((1, 2, 3, 4, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[100.0], outputs=[T((1, 2, 3, 4, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_26', inputs=[T((1, 2, 3, 4, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[10.0], outputs=[T((1, 2, 3, 4, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]
