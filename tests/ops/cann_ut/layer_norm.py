"""CANN's op_api unit-test cases of aclnnLayerNorm, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
norm/layer_norm_v4/tests/ut/op_host/op_api/test_aclnn_layer_norm.cpp (26 cases). The SoC
is the UT stub's, Ascend910B, except the two cases that set NpuArchManager(DAV_3510):
Ascend950. eps is 1e-12 throughout. (test_aclnn_layer_norm_with_impl_mode.cpp calls
aclnnLayerNormWithImplMode, which ascendops does not declare.)"""
from cann_ut import Case, T

OP = 'LayerNorm'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921',
          'norm/layer_norm_v4/tests/ut/op_host/op_api/test_aclnn_layer_norm.cpp')
X4, W3, M4 = (2, 6, 5, 6), (6, 5, 6), (2, 1, 1, 1)


def t(shape, dtype='FLOAT', fmt='ND'):
    return T(tuple(shape), 'ACL_' + dtype, 'ACL_FORMAT_' + fmt)


def _case(name, x, w, b, ns, out, mean, rstd, status, soc='Ascend910B'):
    return Case(name, inputs=[x, w, b], attrs=[None if ns is None else list(ns), 1e-12], outputs=[out, mean, rstd],
                status=status, soc=soc)


CASES = [
    _case('ascend910B2_aclnnLayerNorm_float32_nd_float32_nd', t(X4), t(W3), t(W3), W3, t(X4), t(M4), t(M4), 0),
    _case('ascend910B2_aclnnLayerNorm_double_nd_double_nd', t(X4, 'DOUBLE'), t(W3, 'DOUBLE'), t(W3, 'DOUBLE'), W3,
          t(X4, 'DOUBLE'), t(M4, 'DOUBLE'), t(M4, 'DOUBLE'), 161002),
    _case('ascend910B2_aclnnLayerNorm_error_input_dtype', t(X4, 'UINT64', 'NCHW'), t(W3, 'UINT64'), t(W3, 'UINT64'),
          W3, t(X4, 'UINT64', 'NCHW'), t(M4, 'UINT64'), t(M4, 'UINT64'), 161002),
    _case('ascend910B2_aclnnLayerNorm_error_weight_dtype', t(X4, 'FLOAT', 'NCHW'), t(W3, 'UINT64'), t(W3, 'UINT64'),
          W3, t(X4, 'FLOAT', 'NCHW'), t(M4), t(M4), 161002),
    _case('ascend910B2_aclnnLayerNorm_error_bias_dtype', t(X4, 'FLOAT', 'NCHW'), t(W3), t(W3, 'UINT64'),
          W3, t(X4, 'FLOAT', 'NCHW'), t(M4), t(M4), 161002),
    _case('ascend910B2_aclnnLayerNorm_weight_bias_diff_dtype', t(X4, 'FLOAT', 'NCHW'), t(W3), t(W3, 'FLOAT16'),
          W3, t(X4, 'FLOAT', 'NCHW'), t(M4), t(M4), 161002),
    _case('ascend910B2_aclnnLayerNorm_error_out_dtype', t(X4, 'FLOAT', 'NCHW'), t(W3), t(W3),
          W3, t(X4, 'UINT64', 'NCHW'), t(M4, 'UINT64'), t(M4, 'UINT64'), 161002),
    _case('ascend910B2_aclnnLayerNorm_float32_hwcn_float32_hwcn_all_reduce', t((3, 2, 1, 16), 'FLOAT', 'HWCN'),
          t((3, 2, 1, 16), 'FLOAT', 'HWCN'), t((3, 2, 1, 16), 'FLOAT', 'HWCN'), (3, 2, 1, 16),
          t((3, 2, 1, 16), 'FLOAT', 'HWCN'), t((1, 1, 1, 1)), t((1, 1, 1, 1)), 0),
    _case('ascend910B2_aclnnLayerNorm_float32_ndhwc_float32_ndhwc', t((2, 3, 4, 5, 6), 'FLOAT', 'NDHWC'),
          t((3, 4, 5, 6)), t((3, 4, 5, 6)), (3, 4, 5, 6), t((2, 3, 4, 5, 6), 'FLOAT', 'NDHWC'),
          t((2, 1, 1, 1, 1)), t((2, 1, 1, 1, 1)), 0),
    _case('ascend910B2_aclnnLayerNorm_float32_ncdhw_float32_ncdhw', t((2,) * 5, 'FLOAT', 'NCDHW'), t((2, 2)),
          t((2, 2)), (2, 2), t((2,) * 5, 'FLOAT', 'NCDHW'), t((2, 2, 2, 1, 1)), t((2, 2, 2, 1, 1)), 0),
    _case('ascend910B2_aclnnLayerNorm_0_2_7_18_float_nd_7_18_float_nd', t((0, 2, 7, 18)), t((7, 18)), t((7, 18)),
          (7, 18), t((0, 2, 7, 18)), t((0, 2, 1, 1)), t((0, 2, 1, 1)), 0),
    _case('ascend910B2_aclnnLayerNorm_2_0_4_float_nd_0_4_float_nd', t((2, 0, 4)), t((0, 4)), t((0, 4)), (0, 4),
          t((2, 0, 4)), t((2, 1, 1)), t((2, 1, 1)), 0),
    _case('ascend910B2_aclnnLayerNorm_error_input_len', t((1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 2)),
          t((2, 1, 2, 1, 2, 1, 2, 1, 2, 2)), t((2, 1, 2, 1, 2, 1, 2, 1, 2, 2)), (2, 1, 2, 1, 2, 1, 2, 1, 2, 2),
          t((1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 2)), t((1,) * 11), t((1,) * 11), 161002),
    _case('ascend910B2_aclnnLayerNorm_error_normalizedShape_len', t(X4), t(()), t(()), (), t(X4), t(X4), t(X4),
          161002),
    _case('ascend910B2_aclnnLayerNorm_diff_weight_and_normalizedShape', t(X4), t(W3), t(W3), (5, 6), t(X4), t(M4),
          t(M4), 161002),
    _case('ascend910B2_aclnnLayerNorm_error_input_and_normalizedShape_shape', t(X4), t((7, 8)), t((7, 8)), (7, 8),
          t(X4), t((2, 6, 1, 1)), t((2, 6, 1, 1)), 161002),
    _case('ascend910B2_aclnnLayerNorm_error_weight_and_bias_shape', t((2, 2)), t((2,)), t((3,)), (2,), t((2, 2)),
          t((2, 1)), t((2, 1)), 161002),
    _case('ascend910B2_aclnnLayerNorm_error_mean_shape', t(X4), t(W3), t(W3), W3, t(X4), t((3, 1, 1, 1)), t(M4),
          161002, soc='Ascend950'),
    _case('ascend910B2_aclnnLayerNorm_error_rstd_shape', t(X4), t(W3), t(W3), W3, t(X4), t(M4), t((2, 1, 5, 1)),
          161002, soc='Ascend950'),
    _case('ascend910B2_aclnnLayerNorm_input_nullptr', None, t((8, 9)), t((8, 9)), (8, 9), t((7, 8, 9)),
          t((7, 1, 1)), t((7, 1, 1)), 161001),
    _case('ascend910B2_aclnnLayerNorm_normalizedShape_nullptr', t((7, 8, 9)), t((8, 9)), t((8, 9)), None,
          t((7, 8, 9)), t((7, 1, 1)), t((7, 1, 1)), 161001),
    _case('ascend910B2_aclnnLayerNorm_out_nullptr', t((7, 8, 9)), t((8, 9)), t((8, 9)), (8, 9), None,
          t((7, 1, 1)), t((7, 1, 1)), 161001),
    _case('ascend910B2_aclnnLayerNorm_meanOout_nullptr', t((7, 8, 9)), t((8, 9)), t((8, 9)), (8, 9), t((7, 8, 9)),
          None, t((7, 1, 1)), 0),
    _case('ascend910B2_aclnnLayerNorm_rstdOut_nullptr', t((7, 8, 9)), t((8, 9)), t((8, 9)), (8, 9), t((7, 8, 9)),
          t((7, 1, 1)), None, 0),
    _case('ascend910B2_aclnnLayerNorm_float16_mix_dtype', t(X4, 'FLOAT16', 'NCHW'), t(W3), t(W3), W3,
          t(X4, 'FLOAT16', 'NCHW'), t(M4), t(M4), 0),
    _case('ascend910B2_aclnnLayerNorm_bfloat16_mix_dtype', t(X4, 'BF16', 'NCHW'), t(W3), t(W3), W3,
          t(X4, 'BF16', 'NCHW'), t(M4), t(M4), 0),
]
