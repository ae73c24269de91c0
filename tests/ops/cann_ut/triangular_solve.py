"""CANN's op_api unit-test cases of aclnnTriangularSolve, as data (statuses only).

Source: https://github.com/hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214,
math/triangular_solve/tests/ut/op_api/test_aclnn_l2_triangular_solve.cpp
(20 cases; a TEST_F with several OP_API_UT calls gives one case each, named "<test>[i]").
The SoC is the UT stub's, Ascend910B. Values and precisions only matter to the UT's
precision runs: only the status of aclnnTriangularSolveGetWorkspaceSize is compared.
"""
from cann_ut import Case, T

OP = 'TriangularSolve'
SOURCE = ('hicann/ops-math', 'c41933244c31e44fd496e3bb3212164f8c48c214',
          'math/triangular_solve/tests/ut/op_api/test_aclnn_l2_triangular_solve.cpp')


def _t(shape, dtype='ACL_FLOAT'):
    return T(tuple(shape), dtype, 'ACL_FORMAT_ND')


_A, _B = _t((1, 1, 3, 3)), _t((1, 1, 3, 4))
_UPPER = [True, False, False]

CASES = [
    Case('case_normal', inputs=[_B, _A], attrs=_UPPER, outputs=[_B, _A], status=0),
    Case('case_nullptr[0]', inputs=[None, _A], attrs=_UPPER, outputs=[_B, _A], status=561103),
    Case('case_nullptr[1]', inputs=[_B, None], attrs=_UPPER, outputs=[_B, _A], status=561103),
    Case('case_nullptr[2]', inputs=[_B, _A], attrs=_UPPER, outputs=[None, _A], status=561103),
    Case('case_nullptr[3]', inputs=[_B, _A], attrs=_UPPER, outputs=[_B, None], status=0),
] + [
    Case('case_dtype_valid[%d]' % i, inputs=[_t((1, 1, 3, 4), d), _t((1, 1, 3, 3), d)], attrs=_UPPER,
         outputs=[_t((1, 1, 3, 4), d), _t((1, 1, 3, 3), d)], status=161002 if d == 'ACL_FLOAT16' else 0)
    for i, d in enumerate(['ACL_FLOAT', 'ACL_DOUBLE', 'ACL_COMPLEX64', 'ACL_COMPLEX128', 'ACL_FLOAT16'])
] + [
    Case('case_dtype_diff', inputs=[_t((1, 1, 3, 4), 'ACL_DOUBLE'), _A], attrs=_UPPER,
         outputs=[_t((1, 1, 3, 4), 'ACL_DOUBLE'), _A], status=161002),
    Case('case_dim_less_2', inputs=[_t((3,)), _t((3,))], attrs=_UPPER, outputs=[_t((3,)), _t((3,))],
         status=161002),
    Case('case_dim_more_8', inputs=[_t((1,) * 7 + (3, 4)), _t((1,) * 7 + (3, 3))], attrs=_UPPER,
         outputs=[_t((1,) * 7 + (3, 4)), _t((1,) * 7 + (3, 3))], status=161002),
    Case('case_a_square', inputs=[_B, _t((1, 1, 3, 2))], attrs=_UPPER, outputs=[_B, _t((1, 1, 3, 2))],
         status=161002),
    Case('case_matrix_shape', inputs=[_t((1, 1, 2, 4)), _A], attrs=_UPPER, outputs=[_t((1, 1, 2, 4)), _A],
         status=161002),
    Case('case_shape_boardcast_fail', inputs=[_t((1, 3, 2, 2)), _t((1, 2, 2, 2))], attrs=_UPPER,
         outputs=[_t((1, 3, 2, 2)), _t((1, 2, 2, 2))], status=161002),
    Case('case_shape_boardcast_succ', inputs=[_B, _t((3, 3))], attrs=_UPPER, outputs=[_B, _A], status=0),
    Case('case_shape_boardcast_out_fail', inputs=[_B, _t((3, 3))], attrs=_UPPER, outputs=[_B, _t((3, 3))],
         status=161002),
    Case('case_empty', inputs=[_B, _t((1, 0, 3, 3))], attrs=_UPPER, outputs=[_t((1, 0, 3, 4)), _t((1, 0, 3, 3))],
         status=0),
    Case('case_transpose_true', inputs=[_B, _A], attrs=[True, True, False], outputs=[_B, _A], status=0),
    Case('case_unitriangular_true', inputs=[_B, _A], attrs=[True, False, True], outputs=[_B, _A], status=0),
    Case('case_unitriangular_faile', inputs=[_t((1, 1, 3, 4), 'ACL_DOUBLE'), _t((1, 1, 3, 3), 'ACL_DOUBLE')],
         attrs=[True, False, True], outputs=[_t((1, 1, 3, 4), 'ACL_DOUBLE'), _t((1, 1, 3, 3), 'ACL_DOUBLE')],
         status=161002),
]

# CANN's AICPU MatrixTriangularSolve solves COMPLEX64/128; the C kernel computes FLOAT and
# DOUBLE only, and phase 1 refuses the rest (its plan has no kernel for them).
NOT_MODELLED = {
    'case_dtype_valid[2]': (561103, "no COMPLEX64 kernel (src/linalg.c: FLOAT and DOUBLE)"),
    'case_dtype_valid[3]': (561103, "no COMPLEX128 kernel (src/linalg.c: FLOAT and DOUBLE)"),
}
