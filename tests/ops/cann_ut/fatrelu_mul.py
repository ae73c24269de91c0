"""CANN's unit tests of FatreluMul's host tiling, as aclnnFatreluMul phase-1 cases
(statuses only).

ops-nn has no op_api unit test of aclnnFatreluMul (CANN generates the aclnn API from the op
definition, activation/fatrelu_mul/op_host/fatrelu_mul_def.cpp): its one op_host UT file
tests the tiling function that the generated phase 1 runs. Each TEST_F is ported as the
call it models: input (M, N), threshold of the TEST_F's shape and out (M, N / 2), all of
the TEST_F's dtype, and the status phase 1 returns for the tiling's result: GRAPH_SUCCESS
-> 0, GRAPH_FAILED -> 561002 (ACLNN_ERR_INNER_TILING_ERROR). Ported by hand (8 TEST_Fs).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/fatrelu_mul/tests/ut/op_host/test_fatrelu_mul_tiling.cpp. The SoC: Ascend910B.
"""
from cann_ut import Case, T

OP = 'FatreluMul'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921',
          'activation/fatrelu_mul/tests/ut/op_host/test_fatrelu_mul_tiling.cpp')


def _case(name, n, dtype, status, m=2, threshold=(1,)):
    shape = (m, n) if m else (n,)
    return Case(name, inputs=[T(shape, dtype, 'ACL_FORMAT_ND'), T(threshold, dtype, 'ACL_FORMAT_ND')],
                attrs=[], outputs=[T(shape[:-1] + (n // 2,), dtype, 'ACL_FORMAT_ND')], status=status)


CASES = [
    _case('FatreluMulTiling_01', 4, 'ACL_FLOAT', 0),
    _case('FatreluMulTiling_02', 4, 'ACL_BF16', 0),
    _case('FatreluMulTiling_03_fp16', 4, 'ACL_FLOAT16', 0),
    _case('FatreluMulTiling_04_dim_less_than_2', 4, 'ACL_FLOAT', 561002, m=None),
    _case('FatreluMulTiling_05_threshold_not_scalar', 4, 'ACL_FLOAT', 561002, threshold=(2,)),
    _case('FatreluMulTiling_06_last_dim_odd', 5, 'ACL_FLOAT', 561002),
    _case('FatreluMulTiling_07_last_dim_exceed_1024', 1026, 'ACL_FLOAT', 561002),
    _case('FatreluMulTiling_08_last_dim_zero', 0, 'ACL_FLOAT', 561002),
]

# The tiling's checks are the declaration's sequence (561002, after nnopbase's kernel match
# and its empty-output skip). The UT calls the tiling function itself; through the aclnn API
# an output with no elements skips the tiling (hicann/opbase src/nnopbase/individual_op/
# executor/indv_executor.cpp NnopbaseExecutorMatchCache: isOutEmpty).
NOT_MODELLED = {
    'FatreluMulTiling_08_last_dim_zero': (0, "out (2, 0) has no elements: nnopbase's phase 1 skips the tiling "
                                          "(isOutEmpty) and succeeds; the UT calls the tiling directly"),
}
