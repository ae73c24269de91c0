"""CANN's op_api unit-test cases of aclnnInplaceCopy, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/view_copy/tests/ut/op_api/test_copy.cpp
(24 cases). The SoC is the UT stub's, Ascend910B (tests/ut/op_api/stub/opdev/platform.cpp).
Only the status of aclnnInplaceCopyGetWorkspaceSize is compared.
"""
import numpy as np  # noqa: F401

from cann_ut import Case, T

OP = 'InplaceCopy'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214', 'conversion/view_copy/tests/ut/op_api/test_copy.cpp')
CASES = [
    Case('case_empty', inputs=[T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 0), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_int8_to_int8', inputs=[T((2, 3), 'ACL_INT8', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_int16_to_int16', inputs=[T((2, 3), 'ACL_INT16', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_int32_to_int32', inputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_float_to_float', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_float16_to_float16', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_bool_to_bool', inputs=[T((2, 3), 'ACL_BOOL', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_double_to_float16', inputs=[T((2, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_float_to_int32', inputs=[T((2, 3), 'ACL_INT32', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_double_to_complex64', inputs=[T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_uint32_to_uint16', inputs=[T((2, 3), 'ACL_UINT16', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_UINT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_uint32_to_uint64', inputs=[T((2, 3), 'ACL_UINT64', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_UINT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_float32_to_float32_broadcast', inputs=[T((4, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((4, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_int32_to_int32_broadcast', inputs=[T((4, 5), 'ACL_INT32', 'ACL_FORMAT_ND'), T((1, 5), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_double_to_double_broadcast', inputs=[T((4, 5), 'ACL_DOUBLE', 'ACL_FORMAT_ND'), T((1, 5), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_float16_to_int32_broadcast', inputs=[T((4, 5), 'ACL_INT32', 'ACL_FORMAT_ND'), T((1, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_float32_to_int32_broadcast', inputs=[T((4, 5), 'ACL_INT32', 'ACL_FORMAT_ND'), T((1, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_float32_to_double_broadcast', inputs=[T((4, 5), 'ACL_DOUBLE', 'ACL_FORMAT_ND'), T((1, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_int64_to_int8_broadcast', inputs=[T((4, 5), 'ACL_INT8', 'ACL_FORMAT_ND'), T((1, 5), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_float32_to_bool_broadcast', inputs=[T((4, 5), 'ACL_BOOL', 'ACL_FORMAT_ND'), T((1, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_float_to_bfloat16', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_bfloat16_to_float', inputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_complex64_to_float', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=0),
    Case('case_invalid_shape_9_dims', inputs=[T((5, 4, 6, 1, 1, 1, 1, 1, 1), 'ACL_BOOL', 'ACL_FORMAT_ND'), T((5, 4, 6, 1, 1, 1, 1, 1, 1), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[], status=161002),
]

NOT_MODELLED = {
    'case_double_to_complex64': (161002, "the Cast kernel (src/cast.c), which CopyOp runs, has no complex path"),
    'case_complex64_to_float': (161002, "the Cast kernel (src/cast.c), which CopyOp runs, has no complex path"),
}
