"""CANN's op_api unit-test cases of aclnnSqrt, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/sqrt/tests/ut/op_api/test_aclnn_sqrt.cpp
(10 cases; ported by a script that read each TEST_F's TensorDesc values, OP_API_UT(INPUT(...),
OUTPUT(...)) and EXPECT_EQ status (None where the UT asserts none); a SoC-conditional
EXPECT takes its Ascend910B branch (the UT stub's SoC), checked by hand; a TEST_F that calls
op::SetPlatformNpuArch runs on that arch's profile: DAV_3510 Ascend950, DAV_2002 Ascend310P).
A TEST_F with several OP_API_UT calls gives one case each, named "<test>[i]"; commented-out
tests are left out.
"""

from cann_ut import Case, T

OP = 'Sqrt'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214', 'math/sqrt/tests/ut/op_api/test_aclnn_sqrt.cpp')
CASES = [
    Case('l2_Sqrt_test_001', inputs=[T((2, 3), 'ACL_UINT64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_Sqrt_test_003', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_Sqrt_test_004', inputs=[T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_Sqrt_test_005', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_Sqrt_test_007', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')], status=0),
    Case('l2_Sqrt_test_008', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')], status=0),
    Case('l2_Sqrt_test_012', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((4, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_Sqrt_test_013', inputs=[None],
         attrs=[], outputs=[T((4, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_Sqrt_test_014', inputs=[T((1, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_inplace_Sqrt_test_uint64', inputs=[T((2, 3), 'ACL_UINT64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=161002, op='InplaceSqrt'),
]

