"""CANN's op_api unit-test cases of aclnnSin, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/sin/tests/ut/op_api/test_aclnn_sin.cpp
(32 cases; ported by a script that read each TEST_F's TensorDesc values, OP_API_UT(INPUT(...),
OUTPUT(...)) and EXPECT_EQ status (None where the UT asserts none); a SoC-conditional
EXPECT takes its Ascend910B branch (the UT stub's SoC), checked by hand; a TEST_F that calls
op::SetPlatformNpuArch runs on that arch's profile: DAV_3510 Ascend950, DAV_2002 Ascend310P).
A TEST_F with several OP_API_UT calls gives one case each, named "<test>[i]"; commented-out
tests are left out.
"""

from cann_ut import Case, T

OP = 'Sin'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214', 'math/sin/tests/ut/op_api/test_aclnn_sin.cpp')
CASES = [
    Case('case_1', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_2', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_3', inputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=0),
    Case('case_4', inputs=[T((2, 3), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_5', inputs=[T((2, 3), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_6', inputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_7', inputs=[T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_8', inputs=[T((2, 3), 'ACL_UINT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_9', inputs=[T((2, 3), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_10', inputs=[T((0,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((0,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_11', inputs=[None],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161001),
    Case('case_12', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('case_13', inputs=[T((2, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_14', inputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))],
         attrs=[], outputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))], status=0),
    Case('case_15', inputs=[T((1, 1, 1, 1, 1, 1, 1, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 1, 1, 1, 1, 1, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('ascend910B2_case_16', inputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('case_17', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=0),
    Case('case_18', inputs=[T((2, 3), 'ACL_UINT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_19', inputs=[T((2, 3), 'ACL_UINT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_20', inputs=[T((2, 3), 'ACL_UINT64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_21', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_22', inputs=[T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=0),
    Case('case_23', inputs=[T((2, 3), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')], status=0),
    Case('ascend950_case_inplace_1', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0, op='InplaceSin', soc='Ascend950'),
    Case('ascend950_case_inplace_2', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0, op='InplaceSin', soc='Ascend950'),
    Case('ascend950_case_inplace_3', inputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0, op='InplaceSin', soc='Ascend950'),
    Case('ascend950_case_inplace_4', inputs=[T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0, op='InplaceSin', soc='Ascend950'),
    Case('ascend950_case_inplace_5', inputs=[T((2, 3), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0, op='InplaceSin', soc='Ascend950'),
    Case('ascend950_case_inplace_6', inputs=[None],
         attrs=[], outputs=[], status=161001, op='InplaceSin', soc='Ascend950'),
    Case('ascend950_case_inplace_7', inputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0, op='InplaceSin', soc='Ascend950'),
    Case('ascend950_case_inplace_8', inputs=[T((2, 3), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=161002, op='InplaceSin', soc='Ascend950'),
    Case('ascend310P_case_bf16_not_supported', inputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')], status=161002, soc='Ascend310P'),
]

