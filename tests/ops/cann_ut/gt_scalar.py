"""CANN's op_api unit-test cases of aclnnInplaceGtScalar, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/greater/tests/ut/op_api/test_aclnn_inplace_GtScalar.cpp (15 cases; case_dtype_abnormal,
a DT_UNDEFINED tensor, left out: ascendops makes no tensor of that dtype). The SoC is the UT
stub's, Ascend910B. Only the status of aclnnInplaceGtScalarGetWorkspaceSize is compared.
"""
import numpy as np

from cann_ut import Case, T

OP = 'InplaceGtScalar'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'math/greater/tests/ut/op_api/test_aclnn_inplace_GtScalar.cpp')
F = 'ACL_FLOAT'
CASES = [
    Case('case_norm_float32', inputs=[T((1, 16, 1, 1), F, 'ACL_FORMAT_ND')], attrs=[np.float32(0.5)], outputs=[],
         status=0),
    Case('case_norm_float16', inputs=[T((1, 16), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[np.float32(2.0)],
         outputs=[], status=0),
    Case('case_norm_int64', inputs=[T((1, 16, 1, 1), 'ACL_INT64', 'ACL_FORMAT_NHWC')], attrs=[np.int64(0)],
         outputs=[], status=0),
    Case('case_norm_int32', inputs=[T((1, 16, 1, 1), 'ACL_INT32', 'ACL_FORMAT_HWCN')], attrs=[np.int32(5)],
         outputs=[], status=0),
    Case('case_norm_int8', inputs=[T((1, 16, 1, 1), 'ACL_INT8', 'ACL_FORMAT_ND')], attrs=[np.int8(5)], outputs=[],
         status=0),
    Case('case_norm_uint8', inputs=[T((1, 16, 1, 1, 1), 'ACL_UINT8', 'ACL_FORMAT_NDHWC')], attrs=[np.uint8(10)],
         outputs=[], status=0),
    Case('case_nullptr_self', inputs=[None], attrs=[np.float32(0.5)], outputs=[], status=161001),
    Case('case_nullptr_other', inputs=[T((1, 16, 1, 1), F, 'ACL_FORMAT_ND')], attrs=[None], outputs=[],
         status=161001),
    Case('case_dtype_invalid_self', inputs=[T((1, 16, 1, 1), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.0)], outputs=[], status=161002),
    Case('case_format_internal', inputs=[T((1, 16, 1, 1, 1), F, 'ACL_FORMAT_NC1HWC0')], attrs=[np.float32(8.0)],
         outputs=[], status=0),
    Case('case_empty_tensor', inputs=[T((1, 16, 0, 1), F, 'ACL_FORMAT_ND')], attrs=[np.float32(8.0)], outputs=[],
         status=0),
    Case('case_dim_invalid', inputs=[T((1, 16, 1, 1, 1, 1, 1, 1, 1, 1), F, 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.0)], outputs=[], status=161002),
    Case('case_format_abnormal', inputs=[T((1, 16, 1, 1), F, 'ACL_FORMAT_UNDEFINED')], attrs=[np.float32(0.5)],
         outputs=[], status=0),
    Case('case_strided', inputs=[T((2, 4), F, 'ACL_FORMAT_ND', (1, 2), 0, (4, 2))], attrs=[np.float32(0.0)],
         outputs=[], status=0),
]
