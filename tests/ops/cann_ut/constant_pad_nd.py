"""CANN's op_api unit-test cases of aclnnConstantPadNd, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/pad_v3/tests/ut/op_api/test_aclnn_constant_pad_nd.cpp
(24 cases of its 27 TEST_F; not ported, several calls or no expected status: case_nullptr_input, case_nullptr_output, case_norm_strided_zeros). The SoC is the UT stub's, Ascend910B, unless the case sets
another (SetPlatformNpuArch(DAV_3510): Ascend950). Only the status of
aclnnConstantPadNdGetWorkspaceSize is compared.
"""
from cann_ut import Case, T

OP = 'ConstantPadNd'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'conversion/pad_v3/tests/ut/op_api/test_aclnn_constant_pad_nd.cpp')
CASES = [
    Case('case_norm_int64', inputs=[T((4, 4), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[(1, 1, 1, 1), 2], outputs=[T((6, 6), 'ACL_INT64', 'ACL_FORMAT_ND')], status=0, soc='Ascend950'),
    Case('case_norm_int32', inputs=[T((4, 4), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[(0, 0, 0, 0), 2], outputs=[T((4, 4), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0, soc='Ascend950'),
    Case('case_norm_int32_new', inputs=[T((22948, 3), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[(0, 1, 0, 0), 2], outputs=[T((22948, 4), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0, soc='Ascend950'),
    Case('case_norm_int16', inputs=[T((4, 4), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[(1, 0, 0, -1), 2], outputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0, soc='Ascend950'),
    Case('case_norm_int8', inputs=[T((4, 4), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[(1, -1, 1, -1), 2], outputs=[T((4, 4), 'ACL_INT8', 'ACL_FORMAT_ND')], status=0, soc='Ascend950'),
    Case('case_norm_uint8', inputs=[T((4, 4), 'ACL_UINT8', 'ACL_FORMAT_ND')],
         attrs=[(1, -1, 1, -1), 2], outputs=[T((4, 4), 'ACL_UINT8', 'ACL_FORMAT_ND')], status=0, soc='Ascend950'),
    Case('case_norm_bool', inputs=[T((4, 4), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[(1, -1, 1, -1), 2], outputs=[T((4, 4), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=0),
    Case('case_norm_float32_aicpu', inputs=[T((1, 1, 1, 1, 1, 1, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[(1, 1, 1, 1), 2], outputs=[T((1, 1, 1, 1, 1, 1, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_pad_odd', inputs=[T((4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[(1, 1, 1), 2], outputs=[T((6, 6), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_pad_not_equal_dim', inputs=[T((4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[(0, 0, 1, 1, 1, 1), 2], outputs=[T((6, 6), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_pad_abnormal_1', inputs=[T((4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[(1, -10, 1, 1), 2], outputs=[T((6, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_pad_abnormal_3', inputs=[T((4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[(-2, -2, 1, 1), 2], outputs=[T((6, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_pad_normal_minus', inputs=[T((4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[(-2, -2), 2], outputs=[T((4, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_out_abnormal', inputs=[T((4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[(1, 1, 1, 1), 2], outputs=[T((4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_format_abnormal', inputs=[T((4, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCL')],
         attrs=[(1, 1, 1, 1), 2], outputs=[T((6, 6), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_out_shape_abnormal', inputs=[T((1, 1, 1, 1, 1, 1, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[(1, 1, 1, 1, 1, 1, 1, 1), 2], outputs=[T((3, 3, 3, 3, 3, 3, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_zero_value_exists_within_padcover_range', inputs=[T((1, 0, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[(-2, 4, 0, 0), 2], outputs=[T((1, 0, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_zero_value_not_exists_within_padcover_range', inputs=[T((1, 0, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[(-2, 4), 2], outputs=[T((1, 0, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_norm_empty_neg', inputs=[T((4, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[(0, 0, -1, -1), 2], outputs=[T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_norm_empty_pos', inputs=[T((4, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[(1, 1, 1, 1), 2], outputs=[T((6, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_norm_empty_zeros', inputs=[T((4, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[(0, 0, 0, 0), 2], outputs=[T((4, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_norm_empty_bool', inputs=[T((0,), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[(0, 1), -2147483648], outputs=[T((1,), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=0),
    Case('case_abnormal_empty_pos', inputs=[T((4, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[(0, 0, 1, 1), 2], outputs=[T((6, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('ascend950_case_norm_float32', inputs=[T((4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[(1, 1, 1, 1), 2], outputs=[T((6, 6), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]
