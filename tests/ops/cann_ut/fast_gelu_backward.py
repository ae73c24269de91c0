"""CANN's op_api unit-test cases of aclnnFastGeluBackward, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/fast_gelu_grad/tests/ut/op_api/test_aclnn_fast_gelu.cpp
(16 cases; a TEST_F with several OP_API_UT calls gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B. Ported by reading each TEST_F's
TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...)) and EXPECT_EQ status;
value ranges and precisions only matter to CANN's precision runs and are left out;
scalars keep their value (ScalarDesc's dtype is not modelled)."""
from cann_ut import Case, T

OP = 'FastGeluBackward'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/fast_gelu_grad/tests/ut/op_api/test_aclnn_fast_gelu.cpp')
CASES = [
    Case('test_fast_gelu_backward_float32', inputs=[T((1, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_fast_gelu_backward_float16', inputs=[T((2, 4, 6, 8), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 4, 6, 8), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 6, 8), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('test_fast_gelu_backward_3d_shape', inputs=[T((32, 64, 128), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((32, 64, 128), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((32, 64, 128), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_fast_gelu_backward_5d_shape', inputs=[T((2, 4, 8, 16, 32), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 4, 8, 16, 32), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 8, 16, 32), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('test_fast_gelu_backward_empty_tensor', inputs=[T((0, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((0, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_fast_gelu_backward_scalar', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_fast_gelu_backward_large_shape', inputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_fast_gelu_backward_nchw_format', inputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW'), T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_fast_gelu_backward_nullptr_grad', inputs=[None, T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('test_fast_gelu_backward_nullptr_self', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('test_fast_gelu_backward_nullptr_output', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('test_fast_gelu_backward_dtype_diff', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('test_fast_gelu_backward_shape_diff', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('test_fast_gelu_backward_unsupported_dtype', inputs=[T((2, 4), 'ACL_INT32', 'ACL_FORMAT_ND'), T((2, 4), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('test_fast_gelu_backward_not_contiguous', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2)), T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2))],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2))], status=0),
    Case('test_fast_gelu_backward_value_range', inputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]
