"""CANN's op_api unit-test cases of aclnnLogSigmoidBackward, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/logsigmoid_grad/tests/ut/op_api/test_aclnn_logsigmoid_backward.cpp
(26 cases; a TEST_F with several OP_API_UT calls gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B. Ported by reading each TEST_F's
TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...)) and EXPECT_EQ status;
value ranges and precisions only matter to CANN's precision runs and are left out;
scalars keep their value (ScalarDesc's dtype is not modelled).
Unrolled by hand at the end: logsigmoid_backward_testcase_010_normal_format.
Left out: logsigmoid_backward_testcase_026_exception_negative_dim (a TensorDesc with negative
dims, which ascendops.empty refuses before the op runs: no status to compare).
"""
from cann_ut import Case, T

OP = 'LogSigmoidBackward'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/logsigmoid_grad/tests/ut/op_api/test_aclnn_logsigmoid_backward.cpp')
CASES = [
    Case('logsigmoid_backward_testcase_001_normal_float32', inputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('logsigmoid_backward_testcase_002_normal_float16', inputs=[T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('logsigmoid_backward_testcase_003_normal_empty_tensor', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('logsigmoid_backward_testcase_004_exception_null_gradOutput', inputs=[None, T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('logsigmoid_backward_testcase_005_exception_null_self', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None, T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('logsigmoid_backward_testcase_006_exception_null_gradInput', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('logsigmoid_backward_testcase_007_exception_float64_dtype_not_supported', inputs=[T((1, 16, 1, 1), 'ACL_DOUBLE', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=161002),
    Case('logsigmoid_backward_testcase_008_normal_dtype_not_the_same', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('logsigmoid_backward_testcase_009_normal_dtype_not_the_same', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('logsigmoid_backward_testcase_011_normal_format', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('logsigmoid_backward_testcase_012_normal_different_format', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('logsigmoid_backward_testcase_013_exception_different_shape', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('logsigmoid_backward_testcase_014_normal_not_contiguous_float', inputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2)), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2)), T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2))],
         attrs=[], outputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2))], status=0),
    Case('logsigmoid_backward_testcase_015_normal_not_contiguous_float16', inputs=[T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2)), T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2)), T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2))],
         attrs=[], outputs=[T((2, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2))], status=0),
    Case('logsigmoid_backward_testcase_016_exception_complex64_dtype_not_supported', inputs=[T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=161002),
    Case('logsigmoid_backward_testcase_017_exception_complex128_dtype_not_supported', inputs=[T((1, 16, 1, 1), 'ACL_COMPLEX128', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_COMPLEX128', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')], status=161002),
    Case('logsigmoid_backward_testcase_018_normal_large_dims', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('logsigmoid_backward_testcase_019_normal_self_empty_tensor', inputs=[T((16, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((16, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('logsigmoid_backward_testcase_020_exception_gradOutput_empty_tensor', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((16, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((16, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('ascend910B2_case_bf16', inputs=[T((2, 5), 'ACL_BF16', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2)), T((2, 5), 'ACL_BF16', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2)), T((2, 5), 'ACL_BF16', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2))],
         attrs=[], outputs=[T((2, 5), 'ACL_BF16', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2))], status=0),
    Case('logsigmoid_backward_testcase_021_normal_1d_shape', inputs=[T((256,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((256,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((256,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((256,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('logsigmoid_backward_testcase_022_normal_7d_shape', inputs=[T((1, 2, 3, 4, 5, 6, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((1, 2, 3, 4, 5, 6, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((1, 2, 3, 4, 5, 6, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 3, 4, 5, 6, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('logsigmoid_backward_testcase_023_normal_large_shape', inputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('logsigmoid_backward_testcase_024_normal_value_range', inputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('logsigmoid_backward_testcase_025_normal_scalar', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('logsigmoid_backward_testcase_027_normal_bf16_3d', inputs=[T((32, 64, 128), 'ACL_BF16', 'ACL_FORMAT_ND'), T((32, 64, 128), 'ACL_BF16', 'ACL_FORMAT_ND'), T((32, 64, 128), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((32, 64, 128), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
]

# The loop of logsigmoid_backward_testcase_010_normal_format, unrolled.
for _i, _f in enumerate(["ACL_FORMAT_ND", "ACL_FORMAT_NC1HWC0", "ACL_FORMAT_FRACTAL_NZ"]):
    _s = (1, 16, 1, 1)
    CASES.append(Case("logsigmoid_backward_testcase_010_normal_format[%d]" % _i,
                      inputs=[T(_s, "ACL_FLOAT", _f), T(_s, "ACL_FLOAT", _f), T(_s, "ACL_FLOAT", _f)], attrs=[],
                      outputs=[T(_s, "ACL_FLOAT", _f)], status=0))
