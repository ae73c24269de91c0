"""CANN's op_api unit test of aclnnRotaryPositionEmbedding (one TEST_F, ported by hand).

Source: https://github.com/hicann/ops-transformer, commit c29bc1069d3252c641e2aa059ec88f392d3f05ac,
posembedding/rotary_position_embedding/tests/ut/op_host/op_api/test_aclnn_rotary_position_embedding.cpp.
The UT asserts no status (it calls TestGetWorkspaceSize and ignores aclRet). The SoC: Ascend910B.
"""
from cann_ut import Case, T

OP = 'RotaryPositionEmbedding'
SOURCE = ('hicann/ops-transformer', 'c29bc1069d3252c641e2aa059ec88f392d3f05ac',
          'posembedding/rotary_position_embedding/tests/ut/op_host/op_api/test_aclnn_rotary_position_embedding.cpp')
CASES = [
    Case('Ascend910B2_rotary_position_embedding_fp32',
         inputs=[T((8, 1, 1, 64), 'ACL_FLOAT', 'ACL_FORMAT_ND'), T((1, 1, 1, 64), 'ACL_FLOAT', 'ACL_FORMAT_ND'),
                 T((1, 1, 1, 64), 'ACL_FLOAT', 'ACL_FORMAT_ND')],
         attrs=[2], outputs=[T((8, 1, 1, 64), 'ACL_FLOAT', 'ACL_FORMAT_ND')], status=None),
]
