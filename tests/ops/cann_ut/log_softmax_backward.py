"""CANN's op_api unit-test cases of aclnnLogSoftmaxBackward, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/log_softmax_grad/tests/ut/op_api/test_aclnn_logsoftmax_backward.cpp
(20 cases; a TEST_F with several OP_API_UT calls gives one case each, named "<test>[i]").
The SoC is the UT stub's, Ascend910B (tests/ut/op_api/stub/opdev/platform.cpp in
hicann/ops-nn; no case sets another). Value ranges, values and precisions of the UT's
TensorDesc only matter to its precision runs, so they are left out: only the status of
aclnnLogSoftmaxBackwardGetWorkspaceSize is compared.
"""
from cann_ut import Case, T

OP = 'LogSoftmaxBackward'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/log_softmax_grad/tests/ut/op_api/test_aclnn_logsoftmax_backward.cpp')
CASES = [
    Case('case_001_float32_normal', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_002_float16_normal', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_003_double_abnormal', inputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=161002),
    Case('case_005_diff_input_dtype_abnormal', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_006_diff_input_format_normal', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')],
         attrs=[0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_007_diff_input_shape_abnormal', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_008_diff_in_out_dtype_normal', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=0),
    Case('case_009_diff_in_out_format_normal', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('case_010_diff_in_out_shape_normal', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_011_8_dim_input', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_012_max_dim', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[7], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_013_dim_invalid', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[8], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_014_format_NHWC_normal', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NHWC'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')],
         attrs=[0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('case_016_input_emptytensor_normal', inputs=[T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_017_input_contigous_normal', inputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', strides=(1, 5), offset=0, storage=(4, 5)), T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', strides=(1, 5), offset=0, storage=(4, 5))],
         attrs=[0], outputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_018_9_dim_input', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_019_nullptr[0]', inputs=[None, T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_019_nullptr[1]', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None],
         attrs=[0], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_019_nullptr[2]', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[None], status=161001),
    Case('ascend910B2_case_BF16_910b', inputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
]
