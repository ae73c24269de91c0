"""CANN's op_api unit tests of aclnnInplaceIndexFillTensor, ported by hand (20 TEST_Fs).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
experimental/index/index_fill/tests/ut/op_api/test_aclnn_inplace_index_fill_tensor.cpp.
Each case: selfRef, then dim, the IntArray index and the aclScalar value (its C type kept as
the numpy scalar's). The SoC: Ascend910B.
"""
import numpy as np

from cann_ut import Case, T

OP = 'InplaceIndexFillTensor'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921',
          'experimental/index/index_fill/tests/ut/op_api/test_aclnn_inplace_index_fill_tensor.cpp')


def _case(name, shape, dtype, fmt='ACL_FORMAT_ND', dim=1, value=np.int32(1), status=0, self_null=False):
    return Case(name, inputs=[None if self_null else T(shape, dtype, fmt)], attrs=[dim, [0, 2], value],
                outputs=[], status=status)


CASES = [
    _case('test_index_fill_support_int32', (2, 3), 'ACL_INT32'),
    _case('test_index_fill_support_float16', (2, 3), 'ACL_FLOAT16', value=np.float32(1)),
    _case('test_index_fill_support_float32', (2, 3), 'ACL_FLOAT', value=np.float32(1)),
    _case('test_index_fill_int32_float16_cast', (2, 3), 'ACL_INT32', value=np.float32(1)),
    _case('test_index_fill_int32_float32_cast', (2, 3), 'ACL_INT32', value=np.float32(1)),
    _case('test_index_fill_float16_int32_cast', (2, 3), 'ACL_FLOAT16'),
    _case('test_index_fill_float32_int32_cast', (2, 3), 'ACL_FLOAT'),
    _case('test_index_fill_support_hwcn', (2, 3), 'ACL_INT32', 'ACL_FORMAT_HWCN'),
    _case('test_index_fill_support_ncdhw', (2, 3), 'ACL_INT32', 'ACL_FORMAT_NCDHW'),
    _case('test_index_fill_support_ndhwc', (2, 3), 'ACL_INT32', 'ACL_FORMAT_NDHWC'),
    _case('test_index_fill_support_nhwc', (2, 3), 'ACL_INT32', 'ACL_FORMAT_NHWC'),
    _case('test_index_fill_support_nchw', (2, 3), 'ACL_INT32', 'ACL_FORMAT_NCHW'),
    _case('test_index_fill_support_minus_dim', (2, 3), 'ACL_INT32', 'ACL_FORMAT_NCHW', dim=-1),
    _case('test_index_fill_max_dim_overflow', (2,) * 10, 'ACL_INT32', status=161002),
    _case('test_index_fill_support_bool', (2, 3), 'ACL_BOOL'),
    _case('Ascend910B2_test_index_fill_support_bf16', (2, 3), 'ACL_BF16'),
    _case('test_index_fill_not_support_complex64', (2, 3), 'ACL_COMPLEX64', status=161002),
    _case('test_index_fill_not_support_complex128', (2, 3), 'ACL_COMPLEX128', status=161002),
    _case('test_index_fill_support_self_empty', (2, 0), 'ACL_INT32', 'ACL_FORMAT_NCHW'),
    _case('test_index_fill_nullptr', None, None, self_null=True, status=161001),
]
