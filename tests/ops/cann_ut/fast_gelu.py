"""CANN's op_api unit-test cases of aclnnFastGelu, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/fast_gelu/tests/ut/op_api/test_aclnn_fast_gelu.cpp
(15 cases; a TEST_F with several OP_API_UT calls (or a loop) gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (a SoC-conditional EXPECT takes its
Ascend910B branch; a test named after another SoC still runs on the stub's). Ported by
reading each TEST_F's TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...))
and EXPECT_EQ status (None where the UT asserts none); loops over dtype/format lists
unrolled. Value ranges and precisions only matter to CANN's precision runs and are left
out; scalars keep their value (ScalarDesc's dtype is not modelled; static_cast<int64_t>
keeps an int).
"""

from cann_ut import Case, T

OP = 'FastGelu'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/fast_gelu/tests/ut/op_api/test_aclnn_fast_gelu.cpp')
CASES = [
    Case('test_fast_gelu_float32', inputs=[T((1, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_fast_gelu_float16', inputs=[T((2, 4, 6, 8), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 6, 8), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('test_fast_gelu_3d_shape', inputs=[T((32, 64, 128), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((32, 64, 128), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_fast_gelu_5d_shape', inputs=[T((2, 4, 8, 16, 32), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 8, 16, 32), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('test_fast_gelu_empty_tensor', inputs=[T((0, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((0, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_fast_gelu_scalar', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_fast_gelu_large_shape', inputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_fast_gelu_nchw_format', inputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_fast_gelu_nullptr_input', inputs=[None],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('test_fast_gelu_nullptr_output', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('test_fast_gelu_dtype_diff', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('test_fast_gelu_shape_diff', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('test_fast_gelu_unsupported_dtype', inputs=[T((2, 4), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('test_fast_gelu_not_contiguous', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2))],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2))], status=0),
    Case('test_fast_gelu_value_range', inputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]
