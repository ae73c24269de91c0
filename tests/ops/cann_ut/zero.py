"""CANN's op_api unit-test cases of aclnnInplaceZero, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/zero_op/tests/ut/op_api/test_aclnn_zero.cpp
(17 cases). The SoC is the UT stub's, Ascend910B (tests/ut/op_api/stub/opdev/platform.cpp).
Only the status of aclnnInplaceZeroGetWorkspaceSize is compared.
"""
import numpy as np  # noqa: F401

from cann_ut import Case, T

OP = 'InplaceZero'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'math/zero_op/tests/ut/op_api/test_aclnn_zero.cpp')
CASES = [
    Case('l2_zero_test_unsupported_type', inputs=[T((2, 3), 'ACL_UINT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=161002),
    Case('l2_zero_test_null', inputs=[T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('l2_zero_test_int8', inputs=[T((2, 4), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('l2_zero_test_int32', inputs=[T((2, 4), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('l2_zero_test_int64', inputs=[T((2, 4), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('l2_zero_test_uint8', inputs=[T((2, 4), 'ACL_UINT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('l2_zero_test_float16', inputs=[T((2, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('l2_zero_test_float32', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('l2_zero_test_bool', inputs=[T((2, 4), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('l2_zero_test_double', inputs=[T((2, 4), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('l2_zero_test_int16', inputs=[T((2, 4), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('l2_zero_test_uint16', inputs=[T((2, 4), 'ACL_UINT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('l2_zero_test_complex64', inputs=[T((2, 4), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('l2_zero_test_complex128', inputs=[T((2, 4), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('l2_zero_test_bf16', inputs=[T((2, 4), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('l2_zero_test_max_dim', inputs=[T((1, 1, 1, 1, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('l2_zero_test_multi_dim_double', inputs=[T((1, 2, 3, 4), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
]

NOT_MODELLED = {
    'l2_zero_test_complex64': (161002, "the Cast kernel (src/cast.c), which CopyOp runs, has no complex path"),
    'l2_zero_test_complex128': (161002, "the Cast kernel (src/cast.c), which CopyOp runs, has no complex path"),
}
