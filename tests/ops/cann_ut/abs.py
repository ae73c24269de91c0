"""CANN's op_api unit-test cases of aclnnAbs, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/abs/tests/ut/op_api/test_aclnn_abs.cpp
(29 cases; ported by a script that read each TEST_F's TensorDesc values, OP_API_UT(INPUT(...),
OUTPUT(...)) and EXPECT_EQ status (None where the UT asserts none); a SoC-conditional
EXPECT takes its Ascend910B branch (the UT stub's SoC), checked by hand; a TEST_F that calls
op::SetPlatformNpuArch runs on that arch's profile: DAV_3510 Ascend950, DAV_2002 Ascend310P).
A TEST_F with several OP_API_UT calls gives one case each, named "<test>[i]"; commented-out
tests are left out.
"""

from cann_ut import Case, T

OP = 'Abs'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214', 'math/abs/tests/ut/op_api/test_aclnn_abs.cpp')
CASES = [
    Case('case_aicore_abs_for_float_type', inputs=[T((3, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((3, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_aicore_abs_for_float16_type', inputs=[T((3, 3, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((3, 3, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_aicore_abs_for_int32_type', inputs=[T((3, 3, 3), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((3, 3, 3), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
    Case('case_aicpu_abs_for_int64_type', inputs=[T((3, 3, 3), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((3, 3, 3), 'ACL_INT64', 'ACL_FORMAT_ND')], status=0),
    Case('case_abs_for_special_uint8_type', inputs=[T((3, 3, 3), 'ACL_UINT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((3, 3, 3), 'ACL_UINT8', 'ACL_FORMAT_ND')], status=0),
    Case('case_abs_for_special_bool_type', inputs=[T((3, 3, 3), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((3, 3, 3), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=0),
    Case('case_invalid_input_type[0]', inputs=[T((3, 3, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((3, 3, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=161002),
    Case('case_invalid_input_type[1]', inputs=[T((3, 3, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((3, 3, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=161002),
    Case('case_abs_for_nchw_format', inputs=[T((3, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((3, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_abs_for_nhwc_format', inputs=[T((3, 3, 3), 'ACL_FLOAT16', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[T((3, 3, 3), 'ACL_FLOAT16', 'ACL_FORMAT_NHWC')], status=0),
    Case('case_invalid_format_with_nc1hwc0', inputs=[T((3, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')],
         attrs=[], outputs=[T((3, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')], status=161002),
    Case('case_aicore_abs_for_empty_tensor', inputs=[T((0, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((0, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_abs_for_normal_rank', inputs=[T((2, 3, 4, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3, 4, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_abs_for_abnormal_right_boundary_rank', inputs=[T((2, 3, 4, 5, 6, 7, 8, 9, 10), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3, 4, 5, 6, 7, 8, 9, 10), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_invalid_input_with_diff_dtype', inputs=[T((3, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((3, 3, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_invalid_input_with_diff_shape', inputs=[T((3, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_invalid_input_with_diff_format', inputs=[T((3, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[T((3, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161002),
    Case('case_anullptr_input', inputs=[None],
         attrs=[], outputs=[T((2, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_anullptr_output', inputs=[T((2, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('case_abs_for_continuity', inputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))],
         attrs=[], outputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('ascend950_case_aicore_abs_for_float_type', inputs=[T((3, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((3, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('ascend950_case_dtype_float16', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0, soc='Ascend950'),
    Case('ascend950_case_dtype_bf16', inputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0, soc='Ascend950'),
    Case('ascend950_case_dtype_double', inputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=0, soc='Ascend950'),
    Case('ascend950_case_dtype_int8', inputs=[T((2, 3), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_INT8', 'ACL_FORMAT_ND')], status=0, soc='Ascend950'),
    Case('ascend950_case_dtype_int16', inputs=[T((2, 3), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0, soc='Ascend950'),
    Case('ascend910b_case_dtype_complex64', inputs=[T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('ascend910b_case_complex64_out_dtype_mismatch', inputs=[T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('ascend910b_case_complex128_not_supported', inputs=[T((2, 3), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=161002),
]

