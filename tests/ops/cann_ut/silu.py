"""CANN's op_api unit-test cases of aclnnSilu, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/swish/tests/ut/op_api/test_aclnn_silu.cpp
(53 cases; a TEST_F with a loop or several OP_API_UT calls gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B (tests/ut/op_api/stub/opdev/platform.cpp
in hicann/ops-nn; no case sets another). Value ranges, values and precisions of the
UT's TensorDesc only matter to its precision runs, so they are left out: only the status
of aclnnSiluGetWorkspaceSize is compared.
"""
from cann_ut import Case, T

OP = 'Silu'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/swish/tests/ut/op_api/test_aclnn_silu.cpp')
CASES = [
    Case('test_silu_dataType_error[0]', inputs=[T((2, 16, 32, 16), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_DT_UNDEFINED', 'ACL_FORMAT_ND')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('test_silu_dataType_error[1]', inputs=[T((2, 16, 32, 16), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_INT8', 'ACL_FORMAT_ND')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('test_silu_dataType_error[2]', inputs=[T((2, 16, 32, 16), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_INT16', 'ACL_FORMAT_ND')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('test_silu_dataType_error[3]', inputs=[T((2, 16, 32, 16), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_INT32', 'ACL_FORMAT_ND')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('test_silu_dataType_error[4]', inputs=[T((2, 16, 32, 16), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_INT64', 'ACL_FORMAT_ND')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('test_silu_dataType_error[5]', inputs=[T((2, 16, 32, 16), 'ACL_UINT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_UINT8', 'ACL_FORMAT_ND')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('test_silu_dataType_error[6]', inputs=[T((2, 16, 32, 16), 'ACL_UINT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_UINT16', 'ACL_FORMAT_ND')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('test_silu_dataType_error[7]', inputs=[T((2, 16, 32, 16), 'ACL_UINT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_UINT32', 'ACL_FORMAT_ND')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('test_silu_dataType_error[8]', inputs=[T((2, 16, 32, 16), 'ACL_UINT64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_UINT64', 'ACL_FORMAT_ND')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('test_silu_dataType_error[9]', inputs=[T((2, 16, 32, 16), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_DOUBLE', 'ACL_FORMAT_ND')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('test_silu_dataType_error[10]', inputs=[T((2, 16, 32, 16), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_BOOL', 'ACL_FORMAT_ND')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('test_silu_dataType_error[11]', inputs=[T((2, 16, 32, 16), 'ACL_STRING', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_STRING', 'ACL_FORMAT_ND')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('test_silu_dataType_error[12]', inputs=[T((2, 16, 32, 16), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('test_silu_dataType_error[13]', inputs=[T((2, 16, 32, 16), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('test_silu_dataType_error[14]', inputs=[T((2, 16, 32, 16), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_BF16', 'ACL_FORMAT_ND')], status=None),  # the UT asserts no status (any aclnn status, no crash)
    Case('test_silu_format[0]', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_UNDEFINED')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_UNDEFINED')], status=0),
    Case('test_silu_format[1]', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')], status=0),
    Case('test_silu_format[2]', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NHWC')], status=0),
    Case('test_silu_format[3]', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_format[4]', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0')], status=0),
    Case('test_silu_format[5]', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_FRACTAL_Z')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_FRACTAL_Z')], status=0),
    Case('test_silu_format[6]', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0_C04')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NC1HWC0_C04')], status=0),
    Case('test_silu_format[7]', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')], status=0),
    Case('test_silu_format[8]', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')], status=0),
    Case('test_silu_format[9]', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_FRACTAL_NZ')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_FRACTAL_NZ')], status=0),
    Case('test_silu_format[10]', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')], status=0),
    Case('test_silu_format[11]', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NDC1HWC0')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NDC1HWC0')], status=0),
    Case('test_silu_format[12]', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FRACTAL_Z_3D')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FRACTAL_Z_3D')], status=0),
    Case('test_silu_format[13]', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NC')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NC')], status=0),
    Case('test_silu_format[14]', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCL')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_NCL')], status=0),
    Case('test_silu_inconsistent_shape', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 18), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('test_silu_inconsistent_dtype', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('test_silu_empty_input', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_nullptr_input', inputs=[None],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('test_silu_nullptr_out', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('test_silu_FP32', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_FP16', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_uncontiguous', inputs=[T((2, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND', strides=(1, 2), offset=0, storage=(16, 2))],
         attrs=[], outputs=[T((2, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND', strides=(1, 2), offset=0, storage=(16, 2))], status=0),
    Case('test_silu_shape_larger_8[0]', inputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_shape_larger_8[1]', inputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_shape_larger_8[2]', inputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_shape_larger_8[3]', inputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_shape_larger_8[4]', inputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_shape_larger_8[5]', inputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_shape_larger_8[6]', inputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_shape_larger_8[7]', inputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_shape_larger_8[8]', inputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_shape_larger_8[9]', inputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_shape_larger_8[10]', inputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_shape_larger_8[11]', inputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_shape_larger_8[12]', inputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_shape_larger_8[13]', inputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_silu_shape_larger_8[14]', inputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((1, 1, 1, 1, 2, 1, 1, 1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
]
