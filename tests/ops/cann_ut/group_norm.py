"""CANN's op_api unit-test cases of aclnnGroupNorm, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
norm/group_norm/tests/ut/op_host/op_api/test_aclnn_group_norm.cpp (23 TEST_F run, 33
cases: case_invalid_dtype_abnormal loops over 10 dtypes, named "<test>[i]"; the normal
cases the file has commented out are left out). Unless a case says otherwise: self
(2, 3, 4) FLOAT ND, gamma and beta (3,), N 2, C 3, HxW 4, group 1, eps 1e-5, out (2, 3, 4),
meanOut and rstdOut (2, 1). The SoC is the UT stub's, Ascend910B."""
from cann_ut import Case, T

OP = 'GroupNorm'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921',
          'norm/group_norm/tests/ut/op_host/op_api/test_aclnn_group_norm.cpp')
_ = object()


def t(shape, dtype='FLOAT', fmt='ND'):
    return T(tuple(shape), 'ACL_' + dtype, 'ACL_FORMAT_' + fmt)


def _case(name, status, x=_, g=_, b=_, N=2, C=3, HxW=4, group=1, out=_, mean=_, rstd=_, dtype='FLOAT'):
    d = lambda v, shape: t(shape, dtype) if v is _ else v      # noqa: E731
    return Case(name, inputs=[d(x, (2, 3, 4)), d(g, (3,)), d(b, (3,))], attrs=[N, C, HxW, group, 0.00001],
                outputs=[d(out, (2, 3, 4)), d(mean, (2, 1)), d(rstd, (2, 1))], status=status)


_INVALID = ('DOUBLE', 'UINT8', 'INT8', 'INT16', 'INT32', 'INT64', 'BOOL', 'STRING', 'COMPLEX64', 'COMPLEX128')

CASES = [_case('case_invalid_dtype_abnormal[%d]' % i, 161002, dtype=dt) for i, dt in enumerate(_INVALID)] + [
    _case('case_gamma_not_1d_abnormal', 161002, g=t((3, 1))),
    _case('case_beta_not_1d_abnormal', 161002, b=t((3, 1))),
    _case('case_1d_abnormal', 161002, x=t((2,)), g=t((1,)), b=t((1,)), C=1, HxW=1, out=t((2,))),
    _case('case_9d_abnormal', 161002, x=t((2, 3, 4) + (1,) * 6), out=t((2, 3, 4) + (1,) * 6)),
    _case('case_self_nullptr_abnormal', 161001, x=None),
    _case('case_out_nullptr_abnormal', 161001, out=None),
    _case('case_mean_out_nullptr_abnormal', 161001, mean=None),
    _case('case_rstd_out_nullptr_abnormal', 161001, rstd=None),
    _case('case_diff_dtype_abnormal', 161002, b=t((3,), 'FLOAT16')),
    _case('case_group_not_gt0_abnormal', 161002, group=0),
    _case('case_self_numel_ne_abnormal', 161002, HxW=5),
    _case('case_gamma_ne_C_abnormal', 161002, g=t((2,))),
    _case('case_beta_ne_C_abnormal', 161002, b=t((2,))),
    _case('case_self_shpe_ne_gn_out_abnormal', 161002, b=t((2,)), out=t((2, 3, 5))),
    _case('case_mean_shpe_ne_abnormal', 161002, b=t((2,)), mean=t((2, 2))),
    _case('case_rstd_shpe_ne_abnormal', 161002, b=t((2,)), rstd=t((2, 2))),
    _case('case_empty_normal', 0, x=t((2, 3, 0)), HxW=0, out=t((2, 3, 0))),
    _case('case_C_not_div_group_abnormal', 161002, group=2, mean=t((2, 2)), rstd=t((2, 2))),
    _case('case_self_ne_N_abnormal', 161002, x=t((3, 3, 4)), out=t((3, 3, 4))),
    _case('case_self_ne_C_abnormal', 161002, C=4),
    _case('case_self_ne_HxW_abnormal', 161002, HxW=2),
    _case('case_self_format_ne_out_abnormal', 161002, x=t((2, 3, 4), 'FLOAT', 'NCL')),
    _case('case_self_private_format_abnormal', 161002, x=t((2, 3, 4), 'FLOAT', 'NC1HWC0')),
]
