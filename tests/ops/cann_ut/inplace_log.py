"""CANN's op_api unit-test cases of aclnnInplaceLog, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/log/tests/ut/op_api/test_inplace_log.cpp
(12 cases; ported by a script that read each TEST_F's TensorDesc values, OP_API_UT(INPUT(...),
OUTPUT(...)) and EXPECT_EQ status (None where the UT asserts none); a SoC-conditional
EXPECT takes its Ascend910B branch (the UT stub's SoC), checked by hand; a TEST_F that calls
op::SetPlatformNpuArch runs on that arch's profile: DAV_3510 Ascend950, DAV_2002 Ascend310P).
A TEST_F with several OP_API_UT calls gives one case each, named "<test>[i]"; commented-out
tests are left out. case_bf16_910 sets no SoC; its name and its assertion (BF16
refused) are Ascend910's: on the stub's Ascend910B the source takes BF16, so it runs on
Ascend910 here.
"""

from cann_ut import Case, T

OP = 'InplaceLog'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214', 'math/log/tests/ut/op_api/test_inplace_log.cpp')
CASES = [
    Case('case_001_FLOAT', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_002_FLOAT16', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[], status=0),
    Case('case_003_COMPLEX64', inputs=[T((2, 3, 4, 5), 'ACL_COMPLEX64', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[], status=0),
    Case('case_004_COMPLEX128', inputs=[T((2, 3, 4, 5), 'ACL_COMPLEX128', 'ACL_FORMAT_HWCN')],
         attrs=[], outputs=[], status=0),
    Case('case_005_DOUBLE', inputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_NDHWC')],
         attrs=[], outputs=[], status=0),
    Case('case_006_EMPTY', inputs=[T((7, 0, 6), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[], status=0),
    Case('case_007_CONTINUOUS', inputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW', (1, 5), 0, (4, 5))],
         attrs=[], outputs=[], status=0),
    Case('ascend910B2_case_bf16', inputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_bf16_910', inputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=161002, soc='Ascend910'),
    Case('case_008_MAX_DIM', inputs=[T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=161002),
    Case('case_009_NULLPTR', inputs=[None],
         attrs=[], outputs=[], status=161001),
    Case('case_010_DTYPE', inputs=[T((10, 5), 'ACL_UINT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=161002),
]

