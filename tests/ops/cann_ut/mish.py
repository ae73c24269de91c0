"""CANN's op_api unit-test cases of aclnnMish, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/mish/tests/ut/op_api/test_aclnn_mish.cpp
(16 cases; a TEST_F with several OP_API_UT calls (or a loop) gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (a SoC-conditional EXPECT takes its
Ascend910B branch; a test named after another SoC still runs on the stub's). Ported by
reading each TEST_F's TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...))
and EXPECT_EQ status (None where the UT asserts none); loops over dtype/format lists
unrolled. Value ranges and precisions only matter to CANN's precision runs and are left
out; scalars keep their value (ScalarDesc's dtype is not modelled; static_cast<int64_t>
keeps an int).
"""

from cann_ut import Case, T

OP = 'Mish'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/mish/tests/ut/op_api/test_aclnn_mish.cpp')
CASES = [
    Case('case_001_float', inputs=[T((2, 2, 3, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 2, 3, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_002_float16', inputs=[T((2, 2, 3, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 2, 3, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('ascend910B2_case_003_support_bf16', inputs=[T((2, 2, 3, 2), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 2, 3, 2), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('case_004_float64', inputs=[T((2, 2, 3, 2), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 2, 3, 2), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=161002),
    Case('case_005_int32', inputs=[T((2, 2, 3, 2), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 2, 3, 2), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('case_006_empty_tensor', inputs=[T((1, 1, 0, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 0, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_007_not_contiguous', inputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))],
         attrs=[], outputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_008_nullptr[0]', inputs=[None],
         attrs=[], outputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_008_nullptr[1]', inputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('case_009_max_dim', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_010_8d_shape', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_011_scalar', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_012_large_shape', inputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_013_nchw_format', inputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_014_ncdhw_format', inputs=[T((2, 4, 8, 16, 32), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')],
         attrs=[], outputs=[T((2, 4, 8, 16, 32), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')], status=0),
    Case('case_015_value_range', inputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]
