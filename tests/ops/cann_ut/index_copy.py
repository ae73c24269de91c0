"""CANN's op_api unit-test cases of aclnnInplaceIndexCopy, as data (statuses only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
index/scatter_update/tests/ut/op_api/test_aclnn_inplace_index_copy.cpp
(28 cases; its input_nullptr test's three calls are three cases here). The SoC is the UT
stub's, Ascend910B. Only the status of aclnnInplaceIndexCopyGetWorkspaceSize is compared.
"""
import numpy as np  # noqa: F401

from cann_ut import Case, T

OP = 'InplaceIndexCopy'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921',
          'index/scatter_update/tests/ut/op_api/test_aclnn_inplace_index_copy.cpp')
CASES = [
    Case('aclnnInplaceIndexCopy_base_case_1', inputs=[T((5, 3), 'ACL_INT32', 'ACL_FORMAT_ND'), T((3,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((3, 3), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[], status=0),
    Case('aclnnInplaceIndexCopy_base_case_2', inputs=[T((3, 5), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((3,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((3, 3), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1], outputs=[], status=0),
    Case('aclnnInplaceIndexCopy_1_2_3_4_5_6_7_8_float_nd', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((8,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[7], outputs=[], status=0),
    Case('aclnnInplaceIndexCopy_1_2_3_4_5_6_7_float16_nd', inputs=[T((1, 2, 3, 4, 5, 6, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND'), T((7,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((1, 2, 3, 4, 5, 6, 7), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[6], outputs=[], status=0),
    Case('aclnnInplaceIndexCopy_1_2_3_4_int32_nchw', inputs=[T((1, 2, 3, 4), 'ACL_INT32', 'ACL_FORMAT_NCHW'), T((3,), 'ACL_INT64', 'ACL_FORMAT_NCHW'), T((1, 2, 3, 4), 'ACL_INT32', 'ACL_FORMAT_NCHW')],
         attrs=[2], outputs=[], status=0),
    Case('aclnnInplaceIndexCopy_1_2_3_4_float_hwcn', inputs=[T((1, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_HWCN'), T((3,), 'ACL_INT64', 'ACL_FORMAT_HWCN'), T((1, 2, 3), 'ACL_FLOAT', 'ACL_FORMAT_HWCN')],
         attrs=[2], outputs=[], status=0),
    Case('aclnnInplaceIndexCopy_1_2_3_4_5_float16_ndhwc', inputs=[T((1, 2, 3, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_NDHWC'), T((4,), 'ACL_INT64', 'ACL_FORMAT_NDHWC'), T((1, 2, 3, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_NDHWC')],
         attrs=[3], outputs=[], status=0),
    Case('aclnnInplaceIndexCopy_1_2_3_4_5_double_ncdhw', inputs=[T((1, 2, 3, 4, 5), 'ACL_INT32', 'ACL_FORMAT_NCDHW'), T((5,), 'ACL_INT64', 'ACL_FORMAT_NCDHW'), T((1, 2, 3, 4, 5), 'ACL_INT32', 'ACL_FORMAT_NCDHW')],
         attrs=[4], outputs=[], status=0),
    Case('aclnnInplaceIndexCopy_1_2_3_4_5_6_7_8_int32_nd', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_INT32', 'ACL_FORMAT_ND'), T((8,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((1, 2, 3, 4, 5, 6, 7, 8), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[7], outputs=[], status=0),
    Case('aclnnInplaceIndexCopy_1_2_int64_nd', inputs=[T((1, 2), 'ACL_INT32', 'ACL_FORMAT_ND'), T((2,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((1, 2), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[1], outputs=[], status=0),
    Case('aclnnInplaceIndexCopy_1_2_3_4_5_float16_ndhwc_with_index_int32', inputs=[T((1, 2, 3, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_NDHWC'), T((4,), 'ACL_INT64', 'ACL_FORMAT_NDHWC'), T((1, 2, 3, 4, 5), 'ACL_FLOAT16', 'ACL_FORMAT_NDHWC')],
         attrs=[3], outputs=[], status=0),
    Case('aclnnInplaceIndexCopy_float_nd_empty_tensor', inputs=[T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((0,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[], status=0),
    Case('aclnnInplaceIndexCopy_float32_nd_boundary_value', inputs=[T((1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((1, 2), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1], outputs=[], status=0),
    Case('aclnnInplaceIndexCopy_5_4_float_nd_not_contiguous', inputs=[T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5)), T((5,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((5, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND', (1, 5), 0, (4, 5))],
         attrs=[0], outputs=[], status=0),
    Case('ascend910B2_aclnnInplaceIndexCopy_self_dtype_error', inputs=[T((2, 4), 'ACL_BF16', 'ACL_FORMAT_ND'), T((4,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((2, 4), 'ACL_BF16', 'ACL_FORMAT_ND')],
         attrs=[1], outputs=[], status=0),
    Case('aclnnInplaceIndexCopy_index_dtype_error', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((4,), 'ACL_INT8', 'ACL_FORMAT_ND'), T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[1], outputs=[], status=161002),
    Case('aclnnInplaceIndexCopy_self_and_source_dtype_non_consistent', inputs=[T((2, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((4,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((2, 4), 'ACL_FLOAT16', 'ACL_FORMAT_ND')],
         attrs=[1], outputs=[], status=161002),
    Case('aclnnInplaceIndexCopy_self_shape_out_of_8', inputs=[T((1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((4,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[3], outputs=[], status=161002),
    Case('aclnnInplaceIndexCopy_index_shape_out_of_1', inputs=[T((1, 2, 3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((2, 4), 'ACL_INT64', 'ACL_FORMAT_ND'), T((1, 2, 3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[3], outputs=[], status=161002),
    Case('aclnnInplaceIndexCopy_source_is_scalar_index_must_have_one_element', inputs=[T((1, 2, 3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((4,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((0,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[3], outputs=[], status=161002),
    Case('aclnnInplaceIndexCopy_self_and_source_dimensionality_not_same', inputs=[T((4, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((4,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[], status=161002),
    Case('aclnnInplaceIndexCopy_self_and_source_slice_shape_not_same', inputs=[T((4, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((4,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((4, 3, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[], status=161002),
    Case('aclnnInplaceIndexCopy_index_element_num_not_equal_to_source_size_in_the_dim', inputs=[T((4, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((3,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((4, 4, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[], status=161002),
    Case('aclnnInplaceIndexCopy__self_0_dim_tensor_aicore', inputs=[T((), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[], status=0),
    Case('aclnnInplaceIndexCopy__self_0_dim_tensor_aicpu', inputs=[T((), 'ACL_INT32', 'ACL_FORMAT_ND'), T((1,), 'ACL_INT64', 'ACL_FORMAT_ND'), T((), 'ACL_INT32', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[], status=0),

    Case('aclnnInplaceIndexCopy_input_nullptr_self', inputs=[None, T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[], status=161001),
    Case('aclnnInplaceIndexCopy_input_nullptr_index', inputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None, T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[0], outputs=[], status=161001),
    Case('aclnnInplaceIndexCopy_input_nullptr_source', inputs=[T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((10,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), None],
         attrs=[0], outputs=[], status=161001),
]
