"""CANN's op_api unit-test cases of aclnnMaxPool, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
pooling/max_pool_v3/tests/ut/op_api/test_aclnn_max_pool.cpp
(32 cases of its 32 TEST_F; each OP_API_UT call of a test, each iteration of a loop, one case). The SoC is the UT stub's, Ascend910B. Only the status of
aclnnMaxPoolGetWorkspaceSize is compared (ascend910_abnormal_datatype_int32_testcase17's EXPECT_EQ is
commented out in CANN's file: status None, any valid status).
"""
from cann_ut import Case, T

OP = 'MaxPool'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921',
          'pooling/max_pool_v3/tests/ut/op_api/test_aclnn_max_pool.cpp')
CASES = [
    Case('ascend910B2_normal_float_testcase01', inputs=[T((10, 1, 1, 244), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(1, 2), (1, 2), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 1, 1, 122), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910B2_normal_float_testcase02', inputs=[T((10, 1, 1, 122), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(1, 2), (1, 2), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 1, 1, 61), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910B2_normal_float_testcase03', inputs=[T((10, 64, 40, 244), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(1, 2), (1, 2), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 64, 40, 122), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910B2_normal_float_testcase04', inputs=[T((10, 80, 40, 122), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(2, 2), (2, 2), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 80, 20, 61), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910B2_normal_float_testcase05', inputs=[T((10, 104, 20, 61), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(2, 1), (2, 1), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 104, 10, 61), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910_normal_float16_testcase06', inputs=[T((10, 1, 1, 244), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(1, 2), (1, 2), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 1, 1, 122), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910_normal_float16_testcase07', inputs=[T((10, 1, 1, 122), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(1, 2), (1, 2), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 1, 1, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910_normal_float16_testcase08', inputs=[T((10, 64, 40, 244), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(1, 2), (1, 2), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 64, 40, 122), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910_normal_float16_testcase09', inputs=[T((10, 80, 40, 122), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(2, 2), (2, 2), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 80, 20, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910_normal_float16_testcase10', inputs=[T((10, 104, 20, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(2, 1), (2, 1), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 104, 10, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910B2_normal_float_precision_testcase11', inputs=[T((10, 104, 20, 61), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], attrs=[(2, 1), (2, 1), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 104, 10, 61), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910_normal_float16_precision_testcase12', inputs=[T((10, 104, 20, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(2, 1), (2, 1), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 104, 10, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910B2_normal_float_self_3D_testcase13', inputs=[T((3, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NCL')], attrs=[(2,), (2,), 0, (0,), (1,), 1], outputs=[T((3, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_NCL')], status=0),
    Case('ascend910_normal_float16_self_3D_testcase14', inputs=[T((3, 2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_NCL')], attrs=[(2,), (2,), 0, (0,), (1,), 1], outputs=[T((3, 1, 1), 'ACL_FLOAT16', 'ACL_FORMAT_NCL')], status=0),
    Case('ascend910_normal_pads_4D_testcase15', inputs=[T((10, 16, 50, 32), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(5, 3), (2, 1), 0, (2, 1), (1, 1), 1], outputs=[T((10, 16, 26, 32), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend910_normal_pads_3D_testcase16', inputs=[T((16, 50, 32), 'ACL_FLOAT16', 'ACL_FORMAT_NCL')], attrs=[(5, 3), (2, 1), 0, (2, 1), (1, 1), 1], outputs=[T((16, 26, 32), 'ACL_FLOAT16', 'ACL_FORMAT_NCL')], status=0),
    Case('ascend910_abnormal_datatype_int32_testcase17', inputs=[T((10, 80, 40, 122), 'ACL_INT32', 'ACL_FORMAT_NCHW')], attrs=[(2, 2), (2, 2), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 80, 20, 61), 'ACL_INT32', 'ACL_FORMAT_NCHW')], status=None),
    Case('ascend910_abnormal_datatype_double_testcase18', inputs=[T((10, 80, 40, 122), 'ACL_DOUBLE', 'ACL_FORMAT_NCHW')], attrs=[(2, 2), (2, 2), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 80, 20, 61), 'ACL_DOUBLE', 'ACL_FORMAT_NCHW')], status=161002),
    Case('ascend910B2_abnormal_datatype_self_out_diff_testcase19', inputs=[T((10, 80, 40, 122), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(2, 2), (2, 2), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 80, 20, 61), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=161002),
    Case('ascend910_abnormal_self_nullptr_testcase20', inputs=[None], attrs=[(2, 2), (2, 2), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 80, 20, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161001),
    Case('ascend910_abnormal_kernel_nullptr_testcase21', inputs=[T((10, 80, 40, 122), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[None, (2, 2), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 80, 20, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161001),
    Case('ascend910_abnormal_autoPad_testcase22', inputs=[T((10, 80, 40, 122), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(2, 2), (2, 2), 1, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 80, 20, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161002),
    Case('ascend910_abnormal_dilation_testcase23', inputs=[T((10, 80, 40, 122), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(2, 2), (2, 2), 0, (0, 0, 0, 0), (1, 2), 1], outputs=[T((10, 80, 20, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161002),
    Case('ascend910_abnormal_self_2D_testcase24', inputs=[T((40, 244), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(1, 2), (1, 2), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((40, 122), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161002),
    Case('ascend910_abnormal_self_5D_testcase25', inputs=[T((40, 40, 64, 40, 244), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(1, 2), (1, 2), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((40, 40, 64, 40, 122), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161002),
    Case('ascend910_abnormal_kernelShape_0_testcase26', inputs=[T((10, 104, 20, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(), (2, 1), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 104, 10, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161002),
    Case('ascend910_abnormal_kernelValue_0_testcase27', inputs=[T((10, 104, 20, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(0, 1), (2, 1), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 104, 10, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161002),
    Case('ascend910_abnormal_stridesValue_0_testcase28', inputs=[T((10, 104, 20, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(2, 1), (0, 0), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 104, 10, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161002),
    Case('ascend910_abnormal_paddingValue_nullptr_testcase29', inputs=[T((10, 104, 20, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(2, 1), (2, 1), 0, None, (1, 1), 1], outputs=[T((10, 104, 10, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161001),
    Case('ascend910_abnormal_padsValue_testcase30', inputs=[T((10, 104, 20, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(2, 1), (2, 1), 0, (2, 2, 2, 2), (1, 1), 1], outputs=[T((10, 104, 10, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161002),
    Case('ascend910_abnormal_dilationsValue_testcase31', inputs=[T((10, 104, 20, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(2, 1), (2, 1), 0, (0, 0, 0, 0), (2, 2, 2, 2), 1], outputs=[T((10, 104, 10, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161002),
    Case('ascend910_abnormal_out_shape_testcase32', inputs=[T((10, 104, 20, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], attrs=[(2, 1), (2, 1), 0, (0, 0, 0, 0), (1, 1), 1], outputs=[T((10, 104, 20, 61), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161002),
]
