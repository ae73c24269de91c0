"""CANN's op_api unit-test cases of aclnnSiluBackward, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/silu_grad/tests/ut/op_api/test_aclnn_silu_backward.cpp
(27 cases; a TEST_F with a loop or several OP_API_UT calls gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (tests/ut/op_api/stub/opdev/platform.cpp
in hicann/ops-nn; no case sets another). Value ranges, values and precisions of the
UT's TensorDesc only matter to its precision runs, so they are left out: only the status
of aclnnSiluBackwardGetWorkspaceSize is compared.
"""
from cann_ut import Case, T

OP = 'SiluBackward'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/silu_grad/tests/ut/op_api/test_aclnn_silu_backward.cpp')
CASES = [
    Case('silu_backward_testcase_001_normal_float32', inputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('silu_backward_testcase_002_normal_float16', inputs=[T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('ascend910b2_silu_backward_testcase_002_normal_bf16', inputs=[T((2, 5), 'ACL_BF16', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 5), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('silu_backward_testcase_003_normal_empty_tensor', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('silu_backward_testcase_004_exception_null_gradOutput', inputs=[None, T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('silu_backward_testcase_005_exception_null_self', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('silu_backward_testcase_006_exception_null_gradInput', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('silu_backward_testcase_007_exception_float64_dtype_not_supported', inputs=[T((1, 16, 1, 1), 'ACL_DOUBLE', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=161002),
    Case('silu_backward_testcase_008_normal_dtype_not_the_same', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('silu_backward_testcase_009_normal_dtype_not_the_same', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('silu_backward_testcase_010_normal_format[0]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('silu_backward_testcase_010_normal_format[1]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('silu_backward_testcase_010_normal_format[2]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_FRACTAL_NZ'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_FRACTAL_NZ')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_FRACTAL_NZ')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('silu_backward_testcase_011_normal_format', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('silu_backward_testcase_012_normal_different_format', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('silu_backward_testcase_013_exception_different_shape', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('silu_backward_testcase_014_normal_not_contiguous_float', inputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND', strides=(1, 2), offset=0, storage=(5, 2)), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND', strides=(1, 2), offset=0, storage=(5, 2))],
         attrs=[], outputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND', strides=(1, 2), offset=0, storage=(5, 2))], status=0),
    Case('silu_backward_testcase_015_normal_not_contiguous_float16', inputs=[T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND', strides=(1, 2), offset=0, storage=(5, 2)), T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND', strides=(1, 2), offset=0, storage=(5, 2))],
         attrs=[], outputs=[T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND', strides=(1, 2), offset=0, storage=(5, 2))], status=0),
    Case('silu_backward_testcase_016_exception_complex64_dtype_not_supported', inputs=[T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=161002),
    Case('silu_backward_testcase_017_exception_complex128_dtype_not_supported', inputs=[T((1, 16, 1, 1), 'ACL_COMPLEX128', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')], status=161002),
    Case('silu_backward_testcase_019_normal_self_empty_tensor', inputs=[T((16, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((16, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('silu_backward_testcase_020_exception_gradOutput_empty_tensor', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((16, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('silu_backward_testcase_021_8d_shape', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('silu_backward_testcase_022_scalar', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('silu_backward_testcase_023_large_shape', inputs=[T((1024, 1024), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((1024, 1024), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1024, 1024), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('silu_backward_testcase_024_nchw_format', inputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW'), T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('silu_backward_testcase_025_value_range', inputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]
