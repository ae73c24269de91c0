"""CANN's op_api unit-test cases of aclnnGeGluBackward (and the aclnnGeGluV3Backward
calls of the same file), as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/ge_glu_grad_v2/tests/ut/op_host/op_api/test_aclnn_geglu_backward.cpp
(20 TEST_Fs, 21 cases: the V3 TEST_F's loop over activateLeft true/false unrolled into two;
ported by a script from each TEST_F's TensorDesc values, integer attributes,
OP_API_UT(INPUT(...), OUTPUT(...)) and EXPECT_EQ status: None where the UT asserts none,
its status lines commented out). The SoC is the UT stub's, Ascend910B.
"""
from cann_ut import Case, T

OP = 'GeGluBackward'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921',
          'activation/ge_glu_grad_v2/tests/ut/op_host/op_api/test_aclnn_geglu_backward.cpp')
CASES = [
    Case('l2_geglu_backward_normal_FLOAT16_ND_SHAPE1', inputs=[T((2, 920, 128), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 920, 256), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 920, 128), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1, 1], outputs=[T((2, 920, 256), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=None),
    Case('ascend910B2_normal_FLOAT16_ND_SHAPE1[activateLeft=true]', inputs=[T((2, 920, 128), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 920, 256), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 920, 128), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1, 1, True], outputs=[T((2, 920, 256), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0, op='GeGluV3Backward'),
    Case('ascend910B2_normal_FLOAT16_ND_SHAPE1[activateLeft=false]', inputs=[T((2, 920, 128), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 920, 256), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 920, 128), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1, 1, False], outputs=[T((2, 920, 256), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0, op='GeGluV3Backward'),
    Case('l2_geglu_backward_normal_FLOAT16_ND_SHAPE2', inputs=[T((2, 230, 256), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 230, 512), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 230, 256), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1, 1], outputs=[T((2, 230, 512), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=None),
    Case('l2_geglu_backward_normal_FLOAT16_ND_SHAPE3', inputs=[T((2, 50, 512), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 50, 1024), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 50, 512), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1, 1], outputs=[T((2, 50, 1024), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=None),
    Case('l2_geglu_backward_normal_FLOAT16_ND_SHAPE4', inputs=[T((2, 10, 512), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 10, 1024), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 10, 512), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1, 1], outputs=[T((2, 10, 1024), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=None),
    Case('l2_geglu_backward_normal_empty_tensor', inputs=[T((0,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((0,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((0,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1, 1], outputs=[T((0,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('l2_geglu_backward_abnormal_gradOutput_nullptr', inputs=[None, T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1, 1], outputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_geglu_backward_abnormal_self_nullptr', inputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), None, T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1, 1], outputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_geglu_backward_abnormal_gelu_nullptr', inputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), None],
         attrs=[-1, 1], outputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161001),
    Case('l2_geglu_backward_abnormal_gradInput_nullptr', inputs=[T((2,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1, 1], outputs=[None], status=161001),
    Case('l2_geglu_backward_abnormal_INT32', inputs=[T((2,), 'ACL_INT32', 'ACL_FORMAT_ND'), T((2,), 'ACL_INT32', 'ACL_FORMAT_ND'), T((2,), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[-1, 1], outputs=[T((2,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_geglu_backward_abnormal_gradOutput_self_dtype_unequal', inputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2,), 'ACL_INT32', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1, 1], outputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_geglu_backward_abnormal_gradOutput_gelu_dtype_unequal', inputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2,), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[-1, 1], outputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_geglu_backward_abnormal_gradOutput_gradInput_dtype_unequal', inputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1, 1], outputs=[T((2,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_geglu_backward_abnormal_gradOutput_gelu_shape_unequal', inputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((4,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((3,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1, 1], outputs=[T((4,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_geglu_backward_abnormal_self_gradInput_shape_unequal', inputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((4,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1, 1], outputs=[T((5,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_geglu_backward_abnormal_dim_error', inputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((4,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-2, 1], outputs=[T((4,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_geglu_backward_abnormal_gradOutput_self_shape_error', inputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((3,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1, 1], outputs=[T((3,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_geglu_backward_abnormal_CheckAttributeValue', inputs=[T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((4,), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[-1, 2], outputs=[T((4,), 'ACL_INT32', 'ACL_FORMAT_ND')], status=161002),
    Case('l2_geglu_backward_normal_uncontiguous', inputs=[T((2, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2)), T((2, 8), 'ACL_FLOAT16', 'ACL_FORMAT_ND', (1, 2), 0, (8, 2)), T((2, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND', (1, 2), 0, (4, 2))],
         attrs=[-1, 1], outputs=[T((2, 8), 'ACL_FLOAT16', 'ACL_FORMAT_ND', (1, 2), 0, (8, 2))], status=0),
]
