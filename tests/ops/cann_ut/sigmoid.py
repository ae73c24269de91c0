"""CANN's op_api unit-test cases of aclnnSigmoid, aclnnInplaceSigmoid, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/sigmoid/tests/ut/op_api/test_aclnn_sigmoid.cpp
(37 cases; a TEST_F with several OP_API_UT calls (or a loop) gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (a SoC-conditional EXPECT takes its
Ascend910B branch; a test named after another SoC still runs on the stub's). Ported by
reading each TEST_F's TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...))
and EXPECT_EQ status (None where the UT asserts none); loops over dtype/format lists
unrolled. Value ranges and precisions only matter to CANN's precision runs and are left
out; scalars keep their value (ScalarDesc's dtype is not modelled; static_cast<int64_t>
keeps an int).
"""

from cann_ut import Case, T

OP = 'Sigmoid'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/sigmoid/tests/ut/op_api/test_aclnn_sigmoid.cpp')
CASES = [
    Case('case_1', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_2', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_3', inputs=[None],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_4', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('case_5', inputs=[T((1, 16, 1, 1), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_6', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_INT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_7', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_8', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_9', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('case_10', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_11[0]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_UNDEFINED')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_UNDEFINED')], status=0),
    Case('case_11[1]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_11[2]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('case_11[3]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_11[4]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')], status=0),
    Case('case_11[5]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_FRACTAL_Z')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_FRACTAL_Z')], status=0),
    Case('case_11[6]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0_C04')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0_C04')], status=0),
    Case('case_11[7]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')], status=0),
    Case('case_11[8]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')], status=0),
    Case('case_11[9]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_FRACTAL_NZ')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_FRACTAL_NZ')], status=0),
    Case('case_11[10]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')], status=0),
    Case('case_11[11]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NDC1HWC0')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NDC1HWC0')], status=0),
    Case('case_11[12]', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FRACTAL_Z_3D')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FRACTAL_Z_3D')], status=0),
    Case('case_12', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_13', inputs=[T((1, 16, 1, 1), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=0),
    Case('case_14', inputs=[T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=0),
    Case('case_15', inputs=[T((1, 16, 1, 1), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')], status=0),
    Case('case_16', inputs=[T((1, 16, 1, 1), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 16, 1, 1), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('case_17', inputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))],
         attrs=[], outputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))], status=0),
    Case('case_18', inputs=[T((5, 4), 'ACL_COMPLEX64', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))],
         attrs=[], outputs=[T((5, 4), 'ACL_COMPLEX64', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))], status=0),
    Case('case_19', inputs=[T((1, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_inplace_Sigmoid_test_int64', inputs=[T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=161002, op='InplaceSigmoid'),
    Case('case_20', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_21', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_22', inputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_23', inputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((2, 64, 112, 112), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_24', inputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 4, 6, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]
