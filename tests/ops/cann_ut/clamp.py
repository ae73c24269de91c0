"""CANN's op_api unit-test cases of aclnnClamp and aclnnClampMax, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/clip_by_value_v2/tests/ut/op_api/test_aclnn_clamp.cpp (4 TEST_Fs, 6 cases) and
test_aclnn_clamp_max.cpp (4 TEST_Fs, 8 cases; op="ClampMax"). The SoC is the UT stub's,
Ascend910B. Only the status of GetWorkspaceSize is compared.
"""
import numpy as np  # noqa: F401

from cann_ut import Case, T

OP = 'Clamp'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'conversion/clip_by_value_v2/tests/ut/op_api/test_aclnn_clamp.cpp')
I64 = 'ACL_INT64'
S4 = (2, 3, 4, 5)
CASES = [
    Case('case_unsupport_shape', inputs=[T((5, 4, 3, 2), I64, 'ACL_FORMAT_NCHW')], attrs=[-1, 2],
         outputs=[T(S4, I64, 'ACL_FORMAT_ND')], status=161002),
    Case('case_null[0]', inputs=[None], attrs=[-1, 2], outputs=[T(S4, I64, 'ACL_FORMAT_ND')], status=161001),
    Case('case_null[1]', inputs=[T(S4, I64, 'ACL_FORMAT_NCHW')], attrs=[-1, 2], outputs=[None], status=161001),
    Case('case_null[2]', inputs=[T(S4, I64, 'ACL_FORMAT_NCHW')], attrs=[None, None],
         outputs=[T(S4, I64, 'ACL_FORMAT_ND')], status=161001),
    Case('case_9dim', inputs=[T((2, 3, 4, 5, 6, 7, 8, 9, 10), I64, 'ACL_FORMAT_NCDHW')], attrs=[-1, 2],
         outputs=[T((2, 3, 4, 5, 6, 7, 8, 9, 10), I64, 'ACL_FORMAT_NCDHW')], status=161002),
    Case('case_self_uncast_out', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.float32(-1.5), np.float32(2.5)], outputs=[T((2, 3), I64, 'ACL_FORMAT_ND')], status=161002),
    # test_aclnn_clamp_max.cpp
    Case('aclnnClampMax_float_nd_empty_tensor', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.float32(2)], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0, op='ClampMax'),
    Case('aclnnClampMax_input_nullptr[0]', inputs=[None], attrs=[np.float32(2)],
         outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001, op='ClampMax'),
    Case('aclnnClampMax_input_nullptr[1]', inputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[None],
         outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001, op='ClampMax'),
    Case('aclnnClampMax_input_nullptr[2]', inputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], attrs=[np.float32(2)],
         outputs=[None], status=161001, op='ClampMax'),
    Case('aclnnClampMax_self_shape_out_of_8', inputs=[T(tuple(range(1, 11)), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.float32(2)], outputs=[T(tuple(range(1, 11)), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002,
         op='ClampMax'),
    Case('ascend950pr_9589_aclnnClampMax_input_diff[0]', inputs=[None], attrs=[np.float32(2)],
         outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001, op='ClampMax'),
    Case('ascend950pr_9589_aclnnClampMax_input_diff[1]', inputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[None], outputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001, op='ClampMax'),
    Case('ascend950pr_9589_aclnnClampMax_input_diff[2]', inputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.float32(2)], outputs=[None], status=161001, op='ClampMax'),
]
