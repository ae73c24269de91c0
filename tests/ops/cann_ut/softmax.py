"""CANN's op_api unit-test cases of aclnnSoftmax, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/softmax_v2/tests/ut/op_api/test_aclnn_softmax.cpp
(14 cases; a TEST_F with several OP_API_UT calls gives one case each, named "<test>[i]").
The SoC is the UT stub's, Ascend910B (tests/ut/op_api/stub/opdev/platform.cpp in
hicann/ops-nn; no case sets another). Value ranges, values and precisions of the UT's
TensorDesc only matter to its precision runs, so they are left out: only the status of
aclnnSoftmaxGetWorkspaceSize is compared.
"""
from cann_ut import Case, T

OP = 'Softmax'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/softmax_v2/tests/ut/op_api/test_aclnn_softmax.cpp')
CASES = [
    Case('case_002_float16_normal', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_003_float32_normal', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_005_8_dim_input', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_006_max_dim', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[7], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_007_dim_invalid', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[8], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_008_format_NHWC_normal', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')],
         attrs=[0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('case_010_emptytensor_normal', inputs=[T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_011_input_shape_diff_with_out_normal', inputs=[T((3, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_013_input_contigous_normal', inputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', strides=(1, 5), offset=0, storage=(4, 5))],
         attrs=[0], outputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_014_9_dim_input', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_015_nullptr[0]', inputs=[None],
         attrs=[0], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_015_nullptr[1]', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[None], status=161001),
    Case('case_017_platforminfo_ascend910B', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_zero_dim_num', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]
