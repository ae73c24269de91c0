"""CANN's op_api unit-test cases of aclnnRepeat, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/tile/tests/ut/op_api/test_aclnn_repeat.cpp
(19 cases of its 9 TEST_F; each OP_API_UT call of a test, each iteration of a loop, one case; not ported:
l2_repeat_repeats_size's second call, whose out TensorDesc has a negative dim (-1, 6), which no
ascendops tensor can have). The SoC is the UT stub's, Ascend910B. Only the status of
aclnnRepeatGetWorkspaceSize is compared.
"""
from cann_ut import Case, T

OP = 'Repeat'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'math/tile/tests/ut/op_api/test_aclnn_repeat.cpp')
CASES = [
    Case('l2_repeat_test_dtype_bf16_error', inputs=[T((1, 2), 'ACL_BF16', 'ACL_FORMAT_ND')], attrs=[(3, 2, 3)], outputs=[T((3, 2, 6), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_repeat_test_format_1', inputs=[T((1, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[(3, 2, 3)], outputs=[T((3, 2, 6), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_repeat_test_format_2', inputs=[T((1, 2), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(3, 2, 3)], outputs=[T((3, 2, 6), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('l2_repeat_test_format_3', inputs=[T((1, 2), 'ACL_FLOAT16', 'ACL_FORMAT_NHWC')], attrs=[(3, 2, 3)], outputs=[T((3, 2, 6), 'ACL_FLOAT16', 'ACL_FORMAT_NHWC')], status=0),
    Case('l2_repeat_test_format_4', inputs=[T((1, 2), 'ACL_FLOAT16', 'ACL_FORMAT_HWCN')], attrs=[(3, 2, 3)], outputs=[T((3, 2, 6), 'ACL_FLOAT16', 'ACL_FORMAT_HWCN')], status=0),
    Case('l2_repeat_test_format_5', inputs=[T((1, 2), 'ACL_FLOAT16', 'ACL_FORMAT_NDHWC')], attrs=[(3, 2, 3)], outputs=[T((3, 2, 6), 'ACL_FLOAT16', 'ACL_FORMAT_NDHWC')], status=0),
    Case('l2_repeat_test_format_6', inputs=[T((1, 2), 'ACL_FLOAT16', 'ACL_FORMAT_NCDHW')], attrs=[(3, 2, 3)], outputs=[T((3, 2, 6), 'ACL_FLOAT16', 'ACL_FORMAT_NCDHW')], status=0),
    Case('l2_repeat_test_same_dtype_error', inputs=[T((1, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[(3, 2, 3)], outputs=[T((3, 2, 6), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_repeat_test_nullptr_1', inputs=[None], attrs=[(3, 2, 3)], outputs=[T((3, 2, 6), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_repeat_test_nullptr_2', inputs=[T((1, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[None], outputs=[T((3, 2, 6), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_repeat_test_null_tensor_1', inputs=[T((0, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[(3, 2, 3)], outputs=[T((3, 0, 6), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_repeat_test_null_tensor_2', inputs=[T((1, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[(3, 0, 3)], outputs=[T((3, 0, 6), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_repeat_test_uncontiguous', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (3, 2))], attrs=[(3, 2, 3)], outputs=[T((3, 4, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('l2_repeat_repeats_size_1', inputs=[T((2, 1, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[(1, 3)], outputs=[T((2, 1, 6), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_repeat_test_dim_8_1', inputs=[T((), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[(2, 3)], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_repeat_test_dim_8_2', inputs=[T((1, 2, 1, 2, 1, 1, 2, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[(2, 2, 2, 2, 2, 2, 2, 2)], outputs=[T((2, 4, 2, 4, 2, 2, 4, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_repeat_test_dim_8_3', inputs=[T((1, 2, 1, 2, 1, 1, 2, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[(2, 2, 2, 2, 2, 2, 2, 2, 2)], outputs=[T((2, 2, 4, 2, 4, 2, 2, 4, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_repeat_test_dim_8_4', inputs=[T((1, 2, 1, 2, 1, 1, 2, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[(2, 2, 2, 2, 2, 2, 2, 2, 2)], outputs=[T((2, 4, 2, 4, 2, 2, 4, 2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_repeat_test_repeats_zero_size', inputs=[T((), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[()], outputs=[T((), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
]
