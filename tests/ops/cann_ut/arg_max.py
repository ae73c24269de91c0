"""CANN's op_api unit-test cases of aclnnArgMax, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/arg_max_v2/tests/ut/op_api/test_aclnn_arg_max_v2.cpp (20 cases). Attributes: dim,
keepdim; the SoC the UT stub's, Ascend910B."""
from cann_ut import Case, T

OP = 'ArgMax'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'math/arg_max_v2/tests/ut/op_api/test_aclnn_arg_max_v2.cpp')


def t(shape, dtype='FLOAT'):
    return T(tuple(shape), 'ACL_' + dtype, 'ACL_FORMAT_ND')


def _case(name, x, out, status, dim=2, keepdim=False):
    return Case(name, inputs=[x], attrs=[dim, keepdim], outputs=[out], status=status)


C = (3, 3, 3)

CASES = [
    _case('case_arg_max_v2_float_int32', t(C), t((3, 3), 'INT32'), 0),
    _case('case_arg_max_v2_float_int64', t(C), t((3, 3), 'INT64'), 0),
    _case('case_arg_max_v2_float16', t(C, 'FLOAT16'), t((3, 3), 'INT64'), 0),
    _case('case_arg_max_v2_keepdim', t(C), t((3, 3, 1), 'INT64'), 0, keepdim=True),
    _case('case_arg_max_v2_1d', t((10,)), t((), 'INT64'), 0, dim=0),
    _case('case_arg_max_v2_nullptr', None, None, 161001, dim=0),
    _case('case_arg_max_v2_unsupported_dtype', t(C, 'BOOL'), t((3, 3), 'INT64'), 161002),
    _case('case_arg_max_v2_dim_out_of_range', t(C), t((3, 3), 'INT64'), 161002, dim=5),
    _case('case_arg_max_v2_neg_dim', t(C), t((3, 3), 'INT64'), 0, dim=-1),
    _case('case_arg_max_v2_bf16', t(C, 'BF16'), t((3, 3), 'INT64'), 0),
    _case('case_arg_max_v2_int8', t(C, 'INT8'), t((3, 3), 'INT64'), 0),
    _case('case_arg_max_v2_int32_input', t(C, 'INT32'), t((3, 3), 'INT32'), 0),
    _case('case_arg_max_v2_int64', t(C, 'INT64'), t((3, 3), 'INT64'), 0),
    _case('case_arg_max_v2_uint8', t(C, 'UINT8'), t((3, 3), 'INT64'), 0),
    _case('case_arg_max_v2_double', t(C, 'DOUBLE'), t((3, 3), 'INT64'), 0),
    _case('case_arg_max_v2_int16', t(C, 'INT16'), t((3, 3), 'INT64'), 0),
    _case('case_arg_max_v2_empty', t((0, 3, 3)), t((0, 3), 'INT64'), 0, dim=0),
    _case('case_arg_max_v2_8d_int32', t((1, 1, 1, 1, 1, 1, 1, 3), 'INT32'), t((1,) * 7, 'INT64'), 0, dim=7),
    _case('case_arg_max_v2_8d_int32_dim_high', t((1, 1, 1, 1, 1, 1, 3, 1), 'INT32'), t((1,) * 7, 'INT64'), 0,
          dim=6),
    _case('case_arg_max_v2_8d_float', t((1, 1, 1, 1, 1, 1, 1, 3)), t((1,) * 7, 'INT64'), 0, dim=7),
]
