"""CANN's op_api unit-test cases of aclnnSwishBackward, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/swish_grad/tests/ut/op_api/test_aclnn_swish_backward.cpp
(28 cases; a TEST_F with several OP_API_UT calls gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B. Ported by reading each TEST_F's
TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...)) and EXPECT_EQ status;
value ranges and precisions only matter to CANN's precision runs and are left out;
scalars keep their value (ScalarDesc's dtype is not modelled)."""
from cann_ut import Case, T

OP = 'SwishBackward'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/swish_grad/tests/ut/op_api/test_aclnn_swish_backward.cpp')
CASES = [
    Case('swish_backward_testcase_001_normal_float32', inputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('swish_backward_testcase_002_normal_float16', inputs=[T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[0.01], outputs=[T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('swish_backward_testcase_003_normal_empty_tensor', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('swish_backward_testcase_004_exception_null_gradOutput', inputs=[None, T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('swish_backward_testcase_005_exception_null_self', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None],
         attrs=[1.1], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('swish_backward_testcase_006_exception_null_gradInput', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[None], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('swish_backward_testcase_007_exception_null_gradInput', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[None], status=161001),
    Case('swish_backward_testcase_008_exception_float64_dtype_not_supported', inputs=[T((1, 16, 1, 1), 'ACL_DOUBLE', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[T((1, 16, 1, 1), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=161002),
    Case('swish_backward_testcase_009_normal_dtype_not_the_same', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('swish_backward_testcase_010_normal_dtype_not_the_same', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('swish_backward_testcase_011_normal_float32', inputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1], outputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('swish_backward_testcase_012_normal_format', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[0.0], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('swish_backward_testcase_013_exception_different_shape', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('swish_backward_testcase_014_normal_not_contiguous_float', inputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2)), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2))],
         attrs=[-1], outputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2))], status=0),
    Case('swish_backward_testcase_015_normal_not_contiguous_float16', inputs=[T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2)), T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2))],
         attrs=[-1], outputs=[T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2))], status=0),
    Case('swish_backward_testcase_016_exception_complex64_dtype_not_supported', inputs=[T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=161002),
    Case('swish_backward_testcase_017_exception_complex128_dtype_not_supported', inputs=[T((1, 16, 1, 1), 'ACL_COMPLEX128', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[T((1, 16, 1, 1), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')], status=161002),
    Case('swish_backward_testcase_018_normal_large_dims', inputs=[T((1, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[False], outputs=[T((1, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('swish_backward_testcase_019_normal_self_empty_tensor', inputs=[T((16, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[T((16, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('swish_backward_testcase_020_exception_gradOutput_empty_tensor', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((16, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('swish_backward_testcase_021_exception_gradOutput_invalid_dim', inputs=[T((1, 16, 1, 1, 1, 1, 1, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=161002),
    Case('swish_backward_testcase_022_exception_self_invalid_dim', inputs=[T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND'), T((1, 16, 1, 1, 1, 1, 1, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=161002),
    Case('swish_backward_testcase_022_exception_gradInput_invalid_dim', inputs=[T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[T((1, 16, 1, 1, 1, 1, 1, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=161002),
    Case('swish_backward_testcase_023_8d_shape', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('swish_backward_testcase_024_scalar', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('swish_backward_testcase_025_large_shape', inputs=[T((1024, 1024), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((1024, 1024), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[T((1024, 1024), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('swish_backward_testcase_026_nchw_format', inputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW'), T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         attrs=[1.1], outputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('swish_backward_testcase_027_value_range', inputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.1], outputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]
