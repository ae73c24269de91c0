"""CANN's op_api unit-test cases of aclnnAvgPool2d, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
pooling/avg_pool3_d/tests/ut/op_api/test_aclnn_avgpool2d.cpp
(44 cases of its 44 TEST_F; each OP_API_UT call of a test, each iteration of a loop, one case). The SoC is the UT stub's, Ascend910B. Only the status of
aclnnAvgPool2dGetWorkspaceSize is compared.
"""
from cann_ut import Case, T

OP = 'AvgPool2d'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921',
          'pooling/avg_pool3_d/tests/ut/op_api/test_aclnn_avgpool2d.cpp')
CASES = [
    Case('test_avgpool2d_illegal_cubeMathType', inputs=[T((1, 1, 16, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(4, 4), (2, 2), (-1, -1), True, False, 0, 4], outputs=[T((1, 1, 8, 8), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161002),
    Case('test_avgpool2d_kernel_illegal_shape', inputs=[T((1, 1, 16, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(-4, 4), (2, 2), (1, 1), False, True, 0, 1], outputs=[T((1, 1, 8, 8), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161002),
    Case('test_avgpool2d_kernel_illegal_shape_1', inputs=[T((1, 1, 16, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(), (2, 2), (1, 1), False, True, 0, 1], outputs=[T((1, 1, 8, 8), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161002),
    Case('test_avgpool2d_kernel_illegal_shape_2', inputs=[T((1, 1, 16, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(1, 1), (2, 2), (1, 1), True, True, 0, 1], outputs=[T((1, 1, 10, 10), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161002),
    Case('test_avgpool2d_stride_illegal_shape', inputs=[T((1, 1, 16, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(4, 4), (2, -2), (1, 1), False, True, 0, 1], outputs=[T((1, 1, 8, 8), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161002),
    Case('test_avgpool2d_globalpool_fp16', inputs=[T((1, 16, 12, 12), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), False, True, 0, 1], outputs=[T((1, 16, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_avgpool2d_avgpool_include_fp16', inputs=[T((1, 16, 12, 20), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), False, True, 0, 1], outputs=[T((1, 16, 1, 9), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_avgpool2d_avgpool_include_fp16_to3d', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), False, True, 0, 1], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_avgpool2d_avgpool_exclude_fp16_to3d', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), False, False, 0, 1], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_avgpool2d_avgpool_exclude_fp16', inputs=[T((1, 16, 12, 20), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), False, False, 0, 1], outputs=[T((1, 16, 1, 9), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_avgpool2d_no_global_no_average_fp16', inputs=[T((1, 16, 100, 4), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(34, 34), (1, 1), (15, 15), False, True, 0, 1], outputs=[T((1, 16, 97, 1), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_avgpool2d_avgpool_include_fp32_to3d', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), False, True, 0, 1], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_avgpool2d_avgpool_exclude_fp32_to3d', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), False, False, 0, 1], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_avgpool2d_no_global_no_average_fp32', inputs=[T((1, 16, 100, 4), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(34, 34), (1, 1), (15, 15), True, True, 0, 1], outputs=[T((1, 16, 97, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_avgpool2d_nullptr_self', inputs=[None], attrs=[(4, 4), (2, 2), (1, 1), False, True, 0, 1], outputs=[T((1, 1, 8, 8), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161001),
    Case('test_avgpool2d_nullptr_kernel', inputs=[T((1, 1, 16, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[None, (2, 2), (1, 1), False, True, 0, 1], outputs=[T((1, 1, 8, 8), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161001),
    Case('test_avgpool2d_nullptr_stride', inputs=[T((1, 1, 16, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(4, 4), None, (1, 1), False, True, 0, 1], outputs=[T((1, 1, 8, 8), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161001),
    Case('test_avgpool2d_nullptr_padding', inputs=[T((1, 1, 16, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(4, 4), (2, 2), None, False, True, 0, 1], outputs=[T((1, 1, 8, 8), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161001),
    Case('test_avgpool2d_nullptr_out', inputs=[T((1, 1, 16, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(4, 4), (2, 2), (1, 1), False, True, 0, 1], outputs=[None], status=161001),
    Case('test_avgpool2d_out_empty_tensor', inputs=[T((0, 1, 16, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(4, 4), (2, 2), (1, 1), False, True, 0, 1], outputs=[T((0, 1, 8, 8), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_avgpool2d_format_not_nchw', inputs=[T((1, 1, 16, 16), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], attrs=[(4, 4), (2, 2), (1, 1), False, True, 0, 1], outputs=[T((1, 1, 8, 8), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=161002),
    Case('test_avgpool2d_dtype_abnormal', inputs=[T((1, 1, 16, 16), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_NCHW')], attrs=[(4, 4), (2, 2), (1, 1), False, True, 0, 1], outputs=[T((1, 1, 8, 8), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_NCHW')], status=161002),
    Case('test_avgpool2d_format_abnormal', inputs=[T((1, 16, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(4, 4), (2, 2), (1, 1), False, True, 0, 1], outputs=[T((1, 1, 8, 8), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161002),
    Case('test_avgpool2d_input_output_different_dtype', inputs=[T((1, 1, 16, 16), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(4, 4), (2, 2), (1, 1), False, True, 0, 1], outputs=[T((1, 1, 8, 8), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161002),
    Case('test_avgpool2d_input_output_different_format', inputs=[T((1, 1, 16, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(4, 4), (2, 2), (1, 1), False, True, 0, 1], outputs=[T((1, 1, 8, 8), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=161002),
    Case('test_avgpool2d_ceilmode_true_to3d', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), True, True, 0, 1], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_avgpool2d_ceilmode_true', inputs=[T((1, 16, 12, 20), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), True, True, 0, 1], outputs=[T((1, 16, 1, 9), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_avgpool2d_ceilmode_false', inputs=[T((1, 16, 12, 20), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), False, True, -4, 1], outputs=[T((1, 16, 1, 9), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_avgpool2d_ceilmode_false_to3d', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), False, True, -4, 1], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910B2_test_avgpool2d_cubeMathType_keepdtype_fp32', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), True, True, 0, 0], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('Ascend910B2_test_avgpool2d_cubeMathType_keepdtype_bf16', inputs=[T((1, 16, 12, 40), 'ACL_BF16', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), True, True, 0, 0], outputs=[T((1, 16, 1, 29), 'ACL_BF16', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_avgpool2d_cubeMathType_usefp16_fp32', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), True, True, 0, 2], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910B2_test_avgpool2d_cubeMathType_usefp16_fp32', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), True, True, 0, 2], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910B2_test_avgpool2d_cubeMathType_usehf32_fp32', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), True, True, 0, 3], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_avgpool2d_cubeMathType_allowfp32downprecision_fp32', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), True, True, 0, 1], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910B2_test_avgpool2d_cubeMathType_allowfp32downprecision_fp32', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), True, True, 0, 1], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_avgpool2d_divisorOverride_aicpu_fp16', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), False, True, -256, 0], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_avgpool2d_divisorOverride_cube_fp32', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), False, True, -4, 1], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910B2_test_avgpool2d_divisorOverride_cube_fp32', inputs=[T((1, 16, 12, 20), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), False, True, -4, 1], outputs=[T((1, 16, 1, 9), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161002),
    Case('test_avgpool2d_illegal_pad', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0, 0), False, True, -4, 1], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161002),
    Case('test_avgpool2d_illegal_stride', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1, 1), (0, 0), False, True, 0, 1], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161002),
    Case('test_avgpool2d_illegal_dim_and_format', inputs=[T((1, 16, 12), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 0), False, True, 0, 1], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161002),
    Case('test_avgpool2d_illegal_pad_value1', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (0, 8), False, True, -4, 1], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161002),
    Case('test_avgpool2d_illegal_pad_value2', inputs=[T((1, 16, 12, 40), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(12, 12), (1, 1), (8, 0), False, True, -4, 1], outputs=[T((1, 16, 1, 29), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161002),
]

# CANN's statuses ascendops does not give, and why.
NOT_MODELLED = {
    'ascend910B2_test_avgpool2d_divisorOverride_cube_fp32': (
        0, "CANN refuses it after CheckParams and the empty return, while building the graph: on DAV_2201 "
           "the cube path's ProcessDataTypeConvert refuses a FLOAT self with cubeMathType 1 (and 3, 4) "
           "('cannot support hf32', 161002); ascendops models CheckParams (CheckAvgPool2dCubeMathType "
           "passes it) and computes in fp32"),
}
