"""CANN's op_api unit-test cases of aclnnInplaceAddRelu, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/relu/tests/ut/op_api/test_aclnn_inplace_add_relu.cpp
(21 cases; a TEST_F with several OP_API_UT calls (or a loop) gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (a SoC-conditional EXPECT takes its
Ascend910B branch; a test named after another SoC still runs on the stub's). Ported by
reading each TEST_F's TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...))
and EXPECT_EQ status (None where the UT asserts none); loops over dtype/format lists
unrolled. Value ranges and precisions only matter to CANN's precision runs and are left
out; scalars keep their value (ScalarDesc's dtype is not modelled; static_cast<int64_t>
keeps an int).
"""

from cann_ut import Case, T

OP = 'InplaceAddRelu'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/relu/tests/ut/op_api/test_aclnn_inplace_add_relu.cpp')
CASES = [
    Case('case_1', inputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW'), T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[1.0], outputs=[], status=0),
    Case('case_nullptr', inputs=[None, None],
         attrs=[None], outputs=[], status=161001),
    Case('case_001', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[], status=0),
    Case('case_002', inputs=[T((2, 3, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_NHWC'), T((2, 3, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_NHWC')],
         attrs=[1.2], outputs=[], status=0),
    Case('case_003', inputs=[T((2, 3, 4, 5), 'ACL_INT32', 'ACL_FORMAT_NCHW'), T((2, 3, 4, 5), 'ACL_INT32', 'ACL_FORMAT_NCHW')],
         attrs=[2], outputs=[], status=0),
    Case('case_004', inputs=[T((2, 3, 4, 5), 'ACL_INT64', 'ACL_FORMAT_NCHW'), T((4, 5), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[5], outputs=[], status=0),
    Case('case_005', inputs=[T((2, 3, 4, 5), 'ACL_INT16', 'ACL_FORMAT_HWCN'), T((2, 3, 4, 5), 'ACL_INT16', 'ACL_FORMAT_HWCN')],
         attrs=[2], outputs=[], status=0),
    Case('case_006', inputs=[T((5, 2, 5, 6, 3), 'ACL_INT8', 'ACL_FORMAT_NDHWC'), T((5, 2, 5, 6, 3), 'ACL_INT8', 'ACL_FORMAT_NDHWC')],
         attrs=[2], outputs=[], status=0),
    Case('case_007', inputs=[T((5, 2, 5, 6, 3), 'ACL_UINT8', 'ACL_FORMAT_NCDHW'), T((5, 2, 5, 6, 3), 'ACL_UINT8', 'ACL_FORMAT_NCDHW')],
         attrs=[2], outputs=[], status=0),
    Case('case_0010', inputs=[T((6, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND'), T((2, 5, 6, 3), 'ACL_DOUBLE', 'ACL_FORMAT_HWCN')],
         attrs=[2.4], outputs=[], status=161002),
    Case('case_013', inputs=[T((2, 3, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_NHWC'), T((2, 3, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_NHWC')],
         attrs=[2], outputs=[], status=0),
    Case('case_014', inputs=[T((7, 9, 11, 3, 4, 6), 'ACL_INT32', 'ACL_FORMAT_ND'), T((7, 9, 11, 3, 4, 6), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[2], outputs=[], status=0),
    Case('case_015', inputs=[T((7, 9, 11, 3, 4, 6, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((7, 9, 11, 3, 4, 6, 1), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[2.5], outputs=[], status=0),
    Case('case_16', inputs=[T((7, 0, 6), 'ACL_INT32', 'ACL_FORMAT_NHWC'), T((7, 1, 6), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[5], outputs=[], status=0),
    Case('case_017', inputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5)), T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))],
         attrs=[1.0], outputs=[], status=0),
    Case('case_019', inputs=[T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.2], outputs=[], status=161002),
    Case('case_020[0]', inputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[None], outputs=[], status=161001),
    Case('case_020[1]', inputs=[None, T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[5.9], outputs=[], status=161001),
    Case('case_020[2]', inputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None],
         attrs=[5.9], outputs=[], status=161001),
    Case('case_021', inputs=[T((10, 5), 'ACL_UINT32', 'ACL_FORMAT_ND'), T((10, 5), 'ACL_UINT32', 'ACL_FORMAT_ND')],
         attrs=[5], outputs=[], status=161002),
    Case('case_022', inputs=[T((10, 5, 2, 10), 'ACL_FLOAT', 'ACL_FORMAT_NHWC'), T((10, 5, 5, 10), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')],
         attrs=[5.9], outputs=[], status=161002),
]
