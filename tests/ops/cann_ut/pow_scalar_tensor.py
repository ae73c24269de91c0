"""CANN's op_api unit-test cases of aclnnPowScalarTensor, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/pow/tests/ut/op_api/test_aclnn_pow_scalar_tensor.cpp (10 cases). The SoC is the UT
stub's, Ascend910B, unless a case sets another. Only the status of aclnn<API>GetWorkspaceSize is compared;
a case whose UT asserts no status (or asserts one only on other SoCs) has status None.
"""
import numpy as np  # noqa: F401

from cann_ut import Case, T

OP = 'PowScalarTensor'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'math/pow/tests/ut/op_api/test_aclnn_pow_scalar_tensor.cpp')
CASES = [
    Case('aclnnPowScalarTensor_null_0',
         inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.int32(3)],
         outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=0),
    Case('aclnnPowScalarTensor_nullptr2',
         inputs=[T((5,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.int32(3)],
         outputs=[None],
         status=161001),
    Case('aclnnPowScalarTensor_8_float_nd_8_float_nd',
         inputs=[T((8,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.int32(3)],
         outputs=[T((8,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=0),
    Case('aclnnPowScalarTensor_1_11_34_22_19_6_5_1_shape9_nd_23_11_34_22_1_1_5_5_shape9_nd',
         inputs=[T((1, 11, 34, 22, 19, 6, 5, 1, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.int32(3)],
         outputs=[T((1, 11, 34, 22, 19, 6, 5, 1, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=161002),
    Case('aclnnPowScalarTensor_223_32_17_17_float16_nchw_223_1_1_17_float16_nchw',
         inputs=[T((5, 3), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         attrs=[np.int32(2)],
         outputs=[T((5, 3), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         status=0),
    Case('aclnnPowScalarTensor_1_1_16_129_int8_hwcn_1_1_16_129_int8_hwcn_int32',
         inputs=[T((5, 3), 'ACL_INT8', 'ACL_FORMAT_HWCN')],
         attrs=[np.int32(2)],
         outputs=[T((5, 3), 'ACL_INT8', 'ACL_FORMAT_HWCN')],
         status=0),
    Case('aclnnPowScalarTensor_1_1_16_129_in32_hwcn_1_1_16_129_int8_hwcn_int32',
         inputs=[T((5, 3), 'ACL_INT32', 'ACL_FORMAT_HWCN')],
         attrs=[np.int32(2)],
         outputs=[T((5, 3), 'ACL_INT32', 'ACL_FORMAT_HWCN')],
         status=0),
    Case('aclnnPowScalarTensor_1_1_16_129_bool_hwcn_1_1_16_129_int8_hwcn_bool',
         inputs=[T((5, 3), 'ACL_BOOL', 'ACL_FORMAT_HWCN')],
         attrs=[np.int32(2)],
         outputs=[T((5, 3), 'ACL_BOOL', 'ACL_FORMAT_HWCN')],
         status=161002),
    Case('Ascend950PR_89_aclnnPowScalarTensor_fill_1',
         inputs=[T((5,), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[np.int32(1)],
         outputs=[T((5,), 'ACL_INT32', 'ACL_FORMAT_ND')],
         status=0),
    Case('Ascend950PR_89_aclnnPowScalarTensor_scalar_float16',
         inputs=[T((5, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[np.float64(3.0)],
         outputs=[T((5, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         status=0),
]
