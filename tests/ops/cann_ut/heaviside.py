"""CANN's op_api unit-test cases of aclnnHeaviside, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/heaviside/tests/ut/op_host/op_api/test_aclnn_heaviside.cpp
(9 cases; a TEST_F with several OP_API_UT calls (or a loop) gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (a SoC-conditional EXPECT takes its
Ascend910B branch; a test named after another SoC still runs on the stub's). Ported by
reading each TEST_F's TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...))
and EXPECT_EQ status (None where the UT asserts none); loops over dtype/format lists
unrolled. Value ranges and precisions only matter to CANN's precision runs and are left
out; scalars keep their value (ScalarDesc's dtype is not modelled; static_cast<int64_t>
keeps an int).
"""

from cann_ut import Case, T

OP = 'Heaviside'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/heaviside/tests/ut/op_host/op_api/test_aclnn_heaviside.cpp')
CASES = [
    Case('case_dtype_aicore_support', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=None),
    Case('case_NonContiguous', inputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5)), T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))],
         attrs=[], outputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=None),
    Case('case_Empty_Tensor', inputs=[T((0, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((0, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_CheckDtypeValid', inputs=[T((10, 5), 'ACL_UINT32', 'ACL_FORMAT_ND'), T((10, 5), 'ACL_UINT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((10, 5), 'ACL_UINT32', 'ACL_FORMAT_ND')], status=161002),
    Case('case_broadcast', inputs=[T((2, 1, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=None),
    Case('case_broadcast_not_support', inputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161002),
    Case('case_broadcast_wrong', inputs=[T((2, 1, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 1, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161002),
    Case('case_broadcast_wrong_outshape', inputs=[T((2, 1, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161002),
    Case('case_nullptr', inputs=[None, None],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
]
