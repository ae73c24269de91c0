"""CANN's op_api unit-test cases of aclnnSeluBackward, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/selu_grad/tests/ut/op_host/op_api/test_aclnn_selubackward.cpp
(9 cases; a TEST_F with several OP_API_UT calls gives one case each, named
"<test>[i]"). The SoC is the UT stub's, Ascend910B. Ported by reading each TEST_F's
TensorDesc/ScalarDesc values, OP_API_UT(INPUT(...), OUTPUT(...)) and EXPECT_EQ status;
value ranges and precisions only matter to CANN's precision runs and are left out;
scalars keep their value (ScalarDesc's dtype is not modelled).
Unrolled by hand at the end: test_selubackward_dataType_error, test_selubackward_format_1, test_selubackward_format_2, test_selubackward_format_3.
"""
from cann_ut import Case, T

OP = 'SeluBackward'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921', 'activation/selu_grad/tests/ut/op_host/op_api/test_aclnn_selubackward.cpp')
CASES = [
    Case('test_selubackward_inconsistent_shape', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 16, 32, 18), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 15), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('test_selubackward_inconsistent_dtype', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 16, 32, 16), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('test_selubackward_empty_input', inputs=[T((0, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((0, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('test_selubackward_nullptr_input', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None],
         attrs=[], outputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161001),
    Case('test_selubackward_nullptr_out', inputs=[T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 16, 32, 16), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[None], status=161001),
    Case('test_selubackward_FP16', inputs=[T((2, 16), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 16), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('test_selubackward_INT32', inputs=[T((2, 16), 'ACL_INT32', 'ACL_FORMAT_ND'), T((2, 16), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16), 'ACL_INT32', 'ACL_FORMAT_ND')], status=0),
    Case('test_selubackward_INT8', inputs=[T((2, 16), 'ACL_INT8', 'ACL_FORMAT_ND'), T((2, 16), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 16), 'ACL_INT8', 'ACL_FORMAT_ND')], status=0),
    Case('test_selubackward_larger_than_8_dim', inputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 16), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((2, 2, 2, 2, 2, 2, 2, 2, 16), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((2, 2, 2, 2, 2, 2, 2, 2, 16), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
]

# The loops of test_selubackward_format_1/2/3 and test_selubackward_dataType_error, unrolled.
_FORMAT_LOOPS = [
    ("test_selubackward_format_1", (2, 16, 32, 16),
     ["ACL_FORMAT_UNDEFINED", "ACL_FORMAT_NCHW", "ACL_FORMAT_NHWC", "ACL_FORMAT_ND", "ACL_FORMAT_NC1HWC0",
      "ACL_FORMAT_FRACTAL_Z", "ACL_FORMAT_NC1HWC0_C04", "ACL_FORMAT_HWCN", "ACL_FORMAT_NDHWC",
      "ACL_FORMAT_FRACTAL_NZ", "ACL_FORMAT_NCDHW", "ACL_FORMAT_NDC1HWC0", "ACL_FRACTAL_Z_3D", "ACL_FORMAT_NC",
      "ACL_FORMAT_NCL"]),
    ("test_selubackward_format_2", (2, 16, 32, 16, 16), ["ACL_FORMAT_NDHWC", "ACL_FORMAT_NCDHW", "ACL_FORMAT_ND"]),
    ("test_selubackward_format_3", (2, 16, 32), ["ACL_FORMAT_ND", "ACL_FORMAT_NCL"]),
]
for _name, _shape, _formats in _FORMAT_LOOPS:
    for _i, _f in enumerate(_formats):
        CASES.append(Case("%s[%d]" % (_name, _i), inputs=[T(_shape, "ACL_FLOAT", _f), T(_shape, "ACL_FLOAT", _f)],
                          attrs=[], outputs=[T(_shape, "ACL_FLOAT", _f)], status=0))
for _i, _d in enumerate(["ACL_DT_UNDEFINED", "ACL_INT16", "ACL_INT64", "ACL_UINT8", "ACL_UINT16", "ACL_UINT32",
                         "ACL_UINT64", "ACL_DOUBLE", "ACL_BOOL", "ACL_STRING", "ACL_COMPLEX64", "ACL_COMPLEX128"]):
    _s = (2, 16, 32, 16)
    CASES.append(Case("test_selubackward_dataType_error[%d]" % _i, inputs=[T(_s, _d, "ACL_FORMAT_ND"),
                      T(_s, _d, "ACL_FORMAT_ND")], attrs=[], outputs=[T(_s, _d, "ACL_FORMAT_ND")], status=161002))
