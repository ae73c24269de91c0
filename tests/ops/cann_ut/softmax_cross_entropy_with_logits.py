"""CANN's op_api unit-test cases of aclnnSoftmaxCrossEntropyWithLogits, as data (statuses
only).

Source: https://github.com/hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921,
activation/softmax_cross_entropy_with_logits/tests/ut/op_api/test_aclnn_softmax_cross_entropy_with_logits.cpp
(2 cases). The SoC is the UT stub's, Ascend910B. Only the status of
aclnnSoftmaxCrossEntropyWithLogitsGetWorkspaceSize is compared.
"""
from cann_ut import Case, T

OP = 'SoftmaxCrossEntropyWithLogits'
SOURCE = ('hicann/ops-nn', 'e5c3fa9327ea95ba26d06227e746923580d10921',
          'activation/softmax_cross_entropy_with_logits/tests/ut/op_api/test_aclnn_softmax_cross_entropy_with_logits.cpp')
CASES = [
    Case('ascend910B_case_dtype_aicore_support',
         inputs=[T((16, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((16, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((16,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((16, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=0),
    Case('ascend910B_case_dtype_aicore_support_1',
         inputs=[T((16,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((16,), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[], outputs=[T((16,), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((16, 4), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         status=161002),
]
