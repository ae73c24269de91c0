"""CANN's op_api unit-test cases of aclnnPowTensorScalar, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/pow/tests/ut/op_api/test_aclnn_pow_tensor_scalar.cpp (14 cases). The SoC is the UT
stub's, Ascend910B, unless a case sets another. Only the status of aclnn<API>GetWorkspaceSize is compared;
a case whose UT asserts no status (or asserts one only on other SoCs) has status None.
"""
import numpy as np  # noqa: F401

from cann_ut import Case, T

OP = 'PowTensorScalar'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'math/pow/tests/ut/op_api/test_aclnn_pow_tensor_scalar.cpp')
CASES = [
    Case('aclnnPowTensorScalar_null_0',
         inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.int32(3)],
         outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=0),
    Case('aclnnPowTensorScalar_null_1',
         inputs=[None],
         attrs=[np.int32(3)],
         outputs=[T((1, 11, 34, 22, 19, 6, 5, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=161001),
    Case('aclnnPowTensorScalar_nullptr2',
         inputs=[T((1, 11, 34, 22, 19, 6, 5, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.int32(3)],
         outputs=[None],
         status=161001),
    Case('aclnnPowTensorScalar_1_1_1_2_2_2_1_1_float_nd_1_1_1_2_2_2_1_1_float_nd',
         inputs=[T((1, 1, 1, 2, 2, 2, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.int32(3)],
         outputs=[T((1, 1, 1, 2, 2, 2, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=0),
    Case('aclnnPowTensorScalar_1_2_3_4_5_6_7_8_9_shape9_nd_1_2_3_4_5_6_7_8_9_shape9_nd',
         inputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.int32(3)],
         outputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=161002),
    Case('aclnnPowTensorScalar_223_32_17_17_float16_nchw_223_1_1_17_float16_nchw',
         inputs=[T((223, 32, 17, 17), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         attrs=[np.int32(2)],
         outputs=[T((223, 32, 17, 17), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         status=0),
    Case('aclnnPowTensorScalar_1_1_16_129_int8_hwcn_1_1_16_129_int8_hwcn',
         inputs=[T((1, 1, 16, 129), 'ACL_INT8', 'ACL_FORMAT_HWCN')],
         attrs=[np.int32(2)],
         outputs=[T((1, 1, 16, 129), 'ACL_INT8', 'ACL_FORMAT_HWCN')],
         status=0),
    Case('aclnnPowTensorScalar_1_1_16_129_in32_hwcn_1_1_16_129_int32_hwcn',
         inputs=[T((1, 1, 16, 129), 'ACL_INT32', 'ACL_FORMAT_HWCN')],
         attrs=[np.int32(2)],
         outputs=[T((1, 1, 16, 129), 'ACL_INT32', 'ACL_FORMAT_HWCN')],
         status=0),
    Case('aclnnPowTensorScalar_1_1_16_129_in64_hwcn_1_1_16_129_int64_hwcn',
         inputs=[T((1, 1, 16, 129), 'ACL_INT64', 'ACL_FORMAT_HWCN')],
         attrs=[np.int32(2)],
         outputs=[T((1, 1, 16, 129), 'ACL_INT64', 'ACL_FORMAT_HWCN')],
         status=0),
    Case('Ascend950_aclnnPowTensorScalar_square_complex64',
         inputs=[T((1, 1, 16, 129), 'ACL_COMPLEX64', 'ACL_FORMAT_HWCN')],
         attrs=[np.int32(2)],
         outputs=[T((1, 1, 16, 129), 'ACL_COMPLEX64', 'ACL_FORMAT_HWCN')],
         status=0, soc='Ascend950'),
    Case('Ascend950_aclnnPowTensorScalar_square_complex128',
         inputs=[T((1, 1, 16, 129), 'ACL_COMPLEX128', 'ACL_FORMAT_HWCN')],
         attrs=[np.int32(2)],
         outputs=[T((1, 1, 16, 129), 'ACL_COMPLEX128', 'ACL_FORMAT_HWCN')],
         status=0, soc='Ascend950'),
    Case('aclnnPowTensorScalar_1_1_16_129_bool_hwcn_1_1_16_129_int64_hwcn',
         inputs=[T((1, 1, 16, 129), 'ACL_BOOL', 'ACL_FORMAT_HWCN')],
         attrs=[np.int32(2)],
         outputs=[T((1, 1, 16, 129), 'ACL_INT64', 'ACL_FORMAT_HWCN')],
         status=0),
    Case('aclnnPowTensorScalar_1_1_16_129_int16_hwcn_1_1_16_129_int16_hwcn',
         inputs=[T((1, 1, 16, 129), 'ACL_INT16', 'ACL_FORMAT_HWCN')],
         attrs=[np.int32(2)],
         outputs=[T((1, 1, 16, 129), 'ACL_INT16', 'ACL_FORMAT_HWCN')],
         status=0),
    Case('aclnnPowTensorScalar_1_1_16_129_undefined_hwcn_1_1_16_129_undefined_hwcn',
         inputs=[T((1, 1, 16, 129), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_HWCN')],
         attrs=[np.int32(2)],
         outputs=[T((1, 1, 16, 129), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_HWCN')],
         status=161002),
]

# COMPLEX64/128 (CANN: Square on Ascend950): no complex pow kernel here (161002 from the
# engine's dtype list)
NOT_MODELLED = {
    'Ascend950_aclnnPowTensorScalar_square_complex64': (161002, "no complex kernel for pow"),
    'Ascend950_aclnnPowTensorScalar_square_complex128': (161002, "no complex kernel for pow"),
}
