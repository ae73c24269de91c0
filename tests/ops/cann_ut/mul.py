"""CANN's op_api unit-test cases of aclnnMul, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/mul/tests/ut/op_api/test_aclnn_mul.cpp
(13 cases, one OP_API_UT call each). The SoC is the UT stub's, Ascend910B. Ported by
reading each TEST_F's TensorDesc values, OP_API_UT(INPUT(...), OUTPUT(...)) and EXPECT_EQ
status; TensorDesc(self_tensor_desc) copies self's desc. A TensorDesc with strides and an
offset but no storage shape gets the smallest storage that holds the view (the UT's
framework sizes it so).
"""

from cann_ut import Case, T

OP = 'Mul'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214', 'math/mul/tests/ut/op_api/test_aclnn_mul.cpp')
CASES = [
    Case('case_nullptr', inputs=[None, None], attrs=[],
         outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161001),
    Case('case_001', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[],
         outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_002', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[],
         outputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_003', inputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')], attrs=[],
         outputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('case_004', inputs=[T((2, 3), 'ACL_INT8', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_INT8', 'ACL_FORMAT_ND')], attrs=[],
         outputs=[T((2, 3), 'ACL_INT8', 'ACL_FORMAT_ND')], status=0),
    Case('case_005', inputs=[T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], attrs=[],
         outputs=[T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=0),
    Case('case_006', inputs=[T((2, 3), 'ACL_BOOL', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_BOOL', 'ACL_FORMAT_ND')], attrs=[],
         outputs=[T((2, 3), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=0),
    Case('case_007', inputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[],
         outputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
    Case('case_008', inputs=[T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND')], attrs=[],
         outputs=[T((2, 3), 'ACL_INT64', 'ACL_FORMAT_ND')], status=0),
    Case('case_wb_miss_no_broadcast',
         inputs=[T((8, 64, 16), 'ACL_FLOAT16', 'ACL_FORMAT_ND', (16, 128, 1), 0, (8192,)),
                 T((8, 64, 16), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[],
         outputs=[T((8, 64, 16), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_wb_miss_small_payload',
         inputs=[T((8, 8, 8), 'ACL_FLOAT16', 'ACL_FORMAT_ND'),
                 T((1, 8, 8), 'ACL_FLOAT16', 'ACL_FORMAT_ND', (64, 1, 8), 0, (64,))], attrs=[],
         outputs=[T((8, 8, 8), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_wb_miss_contiguous_run',
         inputs=[T((320, 64, 16), 'ACL_FLOAT16', 'ACL_FORMAT_ND'),
                 T((1, 64, 16), 'ACL_FLOAT16', 'ACL_FORMAT_ND', (1024, 1, 64), 0, (1024,))], attrs=[],
         outputs=[T((320, 64, 16), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_wb_miss_zero_stride_broadcast',
         inputs=[T((64, 64, 32), 'ACL_FLOAT16', 'ACL_FORMAT_ND', (32, 0, 1), 0, (2048,)),
                 T((64, 64, 32), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[],
         outputs=[T((64, 64, 32), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
]
