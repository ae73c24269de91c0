"""CANN's op_api unit-test cases of aclnnSigmoidBackward, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/sigmoid_grad/tests/ut/op_api/test_aclnn_sigmoid_backward.cpp
(28 cases; a TEST_F with a loop or several OP_API_UT calls gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (tests/ut/op_api/stub/opdev/platform.cpp
in hicann/ops-nn; no case sets another). Value ranges, values and precisions of the
UT's TensorDesc only matter to its precision runs, so they are left out: only the status
of aclnnSigmoidBackwardGetWorkspaceSize is compared.
"""
from cann_ut import Case, T

OP = 'SigmoidBackward'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/sigmoid_grad/tests/ut/op_api/test_aclnn_sigmoid_backward.cpp')
CASES = [
    Case('case_1', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_2', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_3[0]', inputs=[None, T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_3[1]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_4', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('case_5', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_6[0]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_UNDEFINED'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_UNDEFINED')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_UNDEFINED')], status=0),
    Case('case_6[1]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_6[2]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NHWC'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('case_6[3]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_6[4]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')], status=0),
    Case('case_6[5]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_FRACTAL_Z'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_FRACTAL_Z')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_FRACTAL_Z')], status=0),
    Case('case_6[6]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0_C04'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0_C04')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0_C04')], status=0),
    Case('case_6[7]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_HWCN'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')], status=0),
    Case('case_6[8]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')], status=0),
    Case('case_6[9]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_FRACTAL_NZ'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_FRACTAL_NZ')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_FRACTAL_NZ')], status=0),
    Case('case_6[10]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')], status=0),
    Case('case_6[11]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NDC1HWC0'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NDC1HWC0')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NDC1HWC0')], status=0),
    Case('case_6[12]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FRACTAL_Z_3D'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FRACTAL_Z_3D')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FRACTAL_Z_3D')], status=0),
    Case('case_6[13]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_7', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_8', inputs=[T((1, 4, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 4, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 4, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_9', inputs=[T((1, 16, 1, 1), 'ACL_BF16', 'ACL_FORMAT_ND'), T((1, 16, 1, 1), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),  # the UT expects 0 on ASCEND910B (the stub's SoC), 161002 on others
    Case('case_10', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_11', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_12', inputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_13', inputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW'), T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_14', inputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]
