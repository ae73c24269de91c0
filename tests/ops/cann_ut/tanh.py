"""CANN's op_api unit-test cases of aclnnTanh, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/tanh/tests/ut/op_api/test_aclnn_tanh.cpp
(25 cases; ported by a script that read each TEST_F's TensorDesc values, OP_API_UT(INPUT(...),
OUTPUT(...)) and EXPECT_EQ status (None where the UT asserts none); a SoC-conditional
EXPECT takes its Ascend910B branch (the UT stub's SoC), checked by hand; a TEST_F that calls
op::SetPlatformNpuArch runs on that arch's profile: DAV_3510 Ascend950, DAV_2002 Ascend310P).
A TEST_F with several OP_API_UT calls gives one case each, named "<test>[i]"; commented-out
tests are left out.
"""

from cann_ut import Case, T

OP = 'Tanh'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214', 'math/tanh/tests/ut/op_api/test_aclnn_tanh.cpp')
CASES = [
    Case('case1', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_2', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_3', inputs=[None],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_4', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('case_5', inputs=[T((1, 16, 1, 1), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_6', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_INT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_data_cannot_cast_inplace', inputs=[T((1, 16, 1, 1), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=161002, op='InplaceTanh'),
    Case('case_7', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_8', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_9', inputs=[T((1, 32, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 32, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_10', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_11', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_12', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('case_13', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')], status=0),
    Case('case_14', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')], status=0),
    Case('case_15', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')], status=0),
    Case('case_16', inputs=[T((1, 32, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 32, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_17_dtype_UINT8_float16', inputs=[T((1, 32, 1, 1), 'ACL_UINT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 32, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_18_dtype_bool_float', inputs=[T((1, 32, 1, 1), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 32, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_19_dtype_INT8_float', inputs=[T((1, 32, 1, 1), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 32, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_20_dtype_INT16_float', inputs=[T((1, 32, 1, 1), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 32, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_21_dtype_INT32_float', inputs=[T((1, 32, 1, 1), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 32, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_22_dtype_INT64_float', inputs=[T((1, 32, 1, 1), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 32, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_23_inplace_tanh_not_supported_dtype', inputs=[T((1, 32, 1, 1), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=161002, op='InplaceTanh'),
    Case('case_24_inplace_tanh_supported_dtype', inputs=[T((1, 32, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0, op='InplaceTanh'),
]

