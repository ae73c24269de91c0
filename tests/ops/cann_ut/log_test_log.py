"""CANN's op_api unit-test cases of aclnnLog, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/log/tests/ut/op_api/test_log.cpp
(19 cases; ported by a script that read each TEST_F's TensorDesc values, OP_API_UT(INPUT(...),
OUTPUT(...)) and EXPECT_EQ status (None where the UT asserts none); a SoC-conditional
EXPECT takes its Ascend910B branch (the UT stub's SoC), checked by hand; a TEST_F that calls
op::SetPlatformNpuArch runs on that arch's profile: DAV_3510 Ascend950, DAV_2002 Ascend310P).
A TEST_F with several OP_API_UT calls gives one case each, named "<test>[i]"; commented-out
tests are left out. case_bf16_910 and case_flaot_bf16_910 sets no SoC; its name and its assertion (BF16
refused) are Ascend910's: on the stub's Ascend910B the source takes BF16, so it runs on
Ascend910 here.
"""

from cann_ut import Case, T

OP = 'Log'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214', 'math/log/tests/ut/op_api/test_log.cpp')
CASES = [
    Case('case_001_FLOAT', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_002_FLOAT16', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_003_INT64', inputs=[T((2, 3, 4, 5), 'ACL_INT64', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((2, 3, 4, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_0011_COMPLEX64', inputs=[T((2, 3, 4, 5), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3, 4, 5), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=0),
    Case('case_0012_COMPLEX128', inputs=[T((2, 3, 4, 5), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3, 4, 5), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')], status=0),
    Case('case_0010_DOUBLE', inputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=0),
    Case('case_013_ND', inputs=[T((7, 9, 11, 3, 4, 6), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((7, 9, 11, 3, 4, 6), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('case_14_EMPTY', inputs=[T((7, 0, 6), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[T((7, 0, 6), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('case_015_CONTINUOUS', inputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))],
         attrs=[], outputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('ascend910B2_case_bf16', inputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('ascend910B2_case_float_bf16', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('case_bf16_910', inputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')], status=161002, soc='Ascend910'),
    Case('case_flaot_bf16_910', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')], status=161002, soc='Ascend910'),
    Case('case_016_MAX_DIM', inputs=[T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_017_NULLPTR[0]', inputs=[None],
         attrs=[], outputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_017_NULLPTR[1]', inputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('case_018_DTYPE', inputs=[T((10, 5), 'ACL_UINT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((10, 5), 'ACL_UINT32', 'ACL_FORMAT_ND')], status=161002),
    Case('case_019_FORMAT[0]', inputs=[T((10, 5, 2, 10), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[T((10, 5, 2, 10), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_019_FORMAT[1]', inputs=[T((10, 5, 2, 10), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((10, 5, 2, 10), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]

