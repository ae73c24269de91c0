"""CANN's op_api unit-test cases of aclnnNorm, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
norm/lp_norm_v2/tests/ut/op_api/test_aclnn_norm.cpp (28 cases; case 027, BF16 on
Ascend910, is commented out there). p is ScalarDesc(<float>), the SoC the UT stub's,
Ascend910B (off regbase: CheckDtypeValid checks no list there)."""
from cann_ut import Case, T

OP = 'Norm'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'norm/lp_norm_v2/tests/ut/op_api/test_aclnn_norm.cpp')


def t(shape, dtype='FLOAT', fmt='ND'):
    return T(tuple(shape), 'ACL_' + dtype, 'ACL_FORMAT_' + fmt)


def _case(name, x, out, status, p=2.0, dims=(1,), keepdim=True):
    return Case(name, inputs=[x], attrs=[p, None if dims is None else list(dims), keepdim], outputs=[out],
                status=status)


A, A1 = (3, 3, 2, 4), (3, 1, 2, 4)

CASES = [
    _case('case_3_3_4_p0_float_ND_001', t((3, 3, 4)), t((3, 1, 4)), 0, p=0.0),
    _case('case_3_3_4_p1_float_ND_002', t((3, 3, 4)), t((3, 1, 4)), 0, p=1.0),
    _case('case_3_3_4_p2_float_ND_003', t((3, 3, 4)), t((3, 1, 4)), 0),
    _case('case_3_3_4_p2_2dim_float_ND_004', t((3, 3, 4, 4)), t((3, 1, 1, 4)), 0, dims=(1, 2)),
    _case('case_3_3_4_p2_3dim_float_ND_005', t((3, 3, 4, 4)), t((3, 1, 1, 1)), 0, dims=(1, 2, 3)),
    _case('case_3_3_4_p2_3dim_float_ND_006', t((3, 3, 3, 4, 2, 3)), t((3, 3, 4, 2, 3)), 0, keepdim=False),
    _case('case_3_3_4_p2_3dim_float_NCHW_007', t((3, 3, 4), fmt='NCHW'), t((3, 1, 4), fmt='NCHW'), 0),
    _case('case_3_3_4_p2_3dim_float_NHWC_008', t((3, 3, 4), fmt='NHWC'), t((3, 1, 4), fmt='NHWC'), 0),
    _case('case_3_3_4_p2_3dim_float_HWCN_009', t((3, 3, 4), fmt='HWCN'), t((3, 1, 4), fmt='HWCN'), 0),
    _case('case_3_3_4_p2_3dim_float_NDHWC_010', t((3, 3, 4), fmt='NDHWC'), t((3, 1, 4), fmt='NDHWC'), 0),
    _case('case_3_3_4_p2_3dim_float_NCDHW_011', t((3, 3, 4), fmt='NCDHW'), t((3, 1, 4), fmt='NCDHW'), 0),
    _case('case_3_3_4_p2_3dim_float16_NCDHW_013', t((3, 3, 4), 'FLOAT16', 'NCDHW'), t((3, 1, 4), 'FLOAT16', 'NCDHW'),
          0),
    _case('case_3_3_0_4_p2_single_dim_float_ND_014', t(()), t(()), 0, dims=(0,)),
    _case('case_3_3_0_4_p2_multi_dim_float_ND_015', t((3, 3, 0, 4)), t((3, 1, 0, 4)), 0),
    _case('case_3_3_4_p2_3dim_float_nullptr_self_ND_016', None, t(A1), 161001),
    _case('case_3_3_4_p2_3dim_float_nullptr_p_ND_017', t(A), t(A1), 161001, p=None),
    _case('case_3_3_4_p2_3dim_float_nullptr_dim_ND_018', t(A), t(A1), 161001, dims=None),
    _case('case_3_3_4_p2_3dim_float_nullptr_out_ND_019', t(A), None, 161001),
    _case('case_3_3_4_p2_3dim_float_nullptr_ND_020', t(A), t(A1), 0),
    _case('case_3_3_4_p2_8dim_float_ND_021', t((3, 3, 2, 4, 2, 3, 3, 4)), t((3, 1, 2, 4, 2, 3, 3, 4)), 0),
    _case('case_3_3_4_p2_9dim_float_ND_022', t((3, 3, 3, 4, 2, 3, 3, 4, 2)), t((3, 1, 3, 4, 2, 3, 3, 4, 2)), 161002),
    _case('case_3_3_4_p2_diff_type_float_ND_023', t((3, 3, 2, 4, 2, 3), 'FLOAT16'), t((3, 1, 2, 4, 2, 3)), 0),
    _case('case_3_3_2_4_p2_4dim_double_ND_24', t(A, 'DOUBLE'), t(A1, 'DOUBLE'), 0),
    _case('case_3_3_2_4_p2_4dim_complex64_ND_025', t(A, 'COMPLEX64'), t(A1, 'COMPLEX64'), 0),
    _case('case_3_3_2_4_p2_4dim_complex128_ND_026', t(A, 'COMPLEX128'), t(A1, 'COMPLEX128'), 0),
    _case('ascend910B2_case_3_3_4_p2_3dim_bfloat16_ND_028', t((3, 3, 4), 'BF16'), t((3, 1, 4), 'BF16'), 0),
    _case('case_diff_type_float', t(A, 'FLOAT16'), t(A1, 'DOUBLE'), 0),
    _case('case_diff_type_double', t(A, 'FLOAT'), t(A1, 'DOUBLE'), 0),
]

_KERNEL = ("the engine loads and writes FLOAT, FLOAT16 and BFLOAT16 alone (561103); CANN off regbase checks no "
           "dtype list and Casts %s")
NOT_MODELLED = {
    'case_3_3_2_4_p2_4dim_double_ND_24': (561103, _KERNEL % "the DOUBLE self to FLOAT and the result back"),
    'case_3_3_2_4_p2_4dim_complex64_ND_025': (561103, _KERNEL % "the COMPLEX64 self to FLOAT and the result back"),
    'case_3_3_2_4_p2_4dim_complex128_ND_026': (561103, _KERNEL % "the COMPLEX128 self to FLOAT and the result back"),
    'case_diff_type_float': (561103, _KERNEL % "the FLOAT result to the DOUBLE out"),
    'case_diff_type_double': (561103, _KERNEL % "the FLOAT result to the DOUBLE out"),
}
