"""CANN's op_api unit-test cases of aclnnExp, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/exp/tests/ut/op_api/test_aclnn_exp.cpp
(25 cases; ported by a script that read each TEST_F's TensorDesc values, OP_API_UT(INPUT(...),
OUTPUT(...)) and EXPECT_EQ status (None where the UT asserts none); a SoC-conditional
EXPECT takes its Ascend910B branch (the UT stub's SoC), checked by hand; a TEST_F that calls
op::SetPlatformNpuArch runs on that arch's profile: DAV_3510 Ascend950, DAV_2002 Ascend310P).
A TEST_F with several OP_API_UT calls gives one case each, named "<test>[i]"; commented-out
tests are left out.
"""

from cann_ut import Case, T

OP = 'Exp'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214', 'math/exp/tests/ut/op_api/test_aclnn_exp.cpp')
CASES = [
    Case('l2_exp_normal_dtype_FLOAT_ND', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_exp_normal_dtype_FLOAT16_NCHW', inputs=[T((2, 2, 2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((2, 2, 2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('l2_exp_normal_dtype_BOOL_NCDHW', inputs=[T((2, 2, 2, 2, 2), 'ACL_BOOL', 'ACL_FORMAT_NCDHW')],
         attrs=[], outputs=[T((2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')], status=0),
    Case('l2_exp_normal_dtype_INT64_NCHW_NHWC', inputs=[T((2, 2, 2, 2), 'ACL_INT64', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('l2_exp_normal_dtype_BFLOAT16_ND', inputs=[T((2,), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2,), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_exp_normal_empty_tensor', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_exp_abnormal_self_nullptr', inputs=[None],
         attrs=[], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_exp_abnormal_out_nullptr', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('l2_exp_abnormal_dtype_INT32', inputs=[T((2,), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_exp_abnormal_dtype_INT64', inputs=[T((2,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2,), 'ACL_INT64', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_exp_abnormal_dtype_INT16', inputs=[T((2,), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2,), 'ACL_INT16', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_exp_abnormal_dtype_INT8', inputs=[T((2,), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2,), 'ACL_INT8', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_exp_abnormal_dtype_UINT8', inputs=[T((2,), 'ACL_UINT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2,), 'ACL_UINT8', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_exp_abnormal_dtype_BOOL', inputs=[T((2,), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2,), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_exp_abnormal_dtype_UNDEFINED', inputs=[T((2,), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2,), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_exp_abnormal_dtype_unequal', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_exp_normal_dtype_can_cast', inputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_exp_abnormal_dtype_cannot_cast', inputs=[T((2,), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_exp_abnormal_dtype_cannot_cast2', inputs=[T((2,), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2,), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_exp_abnormal_dtype_cannot_cast3', inputs=[T((2,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2,), 'ACL_INT64', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_exp_abnormal_shape_unequal', inputs=[T((2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_exp_abnormal_shape_10D', inputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_exp_normal_valuerange', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_exp_normal_uncontiguous', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2))],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2))], status=0),
    Case('l2_inplace_exp_not_supported_dtype', inputs=[T((2, 4), 'ACL_INT64', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2))],
         attrs=[], outputs=[], status=161002, op='InplaceExp'),
]

