"""CANN's op_api unit-test cases of aclnnHardshrinkBackward, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/hard_shrink_grad/tests/ut/op_host/op_api/test_aclnn_hardshrink_backward.cpp
(12 cases; a TEST_F with several OP_API_UT calls gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B. Ported by reading each TEST_F's
TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...)) and EXPECT_EQ status;
value ranges and precisions only matter to CANN's precision runs and are left out;
scalars keep their value (ScalarDesc's dtype is not modelled)."""
from cann_ut import Case, T

OP = 'HardshrinkBackward'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/hard_shrink_grad/tests/ut/op_host/op_api/test_aclnn_hardshrink_backward.cpp')
CASES = [
    Case('case_normal', inputs=[T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[8.0], outputs=[T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_nullptr[0]', inputs=[T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[8.0], outputs=[None], status=161001),
    Case('case_nullptr[1]', inputs=[T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[None], outputs=[T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_nullptr[2]', inputs=[T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[8.0], outputs=[None], status=161001),
    Case('case_nullptr[3]', inputs=[None, T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[8.0], outputs=[T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_dtype_float16', inputs=[T((1, 1, 4, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((1, 1, 4, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[8.0], outputs=[T((1, 1, 4, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_dtype_double', inputs=[T((1, 1, 4, 4), 'ACL_DOUBLE', 'ACL_FORMAT_ND'), T((1, 1, 4, 4), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[8.0], outputs=[T((1, 1, 4, 4), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=161002),
    Case('case_promote_dtype', inputs=[T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 4, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[8.0], outputs=[T((1, 1, 4, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_broadcast_succ', inputs=[T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 1, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[8.0], outputs=[T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_broadcast_fail', inputs=[T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 1, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[8.0], outputs=[T((1, 1, 1, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_empty_tensor', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 1, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[8.0], outputs=[T((1, 1, 1, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_not_contiguous', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2)), T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2))],
         attrs=[8.0], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2))], status=0),
]

# Every case gets CANN's status (case_empty_tensor through empty_first="before_shapes").
NOT_MODELLED = {}
