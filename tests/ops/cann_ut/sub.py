"""CANN's op_api unit-test cases of aclnnSub (and aclnnSubs, aclnnInplaceSub(s)), as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/sub/tests/ut/op_api/test_aclnn_sub.cpp
(28 cases; a TEST_F with several OP_API_UT calls gives one case each, named
"<test>[i]"; a case calling another API of the file names it). The SoC is the UT stub's,
Ascend910B, but where a TEST_F sets another (op::SetPlatformSocVersion(ASCEND950)).
Ported from each TEST_F's TensorDesc / ScalarDesc values, OP_API_UT(INPUT(...),
OUTPUT(...)) and EXPECT_EQ status by a mechanical reading of the file, checked by hand on
a sample: TensorDesc(x) copies x's desc; a view without a storage shape gets the smallest
storage that holds it; ScalarDesc(1.0f) is a float (FLOAT) scalar,
ScalarDesc(static_cast<int64_t>(n)) an int (INT64), static_cast<int32_t> / <double> a
numpy int32 / float64, aclCreateScalar(&v, ACL_COMPLEX64) a numpy complex64. ValueRange /
Precision / Value only matter to CANN's precision runs and are left out. Not ported: none.
"""
import numpy as np

from cann_ut import Case, T

OP = 'Sub'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214', 'math/sub/tests/ut/op_api/test_aclnn_sub.cpp')
CASES = [
    Case('normal_dtype_float32_format_nd', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.2], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('normal_dtype_float16_format_nhwc', inputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_NHWC'), T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_NHWC')],
         attrs=[1.2], outputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_NHWC')], status=0),
    Case('normal_dtype_uint8_format_ncdhw', inputs=[T((6, 3), 'ACL_UINT8', 'ACL_FORMAT_NCDHW'), T((2, 5, 6, 3), 'ACL_UINT8', 'ACL_FORMAT_NCDHW')],
         attrs=[2], outputs=[T((2, 5, 6, 3), 'ACL_UINT8', 'ACL_FORMAT_NCDHW')], status=0),
    Case('normal_dtype_int8_format_ndhwc', inputs=[T((2, 3, 4, 5), 'ACL_INT8', 'ACL_FORMAT_NDHWC'), T((2, 3, 4, 5), 'ACL_INT8', 'ACL_FORMAT_NDHWC')],
         attrs=[2], outputs=[T((2, 3, 4, 5), 'ACL_INT8', 'ACL_FORMAT_NDHWC')], status=0),
    Case('normal_dtype_int32', inputs=[T((7, 9, 11, 3, 4, 6), 'ACL_INT32', 'ACL_FORMAT_ND'), T((7, 9, 11, 3, 4, 6), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[2], outputs=[T((7, 9, 11, 3, 4, 6), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
    Case('normal_dtype_bool', inputs=[T((2, 3), 'ACL_BOOL', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[2], outputs=[T((2, 3), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=0),
    Case('normal_dtype_int64', inputs=[T((7, 9, 11, 3, 4, 6, 9), 'ACL_INT64', 'ACL_FORMAT_ND'), T((7, 9, 11, 3, 4, 6, 1), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[2], outputs=[T((7, 9, 11, 3, 4, 6, 9), 'ACL_INT64', 'ACL_FORMAT_ND')], status=0),
    Case('normal_alpha_1', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('normal_broadcast', inputs=[T((4,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.2], outputs=[T((4,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('normal_empty_tensor', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('normal_other_scalar', inputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.2], outputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0, op='Subs'),
    Case('Ascend910B2_normal_other_scalar_bf16', inputs=[T((10, 5), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.2], outputs=[T((10, 5), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0, op='Subs'),
    Case('Ascend910B2_case', inputs=[T((2, 3, 4, 5), 'ACL_BF16', 'ACL_FORMAT_ND'), T((2, 3, 4, 5), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[1.2], outputs=[T((2, 3, 4, 5), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('abnormal_self_nullptr', inputs=[None, T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('abnormal_other_nullptr', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None],
         attrs=[1.0], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('abnormal_out_nullptr', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[None], status=161001),
    Case('abnormal_dtype_alpha_int64', inputs=[T((2,), 'ACL_UINT32', 'ACL_FORMAT_ND'), T((2,), 'ACL_UINT32', 'ACL_FORMAT_ND')],
         attrs=[5], outputs=[T((2,), 'ACL_UINT32', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_dtype_other_float', inputs=[T((10, 5), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[1.0, 5], outputs=[T((10, 5), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002, op='Subs'),
    Case('abnormal_dtype_promote', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.2], outputs=[T((2,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_shape_self_other_not_broadcast', inputs=[T((5, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((5, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.2], outputs=[T((5, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('abnormal_shape_dim_greater_than_threshold', inputs=[T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1.2], outputs=[T((7, 9, 11, 3, 4, 6, 9, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('Ascend950PR_89_case_001', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('Ascend950PR_89_case_axpy', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[2.0], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('Ascend950PR_89_case_002', inputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[1.0], outputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('Ascend950PR_89_case_axpy_v2', inputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[np.int32(2)], outputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
    Case('Ascend950PR_89_case_003', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[1.0, 1.0], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0, op='Subs'),
    Case('Ascend950PR_89_case_004', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[2.0, 2.0], outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0, op='Subs'),
    Case('Ascend950PR_89_case_005', inputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[np.int32(2), np.int32(2)], outputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0, op='Subs'),
]
