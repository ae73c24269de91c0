"""CANN's op_api unit-test cases of aclnnCumsum, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/cumsum/tests/ut/op_api/test_aclnn_cumsum.cpp (24 cases: the 18 of aclnnCumsum here;
the six of aclnnCumsumV2 call an API not registered). Three cases assert nothing
(their EXPECT_EQ is commented out): status None, and the (256, 256, 70000) one is left
out (4.6e9 elements). The BF16 case expects success on ASCEND910B, the UT stub's SoC.
Attributes: dim, dtype."""
from cann_ut import Case, T

OP = 'Cumsum'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'math/cumsum/tests/ut/op_api/test_aclnn_cumsum.cpp')


def t(shape, dtype='FLOAT', fmt='ND'):
    return T(tuple(shape), 'ACL_' + dtype, 'ACL_FORMAT_' + fmt)


def _case(name, x, out, status, dim=0, dtype='FLOAT'):
    return Case(name, inputs=[x], attrs=[dim, 'ACL_' + dtype], outputs=[out], status=status)


CASES = [
    _case('l2_cumsum_normal_FLOAT_ND', t((2, 2)), t((2, 2)), 0),
    _case('ascend910B2_l2_cumsum_normal_FLOAT_ND', t((32, 16 * 256)), t((32, 16 * 256)), None),
    _case('l2_cumsum_normal_FLOAT16_NCHW', t((2, 2, 2, 2), 'FLOAT16', 'NCHW'), t((2, 2, 2, 2), 'FLOAT16', 'NCHW'), 0,
          dtype='FLOAT16'),
    _case('ascend910B2_l2_cumsum_normal_FLOAT16_ND', t((32, 16, 256, 1), 'FLOAT16'), t((32, 16, 256, 1), 'FLOAT16'),
          None, dtype='FLOAT16'),
    _case('l2_cumsum_normal_INT32_NHWC', t((2, 2, 2, 2), 'INT32', 'NHWC'), t((2, 2, 2, 2), 'INT32', 'NHWC'), 0,
          dtype='INT32'),
    _case('l2_cumsum_normal_dtype_BFLOAT16_ND', t((2, 2), 'BF16'), t((2, 2), 'BF16'), 0, dtype='BF16'),
    _case('l2_cumsum_normal_0dim_tensor', t(()), t(()), 0),
    _case('l2_cumsum_normal_empty_tensor', t((2, 0)), t((2, 0)), 0),
    _case('l2_cumsum_abnormal_self_nullptr', None, t((2, 2)), 161001),
    _case('l2_cumsum_abnormal_out_nullptr', t((2, 2)), None, 161001),
    _case('l2_cumsum_abnormal_dtype_BOOL', t((2, 2), 'BOOL'), t((2, 2), 'BOOL'), 161002, dtype='BOOL'),
    _case('l2_cumsum_abnormal_dtype_UNDEFINED', t((2, 2), 'DT_UNDEFINED'), t((2, 2), 'DT_UNDEFINED'), 161002,
          dtype='DT_UNDEFINED'),
    _case('l2_cumsum_abnormal_shape_unequal', t((3, 3)), t((2, 2)), 161002),
    _case('l2_cumsum_abnormal_dim_correct', t((2, 2)), t((2, 2)), 0, dim=1),
    _case('l2_cumsum_abnormal_dim_incorrect_1', t((2, 2)), t((2, 2)), 161002, dim=2),
    _case('l2_cumsum_abnormal_dim_incorrect_2', t((2, 2)), t((2, 2)), 161002, dim=-3),
    _case('l2_cumsum_abnormal_shape_10D', t((2,) * 10), t((2,) * 10), 161002),
    _case('l2_cumsum_normal_valuerange', t((2, 2)), t((2, 2)), 0),
]
