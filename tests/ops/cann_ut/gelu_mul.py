"""CANN's unit tests of GeluMul's host tiling, as aclnnGeluMul phase-1 cases (statuses only).

ops-nn has no op_api unit test of aclnnGeluMul (CANN generates the aclnn API from the op
definition, activation/gelu_mul/op_host/gelu_mul_def.cpp): its one op_host UT file tests
the tiling function that the generated phase 1 runs. Each TEST_F is ported as the call it
models: input (M, N) and out (M, N / 2) of the TEST_F's dtype, its approximate attribute,
and the status phase 1 returns for the tiling's result: GRAPH_SUCCESS -> 0, GRAPH_FAILED ->
561002 (ACLNN_ERR_INNER_TILING_ERROR). Ported by hand (8 TEST_Fs).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/gelu_mul/tests/ut/op_host/test_gelu_mul_tiling.cpp. The SoC: Ascend910B.
"""
from cann_ut import Case, T

OP = 'GeluMul'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921',
          'activation/gelu_mul/tests/ut/op_host/test_gelu_mul_tiling.cpp')
CASES = [
    Case('GeluMulTiling_01', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=['none'], outputs=[T((2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('GeluMulTiling_02_fp16', inputs=[T((2, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=['none'], outputs=[T((2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('GeluMulTiling_03_bf16', inputs=[T((2, 4), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=['none'], outputs=[T((2, 2), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('GeluMulTiling_04_tanh', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=['tanh'], outputs=[T((2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('GeluMulTiling_05_invalid_approximate', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=['invalid'], outputs=[T((2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=561002),
    Case('GeluMulTiling_06_dim_less_than_2', inputs=[T((4,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=['none'], outputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=561002),
    Case('GeluMulTiling_07_last_dim_odd', inputs=[T((2, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=['none'], outputs=[T((2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=561002),
    Case('GeluMulTiling_08_last_dim_exceed_1024', inputs=[T((2, 1026), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=['none'], outputs=[T((2, 513), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=561002),
]
