"""CANN's op_api unit-test cases of aclnnPrelu, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/p_relu/tests/ut/op_api/test_aclnn_prelu.cpp
(19 cases; a TEST_F with several OP_API_UT calls gives one case each, named "<test>[i]").
The SoC is the UT stub's, Ascend910B. Value ranges and precisions of the UT's TensorDesc
only matter to its precision runs, so they are left out: only the status of
aclnnPreluGetWorkspaceSize is compared.
"""
from cann_ut import Case, T

OP = 'Prelu'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/p_relu/tests/ut/op_api/test_aclnn_prelu.cpp')
CASES = [
    Case('case_1', inputs=[T((1, 16, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCHW'), T((16,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_NHWC_1', inputs=[T((1, 16, 4, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((16,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 4, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_NCHW', inputs=[T((1, 8, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCHW'), T((8,), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((1, 8, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_HWCN_1', inputs=[T((1, 16, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_HWCN'), T((16,), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')],
         attrs=[], outputs=[T((1, 16, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')], status=0),
    Case('case_HWCN_2', inputs=[T((1, 4, 16, 4), 'ACL_FLOAT', 'ACL_FORMAT_HWCN'), T((4,), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')],
         attrs=[], outputs=[T((1, 4, 16, 4), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')], status=0),
    Case('case_NCDHW', inputs=[T((1, 16, 4, 4, 7), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW'), T((16,), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')],
         attrs=[], outputs=[T((1, 16, 4, 4, 7), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')], status=0),
    Case('case_empty', inputs=[T((1, 16, 0, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCHW'), T((16,), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((1, 16, 0, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_2', inputs=[T((1, 8, 4, 4), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW'), T((8,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 8, 4, 4), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_4', inputs=[T((4, 8, 2, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCHW'), T((8,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((4, 8, 2, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_5', inputs=[T((1, 2, 3, 4, 5), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 3, 4, 5), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')], status=0),
    Case('case_6', inputs=[T((4, 8, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((8,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((4, 8, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('ascend910B2_case_bf16', inputs=[T((4, 8, 4), 'ACL_BF16', 'ACL_FORMAT_ND'), T((8,), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((4, 8, 4), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('case_null[0]', inputs=[None, T((8,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 8, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161001),
    Case('case_null[1]', inputs=[T((1, 8, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCHW'), None],
         attrs=[], outputs=[T((1, 8, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161001),
    Case('case_null[2]', inputs=[T((1, 8, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCHW'), T((8,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('case_nine_dim', inputs=[T((10, 24, 3, 5, 10, 22, 42, 30, 24), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((8,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((10, 24, 3, 5, 10, 22, 42, 30, 24), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=161002),
    Case('case_weight_1_selfdim_4', inputs=[T((2, 4, 3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 3, 5), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('case_weight_gt_1_selfdim_1', inputs=[T((4,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((4,), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=161002),
    Case('case_weight_gt_1_selfdim_gt_1', inputs=[T((2, 6), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 6), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
]
