"""CANN's op_api unit-test cases of aclnnRReluWithNoise, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/leaky_relu/tests/ut/op_api/test_aclnn_rrelu_with_noise.cpp
(28 TEST_Fs; case_format, commented out in the source, is not ported). Ported by reading
each TEST_F's TensorDesc (shape, dtype, format, strides, offset, storage) and ScalarDesc
values, the bool training and int64 seed/offset, OP_API_UT(INPUT(...), OUTPUT(...)) and
EXPECT_EQ status (None where the UT asserts none: case_empty_tensor_*, whose self (0, 5)
and out (5, 5) differ in shape, which CANN's CheckShapeValid refuses before its empty
return). The SoC is the UT stub's, Ascend910B; SocVersionManager(ASCEND950) cases run on
Ascend950. ScalarDesc(0.1f) is a FLOAT scalar: a float here.
"""
from cann_ut import Case, T

OP = 'RReluWithNoise'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/leaky_relu/tests/ut/op_api/test_aclnn_rrelu_with_noise.cpp')
CASES = [
    Case('case_nullptr_1', inputs=[None, T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, False, 0, 0], outputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161001),
    Case('case_nullptr_2', inputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), None],
         attrs=[0.1, 0.5, False, 0, 0], outputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161001),
    Case('case_nullptr_3', inputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[None, 0.5, False, 0, 0], outputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161001),
    Case('case_nullptr_4', inputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[0.1, None, False, 0, 0], outputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161001),
    Case('case_nullptr_5', inputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[0.1, None, False, 0, 0], outputs=[None], status=161001),
    Case('case_int_1', inputs=[T((5, 5), 'ACL_INT32', 'ACL_FORMAT_ND'), T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, False, 0, 0], outputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_int_2', inputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((5, 5), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, False, 0, 0], outputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_int_3', inputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, False, 0, 0], outputs=[T((5, 5), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('case_fp16_not_training', inputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, False, 0, 0], outputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_fp_not_training', inputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, False, 0, 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_fp16_training', inputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, True, 0, 0], outputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_fp_training', inputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, True, 0, 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_8_dim_1', inputs=[T((1, 1, 1, 1, 1, 1, 1, 1, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 1, 1, 1, 1, 1, 1, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, True, 0, 0], outputs=[T((1, 1, 1, 1, 1, 1, 1, 1, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_8_dim_2', inputs=[T((1, 1, 1, 1, 1, 1, 1, 1, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 1, 1, 1, 1, 1, 1, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, False, 0, 0], outputs=[T((1, 1, 1, 1, 1, 1, 1, 1, 1, 1), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_self_not_equal_noise_1', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((5, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, True, 0, 0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_self_not_equal_noise_2', inputs=[T((5, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, True, 0, 0], outputs=[T((5, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_self_not_equal_noise_3', inputs=[T((5, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, False, 0, 0], outputs=[T((5, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_self_not_equal_out', inputs=[T((5, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, True, 0, 0], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_dtype_inconsistent', inputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW'), T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[0.1, 0.5, True, 0, 0], outputs=[T((5, 5), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=161002),
    Case('case_format_inconsistent', inputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW'), T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[0.1, 0.5, True, 0, 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_noise_format_insame', inputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[0.1, 0.5, True, 0, 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_empty_tensor_training', inputs=[T((0, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, True, 0, 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=None),
    Case('case_empty_tensor_not_training', inputs=[T((0, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, False, 0, 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=None),
    Case('case_not_contiguous_1', inputs=[T((5, 10), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (10, 5)), T((5, 10), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (10, 5))],
         attrs=[0.1, 0.5, True, 0, 0], outputs=[T((5, 10), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_not_contiguous_2', inputs=[T((5, 10), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (10, 5)), T((5, 10), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (10, 5))],
         attrs=[0.1, 0.5, False, 0, 0], outputs=[T((5, 10), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('ascend910B2_case_dtype_inconsistent', inputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW'), T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[0.1, 0.5, True, 0, 0], outputs=[T((5, 5), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('ascend950_case_bf16_not_training', inputs=[T((5, 5), 'ACL_BF16', 'ACL_FORMAT_ND'), T((5, 5), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, False, 0, 0], outputs=[T((5, 5), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0, soc='Ascend950'),
    Case('ascend950_case_bf16_training', inputs=[T((5, 5), 'ACL_BF16', 'ACL_FORMAT_ND'), T((5, 5), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[0.1, 0.5, True, 0, 0], outputs=[T((5, 5), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0, soc='Ascend950'),
]
