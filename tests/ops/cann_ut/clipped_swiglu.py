"""CANN's unit tests of ClippedSwiglu's host tiling (Ascend910B), as aclnnClippedSwiglu
phase-1 cases (statuses only).

ops-nn has no op_api unit test of aclnnClippedSwiglu (CANN generates the aclnn API from the
op definition, activation/clipped_swiglu/op_host/clipped_swiglu_def.cpp): its op_host UT
file tests the tiling function that the generated phase 1 runs. Each TEST_F is ported as
the call it models: x and groupIndex (nullptr as None) and y of the TEST_F's storage shapes
and dtypes, its attributes (dim, alpha, limit, bias, interleaved), and the status phase 1
returns for the tiling's result: GRAPH_SUCCESS -> 0, GRAPH_FAILED -> 561002
(ACLNN_ERR_INNER_TILING_ERROR). Ported by a script from the C++ source (20 TEST_Fs).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/clipped_swiglu/tests/ut/op_host/test_clipped_swiglu_tiling.cpp. The SoC:
Ascend910B. (The arch35 tiling's UT file, tests/ut/op_host/arch35/, is not ported: see
NOT_PORTED below.)
"""
from cann_ut import Case, T

OP = 'ClippedSwiglu'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921',
          'activation/clipped_swiglu/tests/ut/op_host/test_clipped_swiglu_tiling.cpp')
