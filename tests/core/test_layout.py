"""The operand layout every op kind shares (_plan.pxi: _broadcast_strides,
_operand_layout, _plan_operands) and the generic row reduction (RowReduceOp, a C row
kernel named by the declaration: src/rows.c).

Overlap: an output that aliases an input exactly runs in place (workspace 0); one that
overlaps it otherwise runs into the workspace and is ViewCopied back, so the result is
the one computed from the inputs' values before the call (numpy float64 reference) --
for row reductions (SoftmaxBackward, any dim) and casts as for elementwise ops."""
import numpy as np
import pytest

import ascendops as ao
from ascendops import _core, aclnn
from ascendops._core import Input, Int, Output


def softmax_backward_ref(g, y, dim):
    g, y = np.asarray(g, np.float64), np.asarray(y, np.float64)
    gy = g * y
    return gy - gy.sum(axis=dim, keepdims=True) * y


def run_two_stage(get_ws, run, *args):
    ws, ex = get_ws(*args)
    workspace = ao.empty((max(ws, 1),), dtype="uint8") if ws else None
    run(workspace, ws, ex, None)
    ao.synchronize()
    return ws


# (storage offset, shape, strides) of `out` over one storage with dy at (0, (4, 5), (5, 1))
OUT_VIEWS = {
    "exact alias": (0, (4, 5), (5, 1)),
    "shifted by one": (1, (4, 5), (5, 1)),
    "transposed onto dy": (0, (4, 5), (1, 4)),
    "shifted by a row": (5, (4, 5), (5, 1)),
}


@pytest.mark.parametrize("dim", [0, 1, -1])
@pytest.mark.parametrize("view", sorted(OUT_VIEWS))
def test_row_reduction_output_overlapping_an_input(view, dim):
    rng = np.random.default_rng(3)
    base = ao.tensor(rng.uniform(-2, 2, 64).astype(np.float32))
    dy = ao.as_strided(base, (4, 5), (5, 1), 0)
    y = ao.tensor(rng.uniform(0, 1, (4, 5)).astype(np.float32))
    want = softmax_backward_ref(dy.numpy().copy(), y.numpy(), dim)
    offset, shape, strides = OUT_VIEWS[view]
    out = ao.as_strided(base, shape, strides, offset)
    ws = run_two_stage(aclnn.softmax_backward_get_workspace_size, aclnn.softmax_backward, dy, y, dim, out)
    assert (ws == 0) == (view == "exact alias"), ws
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("view", sorted(OUT_VIEWS))
def test_cast_output_overlapping_its_input(view):
    rng = np.random.default_rng(4)
    base = ao.tensor(rng.uniform(-100, 100, 64).astype(np.float32))
    x = ao.as_strided(base, (4, 5), (5, 1), 0)
    want = x.numpy().astype(np.float32)     # a copy: the values before the call
    offset, shape, strides = OUT_VIEWS[view]
    out = ao.as_strided(base, shape, strides, offset)
    ws = run_two_stage(aclnn.cast_get_workspace_size, aclnn.cast, x, "float32", out)
    assert (ws == 0) == (view == "exact alias"), ws
    np.testing.assert_array_equal(out.numpy(), want)


@pytest.mark.parametrize("dim", [0, 1, 2, -1])
def test_row_reduction_any_strides_in_memory_order(dim):
    """Row space reordered into the output's memory order and coalesced: a permuted
    output, permuted inputs and a broadcast-strided (expanded) input give the reference."""
    rng = np.random.default_rng(5)
    g = rng.uniform(-2, 2, (5, 6, 7)).astype(np.float32)
    y = rng.uniform(0, 1, (7, 6, 5)).astype(np.float32).transpose(2, 1, 0)   # Fortran order
    row = rng.uniform(0, 1, (1, 6, 7)).astype(np.float32)
    yb = ao.tensor(row).expand(5, 6, 7)                                      # stride 0 on dim 0
    for inputs in ((g, y), (g, yb)):
        out = ao.empty((7, 5, 6)).permute(1, 2, 0)                           # another order again
        ao.softmax_backward(*inputs, dim, out=out)
        ref = softmax_backward_ref(np.asarray(inputs[0]), np.asarray(inputs[1]), dim)
        np.testing.assert_allclose(out.numpy(), ref, rtol=1e-5, atol=1e-6)


def test_a_new_row_op_is_a_declaration():
    """A RowReduceOp naming a row kernel needs no class of its own; a kernel the build
    lacks, or one whose inputs differ from the declaration's, is refused."""
    op = ao.RowReduceOp(name="SoftmaxGradCheck", snake="softmax_grad_check",
                        params=(Input("dy"), Input("y"), Int("dim", -1), Output("out")),
                        dtypes=("float32", "float16"), kernel="softmax_backward")
    assert op.kernel == "softmax_backward" and op.inputs == ("dy", "y")
    rng = np.random.default_rng(6)
    g, y = rng.uniform(-1, 1, (2, 3, 4)).astype(np.float32), rng.uniform(0, 1, (2, 3, 4)).astype(np.float32)
    for dim in (0, 1, 2):
        np.testing.assert_allclose(_core.call(op, (g, y), (dim,)), softmax_backward_ref(g, y, dim),
                                   rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError, match="no row kernel"):
        ao.RowReduceOp(name="X", snake="x", params=(Input("a"), Input("b"), Int("dim", -1), Output("out")),
                       dtypes=("float32",), kernel="no_such_row_kernel")
    with pytest.raises(ValueError, match="takes 2 inputs"):
        ao.RowReduceOp(name="X", snake="x", params=(Input("a"), Int("dim", -1), Output("out")),
                       dtypes=("float32",), kernel="softmax_backward")
