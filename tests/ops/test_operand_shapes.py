"""OpDef.operand_shapes: the one place outside phase 1 that knows a split operand's
shape (Input/Output(split="dim"), the gated units). Its shapes must be the ones phase 1
accepts and the numpy-like call allocates, for every registered op."""
import numpy as np
import pytest

import ascendops as ao


def _ops():
    return [op for op in ao.registered_ops().values() if not isinstance(op, ao.CastOp)]


def _split_ops():
    return [op for op in _ops() if any(getattr(p, "split", None) for p in op.params)]


def test_there_are_split_ops():
    assert {"glu", "glu_backward", "swi_glu"} <= {op.snake for op in _split_ops()}


@pytest.mark.parametrize("op", _split_ops(), ids=lambda op: op.snake)
@pytest.mark.parametrize("dim", [-1, 0, 1])
def test_split_shapes_are_what_phase_1_accepts(op, dim):
    attrs = list(op.attr_defaults)
    if "dim" in op.attrs:
        attrs[op.attrs.index("dim")] = dim
    elif dim != -1:
        pytest.skip("%s splits along a fixed dim, -1 (Input(split=-1))" % op.snake)
    attrs = tuple(attrs)
    ins, outs = op.operand_shapes((3, 4), attrs)
    want = {0: (6, 4), 1: (3, 8), -1: (3, 8)}[dim]
    for p, s in zip(op.input_params, ins):
        # a single-element input (FatreluMul's threshold) is 0-d; a row-limit input
        # (ClippedSwiglu's groupIndex, INT64) 1-d of one element
        assert s == (() if getattr(p, "single", False) else (1,) if getattr(p, "limits_rows", False)
                     else want if p.split else (3, 4)), (p.name, s)
    arrays = [np.full(s, 100, np.int64) if getattr(p, "limits_rows", False)
              else np.linspace(-1, 1, int(np.prod(s)), dtype=np.float32).reshape(s)
              for p, s in zip(op.input_params, ins)]
    got = getattr(ao, op.snake)(*arrays, *attrs)
    got = got if isinstance(got, tuple) else (got,)
    assert tuple(np.shape(g) for g in got) == outs
    # the two-stage API accepts exactly these shapes (phase 1's own check)
    args = iter([ao.tensor(a) for a in arrays] + [ao.empty(s, "float32") for s in outs])
    rest = iter(attrs)
    call = [next(args) if p.tensor else next(rest) for p in op.params]
    getattr(ao.aclnn, op.snake + "_get_workspace_size")(*call)


@pytest.mark.parametrize("op", _split_ops(), ids=lambda op: op.snake)
def test_whole_is_the_inverse(op):
    attrs = tuple(op.attr_defaults)
    ins, outs = op.operand_shapes((5, 6), attrs)
    split = next(s for s in ins + outs if s != (5, 6))
    assert op.operand_shapes(split, attrs, whole=True) == (ins, outs)
    with pytest.raises(ValueError, match="odd"):
        op.operand_shapes((5, 7), attrs, whole=True)


def test_split_dim_out_of_range_or_0d_leaves_shapes():
    glu = ao.registered_ops()["glu"]
    assert glu.operand_shapes((2, 3), (5,)) == (((2, 3),), ((2, 3),))
    assert glu.operand_shapes((), (-1,)) == (((),), ((),))


@pytest.mark.parametrize("snake", ["silu_backward", "softmax", "cast", "inplace_elu"])
def test_unsplit_ops_have_one_shape(snake):
    op = ao.registered_ops()[snake]
    ins, outs = op.operand_shapes([4, 2], tuple(op.attr_defaults))
    assert ins == ((4, 2),) * len(op.inputs) and outs == ((4, 2),) * len(op.outputs)


@pytest.mark.parametrize("snake, want_ins, want_outs", [
    ("prelu", ((3, 4), (4,)), ((3, 4),)),                                   # Input(along=1)
    ("prelu_backward", ((3, 4), (3, 4), (4,)), ((3, 4), (4,))),             # Output(along=1)
    ("softmax_cross_entropy_with_logits", ((3, 4), (3, 4)), ((3,), (3, 4))),  # Output(reduced=True)
    ("fatrelu_mul", ((3, 8), ()), ((3, 4),)),                               # Input(single=True)
])
def test_other_shaped_operands_are_what_phase_1_accepts(snake, want_ins, want_outs):
    """The per-channel, per-row and single-element operands: operand_shapes gives the
    shapes phase 1 accepts and the numpy-like call allocates."""
    op = ao.registered_ops()[snake]
    attrs = tuple(op.attr_defaults)
    ins, outs = op.operand_shapes((3, 4), attrs)
    assert (ins, outs) == (want_ins, want_outs)
    arrays = [np.linspace(0.1, 1, int(np.prod(s)), dtype=np.float32).reshape(s) for s in ins]
    got = getattr(ao, snake)(*arrays, *attrs)
    got = got if isinstance(got, tuple) else (got,)
    assert tuple(np.shape(g) for g in got) == outs
    args = iter([ao.tensor(a) for a in arrays] + [ao.empty(s, "float32") for s in outs])
    rest = iter(attrs)
    getattr(ao.aclnn, snake + "_get_workspace_size")(*[next(args) if p.tensor else next(rest) for p in op.params])
