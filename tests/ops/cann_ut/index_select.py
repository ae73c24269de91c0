"""CANN's op_api unit-test cases of aclnnIndexSelect, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
index/gather_v2/tests/ut/op_api/test_aclnn_index_select.cpp
(29 cases of its 29 TEST_F; each OP_API_UT call of a test, each iteration of a loop, one case). The SoC is the UT stub's, Ascend910B. Only the status of
aclnnIndexSelectGetWorkspaceSize is compared.
"""
from cann_ut import Case, T

OP = 'IndexSelect'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921',
          'index/gather_v2/tests/ut/op_api/test_aclnn_index_select.cpp')
CASES = [
    Case('l2_index_select_case_001', inputs=[T((2, 3, 4, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_INT64', 'ACL_FORMAT_ND')], attrs=[2], outputs=[T((2, 3, 2, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_index_select_case_003', inputs=[T((1, 2, 2, 2), 'ACL_INT64', 'ACL_FORMAT_NCDHW'), T((1,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[2], outputs=[T((1, 2, 1, 2), 'ACL_INT64', 'ACL_FORMAT_ND')], status=0),
    Case('l2_index_select_case_004', inputs=[T((1, 2, 2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((1,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[2], outputs=[T((1, 2, 1, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_index_select_case_005', inputs=[T((1, 2, 2, 2), 'ACL_INT16', 'ACL_FORMAT_ND'), T((1,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[2], outputs=[T((1, 2, 1, 2), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_index_select_case_006', inputs=[T((1, 2, 2, 2), 'ACL_INT8', 'ACL_FORMAT_ND'), T((1,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[2], outputs=[T((1, 2, 1, 2), 'ACL_INT8', 'ACL_FORMAT_ND')], status=0),
    Case('l2_index_select_case_007', inputs=[T((1, 2, 2, 2), 'ACL_UINT8', 'ACL_FORMAT_ND'), T((1,), 'ACL_INT64', 'ACL_FORMAT_ND')], attrs=[2], outputs=[T((1, 2, 1, 2), 'ACL_UINT8', 'ACL_FORMAT_ND')], status=0),
    Case('l2_index_select_case_008', inputs=[T((1, 2, 2, 2), 'ACL_BOOL', 'ACL_FORMAT_NCHW'), T((1,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[2], outputs=[T((1, 2, 1, 2), 'ACL_BOOL', 'ACL_FORMAT_NHWC')], status=0),
    Case('l2_index_select_case_009', inputs=[T((1, 2, 2, 2), 'ACL_UINT64', 'ACL_FORMAT_ND'), T((1,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[2], outputs=[T((1, 2, 1, 2), 'ACL_UINT64', 'ACL_FORMAT_ND')], status=0),
    Case('l2_index_select_case_010', inputs=[T((1, 2, 2, 2), 'ACL_UINT32', 'ACL_FORMAT_ND'), T((1,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[2], outputs=[T((1, 2, 1, 2), 'ACL_UINT32', 'ACL_FORMAT_ND')], status=0),
    Case('l2_index_select_case_011', inputs=[T((1, 2, 2, 2), 'ACL_UINT16', 'ACL_FORMAT_ND'), T((1,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[2], outputs=[T((1, 2, 1, 2), 'ACL_UINT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_index_select_case_012', inputs=[T((3, 3), 'ACL_INT16', 'ACL_FORMAT_ND'), T((3,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[0], outputs=[T((3, 3), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_index_select_case_013', inputs=[T((3, 3), 'ACL_INT16', 'ACL_FORMAT_ND'), T((3,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[1], outputs=[T((3, 3), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_index_select_test_FLOAT64', inputs=[T((3, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND'), T((3,), 'ACL_INT64', 'ACL_FORMAT_ND')], attrs=[0], outputs=[T((3, 3), 'ACL_DOUBLE', 'ACL_FORMAT_NCHW')], status=0),
    Case('l2_index_select_test_COMPLEX64', inputs=[T((3, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND'), T((3,), 'ACL_INT64', 'ACL_FORMAT_ND')], attrs=[0], outputs=[T((3, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_NCHW')], status=0),
    Case('l2_index_select_test_COMPLEX128', inputs=[T((3, 3), 'ACL_COMPLEX128', 'ACL_FORMAT_ND'), T((1,), 'ACL_INT64', 'ACL_FORMAT_ND')], attrs=[0], outputs=[T((1, 3), 'ACL_COMPLEX128', 'ACL_FORMAT_NCHW')], status=0),
    Case('l2_index_select_test_dim_invalid', inputs=[T((3, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND'), T((3,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[4], outputs=[T((3, 3), 'ACL_DOUBLE', 'ACL_FORMAT_NCHW')], status=161002),
    Case('l2_index_select_test_nullptr', inputs=[None, None], attrs=[-2], outputs=[T((), 'ACL_INT16', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_index_select_abnormal_dtype_UNDEFINED', inputs=[T((2, 2, 2), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_ND'), T((1,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[0], outputs=[T((2, 1, 2), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_index_select_abnormal_self_out_dtype_not_same', inputs=[T((2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[1], outputs=[T((2, 1, 2), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_index_select_abnormal_format_NC1HWC0', inputs=[T((2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0'), T((1,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[1], outputs=[T((2, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_index_select_abnormal_format_index_dimNum_gt_1', inputs=[T((2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 2), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[1], outputs=[T((2, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_index_select_abnormal_format_index_dimNum_gt_8', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[1], outputs=[T((1, 1, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_index_select_data_value_between_negative_1_and_postive_1', inputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[0], outputs=[T((1, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_index_select_self_not_contiguous', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2)), T((3,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[1], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_index_select_index_0_dim', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[1], outputs=[T((2, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_index_select_self_bf16', inputs=[T((4,), 'ACL_BF16', 'ACL_FORMAT_ND'), T((2,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[0], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_index_select_dim_negative', inputs=[T((4, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[-1], outputs=[T((4, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('ascend910B2_l2_index_select_case_001', inputs=[T((2, 3, 4, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_INT64', 'ACL_FORMAT_ND')], attrs=[2], outputs=[T((2, 3, 2, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('Ascend950PR_9589_l2_index_select_case_001', inputs=[T((2, 3, 4, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_INT64', 'ACL_FORMAT_ND')], attrs=[2], outputs=[T((2, 3, 2, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]
