"""CANN's op_api unit-test cases of aclnnCos, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/cos/tests/ut/op_api/test_aclnn_cos.cpp
(7 cases; ported by a script that read each TEST_F's TensorDesc values, OP_API_UT(INPUT(...),
OUTPUT(...)) and EXPECT_EQ status (None where the UT asserts none); a SoC-conditional
EXPECT takes its Ascend910B branch (the UT stub's SoC), checked by hand; a TEST_F that calls
op::SetPlatformNpuArch runs on that arch's profile: DAV_3510 Ascend950, DAV_2002 Ascend310P).
A TEST_F with several OP_API_UT calls gives one case each, named "<test>[i]"; commented-out
tests are left out.
"""

from cann_ut import Case, T

OP = 'Cos'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214', 'math/cos/tests/ut/op_api/test_aclnn_cos.cpp')
CASES = [
    Case('cos_nullptr', inputs=[None],
         attrs=[], outputs=[None], status=161001),
    Case('cos_precision', inputs=[T((13, 16, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((13, 16, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('cos_empty_tensor', inputs=[T((13, 0, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((13, 0, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('cos_uncontiguous', inputs=[T((5, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (3, 5))],
         attrs=[], outputs=[T((5, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (3, 5))], status=0),
    Case('cos_bigDim', inputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('cos_bigDim_non_contiguous', inputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND', (128, 64, 32, 16, 8, 4, 2, 1, 0), 0, (2, 2, 2, 2, 2, 2, 2, 2, 1))],
         attrs=[], outputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND', (128, 64, 32, 16, 8, 4, 2, 1, 0), 0, (2, 2, 2, 2, 2, 2, 2, 2, 1))], status=161002),
    Case('cos_inplace', inputs=[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0, op='InplaceCos'),
]

