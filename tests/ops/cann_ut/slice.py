"""CANN's op_api unit-test cases of aclnnSlice, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/slice/tests/ut/op_api/test_aclnn_slice.cpp
(23 cases of its 29 TEST_F; each OP_API_UT call of a test, each iteration of a loop, one case; not ported: the six slice_l0op_* tests (they call the l0op Slice kernel, not aclnnSlice)). The SoC is the UT stub's, Ascend910B. Only the status of
aclnnSliceGetWorkspaceSize is compared.
"""
from cann_ut import Case, T

OP = 'Slice'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'conversion/slice/tests/ut/op_api/test_aclnn_slice.cpp')
CASES = [
    Case('test0', inputs=[T((1, 4, 2, 2), 'ACL_BF16', 'ACL_FORMAT_ND')], attrs=[1, 0, 4, 1], outputs=[T((1, 4, 2, 2), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('aclnnSlice_float32', inputs=[T((6, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[0, 0, 3, 1], outputs=[T((3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('aclnnSlice_float16', inputs=[T((6, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[0, 0, 3, 1], outputs=[T((3, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('aclnnSlice_int64', inputs=[T((6, 4), 'ACL_INT64', 'ACL_FORMAT_ND')], attrs=[0, 0, 3, 1], outputs=[T((3, 4), 'ACL_INT64', 'ACL_FORMAT_ND')], status=0),
    Case('aclnnSlice_int32', inputs=[T((6, 4), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[0, 0, 3, 1], outputs=[T((3, 4), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
    Case('aclnnSlice_int8', inputs=[T((6, 4), 'ACL_INT8', 'ACL_FORMAT_ND')], attrs=[0, 0, 3, 1], outputs=[T((3, 4), 'ACL_INT8', 'ACL_FORMAT_ND')], status=0),
    Case('aclnnSlice_uint8', inputs=[T((6, 4), 'ACL_UINT8', 'ACL_FORMAT_ND')], attrs=[0, 0, 3, 1], outputs=[T((3, 4), 'ACL_UINT8', 'ACL_FORMAT_ND')], status=0),
    Case('aclnnSlice_bool', inputs=[T((6, 4), 'ACL_BOOL', 'ACL_FORMAT_ND')], attrs=[0, 0, 3, 1], outputs=[T((3, 4), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=0),
    Case('aclnnSlice_negative_start', inputs=[T((6, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[0, -3, 3, 1], outputs=[T((3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('aclnnSlice_negative_end', inputs=[T((6, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[0, 0, -1, 1], outputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('aclnnSlice_negative_dim', inputs=[T((6, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[-1, 0, 3, 1], outputs=[T((3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('aclnnSlice_step_greater_than_1', inputs=[T((6, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[0, 0, 6, 2], outputs=[T((3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('aclnnSlice_start_exceeds_dim', inputs=[T((6, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[0, 10, 3, 1], outputs=[T((0, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('aclnnSlice_end_exceeds_dim', inputs=[T((6, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[0, 0, 100, 1], outputs=[T((6, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('aclnnSlice_dim_out_of_range', inputs=[T((6, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[5, 0, 3, 1], outputs=[T((3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('aclnnSlice_step_zero_invalid', inputs=[T((6, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[0, 0, 3, 0], outputs=[T((3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('aclnnSlice_negative_step_invalid', inputs=[T((6, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[0, 0, 3, -1], outputs=[T((3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('aclnnSlice_shape_mismatch', inputs=[T((6, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[0, 0, 3, 1], outputs=[T((4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('aclnnSlice_dtype_mismatch', inputs=[T((6, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[0, 0, 3, 1], outputs=[T((3, 4), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('aclnnSlice_empty_input', inputs=[T((0, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[0, 0, 0, 1], outputs=[T((0, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('aclnnSlice_empty_output', inputs=[T((6, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[0, 0, 0, 1], outputs=[T((0, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('aclnnSlice_single_element', inputs=[T((1,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[0, 0, 1, 1], outputs=[T((1,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('aclnnSlice_multi_dim', inputs=[T((2, 3, 4, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[2, 1, 3, 1], outputs=[T((2, 3, 2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]
