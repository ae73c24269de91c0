"""CANN's op_api unit-test cases of aclnnInplaceAdd (and aclnnInplaceAdds), as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/add/tests/ut/op_api/test_aclnn_inplace_add.cpp
(30 cases; a TEST_F with several OP_API_UT calls gives one case each, named
"<test>[i]"; a case calling another API of the file names it). The SoC is the UT stub's,
Ascend910B, but where a TEST_F sets another (op::SetPlatformSocVersion(ASCEND950)).
Ported from each TEST_F's TensorDesc / ScalarDesc values, OP_API_UT(INPUT(...),
OUTPUT(...)) and EXPECT_EQ status by a mechanical reading of the file, checked by hand on
a sample: TensorDesc(x) copies x's desc; a view without a storage shape gets the smallest
storage that holds it; ScalarDesc(1.0f) is a float (FLOAT) scalar,
ScalarDesc(static_cast<int64_t>(n)) an int (INT64), a bare nullptr the null of its parameter, static_cast<int32_t> / <double> a
numpy int32 / float64, aclCreateScalar(&v, ACL_COMPLEX64) a numpy complex64. ValueRange /
Precision / Value only matter to CANN's precision runs and are left out. Not ported: none.
"""
from cann_ut import Case, T

OP = 'InplaceAdd'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214', 'math/add/tests/ut/op_api/test_aclnn_inplace_add.cpp')
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
    Case('case_006', inputs=[T((5, 2, 5, 6, 3), 'ACL_INT8', 'ACL_FORMAT_NDHWC'), T((5, 2, 5, 6, 3), 'ACL_INT8', 'ACL_FORMAT_NDHWC')],
         attrs=[2], outputs=[], status=0),
    Case('case_007', inputs=[T((5, 2, 5, 6, 3), 'ACL_UINT8', 'ACL_FORMAT_NCDHW'), T((5, 2, 5, 6, 3), 'ACL_UINT8', 'ACL_FORMAT_NCDHW')],
         attrs=[2], outputs=[], status=0),
    Case('case_008', inputs=[T((1, 2, 3), 'ACL_BOOL', 'ACL_FORMAT_ND'), T((1, 2, 3), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[2], outputs=[], status=0),
    Case('case_0010', inputs=[T((6, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND'), T((2, 5, 6, 3), 'ACL_DOUBLE', 'ACL_FORMAT_HWCN')],
         attrs=[2.4], outputs=[], status=161002),
    Case('case_011', inputs=[T((6, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND'), T((2, 5, 6, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_HWCN')],
         attrs=[1.2], outputs=[], status=161002),
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
    Case('case_029', inputs=[T((1, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[2, 2], outputs=[], status=0, op='InplaceAdds'),
    Case('case_030[0]', inputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[5.9, None], outputs=[], status=161001, op='InplaceAdds'),
    Case('case_030[1]', inputs=[None],
         attrs=[5.9, 5.9], outputs=[], status=161001, op='InplaceAdds'),
    Case('case_030[2]', inputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[None, 5.9], outputs=[], status=161001, op='InplaceAdds'),
    Case('case_031', inputs=[T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.2, 1.2], outputs=[], status=161002, op='InplaceAdds'),
    Case('case_032', inputs=[T((1, 2, 3), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[False, 2], outputs=[], status=0, op='InplaceAdds'),
    Case('case_033', inputs=[T((1, 2, 0, 5), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[2, 2], outputs=[], status=0, op='InplaceAdds'),
    Case('case_034', inputs=[T((1, 2, 4, 5), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[2, 2], outputs=[], status=0, op='InplaceAdds'),
]
