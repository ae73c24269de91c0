"""CANN's op_api unit-test cases of aclnnMv, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
matmul/mv/tests/ut/op_api/test_aclnn_mv.cpp (49 cases; a TEST_F with several calls gives
one case each, named "<test>[i]"; the commented-out calls are left out). The SoC is the UT
stub's, Ascend910B, or the TEST_F's SocVersionManager (ASCEND910). Only the status of
aclnnMvGetWorkspaceSize is compared.
"""
from cann_ut import Case, T

OP = 'Mv'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'matmul/mv/tests/ut/op_api/test_aclnn_mv.cpp')


def _t(shape, dtype):
    return T(tuple(shape), dtype, 'ACL_FORMAT_ND')


CASES = [
    Case('l2_mv_test_01[0]', inputs=[_t((2, 3), 'ACL_FLOAT16'), _t((3,), 'ACL_FLOAT16')], attrs=[1], outputs=[_t((2,), 'ACL_FLOAT16')], status=0),
    Case('l2_mv_test_01[1]', inputs=[_t((2, 3), 'ACL_BF16'), _t((3,), 'ACL_BF16')], attrs=[1], outputs=[_t((2,), 'ACL_BF16')], status=0),
    Case('l2_mv_test_02[0]', inputs=[_t((2, 3), 'ACL_FLOAT'), _t((3,), 'ACL_FLOAT')], attrs=[0], outputs=[_t((2,), 'ACL_FLOAT')], status=161002, soc='Ascend910'),
    Case('l2_mv_test_02[1]', inputs=[_t((2, 3), 'ACL_FLOAT'), _t((3,), 'ACL_FLOAT')], attrs=[1], outputs=[_t((2,), 'ACL_FLOAT')], status=0, soc='Ascend910'),
    Case('l2_mv_test_02[2]', inputs=[_t((2, 3), 'ACL_FLOAT'), _t((3,), 'ACL_FLOAT')], attrs=[2], outputs=[_t((2,), 'ACL_FLOAT')], status=0, soc='Ascend910'),
    Case('l2_mv_test_02[3]', inputs=[_t((2, 3), 'ACL_FLOAT'), _t((3,), 'ACL_FLOAT')], attrs=[3], outputs=[_t((2,), 'ACL_FLOAT')], status=161002, soc='Ascend910'),
    Case('ascend910B2_l2_mv_test_02[0]', inputs=[_t((2, 3), 'ACL_FLOAT'), _t((3,), 'ACL_FLOAT')], attrs=[0], outputs=[_t((2,), 'ACL_FLOAT')], status=0),
    Case('ascend910B2_l2_mv_test_02[1]', inputs=[_t((2, 3), 'ACL_FLOAT'), _t((3,), 'ACL_FLOAT')], attrs=[1], outputs=[_t((2,), 'ACL_FLOAT')], status=0),
    Case('ascend910B2_l2_mv_test_02[2]', inputs=[_t((2, 3), 'ACL_FLOAT'), _t((3,), 'ACL_FLOAT')], attrs=[2], outputs=[_t((2,), 'ACL_FLOAT')], status=0),
    Case('ascend910B2_l2_mv_test_02[3]', inputs=[_t((2, 3), 'ACL_FLOAT'), _t((3,), 'ACL_FLOAT')], attrs=[3], outputs=[_t((2,), 'ACL_FLOAT')], status=0),
    Case('ascend910B2_l2_mv_test_02[4]', inputs=[_t((2, 3), 'ACL_FLOAT'), _t((3,), 'ACL_FLOAT')], attrs=[4], outputs=[_t((2,), 'ACL_FLOAT')], status=0),
    Case('l2_mv_test_03[0]', inputs=[_t((2, 3), 'ACL_DOUBLE'), _t((3,), 'ACL_DOUBLE')], attrs=[1], outputs=[_t((2,), 'ACL_DOUBLE')], status=161002),
    Case('l2_mv_test_03[1]', inputs=[_t((2, 3), 'ACL_COMPLEX64'), _t((3,), 'ACL_COMPLEX64')], attrs=[1], outputs=[_t((2,), 'ACL_COMPLEX64')], status=161002),
    Case('l2_mv_test_03[2]', inputs=[_t((2, 3), 'ACL_COMPLEX128'), _t((3,), 'ACL_COMPLEX128')], attrs=[1], outputs=[_t((2,), 'ACL_COMPLEX128')], status=161002),
    Case('l2_mv_test_03[3]', inputs=[_t((2, 3), 'ACL_BOOL'), _t((3,), 'ACL_BOOL')], attrs=[1], outputs=[_t((2,), 'ACL_BOOL')], status=161002),
    Case('l2_mv_test_03[4]', inputs=[_t((2, 3), 'ACL_UINT8'), _t((3,), 'ACL_UINT8')], attrs=[1], outputs=[_t((2,), 'ACL_UINT8')], status=161002),
    Case('l2_mv_test_03[5]', inputs=[_t((2, 3), 'ACL_INT8'), _t((3,), 'ACL_INT8')], attrs=[1], outputs=[_t((2,), 'ACL_INT8')], status=161002),
    Case('l2_mv_test_03[6]', inputs=[_t((2, 3), 'ACL_INT16'), _t((3,), 'ACL_INT16')], attrs=[1], outputs=[_t((2,), 'ACL_INT16')], status=161002),
    Case('l2_mv_test_03[7]', inputs=[_t((2, 3), 'ACL_INT32'), _t((3,), 'ACL_INT32')], attrs=[1], outputs=[_t((2,), 'ACL_COMPLEX64')], status=161002),
    Case('l2_mv_test_03[8]', inputs=[_t((2, 3), 'ACL_INT64'), _t((3,), 'ACL_INT64')], attrs=[1], outputs=[_t((2,), 'ACL_COMPLEX128')], status=161002),
    Case('l2_mv_test_04[0]', inputs=[_t((3, 4), 'ACL_FLOAT16'), _t((4,), 'ACL_FLOAT16')], attrs=[1], outputs=[_t((3,), 'ACL_FLOAT16')], status=0),
    Case('l2_mv_test_04[1]', inputs=[_t((3, 4), 'ACL_FLOAT16'), _t((4,), 'ACL_FLOAT')], attrs=[1], outputs=[_t((3,), 'ACL_FLOAT16')], status=161002),
    Case('l2_mv_test_04[2]', inputs=[_t((3, 4), 'ACL_FLOAT16'), _t((4,), 'ACL_FLOAT16')], attrs=[1], outputs=[_t((3,), 'ACL_FLOAT')], status=161002),
    Case('l2_mv_test_05[0]', inputs=[None, _t((3,), 'ACL_FLOAT16')], attrs=[1], outputs=[_t((2,), 'ACL_FLOAT16')], status=161001),
    Case('l2_mv_test_05[1]', inputs=[_t((2, 3), 'ACL_FLOAT16'), None], attrs=[1], outputs=[_t((2,), 'ACL_FLOAT16')], status=161001),
    Case('l2_mv_test_05[2]', inputs=[_t((2, 3), 'ACL_FLOAT16'), _t((3,), 'ACL_FLOAT16')], attrs=[1], outputs=[None], status=161001),
    Case('l2_mv_test_06[0]', inputs=[_t((3, 0), 'ACL_FLOAT16'), _t((0,), 'ACL_FLOAT16')], attrs=[1], outputs=[_t((3,), 'ACL_FLOAT16')], status=0),
    Case('l2_mv_test_06[1]', inputs=[_t((0, 3), 'ACL_FLOAT16'), _t((3,), 'ACL_FLOAT16')], attrs=[1], outputs=[_t((0,), 'ACL_FLOAT16')], status=0),
    Case('l2_mv_test_06[2]', inputs=[_t((0, 0), 'ACL_FLOAT16'), _t((0,), 'ACL_FLOAT16')], attrs=[1], outputs=[_t((0,), 'ACL_FLOAT16')], status=0),
    Case('l2_mv_test_06[3]', inputs=[_t((3, 0), 'ACL_FLOAT16'), _t((0,), 'ACL_FLOAT')], attrs=[1], outputs=[_t((3,), 'ACL_FLOAT')], status=0),
    Case('l2_mv_test_06[4]', inputs=[_t((3, 0), 'ACL_FLOAT16'), _t((0,), 'ACL_FLOAT16')], attrs=[1], outputs=[_t((3,), 'ACL_FLOAT')], status=161002),
    Case('l2_mv_test_06[5]', inputs=[_t((3, 0), 'ACL_FLOAT16'), _t((0,), 'ACL_BOOL')], attrs=[1], outputs=[_t((3,), 'ACL_BOOL')], status=161002),
    Case('l2_mv_test_06[6]', inputs=[_t((3, 0), 'ACL_FLOAT16'), _t((0,), 'ACL_FLOAT16')], attrs=[1], outputs=[_t((3,), 'ACL_BOOL')], status=161002),
    Case('l2_mv_test_08[0]', inputs=[_t((3, 4), 'ACL_FLOAT16'), _t((4,), 'ACL_FLOAT16')], attrs=[1], outputs=[_t((3,), 'ACL_FLOAT16')], status=0),
    Case('l2_mv_test_08[1]', inputs=[_t((3, 4), 'ACL_FLOAT16'), _t((3,), 'ACL_FLOAT16')], attrs=[1], outputs=[_t((3,), 'ACL_FLOAT16')], status=161002),
    Case('l2_mv_test_08[2]', inputs=[_t((3, 4), 'ACL_FLOAT16'), _t((4,), 'ACL_FLOAT16')], attrs=[1], outputs=[_t((4,), 'ACL_FLOAT16')], status=161002),
    Case('l2_mv_test_08[3]', inputs=[_t((3, 4, 4), 'ACL_FLOAT16'), _t((4,), 'ACL_FLOAT16')], attrs=[1], outputs=[_t((3,), 'ACL_FLOAT16')], status=161002),
    Case('l2_mv_test_08[4]', inputs=[_t((3, 4), 'ACL_FLOAT16'), _t((4, 4), 'ACL_FLOAT16')], attrs=[1], outputs=[_t((3,), 'ACL_FLOAT16')], status=161002),
    Case('l2_mv_test_08[5]', inputs=[_t((3, 4), 'ACL_FLOAT16'), _t((4,), 'ACL_FLOAT16')], attrs=[1], outputs=[_t((3, 3), 'ACL_FLOAT16')], status=161002),
    Case('ascend910B_fp32_cubeMathType0_to_4[0]', inputs=[_t((2, 3), 'ACL_FLOAT'), _t((3,), 'ACL_FLOAT')], attrs=[0], outputs=[_t((2,), 'ACL_FLOAT')], status=0),
    Case('ascend910B_fp32_cubeMathType0_to_4[1]', inputs=[_t((2, 3), 'ACL_FLOAT'), _t((3,), 'ACL_FLOAT')], attrs=[1], outputs=[_t((2,), 'ACL_FLOAT')], status=0),
    Case('ascend910B_fp32_cubeMathType0_to_4[2]', inputs=[_t((2, 3), 'ACL_FLOAT'), _t((3,), 'ACL_FLOAT')], attrs=[2], outputs=[_t((2,), 'ACL_FLOAT')], status=0),
    Case('ascend910B_fp32_cubeMathType0_to_4[3]', inputs=[_t((2, 3), 'ACL_FLOAT'), _t((3,), 'ACL_FLOAT')], attrs=[3], outputs=[_t((2,), 'ACL_FLOAT')], status=0),
    Case('ascend910B_fp32_cubeMathType0_to_4[4]', inputs=[_t((2, 3), 'ACL_FLOAT'), _t((3,), 'ACL_FLOAT')], attrs=[4], outputs=[_t((2,), 'ACL_FLOAT')], status=0),
    Case('ascend910B_fp32_cubeMathType_all4[0]', inputs=[_t((3, 3), 'ACL_FLOAT'), _t((3,), 'ACL_FLOAT')], attrs=[4], outputs=[_t((3,), 'ACL_FLOAT')], status=0),
    Case('ascend910B_fp32_cubeMathType_all4[1]', inputs=[_t((2, 5), 'ACL_FLOAT'), _t((5,), 'ACL_FLOAT')], attrs=[4], outputs=[_t((2,), 'ACL_FLOAT')], status=0),
    Case('ascend910B_fp32_cubeMathType_all4[2]', inputs=[_t((5, 3), 'ACL_FLOAT'), _t((3,), 'ACL_FLOAT')], attrs=[4], outputs=[_t((5,), 'ACL_FLOAT')], status=0),
    Case('ascend910B_fp32_cubeMathType_all4[3]', inputs=[_t((10, 10), 'ACL_FLOAT'), _t((10,), 'ACL_FLOAT')], attrs=[4], outputs=[_t((10,), 'ACL_FLOAT')], status=0),
    Case('ascend910B_fp32_cubeMathType_all4[4]', inputs=[_t((101, 301), 'ACL_FLOAT'), _t((301,), 'ACL_FLOAT')], attrs=[4], outputs=[_t((101,), 'ACL_FLOAT')], status=0),
]
