"""CANN's op_api unit-test cases of aclnnTriu, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/triu/tests/ut/op_api/test_aclnn_triu.cpp (43 cases; a loop over dtypes, formats or diagonals is one case per iteration, each
OP_API_UT call of a test one case). The SoC is the UT's (SetPlatformNpuArch: DAV_2201 is
Ascend910B, DAV_1001 Ascend910, DAV_2002 Ascend310P). Only the status of the
GetWorkspaceSize call is compared.
"""
from cann_ut import Case, T

OP = 'Triu'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'conversion/triu/tests/ut/op_api/test_aclnn_triu.cpp')
CASES = [
    Case('case_1_all_dtype_ACL_FLOAT', inputs=[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[-3], outputs=[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_1_all_dtype_ACL_FLOAT16', inputs=[T((3, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[-3], outputs=[T((3, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_1_all_dtype_ACL_INT64', inputs=[T((3, 5), 'ACL_INT64', 'ACL_FORMAT_ND')], attrs=[-3], outputs=[T((3, 5), 'ACL_INT64', 'ACL_FORMAT_ND')], status=0),
    Case('case_1_all_dtype_ACL_INT32', inputs=[T((3, 5), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[-3], outputs=[T((3, 5), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
    Case('case_1_all_dtype_ACL_INT16', inputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], attrs=[-3], outputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_1_all_dtype_ACL_UINT8', inputs=[T((3, 5), 'ACL_UINT8', 'ACL_FORMAT_ND')], attrs=[-3], outputs=[T((3, 5), 'ACL_UINT8', 'ACL_FORMAT_ND')], status=0),
    Case('case_1_all_dtype_ACL_INT8', inputs=[T((3, 5), 'ACL_INT8', 'ACL_FORMAT_ND')], attrs=[-3], outputs=[T((3, 5), 'ACL_INT8', 'ACL_FORMAT_ND')], status=0),
    Case('case_1_all_dtype_ACL_DOUBLE', inputs=[T((3, 5), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], attrs=[-3], outputs=[T((3, 5), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=0),
    Case('case_1_all_dtype_ACL_BOOL', inputs=[T((3, 5), 'ACL_BOOL', 'ACL_FORMAT_ND')], attrs=[-3], outputs=[T((3, 5), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=0),
    Case('case_1_all_dtype_ACL_UINT64', inputs=[T((3, 5), 'ACL_UINT64', 'ACL_FORMAT_ND')], attrs=[-3], outputs=[T((3, 5), 'ACL_UINT64', 'ACL_FORMAT_ND')], status=0),
    Case('case_1_all_dtype_ACL_UINT32', inputs=[T((3, 5), 'ACL_UINT32', 'ACL_FORMAT_ND')], attrs=[-3], outputs=[T((3, 5), 'ACL_UINT32', 'ACL_FORMAT_ND')], status=0),
    Case('case_1_all_dtype_ACL_UINT16', inputs=[T((3, 5), 'ACL_UINT16', 'ACL_FORMAT_ND')], attrs=[-3], outputs=[T((3, 5), 'ACL_UINT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_2_in_out_different_dtype', inputs=[T((3, 4), 'ACL_INT8', 'ACL_FORMAT_ND')], attrs=[-2], outputs=[T((3, 4), 'ACL_INT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_3_all_format_ACL_FORMAT_NC1HWC0', inputs=[T((3, 4), 'ACL_INT32', 'ACL_FORMAT_NC1HWC0')], attrs=[0], outputs=[T((3, 4), 'ACL_INT32', 'ACL_FORMAT_NC1HWC0')], status=161002),
    Case('case_3_all_format_ACL_FORMAT_NCHW', inputs=[T((3, 4), 'ACL_INT32', 'ACL_FORMAT_NCHW')], attrs=[0], outputs=[T((3, 4), 'ACL_INT32', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_3_all_format_ACL_FORMAT_NHWC', inputs=[T((3, 4), 'ACL_INT32', 'ACL_FORMAT_NHWC')], attrs=[0], outputs=[T((3, 4), 'ACL_INT32', 'ACL_FORMAT_NHWC')], status=0),
    Case('case_3_all_format_ACL_FORMAT_ND', inputs=[T((3, 4), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[0], outputs=[T((3, 4), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
    Case('case_3_all_format_ACL_FORMAT_HWCN', inputs=[T((3, 4), 'ACL_INT32', 'ACL_FORMAT_HWCN')], attrs=[0], outputs=[T((3, 4), 'ACL_INT32', 'ACL_FORMAT_HWCN')], status=0),
    Case('case_3_all_format_ACL_FORMAT_NDHWC', inputs=[T((3, 4), 'ACL_INT32', 'ACL_FORMAT_NDHWC')], attrs=[0], outputs=[T((3, 4), 'ACL_INT32', 'ACL_FORMAT_NDHWC')], status=0),
    Case('case_3_all_format_ACL_FORMAT_NCDHW', inputs=[T((3, 4), 'ACL_INT32', 'ACL_FORMAT_NCDHW')], attrs=[0], outputs=[T((3, 4), 'ACL_INT32', 'ACL_FORMAT_NCDHW')], status=0),
    Case('case_4_different_format', inputs=[T((2, 3), 'ACL_INT16', 'ACL_FORMAT_ND')], attrs=[0], outputs=[T((2, 3), 'ACL_INT16', 'ACL_FORMAT_NCHW')], status=161002),
    Case('case_5_different_shape', inputs=[T((3, 4), 'ACL_INT16', 'ACL_FORMAT_ND')], attrs=[0], outputs=[T((2, 3), 'ACL_INT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_6_input_dim_lt_2', inputs=[T((2,), 'ACL_INT16', 'ACL_FORMAT_ND')], attrs=[0], outputs=[T((2,), 'ACL_INT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_7_input_dim_gt_8', inputs=[T((1, 2, 3, 1, 2, 3, 1, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[0], outputs=[T((1, 2, 3, 1, 2, 3, 1, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_8_all_diagonal_-5', inputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], attrs=[-5], outputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_8_all_diagonal_-4', inputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], attrs=[-4], outputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_8_all_diagonal_-3', inputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], attrs=[-3], outputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_8_all_diagonal_-2', inputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], attrs=[-2], outputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_8_all_diagonal_-1', inputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], attrs=[-1], outputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_8_all_diagonal_0', inputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], attrs=[0], outputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_8_all_diagonal_1', inputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], attrs=[1], outputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_8_all_diagonal_2', inputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], attrs=[2], outputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_8_all_diagonal_3', inputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], attrs=[3], outputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_8_all_diagonal_4', inputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], attrs=[4], outputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_8_all_diagonal_5', inputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], attrs=[5], outputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_9_nullptr', inputs=[None], attrs=[0], outputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], status=161001),
    Case('case_10_empty', inputs=[T((0,), 'ACL_INT16', 'ACL_FORMAT_ND')], attrs=[0], outputs=[T((0,), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_11_non_contiguous', inputs=[T((5, 5), 'ACL_BOOL', 'ACL_FORMAT_ND', (1, 5), 0, (5, 5))], attrs=[0], outputs=[T((5, 5), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=0),
    Case('case_12_data_value_between_negative_1_and_positive_1', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[-1], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_13_nullptr_out', inputs=[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], attrs=[0], outputs=[None], status=161001),
    Case('case_14_dtype_not_support', inputs=[T((3, 5), 'ACL_BF16', 'ACL_FORMAT_ND')], attrs=[0], outputs=[T((3, 5), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('case_15_inplace_dtype_not_support', inputs=[T((3, 5), 'ACL_BF16', 'ACL_FORMAT_ND')], attrs=[-2], outputs=[], status=0, op='InplaceTriu'),
    Case('Ascend950_input_dim_gt_8', inputs=[T((1, 2, 3, 1, 2, 3, 1, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[1], outputs=[T((1, 2, 3, 1, 2, 3, 1, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
]
