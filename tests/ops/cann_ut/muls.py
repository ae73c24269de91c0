"""CANN's op_api unit-test cases of aclnnMuls, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/muls/tests/ut/op_api/test_aclnn_muls.cpp
(7 cases, one OP_API_UT call each). The SoC is the UT stub's, Ascend910B. Ported by
reading each TEST_F's TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...)) and
EXPECT_EQ status; scalars keep their value (ScalarDesc(static_cast<int64_t>(5)): an int,
an INT64 aclScalar).
"""

from cann_ut import Case, T

OP = 'Muls'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214', 'math/muls/tests/ut/op_api/test_aclnn_muls.cpp')
CASES = [
    Case('case_nullptr', inputs=[None], attrs=[None],
         outputs=[T((1, 16, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161001),
    Case('case_001', inputs=[T((10, 5), 'ACL_INT32', 'ACL_FORMAT_ND')], attrs=[5],
         outputs=[T((10, 5), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
    Case('case_002', inputs=[T((10, 5, 1), 'ACL_INT64', 'ACL_FORMAT_ND')], attrs=[5],
         outputs=[T((10, 5, 1), 'ACL_INT64', 'ACL_FORMAT_ND')], status=0),
    Case('case_005', inputs=[T((10, 5), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], attrs=[5],
         outputs=[T((10, 5), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=0),
    Case('case_006', inputs=[T((10, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], attrs=[5],
         outputs=[T((10, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_007', inputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[5],
         outputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_008', inputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[5],
         outputs=[T((10, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
]
