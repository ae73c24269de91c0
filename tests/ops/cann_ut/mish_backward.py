"""CANN's op_api unit-test cases of aclnnMishBackward, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/mish_grad/tests/ut/op_host/op_api/test_aclnn_mish_backward.cpp
(18 cases; a TEST_F with several OP_API_UT calls gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B. Ported by reading each TEST_F's
TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...)) and EXPECT_EQ status;
value ranges and precisions only matter to CANN's precision runs and are left out;
scalars keep their value (ScalarDesc's dtype is not modelled).
Unrolled by hand at the end: case_011_bfloat16.
"""
from cann_ut import Case, T

OP = 'MishBackward'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/mish_grad/tests/ut/op_host/op_api/test_aclnn_mish_backward.cpp')
CASES = [
    Case('case_001_float', inputs=[T((2, 2, 3, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 2, 3, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 2, 3, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_broadcast_001_float', inputs=[T((2, 2, 3, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 2, 3, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 2, 3, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_002_float16', inputs=[T((2, 2, 3, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 2, 3, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 2, 3, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_003_float64', inputs=[T((2, 2, 3, 2), 'ACL_DOUBLE', 'ACL_FORMAT_ND'), T((2, 2, 3, 2), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 2, 3, 2), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=161002),
    Case('case_004_invalid_type_int', inputs=[T((2, 2, 3, 2), 'ACL_INT32', 'ACL_FORMAT_ND'), T((2, 2, 3, 2), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 2, 3, 2), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('case_005_promotetype', inputs=[T((2, 3, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_006_empty_tensor', inputs=[T((1, 1, 0, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 0, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 0, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_007_not_contiguous', inputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5)), T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))],
         attrs=[], outputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')], status=0),
    Case('case_008_nullptr[0]', inputs=[None, T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_008_nullptr[1]', inputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None],
         attrs=[], outputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_008_nullptr[2]', inputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('case_009_max_dim', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_010_cant_broadcast', inputs=[T((1, 2, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 3, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_012_8d_shape', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_013_scalar', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_014_large_shape', inputs=[T((1024, 1024), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((1024, 1024), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1024, 1024), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_015_nchw_format', inputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW'), T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_016_value_range', inputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]

# case_011_bfloat16 expects success on Ascend910B / Ascend910_93 (the UT's SoC), else 161002.
CASES.append(Case("case_011_bfloat16", inputs=[T((2, 2, 3, 2), "ACL_BF16", "ACL_FORMAT_ND"),
                  T((2, 2, 3, 2), "ACL_BF16", "ACL_FORMAT_ND")], attrs=[],
                  outputs=[T((2, 2, 3, 2), "ACL_BF16", "ACL_FORMAT_ND")], status=0))
