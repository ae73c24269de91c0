"""CANN's op_api unit-test cases of aclnnLeakyRelu, aclnnInplaceLeakyRelu, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/leaky_relu/tests/ut/op_api/test_aclnn_leaky_relu.cpp
(37 cases; a TEST_F with several OP_API_UT calls (or a loop) gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (a SoC-conditional EXPECT takes its
Ascend910B branch; a test named after another SoC still runs on the stub's). Ported by
reading each TEST_F's TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...))
and EXPECT_EQ status (None where the UT asserts none); loops over dtype/format lists
unrolled. Value ranges and precisions only matter to CANN's precision runs and are left
out; scalars keep their value (ScalarDesc's dtype is not modelled; static_cast<int64_t>
keeps an int).
"""

from cann_ut import Case, T

OP = 'LeakyRelu'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/leaky_relu/tests/ut/op_api/test_aclnn_leaky_relu.cpp')
CASES = [
    Case('case_null_tensor', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.01], outputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_nullptr[0]', inputs=[None],
         attrs=[0.01], outputs=[T((1,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_nullptr[1]', inputs=[T((1,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[None], outputs=[T((1,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('case_nullptr[2]', inputs=[T((1,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.01], outputs=[None], status=161001),
    Case('case_dim1_Float_ND', inputs=[T((4,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.01], outputs=[T((4,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_dim2_Float16_NCHW', inputs=[T((2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')],
         attrs=[0.01], outputs=[T((2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_dim3_Double_NHWC', inputs=[T((2, 2, 2), 'ACL_DOUBLE', 'ACL_FORMAT_NHWC')],
         attrs=[0.01], outputs=[T((2, 2, 2), 'ACL_DOUBLE', 'ACL_FORMAT_NHWC')], status=0),
    Case('case_error_dtype', inputs=[T((2, 2, 2), 'ACL_UINT32', 'ACL_FORMAT_ND')],
         attrs=[1], outputs=[T((2, 2, 2), 'ACL_UINT32', 'ACL_FORMAT_ND')], status=161002),
    Case('case_error_shape', inputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.01], outputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_dim4_Double_HWCN', inputs=[T((2, 2, 2, 2), 'ACL_DOUBLE', 'ACL_FORMAT_HWCN')],
         attrs=[0.01], outputs=[T((2, 2, 2, 2), 'ACL_DOUBLE', 'ACL_FORMAT_HWCN')], status=0),
    Case('case_dim5_Float_NDHWC', inputs=[T((2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')],
         attrs=[0.01], outputs=[T((2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')], status=0),
    Case('case_dim5_Float_NCDHW', inputs=[T((2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')],
         attrs=[0.01], outputs=[T((2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')], status=0),
    Case('case_dim5_Float16_NC1HWC0', inputs=[T((2, 2, 2, 2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_NC1HWC0')],
         attrs=[0.01], outputs=[T((2, 2, 2, 2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_NC1HWC0')], status=0),
    Case('case_dim8_Float16_ND', inputs=[T((2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[0.01], outputs=[T((2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_dim6_Float_ND', inputs=[T((2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.1], outputs=[T((2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_dim7_range', inputs=[T((2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.5], outputs=[T((2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_not_contiguous', inputs=[T((3, 5, 6), 'ACL_FLOAT', 'ACL_FORMAT_ND', (30, 1, 5), 0, (3, 6, 5))],
         attrs=[0.1], outputs=[T((3, 5, 6), 'ACL_FLOAT', 'ACL_FORMAT_ND', (30, 1, 5), 0, (3, 6, 5))], status=0),
    Case('inplace_case_null_tensor', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.01], outputs=[], status=0, op='InplaceLeakyRelu'),
    Case('inplace_case_nullptr[0]', inputs=[None],
         attrs=[0.01], outputs=[], status=161001, op='InplaceLeakyRelu'),
    Case('inplace_case_nullptr[1]', inputs=[T((1,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[None], outputs=[], status=161001, op='InplaceLeakyRelu'),
    Case('inplace_case_dim1_Float_ND', inputs=[T((4,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.01], outputs=[], status=0, op='InplaceLeakyRelu'),
    Case('inplace_case_dim2_Float16_ND', inputs=[T((2, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[0.01], outputs=[], status=0, op='InplaceLeakyRelu'),
    Case('inplace_case_dim3_Double_ND', inputs=[T((2, 2, 2), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[0.01], outputs=[], status=0, op='InplaceLeakyRelu'),
    Case('inplace_case_error_dtype', inputs=[T((2, 2, 2), 'ACL_UINT32', 'ACL_FORMAT_ND')],
         attrs=[1], outputs=[], status=161002, op='InplaceLeakyRelu'),
    Case('inplace_case_error_shape', inputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.01], outputs=[], status=161002, op='InplaceLeakyRelu'),
    Case('inplace_case_not_contiguous', inputs=[T((3, 5, 6), 'ACL_FLOAT', 'ACL_FORMAT_ND', (30, 1, 5), 0, (3, 6, 5))],
         attrs=[0.1], outputs=[], status=0, op='InplaceLeakyRelu'),
    Case('ascend910B2_case_dim2_BFloat16_NCHW', inputs=[T((2, 2), 'ACL_BF16', 'ACL_FORMAT_NCHW')],
         attrs=[0.01], outputs=[T((2, 2), 'ACL_BF16', 'ACL_FORMAT_NCHW')], status=0),
    Case('case_large_shape', inputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.01], outputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_negative_slope', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[-0.1], outputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_scalar_input', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.01], outputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_different_negative_slope', inputs=[T((2, 3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.5], outputs=[T((2, 3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('case_1d_large', inputs=[T((2048,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[0.01], outputs=[T((2048,), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_specific_values', inputs=[T((8,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.1], outputs=[T((8,), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('inplace_case_large_shape', inputs=[T((1024, 1024), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.01], outputs=[], status=0, op='InplaceLeakyRelu'),
    Case('inplace_case_negative_slope', inputs=[T((2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[-0.1], outputs=[], status=0, op='InplaceLeakyRelu'),
    Case('inplace_case_scalar', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0.01], outputs=[], status=0, op='InplaceLeakyRelu'),
    Case('inplace_case_bf16', inputs=[T((2, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[0.01], outputs=[], status=0, op='InplaceLeakyRelu'),
]
