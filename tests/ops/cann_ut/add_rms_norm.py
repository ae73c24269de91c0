"""CANN's op_api unit-test cases of aclnnAddRmsNorm, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
norm/add_rms_norm/tests/ut/op_host/op_api/test_aclnn_add_rms_norm.cpp (7 cases; a
TEST_F with several CommonTest calls gives one case each, named "<test>[i]"). CommonTest
builds x1, x2, gamma, yOut, xOut of the case's dtype, rstdOut FLOAT, ND, epsilon 1e-5.
The SoC is the UT stub's, Ascend910B."""
from cann_ut import Case, T

OP = 'AddRmsNorm'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921',
          'norm/add_rms_norm/tests/ut/op_host/op_api/test_aclnn_add_rms_norm.cpp')


def _case(name, x, w, rstd, dtype, status):
    d = 'ACL_' + dtype
    return Case(name, inputs=[T(x, d, 'ACL_FORMAT_ND'), T(x, d, 'ACL_FORMAT_ND'), T(w, d, 'ACL_FORMAT_ND')],
                attrs=[0.00001],
                outputs=[T(x, d, 'ACL_FORMAT_ND'), T(rstd, 'ACL_FLOAT', 'ACL_FORMAT_ND'), T(x, d, 'ACL_FORMAT_ND')],
                status=status)


CASES = [
    _case('ascend910B2_success[0]', (4, 16, 128), (128,), (4, 16, 1), 'FLOAT', 0),
    _case('ascend910B2_success[1]', (4, 4, 128), (128,), (4, 4, 1), 'FLOAT16', 0),
    _case('ascend910B2_success[2]', (4, 16, 12288), (12288,), (4, 16, 1), 'FLOAT16', 0),
    _case('ascend910B2_success[3]', (4, 0, 128), (128,), (4, 0, 1), 'FLOAT', 0),
    _case('timer_s1_bf16_success', (360, 1024), (1024,), (360, 1), 'BF16', 0),
    _case('timer_s1_dtype_invalid', (360, 1024), (1024,), (360, 1), 'DOUBLE', 161002),
    _case('ascend910B2_param_invalid', (4, 4, 128), (128,), (4, 4, 1), 'DOUBLE', 161002),
]