CASES = [
    Case('test_ClippedSwiglu_fp16_half_ungrouped',
         inputs=[T((5760,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), None],
         attrs=[-1, 1.702, 7.0, 1.0, False], outputs=[T((2880,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('test_ClippedSwiglu_fp32_half_ungrouped',
         inputs=[T((3200, 5760), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None],
         attrs=[-2, 1.702, 7.0, 1.0, False], outputs=[T((1600, 5760), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_ClippedSwiglu_bf16_half_ungrouped',
         inputs=[T((2, 3200, 5760), 'ACL_BF16', 'ACL_FORMAT_ND'), None],
         attrs=[-2, 1.702, 7.0, 1.0, False], outputs=[T((2, 1600, 2880), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('test_ClippedSwiglu_fp16_interleaved_ungrouped',
         inputs=[T((2, 1, 1, 5760), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), None],
         attrs=[-1, 1.702, 7.0, 1.0, True], outputs=[T((2, 1, 1, 2880), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('test_ClippedSwiglu_fp32_interleaved_ungrouped',
         inputs=[T((2, 2, 2, 3200, 5760), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None],
         attrs=[0, 1.702, 7.0, 1.0, True], outputs=[T((1, 2, 2, 3200, 2880), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_ClippedSwiglu_bf16_interleaved_ungrouped',
         inputs=[T((2, 2, 1, 1, 1, 3200, 5760), 'ACL_BF16', 'ACL_FORMAT_ND'), None],
         attrs=[1, 1.702, 7.0, 1.0, True], outputs=[T((2, 1, 1, 1, 1, 1600, 2880), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('test_ClippedSwiglu_fp16_half_grouped',
         inputs=[T((2, 2, 2, 2, 2, 3200, 5760), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((200,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[2, 1.702, 7.0, 1.0, False], outputs=[T((2, 2, 1, 2, 2, 3200, 5760), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('test_ClippedSwiglu_fp32_half_grouped',
         inputs=[T((2, 2, 2, 2, 1, 1, 1, 2880), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((200,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[3, 1.702, 7.0, 1.0, False], outputs=[T((2, 2, 2, 1, 1, 1, 1, 2880), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_ClippedSwiglu_bf16_half_grouped',
         inputs=[T((3200, 23040), 'ACL_BF16', 'ACL_FORMAT_ND'), T((200,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[-1, 1.702, 7.0, 1.0, False], outputs=[T((3200, 11520), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('test_ClippedSwiglu_fp16_interleaved_grouped',
         inputs=[T((3200, 5760), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((200,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[-1, 1.702, 7.0, 1.0, True], outputs=[T((3200, 2880), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('test_ClippedSwiglu_fp32_interleaved_grouped',
         inputs=[T((3200, 23040), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((200,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[-1, 1.702, 7.0, 1.0, True], outputs=[T((3200, 11520), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_ClippedSwiglu_bf16_interleaved_grouped',
         inputs=[T((3200, 5760), 'ACL_BF16', 'ACL_FORMAT_ND'), T((200,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[-1, 1.702, 7.0, 1.0, True], outputs=[T((3200, 2880), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
    Case('test_ClippedSwiglu_x_is_None_wrong',
         inputs=[None, T((200,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[-1, 1.702, 7.0, 1.0, True], outputs=[T((3200, 2880), 'ACL_BF16', 'ACL_FORMAT_ND')], status=561002),
    Case('test_ClippedSwiglu_x_dim_div2_wrong',
         inputs=[T((3200, 5761), 'ACL_BF16', 'ACL_FORMAT_ND'), T((200,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[-1, 1.702, 7.0, 1.0, True], outputs=[T((3200, 2880), 'ACL_BF16', 'ACL_FORMAT_ND')], status=561002),
    Case('test_ClippedSwiglu_x_dtpye_wrong',
         inputs=[T((3200, 5760), 'ACL_INT32', 'ACL_FORMAT_ND'), T((200,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[-1, 1.702, 7.0, 1.0, True], outputs=[T((3200, 2880), 'ACL_INT32', 'ACL_FORMAT_ND')], status=561002),
    Case('test_ClippedSwiglu_groupindex_dtpye_wrong',
         inputs=[T((3200, 5760), 'ACL_BF16', 'ACL_FORMAT_ND'), T((200,), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[-1, 1.702, 7.0, 1.0, True], outputs=[T((3200, 2880), 'ACL_BF16', 'ACL_FORMAT_ND')], status=561002),
    Case('test_ClippedSwiglu_groupindex_dims_wrong',
         inputs=[T((3200, 5760), 'ACL_BF16', 'ACL_FORMAT_ND'), T((200, 2), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[-1, 1.702, 7.0, 1.0, True], outputs=[T((3200, 2880), 'ACL_BF16', 'ACL_FORMAT_ND')], status=561002),
    Case('test_ClippedSwiglu_y_dims_diff_wrong',
         inputs=[T((3200, 5760), 'ACL_BF16', 'ACL_FORMAT_ND'), T((200,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[-1, 1.702, 7.0, 1.0, True], outputs=[T((3200,), 'ACL_BF16', 'ACL_FORMAT_ND')], status=561002),
    Case('test_ClippedSwiglu_y_dim_equal_x_dim_div2_wrong',
         inputs=[T((3200, 5760), 'ACL_BF16', 'ACL_FORMAT_ND'), T((200,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[-1, 1.702, 7.0, 1.0, True], outputs=[T((3200, 2180), 'ACL_BF16', 'ACL_FORMAT_ND')], status=561002),
    Case('test_ClippedSwiglu_dim_value_wrong',
         inputs=[T((3200, 5760), 'ACL_BF16', 'ACL_FORMAT_ND'), T((200,), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[2, 1.702, 7.0, 1.0, True], outputs=[T((3200, 2880), 'ACL_BF16', 'ACL_FORMAT_ND')], status=561002),
]

_OUT_DIMS = (161002, "CANN's Ascend910B tiling checks only y's rank and y[dim] (CheckY); the declaration "
                     "checks every dim of out (the doc: out is x's shape with dim halved), 161002, so "
                     "the UT's out with other dims off is refused")
NOT_MODELLED = {
    'test_ClippedSwiglu_bf16_half_ungrouped': _OUT_DIMS,
    'test_ClippedSwiglu_fp32_interleaved_ungrouped': _OUT_DIMS,
    'test_ClippedSwiglu_bf16_interleaved_ungrouped': _OUT_DIMS,
    'test_ClippedSwiglu_x_is_None_wrong': (161001, "a null x is 161001 in phase 1 before any tiling (the doc's "
                                           "ACLNN_ERR_PARAM_NULLPTR); the UT calls the tiling directly"),
    'test_ClippedSwiglu_x_dtpye_wrong': (161002, "the generated phase 1 checks dtypes against the op "
                                         "definition's lists (the doc: 161002) before the tiling"),
    'test_ClippedSwiglu_groupindex_dtpye_wrong': (161002, "groupIndexOptional's dtype (INT64 only, the "
                                                  "definition) is checked before the tiling (161002)"),
}

# Not ported: tests/ut/op_host/arch35/test_clipped_swiglu_tiling_arch35.cpp (the regbase
# tiling, whose checks clipped_swiglu.py's tiling_check models and test_clipped_swiglu.py's
# test_checks_and_codes tests): its TEST_Fs build their contexts through a different
# helper, which the script that ported this file does not read.
