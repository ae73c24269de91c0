"""CANN's op_api unit-test cases of aclnnReflectionPad1d, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/mirror_pad/tests/ut/op_api/test_aclnn_reflection_pad1d.cpp
(15 cases of its 17 TEST_F; not ported, several calls or no expected status: case_3, case_9). The SoC is the UT stub's, Ascend910B, unless the case sets
another (SetPlatformNpuArch(DAV_3510): Ascend950). Only the status of
aclnnReflectionPad1dGetWorkspaceSize is compared.
"""
from cann_ut import Case, T

OP = 'ReflectionPad1d'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'conversion/mirror_pad/tests/ut/op_api/test_aclnn_reflection_pad1d.cpp')
CASES = [
    Case('case_1', inputs=[T((1, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[(2, 2)], outputs=[T((1, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_2', inputs=[T((0, 3, 10), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[(2, 2)], outputs=[T((0, 3, 14), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=0),
    Case('case_4', inputs=[T((1, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[(2, 2)], outputs=[None], status=161001),
    Case('case_5', inputs=[T((1, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[(2,)], outputs=[T((1, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_6', inputs=[T((1, 1, 1, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[(2, 2)], outputs=[T((1, 1, 1, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_7', inputs=[T((1, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[(2, 2)], outputs=[T((1, 1, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_8', inputs=[T((1, 3), 'ACL_FLOAT16', 'ACL_FORMAT_UNDEFINED')],
         attrs=[(2, 2)], outputs=[T((1, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_11', inputs=[T((1, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[(2, 2)], outputs=[T((1, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=161002),
    Case('case_12', inputs=[T((1, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[(2, 2)], outputs=[T((1, 6), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_13', inputs=[T((1, 1, 2), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[(2, 2)], outputs=[T((1, 1, 6), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_14', inputs=[T((1, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[(2, 2)], outputs=[T((1, 3), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_15', inputs=[T((3, 0, 10), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[(2, 2)], outputs=[T((3, 0, 14), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_16', inputs=[T((0, 10), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[(2, 2)], outputs=[T((0, 14), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('case_17', inputs=[T((10, 0), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[(2, 2)], outputs=[T((10, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')], status=161002),
    Case('ascend910B2_case_18', inputs=[T((1, 3), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[(2, 2)], outputs=[T((1, 7), 'ACL_BF16', 'ACL_FORMAT_ND')], status=0),
]
