"""CANN's op_api unit-test cases of aclnnErfinv, aclnnInplaceErfinv, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/erfinv/tests/ut/op_api/test_aclnn_erfinv.cpp
(18 cases; a TEST_F with several OP_API_UT calls (or a loop) gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (a SoC-conditional EXPECT takes its
Ascend910B branch; a test named after another SoC still runs on the stub's). Ported by
reading each TEST_F's TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...))
and EXPECT_EQ status (None where the UT asserts none); loops over dtype/format lists
unrolled. Value ranges and precisions only matter to CANN's precision runs and are left
out; scalars keep their value (ScalarDesc's dtype is not modelled; static_cast<int64_t>
keeps an int).
"""

from cann_ut import Case, T

OP = 'Erfinv'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/erfinv/tests/ut/op_api/test_aclnn_erfinv.cpp')
CASES = [
    Case('001_dtype_uint16', inputs=[T((2, 3), 'ACL_UINT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('002_dtype_undefined', inputs=[T((2, 4, 3, 3), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 3, 3), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_ND')], status=161002),
    Case('003_dtype_bfloat16', inputs=[T((2, 4, 3, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 3, 3), 'ACL_BF16', 'ACL_FORMAT_ND')], status=None),
    Case('004_dtype_int64', inputs=[T((2, 4, 3, 3), 'ACL_INT64', 'ACL_FORMAT_NDHWC')],
         attrs=[], outputs=[T((2, 4, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')], status=0),
    Case('005_dtype_bool', inputs=[T((2, 4), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('006_dtype_float', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('007_dtype_float16', inputs=[T((2, 4, 3, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 3, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('008_self_out_different_shape', inputs=[T((2, 3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('009_self_empty', inputs=[T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('010_self_nullptr', inputs=[None],
         attrs=[], outputs=[T((2, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161001),
    Case('011_out_nullptr', inputs=[T((2, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('012_format', inputs=[T((2, 4, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((2, 4, 3, 3), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('013_format_private', inputs=[T((2, 4, 3, 3, 5), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')],
         attrs=[], outputs=[T((2, 4, 3, 3, 5), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')], status=0),
    Case('014_inplace', inputs=[T((3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0, op='InplaceErfinv'),
    Case('015_not_contiguous', inputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 2), 0, (5, 2))],
         attrs=[], outputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('016_self_dim_gt_8', inputs=[T((1, 2, 3, 1, 2, 3, 1, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 3, 1, 2, 3, 1, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('017_ascend910A_error_support_bf16', inputs=[T((4, 4), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((4, 4), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('018_ascend910B_support_bf16', inputs=[T((4, 4), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((4, 4), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
]
