"""CANN's op_api unit-test cases of aclnnReduceSum, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/reduce_sum/tests/ut/op_api/test_aclnn_reduce_sum.cpp (18 cases; the three null
cases assert EXPECT_NE(ACLNN_ERR_INNER_NULLPTR): the source gives 161001). Attributes:
dims, keepDims, dtype; the SoC the UT stub's, Ascend910B."""
from cann_ut import Case, T

OP = 'ReduceSum'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'math/reduce_sum/tests/ut/op_api/test_aclnn_reduce_sum.cpp')


def t(shape, dtype='FLOAT'):
    return T(tuple(shape), 'ACL_' + dtype, 'ACL_FORMAT_ND')


def _case(name, x, out, status, dims=(0,), keepdim=True, dtype='FLOAT'):
    return Case(name, inputs=[x], attrs=[None if dims is None else list(dims), keepdim, 'ACL_' + dtype],
                outputs=[out], status=status)


CASES = [
    _case('l2_reduce_sum_test_nullptr_self', None, t((2, 4)), 161001),
    _case('l2_reduce_sum_test_nullptr_dim', t((2, 4)), t((1, 4)), 161001, dims=None),
    _case('l2_reduce_sum_test_nullptr_out', t((2, 4)), None, 161001),
    _case('l2_reduce_sum_test_empty_self', t((2, 0)), t((1, 0)), 0),
    _case('l2_reduce_sum_test_dtype_float16', t((2, 4), 'FLOAT16'), t((1, 4), 'FLOAT16'), 0, dtype='FLOAT16'),
    _case('l2_reduce_sum_test_dtype_float32', t((2, 4)), t((1, 4)), 0),
    _case('l2_reduce_sum_test_dtype_int64', t((2, 4), 'INT64'), t((2, 1), 'INT64'), 0, dims=(1,), dtype='INT64'),
    _case('l2_reduce_sum_test_dim_1', t((2, 4)), t((2, 1)), 0, dims=(1,)),
    _case('l2_reduce_sum_test_dim_neg1', t((2, 4)), t((2, 1)), 0, dims=(-1,)),
    _case('l2_reduce_sum_test_dim_neg1_0', t((2, 3, 4)), t((1, 3, 1)), 0, dims=(-1, 0)),
    _case('l2_reduce_sum_test_dim_empty', t((2, 3, 4)), t(()), 0, dims=()),
    _case('l2_reduce_sum_test_dimension', t((2, 2, 1, 1, 1, 1, 1, 1, 1, 1)), t((1, 2, 1, 1, 1, 1, 1, 1, 1, 1)),
          161002),
    _case('l2_reduce_sum_test_self_float32_dtype_int64', t((2, 4)), t((1, 4), 'INT64'), 0, dtype='INT64'),
    _case('l2_reduce_sum_test_self_bool_dtype_int64', t((2, 4), 'BOOL'), t((1, 4), 'INT64'), 0, dtype='INT64'),
    _case('l2_reduce_sum_test_tensor_empty', t((2, 0, 4)), t((2, 4)), 0, dims=(1,)),
    _case('l2_reduce_sum_dim_invalid', t((2, 4)), t((1, 4)), 161002, dims=(2,)),
    _case('l2_reduce_sum_test_self_float32_dtype_uint32', t((2, 4)), t((1, 4)), 161002, dtype='UINT32'),
    _case('l2_reduce_sum_test_self_float32_dtype_int32', t((2, 4)), t((1, 4)), 161002, dtype='INT32'),
]
