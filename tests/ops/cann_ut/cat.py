"""CANN's op_api unit-test cases of aclnnCat, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/concat_d/tests/ut/op_api/test_aclnn_cat.cpp (43 cases; a loop over dtypes, formats or diagonals is one case per iteration, each
OP_API_UT call of a test one case). The SoC is the UT's (SetPlatformNpuArch: DAV_2201 is
Ascend910B, DAV_1001 Ascend910, DAV_2002 Ascend310P). Only the status of the
GetWorkspaceSize call is compared (cat_9dim's EXPECT_NE(aclRet, ACL_SUCCESS) as CheckShape's 161002).
"""
from cann_ut import Case, T

OP = 'Cat'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'conversion/concat_d/tests/ut/op_api/test_aclnn_cat.cpp')
CASES = [
    Case('cat_dtype_all_support_ACL_FLOAT', inputs=[], attrs=[[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('cat_dtype_all_support_ACL_FLOAT16', inputs=[], attrs=[[T((3, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], 0], outputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('cat_dtype_all_support_ACL_INT8', inputs=[], attrs=[[T((3, 5), 'ACL_INT8', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_INT8', 'ACL_FORMAT_ND')], 0], outputs=[T((5, 5), 'ACL_INT8', 'ACL_FORMAT_ND')], status=0),
    Case('cat_dtype_all_support_ACL_INT32', inputs=[], attrs=[[T((3, 5), 'ACL_INT32', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_INT32', 'ACL_FORMAT_ND')], 0], outputs=[T((5, 5), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
    Case('cat_dtype_all_support_ACL_UINT8', inputs=[], attrs=[[T((3, 5), 'ACL_UINT8', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_UINT8', 'ACL_FORMAT_ND')], 0], outputs=[T((5, 5), 'ACL_UINT8', 'ACL_FORMAT_ND')], status=0),
    Case('cat_dtype_all_support_ACL_INT16', inputs=[], attrs=[[T((3, 5), 'ACL_INT16', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], 0], outputs=[T((5, 5), 'ACL_INT16', 'ACL_FORMAT_ND')], status=0),
    Case('cat_dtype_all_support_ACL_INT64', inputs=[], attrs=[[T((3, 5), 'ACL_INT64', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_INT64', 'ACL_FORMAT_ND')], 0], outputs=[T((5, 5), 'ACL_INT64', 'ACL_FORMAT_ND')], status=0),
    Case('cat_dtype_all_support_ACL_DOUBLE', inputs=[], attrs=[[T((3, 5), 'ACL_DOUBLE', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], 0], outputs=[T((5, 5), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=0),
    Case('cat_dtype_all_support_ACL_BOOL', inputs=[], attrs=[[T((3, 5), 'ACL_BOOL', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_BOOL', 'ACL_FORMAT_ND')], 0], outputs=[T((5, 5), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=0),
    Case('cat_dtype_all_support_ACL_COMPLEX64', inputs=[], attrs=[[T((3, 5), 'ACL_COMPLEX64', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], 0], outputs=[T((5, 5), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=0),
    Case('cat_dtype_all_support_ACL_BOOL_2', inputs=[], attrs=[[T((3, 5), 'ACL_BOOL', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_BOOL', 'ACL_FORMAT_ND')], 0], outputs=[T((5, 5), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=0),
    Case('cat_dtype_all_support_ACL_COMPLEX128', inputs=[], attrs=[[T((3, 5), 'ACL_COMPLEX128', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')], 0], outputs=[T((5, 5), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')], status=161002),
    Case('cat_different_dtype_format_float_out', inputs=[], attrs=[[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('cat_different_dtype_format_int32_out', inputs=[], attrs=[[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], 0], outputs=[T((5, 5), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('cat_different_dtype_format_nchw', inputs=[], attrs=[[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('cat_different_dtype_format_rank', inputs=[], attrs=[[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((5,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('cat_dtype_all_format_ACL_FORMAT_NC1HWC0', inputs=[], attrs=[[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0'), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')], 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')], status=161002),
    Case('cat_dtype_all_format_ACL_FORMAT_NCHW', inputs=[], attrs=[[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW'), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('cat_dtype_all_format_ACL_FORMAT_NHWC', inputs=[], attrs=[[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_NHWC'), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('cat_dtype_all_format_ACL_FORMAT_ND', inputs=[], attrs=[[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('cat_dtype_all_format_ACL_FORMAT_HWCN', inputs=[], attrs=[[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_HWCN'), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')], 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')], status=0),
    Case('cat_dtype_all_format_ACL_FORMAT_NDHWC', inputs=[], attrs=[[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC'), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')], 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')], status=0),
    Case('cat_dtype_all_format_ACL_FORMAT_NCDHW', inputs=[], attrs=[[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW'), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')], 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')], status=0),
    Case('cat_nullptr_list', inputs=[], attrs=[None, 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('cat_nullptr_out', inputs=[], attrs=[[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], 0], outputs=[None], status=161001),
    Case('cat_dim_all_1', inputs=[], attrs=[[T((3, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((3, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], 1], outputs=[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('cat_dim_all_-1', inputs=[], attrs=[[T((3, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((3, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], -1], outputs=[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('cat_dim_all_-2', inputs=[], attrs=[[T((3, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((3, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], -2], outputs=[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('cat_dim_all_2', inputs=[], attrs=[[T((3, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((3, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], 2], outputs=[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('cat_many_tensors_34', inputs=[], attrs=[[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')] * 34, 0], outputs=[T((68, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('cat_many_tensors_66', inputs=[], attrs=[[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')] * 66, 1], outputs=[T((2, 198), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('cat_empty_tensors_two_left', inputs=[], attrs=[[T((2, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((3, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], 0], outputs=[T((5, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('cat_empty_tensors_none_left', inputs=[], attrs=[[T((0, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')] * 3, 0], outputs=[T((0, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('cat_empty_tensors_one_left', inputs=[], attrs=[[T((2, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], 0], outputs=[T((2, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('cat_empty_tensors_one_left_empty_first', inputs=[], attrs=[[T((0, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], 0], outputs=[T((2, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('cat_only_one_tensor', inputs=[], attrs=[[T((2, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], 0], outputs=[T((2, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('cat_only_empty_tensors', inputs=[], attrs=[[T((0, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')] * 3, 0], outputs=[T((0, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('cat_only_one_empty_tensor', inputs=[], attrs=[[T((0, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], 0], outputs=[T((0, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('cat_non_contiguous', inputs=[], attrs=[[T((5, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (3, 5)), T((5, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (2, 5))], 1], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('cat_9dim', inputs=[], attrs=[[T((2, 2, 3, 2, 2, 3, 2, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 2, 3, 2, 2, 3, 2, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], 0], outputs=[T((4, 2, 3, 2, 2, 3, 2, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('cat_one_dim1_empty_tensor', inputs=[], attrs=[[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], 0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('ascend310P_bfloat16', inputs=[], attrs=[[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND'), T((1, 3), 'ACL_BF16', 'ACL_FORMAT_ND')], 0], outputs=[T((3, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002, soc='Ascend310P'),
    Case('dtype_promote_to_complex128', inputs=[], attrs=[[T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND'), T((1, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], 0], outputs=[T((3, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=161002),
]
