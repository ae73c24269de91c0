"""CANN's op_api unit-test cases of aclnnArange, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/range/tests/ut/op_api/test_aclnn_arange.cpp (2 cases; ScalarDesc(value, ACL_FLOAT) is a
FLOAT aclScalar, ScalarDesc(int64_t) an INT64 one). The SoC is the UT stub's, Ascend910B.
Only the status of aclnnArangeGetWorkspaceSize is compared.
"""
import numpy as np

from cann_ut import Case, T

OP = 'Arange'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'math/range/tests/ut/op_api/test_aclnn_arange.cpp')
CASES = [
    Case('aclnnArange_0_to_10_step_1_float', inputs=[],
         attrs=[np.float32(0.0), np.float32(10.0), np.float32(1.0)],
         outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('aclnnArange_0_to_100_step_5_int32', inputs=[], attrs=[np.int64(0), np.int64(100), np.int64(5)],
         outputs=[T((20,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
]
