"""CANN's op_api unit-test cases of aclnnInplaceFillScalar, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/fill/tests/ut/op_api/test_aclnn_fill_scalar.cpp
(34 cases). The SoC is the UT stub's, Ascend910B (tests/ut/op_api/stub/opdev/platform.cpp).
Only the status of aclnnInplaceFillScalarGetWorkspaceSize is compared.
"""
import numpy as np  # noqa: F401

from cann_ut import Case, T

OP = 'InplaceFillScalar'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'conversion/fill/tests/ut/op_api/test_aclnn_fill_scalar.cpp')
CASES = [
    Case('case_001_FLOAT', inputs=[T((8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_002_FLOAT16', inputs=[T((8, 9), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_003_INT32', inputs=[T((8, 9), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_004_INT64', inputs=[T((8, 9), 'ACL_INT64', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_005_INT16', inputs=[T((8, 9), 'ACL_INT16', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_006_INT8', inputs=[T((8, 9), 'ACL_INT8', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_007_UINT8', inputs=[T((8, 9), 'ACL_UINT8', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_008_BOOL', inputs=[T((8, 9), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[int(1)], outputs=[], status=0),
    Case('case_009_DOUBLE', inputs=[T((8, 9), 'ACL_DOUBLE', 'ACL_FORMAT_ND')],
         attrs=[np.float64(8.88888)], outputs=[], status=0),
    Case('case_010_COMPLEX64', inputs=[T((8, 9), 'ACL_COMPLEX64', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_011_COMPLEX128', inputs=[T((8, 9), 'ACL_COMPLEX128', 'ACL_FORMAT_ND')],
         attrs=[np.float64(8.88888)], outputs=[], status=0),
    Case('case_012_NHWC', inputs=[T((8, 9), 'ACL_INT32', 'ACL_FORMAT_NHWC')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_013_NCHW', inputs=[T((8, 9), 'ACL_FLOAT', 'ACL_FORMAT_NCHW')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_014_HWCN', inputs=[T((8, 9), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_015_NDHWC', inputs=[T((8, 9), 'ACL_FLOAT', 'ACL_FORMAT_NDHWC')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_016_NCDHW', inputs=[T((8, 9), 'ACL_FLOAT', 'ACL_FORMAT_NCDHW')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_017_NC1HWC0', inputs=[T((8, 9), 'ACL_INT32', 'ACL_FORMAT_NC1HWC0')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_018_EMPTY', inputs=[T((2, 0, 3), 'ACL_INT32', 'ACL_FORMAT_NHWC')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_019_CONTINUOUS', inputs=[T((5, 4), 'ACL_INT8', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_020_MAX_DIM', inputs=[T((2, 3, 2, 3, 2, 2, 2, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=161002),
    Case('case_021_DIM_0', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_022_DIM_1', inputs=[T((100,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_023_DIM_3', inputs=[T((2, 3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_024_DIM_4', inputs=[T((2, 3, 4, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_025_DIM_5', inputs=[T((2, 3, 4, 5, 6), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_026_DIM_6', inputs=[T((2, 3, 4, 5, 6, 7), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_027_DIM_7', inputs=[T((2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_028_DIM_8', inputs=[T((2, 3, 4, 5, 6, 7, 8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=0),
    Case('case_029_SCALAR_INT', inputs=[T((8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[int(8)], outputs=[], status=0),
    Case('case_030_SCALAR_DOUBLE', inputs=[T((8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[np.float64(8.88888)], outputs=[], status=0),
    Case('case_031_SCALAR_BOOL', inputs=[T((8, 9), 'ACL_BOOL', 'ACL_FORMAT_ND')],
         attrs=[True], outputs=[], status=0),
    Case('case_032_NOT_SUPPORT_DTYPE', inputs=[T((8, 9), 'ACL_UINT32', 'ACL_FORMAT_ND')],
         attrs=[np.float32(8.88888)], outputs=[], status=161002),
    Case('case_033_SELF_NULLPTR', inputs=[None],
         attrs=[np.float32(8.88888)], outputs=[], status=161001),
    Case('case_034_VALUE_NULLPTR', inputs=[T((8, 9), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[None], outputs=[], status=161001),
]

NOT_MODELLED = {
    'case_010_COMPLEX64': (161002, "the Cast kernel (src/cast.c), which CopyOp runs, has no complex path"),
    'case_011_COMPLEX128': (161002, "the Cast kernel (src/cast.c), which CopyOp runs, has no complex path"),
}
