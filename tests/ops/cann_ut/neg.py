"""CANN's op_api unit-test cases of aclnnNeg, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/neg/tests/ut/op_api/test_aclnn_neg.cpp
(21 cases; ported by a script that read each TEST_F's TensorDesc values, OP_API_UT(INPUT(...),
OUTPUT(...)) and EXPECT_EQ status (None where the UT asserts none); a SoC-conditional
EXPECT takes its Ascend910B branch (the UT stub's SoC), checked by hand; a TEST_F that calls
op::SetPlatformNpuArch runs on that arch's profile: DAV_3510 Ascend950, DAV_2002 Ascend310P).
A TEST_F with several OP_API_UT calls gives one case each, named "<test>[i]"; commented-out
tests are left out.
"""

from cann_ut import Case, T

OP = 'Neg'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214', 'math/neg/tests/ut/op_api/test_aclnn_neg.cpp')
CASES = [
    Case('case_support_double', inputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=0),
    Case('case_support_float', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_support_float16', inputs=[T((3, 4, 5, 6), 'ACL_FLOAT16', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[T((3, 4, 5, 6), 'ACL_FLOAT16', 'ACL_FORMAT_NHWC')], status=0),
    Case('ascend950PR_89_case_support_int64', inputs=[T((3, 4, 5, 6), 'ACL_INT64', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[T((3, 4, 5, 6), 'ACL_INT64', 'ACL_FORMAT_NHWC')], status=0),
    Case('case_support_int32', inputs=[T((3, 4, 5, 6), 'ACL_INT32', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[T((3, 4, 5, 6), 'ACL_INT32', 'ACL_FORMAT_NHWC')], status=0),
    Case('case_support_int8', inputs=[T((3, 4, 5, 6), 'ACL_INT8', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[T((3, 4, 5, 6), 'ACL_INT8', 'ACL_FORMAT_NHWC')], status=0),
    Case('case_support_complex64', inputs=[T((6, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((6, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=0),
    Case('case_support_complex128', inputs=[T((6, 3), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((6, 3), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')], status=0),
    Case('case_not_support_int16', inputs=[T((10, 5), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((10, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], status=161002),
    Case('ascend310p_case_not_support_bfloat16', inputs=[T((10, 5), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((10, 5), 'ACL_BF16', 'ACL_FORMAT_ND')], status=161002, soc='Ascend310P'),
    Case('case_not_support_bool', inputs=[T((10, 5), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((10, 5), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=161002),
    Case('case_input_nullptr', inputs=[None],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161001),
    Case('case_output_nullptr', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[None], status=161001),
    Case('case_empty_tensor', inputs=[T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_support_hwcn', inputs=[T((3, 4, 5, 6), 'ACL_INT32', 'ACL_FORMAT_HWCN')],
         attrs=[], outputs=[T((3, 4, 5, 6), 'ACL_INT32', 'ACL_FORMAT_HWCN')], status=0),
    Case('case_support_ndhwc', inputs=[T((3, 4, 5, 6), 'ACL_INT32', 'ACL_FORMAT_NDHWC')],
         attrs=[], outputs=[T((3, 4, 5, 6), 'ACL_INT32', 'ACL_FORMAT_NDHWC')], status=0),
    Case('case_support_ncdhw', inputs=[T((3, 4, 5, 6), 'ACL_INT32', 'ACL_FORMAT_NCDHW')],
         attrs=[], outputs=[T((3, 4, 5, 6), 'ACL_INT32', 'ACL_FORMAT_NCDHW')], status=0),
    Case('case_invalid_dim', inputs=[T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_non_contigupus', inputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))],
         attrs=[], outputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))], status=0),
    Case('case_support_difftype', inputs=[T((3, 4, 5, 6), 'ACL_INT32', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[T((3, 4, 5, 6), 'ACL_INT64', 'ACL_FORMAT_NHWC')], status=0),
    Case('ascend310P_input_output_bf16', inputs=[T((3, 4, 5, 6), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((3, 4, 5, 6), 'ACL_BF16', 'ACL_FORMAT_ND')], status=161002, soc='Ascend310P'),
]

