"""The numpy-like functions (ascendops.<op>) keep numpy's and torch's habits, for every
registered op: arguments bind by keyword as the signature shows, Python
scalars and lists follow numpy 2's NEP 50 with torch's default dtype, the result has
the caller's type (numpy, torch, or `out` itself), every function documents itself from
its declaration, and a dtype refusal keeps CANN's message and adds a hint."""
import doctest
import gc
import inspect
import itertools
import os
import pydoc
import subprocess
import sys

import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn
from ascendops.ops import REQUIRED
from ao_test_helpers import by_kind

# The out-of-place ops (aclnnInplace<Name> variants: tests/ops/test_activation_fwd.py).
# (an op without a tensor input, a generator such as Arange: tests/ops/test_arange.py; an op
# of index operands, info "indexed", a gather or scatter: tests/ops/test_index.py; a rotary
# embedding, whose 4-d operands are no generic row: tests/ops/test_rope.py; an op of
# tensor-list attributes beside its inputs, attention: tests/ops/test_attention.py; a
# weight-quantised product, whose weight and scales are no generic array:
# tests/ops/test_weight_quant_batch_matmul.py)
OPS = dict(sorted((n, op) for n, op in ao.registered_ops().items()
                  if not isinstance(op, ao._core.InplaceOp) and op.inputs
                  and not (op.info or {}).get("indexed") and not isinstance(op, ao.ops.RotaryOp)
                  and not isinstance(op, ao.ops.QuantMatmulOp) and not op.list_attrs))
NAMES = list(OPS)
F32 = ao.as_dtype("float32")


def _info(op):
    return op.info if isinstance(op.info, dict) else {}


def sample(op, k, dtype="float32", shape=None, seed=0, attrs=None):
    """A C-ordered array of `dtype` in the op's input domain for input k (shape: the
    op's info "sample_shape", else (2, 3))."""
    if shape is None:
        shape = _info(op).get("sample_shape", (2, 3))
    if getattr(op.input_params[k], "limits_rows", False):
        # a row-limit input (INT64, 1-d): a sum past every row
        return np.full((1,), 1 << 20, np.int64)
    dom = _info(op).get("domain", (-3.0, 3.0))
    lo, hi = dom[k] if isinstance(dom, list) else dom
    rng = np.random.default_rng(seed + k)
    # a split input (Input(split=...): the gated ops) is twice as long along the op's
    # default split dim, a norm's weight spans its normalized dims: the op's
    # operand_shapes for the iteration `shape` (required attributes: the declared values)
    shape = op.operand_shapes(shape, op_attrs(op) if attrs is None else tuple(attrs))[0][k]
    return rng.uniform(lo, hi, size=shape).astype(ao.as_dtype(dtype).numpy)


def declared_attrs(op):
    """One case of the op's attribute values (CANN's order) from its declaration: info's
    example_attrs, else the first of its attrs cases (a callable: of the sample's rank);
    None where it declares neither."""
    info = _info(op)
    if "example_attrs" in info:
        return tuple(info["example_attrs"])
    cases = info.get("attrs")
    if callable(cases):
        cases = cases(2)
    return tuple(cases[0]) if cases else None


def _required_value(op, i):
    case = declared_attrs(op)
    assert case is not None, ("%s: attribute %s is required: declare a value to call with "
                              "(info's example_attrs or attrs)" % (op.name, op.attr_params[i].name))
    return case[i]


def example_attrs(op):
    """Attribute values of the public function to call with: its signature's defaults
    (gelu_backward's approximate, which the V1 op lacks, too); a required attribute
    (REQUIRED: Cast's dtype) takes the declaration's value (declared_attrs)."""
    params = list(inspect.signature(public(op.snake)).parameters.values())[len(op.inputs):]
    index = {p.py: i for i, p in enumerate(op.attr_params)}
    return tuple(_required_value(op, index[p.name]) if p.default is REQUIRED else p.default
                 for p in params if p.name != "out")


def cann_order(op, inputs, attrs, outputs):
    """The two-stage API's arguments: the inputs, attributes and outputs placed in the
    op's parameter order (CANN's: attributes may sit between tensors, as in EluBackward)."""
    it = {"input": iter(inputs), "output": iter(outputs)}
    rest = iter(attrs)
    return [next(it[p.kind]) if p.kind in it else next(rest) for p in op.params]


def op_attrs(op):
    """Attribute values for the op itself (the two-stage API): its defaults; a required
    attribute takes the declaration's value (declared_attrs)."""
    return tuple(_required_value(op, i) if d is REQUIRED else d for i, d in enumerate(op.attr_defaults))


def broadcasts(op):
    return getattr(op, "broadcast", "never") != "never"


def inputs(op, dtype="float32", shape=None):
    return [sample(op, k, dtype, shape) for k in range(len(op.inputs))]


def public(name):
    return getattr(ao, name)


def reference_result(op, ins, attrs):
    """The positional call, the behaviour every other spelling must reproduce (several
    outputs: a tuple of arrays)."""
    got = public(op.snake)(*ins, *attrs)
    return tuple(np.asarray(g) for g in got) if len(op.outputs) > 1 else np.asarray(got)


def results(op, got):
    """A call's result as a tuple (one entry per output)."""
    return tuple(got) if len(op.outputs) > 1 else (got,)


def as_numpy(op, got):
    """A torch/Tensor result (or tuple of them) as numpy, shaped like the call's result."""
    arrays = tuple(np.asarray(r.numpy()) for r in results(op, got))
    return arrays if len(op.outputs) > 1 else arrays[0]


def assert_results_equal(op, got, expected, err_msg=""):
    for j, (g, e) in enumerate(zip(results(op, got), results(op, expected))):
        if j in op.unwritten_outputs:
            continue    # never written by the kernel: holds what the caller gave
        np.testing.assert_array_equal(np.asarray(g), e, err_msg=err_msg)


def empty_outs(op, expected, make=np.empty_like):
    """Outputs like `expected` for out= (a tuple for several outputs)."""
    outs = tuple(make(e) for e in results(op, expected))
    return outs if len(op.outputs) > 1 else outs[0]


# -- 6. keyword arguments ---------------------------------------------------------------
def keyword_orders(names, most=24):
    """Orders of `names` to pass as keywords: every permutation of up to 4 names, else
    the given order, its reverse, each rotation and seeded shuffles (Convolution's
    ten parameters have 3.6 million)."""
    if len(names) <= 4:
        return list(itertools.permutations(names))
    orders = [tuple(names), tuple(reversed(names))]
    orders += [tuple(names[k:] + names[:k]) for k in range(1, len(names))]
    rng = np.random.default_rng(len(names))
    while len(orders) < most:
        orders.append(tuple(str(n) for n in rng.permutation(names)))
    return orders


@pytest.mark.parametrize("name", NAMES)
def test_every_signature_name_binds_as_a_keyword(name):
    op, f = OPS[name], public(name)
    ins, attrs = inputs(op), example_attrs(op)
    expected = reference_result(op, ins, attrs)
    names = [p for p in inspect.signature(f).parameters if p != "out"]
    values = dict(zip(names, list(ins) + list(attrs)))
    assert list(values) == names, "the signature names every input and attribute"
    # every split into a positional prefix and keywords, keywords in several orders
    for npos in range(len(names) + 1):
        pos = [values[n] for n in names[:npos]]
        for order in keyword_orders(names[npos:]):
            got = f(*pos, **{n: values[n] for n in order})
            assert_results_equal(op, got, expected, err_msg="%s %d positional %r" % (name, npos, order))
    out = empty_outs(op, expected)
    assert f(**values, out=out) is out
    assert_results_equal(op, out, expected)


@pytest.mark.parametrize("name", NAMES)
def test_bad_bindings_raise_typeerror_as_python_does(name):
    """inspect.Signature.bind is the reference: whatever it refuses, the call refuses with
    a TypeError of the same kind; whatever it accepts, the call accepts."""
    op, f = OPS[name], public(name)
    sig = inspect.signature(f)
    ins, attrs = inputs(op), example_attrs(op)
    params = [p for p in sig.parameters if p != "out"]
    values = list(ins) + list(attrs)
    first = params[0]
    cases = [
        ((values[0],), {first: values[0]}, "multiple values for argument %r" % first),
        (tuple(values), {"bogus": 1}, "unexpected keyword argument 'bogus'"),
        (tuple(values) + (values[0], values[0]), {}, "positional"),
        ((), {}, "missing"),
        ((), {p: v for p, v in zip(params[1:], values[1:])}, "missing"),
    ]
    for args, kwargs, message in cases:
        with pytest.raises(TypeError):
            sig.bind(*args, **kwargs)
        with pytest.raises(TypeError, match=message):
            f(*args, **kwargs)


def test_silu_backward_keywords_from_the_issue():
    dy = np.array([1.0, 2.0, 3.0], np.float32)
    x = np.array([-1.0, 0.5, 2.0], np.float32)
    np.testing.assert_array_equal(ao.silu_backward(grad_output=dy, x=x), ao.silu_backward(dy, x))
    np.testing.assert_array_equal(ao.silu_backward(x=x, grad_output=dy), ao.silu_backward(dy, x))


def test_cast_dtype_is_required():
    sig = inspect.signature(ao.cast)
    assert sig.parameters["dtype"].default is inspect.Parameter.empty
    assert str(sig) == "(x, dtype, *, out=None)"
    x = np.arange(3, dtype=np.float32)
    with pytest.raises(TypeError, match="missing 1 required argument: 'dtype'"):
        ao.cast(x)
    with pytest.raises(TypeError, match="missing"):
        sig.bind(x)
    # an explicit None is CANN's null attribute (aclnn-facts: 161001), not a missing argument
    with pytest.raises(ao.AclnnNullptrError):
        ao.cast(x, None)
    assert ao.cast(x, dtype="int8").dtype == np.int8


# -- 7. Python scalars and lists ----------------------------------------------------------
BINARY = [n for n in NAMES if len(OPS[n].inputs) >= 2]


@pytest.mark.parametrize("name", BINARY)
@pytest.mark.parametrize("dtype", ["float16", "float32", "bfloat16"])
@pytest.mark.parametrize("scalar", [0.5, 1, -3])
def test_python_scalar_takes_the_array_dtype(name, dtype, scalar):
    """NEP 50: a Python bool/int/float beside an array is weak and takes its dtype; the
    result equals the call with an array full of that value in that dtype."""
    op, f = OPS[name], public(name)
    if ao.as_dtype(dtype) not in op.dtypes:
        pytest.skip("dtype not supported")
    if op.min_rank > 0:
        pytest.skip("a scalar is 0-d, below the op's minimum rank (161002, as on CANN)")
    attrs = example_attrs(op)
    # a scalar is 0-d: beside (2, 3) arrays where the op broadcasts, else beside 0-d ones
    arrays = inputs(op, dtype, (2, 3) if broadcasts(op) else ())
    for k in range(len(op.inputs)):
        args = list(arrays)
        args[k] = scalar
        full = list(arrays)
        full[k] = np.full_like(arrays[k], scalar)
        # several outputs (PreluBackward): each result
        for got, expected in zip(results(op, f(*args, *attrs)), results(op, f(*full, *attrs))):
            assert isinstance(got, np.ndarray) and got.dtype == np.dtype(ao.as_dtype(dtype).numpy)
            if dtype != "bfloat16":     # numpy's own NEP 50 promotion (ml_dtypes' bfloat16 has none)
                assert got.dtype == np.result_type(arrays[1 - k] if len(arrays) == 2 else arrays[0], scalar)
            # the same bits (NaNs included: ml_dtypes before 0.7 has no isnan for bfloat16)
            uint = "u%d" % got.dtype.itemsize
            np.testing.assert_array_equal(got.view(uint), np.ascontiguousarray(expected).view(uint))


@pytest.mark.parametrize("name", NAMES)
def test_python_values_alone_become_float32(name):
    """No array operand: a float (or list of floats) is float32, torch's default dtype;
    ints and bools too for ops without integer/bool dtypes. numpy out, as numpy's
    functions give for Python values. (An op whose attributes are sizes of the sample,
    info "shape_attrs", takes those of the row.)"""
    op, f = OPS[name], public(name)
    attrs = example_attrs(op)
    # one row of 3, or of 1 x 3 where the op's rank range starts at 2 (GeluMul)
    row = (1,) * max(op.min_rank - 1, 0) + (3,)
    if "shape_attrs" in _info(op):
        attrs = tuple(_info(op)["shape_attrs"](row))
    vals = [sample(op, k, "float32", row, attrs=attrs) for k in range(len(op.inputs))]
    expected = f(*vals, *attrs)
    lists = f(*[v.tolist() for v in vals], *attrs)
    assert all(isinstance(r, np.ndarray) for r in results(op, lists))
    assert_results_equal(op, lists, expected)
    tuples = f(*[tuple(v.tolist()) if v.ndim else v.item() for v in vals], *attrs)
    assert_results_equal(op, tuples, expected)
    if op.min_rank > 0 or "shape_attrs" in _info(op):
        return      # scalars are 0-d: refused by the op's rank rule (161002), as on CANN, or
                    # not of the row whose size attributes the op takes
    scalars = f(*[float(v[0]) for v in vals], *attrs)
    assert all(isinstance(r, np.ndarray) and r.shape == () for r in results(op, scalars))
    assert_results_equal(op, scalars, f(*[v[0] for v in vals], *attrs))
    if ao.as_dtype("int64") in op.dtypes and not isinstance(op, ao.CastOp):
        # an op with int64 kernels (Relu, Threshold, AddRelu) takes a Python int as int64,
        # torch.tensor(1)'s dtype: the same as an int64 array (an error included: AddRelu's
        # float alpha with an integer promotion is 161002)
        def outcome(args):
            try:
                return f(*args, *attrs)
            except ao.AclnnError as e:
                return e.status
        got, want = outcome([1] * len(vals)), outcome([np.array(1, np.int64)] * len(vals))
        if isinstance(want, int):
            assert got == want
        else:
            # (an op whose aclDataType attribute gives the output's dtype: that dtype)
            assert got.dtype == want.dtype
            np.testing.assert_array_equal(got, want)
    elif not isinstance(op, ao.CastOp):   # float-only ops: an int computes in float32
        ints = f(*[1] * len(vals), *attrs)
        assert_results_equal(op, ints, f(*[np.float32(1.0)] * len(vals), *attrs))
        assert all(r.dtype == np.float32 for r in results(op, ints))


def test_python_values_with_torch_reference():
    torch = pytest.importorskip("torch")
    # torch's default dtype is what a lone Python float becomes
    assert torch.tensor(0.5).dtype == torch.float32 and torch.tensor([0.5]).dtype == torch.float32
    got = ao.silu_backward(0.5, 1.25)
    ref = torch.ops.aten.silu_backward(torch.tensor(0.5), torch.tensor(1.25))
    assert got.dtype == np.float32
    np.testing.assert_allclose(got, ref.numpy(), rtol=1e-6)
    # a Python scalar beside a float16 tensor stays float16 in torch as in ascendops
    x = torch.linspace(-2, 2, 7, dtype=torch.float16)
    assert (x * 0.5).dtype == torch.float16
    assert ao.silu_backward(0.5, x.numpy()).dtype == np.float16


def test_cast_of_python_values_keeps_ints_and_bools():
    """Cast takes int64 and bool, so Python ints and bools are not squeezed through
    float32 (2**40 + 1 is not a float32)."""
    big = 2 ** 40 + 1
    assert ao.cast(big, "int64") == big
    assert ao.cast([big, -big], "int64").tolist() == [big, -big]
    assert ao.cast(3, "int8").dtype == np.int8 and ao.cast(3, "int8") == 3
    assert ao.cast(True, "float32") == 1.0
    assert ao.cast([True, False], "int32").tolist() == [1, 0]
    with pytest.raises(OverflowError, match="x"):
        ao.cast(2 ** 70, "int64")


# (0-d operands beside a bool: not for an op whose attributes are sizes, info "shape_attrs")
@pytest.mark.parametrize("name", [n for n in NAMES if "shape_attrs" not in _info(OPS[n])])
def test_python_bools_only_where_the_op_takes_bool(name):
    op, f = OPS[name], public(name)
    attrs = example_attrs(op)
    rest = [sample(op, k, "float32", ()) for k in range(1, len(op.inputs))]
    for value in (True, [True, False]):
        for _ in range(op.min_rank - np.ndim(value)):
            value = [value]             # nested up to the op's least rank (Tril's 2)
        if ao.as_dtype("bool") in op.dtypes:
            got = f(value, *rest, *attrs)
            np.testing.assert_array_equal(got, f(np.asarray(value), *rest, *attrs))
        else:
            with pytest.raises(TypeError, match="%s: .*not Python bools" % op.args[0]):
                f(value, *rest, *attrs)


def test_python_value_refusals():
    x = np.ones(3, np.float32)
    # numpy scalars are strong (NEP 50): float64 stays float64 and CANN refuses it
    with pytest.raises(ao.AclnnInvalidParamError, match="DT_DOUBLE") as e:
        ao.silu_backward(np.float64(1.0), x)
    assert e.value.status == 161002
    # a complex Python scalar does not fit a float array: complex64, refused by CANN's list
    with pytest.raises(ao.AclnnInvalidParamError, match="DT_COMPLEX64"):
        ao.silu_backward(1j, x)
    with pytest.raises(TypeError, match="grad_output"):
        ao.silu_backward([[1.0], [1.0, 2.0]], x)
    with pytest.raises(TypeError, match="grad_output"):
        ao.silu_backward("1.0", x)
    with pytest.raises(TypeError, match="out"):
        ao.silu_backward(x, x, out=[0.0, 0.0, 0.0])


def test_list_beside_a_float16_array_is_float32():
    """Lists are not weak (numpy makes them arrays): float32 beside float16 is mixed
    precision, a float32 result on the host SoC."""
    x = np.linspace(-2, 2, 3).astype(np.float16)
    got = ao.silu_backward([1.0, 1.0, 1.0], x)
    assert got.dtype == np.float32
    np.testing.assert_array_equal(got, ao.silu_backward(np.ones(3, np.float32), x))


def test_weak_scalar_takes_out_dtype_when_alone():
    out = np.empty((), np.float16)
    assert ao.silu_backward(1.0, 0.5, out=out) is out
    np.testing.assert_array_equal(out, ao.silu_backward(np.float16(1.0), np.float16(0.5)))


@pytest.mark.parametrize("name", NAMES)
def test_two_stage_api_stays_strict(name):
    op = OPS[name]
    # the format a windowed op's numpy-like call reads an ND array as (NCHW, NCL)
    fmt = (getattr(op, "nd_format", None) or {}).get(np.ndim(inputs(op)[0]))
    tensors = [ao.tensor(a, format=fmt) for a in inputs(op)]
    # the outputs the numpy-like call allocates (a split output is twice as long)
    # (an integer result keeps its dtype: Argsort's INT64 indices)
    outs = [ao.empty(np.shape(r), "float16" if isinstance(op, ao.CastOp) else
                     np.asarray(r).dtype.name if np.asarray(r).dtype.kind in "iu" else "float32", format=fmt)
            for r in results(op, public(name)(*inputs(op), *example_attrs(op)))]
    getws = getattr(aclnn, name + "_get_workspace_size")
    getws(*cann_order(op, tensors, op_attrs(op), outs))            # tensors: accepted
    for k in range(len(tensors)):
        for value in (1.0, [1.0, 2.0]):
            args = list(tensors)
            args[k] = value
            with pytest.raises(TypeError, match="expected an ascendops.Tensor"):
                getws(*cann_order(op, args, op_attrs(op), outs))


def accepted_dtypes(op):
    """The dtypes the op takes for its first input on the running SoC: its check
    sequence's DtypeIn table where it has one (a per-SoC list: the host profile reads
    the regbase entry), else its declaration's list."""
    for step in op.check_steps or ():
        if isinstance(step, ao.ops.DtypeIn) and op.inputs[0] in step.names:
            return tuple(ao._core._soc_entry(step.dtypes, ao.get_soc()))
    return op.dtypes


def _is_float_only(op):
    """The op's kernels compute and write floating dtypes only (no integer or BOOL kernel)."""
    return all(d.numpy is None or d.numpy.kind not in "iub" for d in accepted_dtypes(op))


FLOAT_ONLY = [n for n, op in OPS.items() if _is_float_only(op)]


@pytest.mark.parametrize("name", FLOAT_ONLY)
@pytest.mark.parametrize("int_dtype", ["int64", "bool"])
def test_integer_arrays_to_a_float_op(name, int_dtype):
    """Integer (and BOOL) arrays to an op that computes in float: where the declaration
    takes them as inputs and casts them (input_dtypes with input_cast), the numpy-like call
    allocates a float output, float32 (torch's default dtype, numpy's float result) unless
    the op casts to another dtype, and gives what the inputs converted to that dtype give;
    where the op refuses them, CANN's refusal is about an input, never about the output
    the call allocated itself."""
    op, f = OPS[name], public(name)
    attrs = example_attrs(op)
    floats = inputs(op)
    ints = [np.rint(a).astype(np.int64) > 0 if int_dtype == "bool" else np.rint(a).astype(np.int64)
            if a.dtype.kind == "f" else a for a in floats]
    in_list = op.input_dtypes_for(None) if getattr(op, "input_dtypes", None) is not None else op.dtypes
    cast = getattr(op, "input_cast", None)
    accepted = cast is not None and all(
        ao.as_dtype(a.dtype) in in_list for a, b in zip(ints, floats) if a is not b)
    try:
        got = f(*ints, *attrs)
    except ao.AclnnError as e:
        assert not accepted, "%s takes %s inputs (input_dtypes, input_cast): %s" % (name, int_dtype, e)
        first = str(e).splitlines()[0]
        assert not any("Tensor %s " % o in first for o in op.outputs), first
        return
    assert accepted, "%s refuses no %s input although its declaration lists none" % (name, int_dtype)
    want = cast if isinstance(cast, ao.DType) else F32
    # an input dtype the op casts to another compute dtype first (compute=: Sqrt's INT64 to DOUBLE)
    want = getattr(op, "compute_as", {}).get(ao.as_dtype(int_dtype), want)
    converted = [a.astype(want.numpy) if a is not b else a for a, b in zip(ints, floats)]
    assert all(r.dtype == want.numpy for r in results(op, got))
    assert_results_equal(op, got, reference_result(op, converted, attrs))


# -- 8. the caller's type back ----------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_out_returns_out_itself(name):
    op, f = OPS[name], public(name)
    ins, attrs = inputs(op), example_attrs(op)
    expected = reference_result(op, ins, attrs)
    for make in (np.empty_like, lambda e: ao.empty(e.shape, e.dtype)):
        out = empty_outs(op, expected, make)
        assert f(*ins, *attrs, out=out) is out
        assert_results_equal(op, out, expected)
    # Tensors in, no out=: a Tensor
    assert all(isinstance(r, ao.Tensor) for r in results(op, f(*[ao.tensor(a) for a in ins], *attrs)))


@pytest.mark.parametrize("name", by_kind(NAMES, OPS))     # torch's side is the same for every op of a kind
def test_torch_in_torch_out(name):
    torch = pytest.importorskip("torch")
    op, f = OPS[name], public(name)
    ins, attrs = inputs(op), example_attrs(op)
    expected = reference_result(op, ins, attrs)
    tins = [torch.from_numpy(a) for a in ins]
    gc.collect()
    before = ao.memory_allocated()
    got = f(*tins, *attrs)
    assert all(isinstance(r, torch.Tensor) for r in results(op, got))
    assert_results_equal(op, as_numpy(op, got), expected)
    # zero-copy: the torch tensor holds the ascendops output block itself
    assert ao.memory_allocated() >= before + sum(r.numel() * r.element_size() for r in results(op, got))
    del got
    gc.collect()
    assert ao.memory_allocated() == before
    # one torch input among numpy ones is enough
    mixed = [tins[0]] + list(ins[1:])
    assert all(isinstance(r, torch.Tensor) for r in results(op, f(*mixed, *attrs)))
    # out= a torch tensor: returned itself, written in place
    out = empty_outs(op, expected, lambda e: torch.empty(e.shape, dtype=torch.from_numpy(e).dtype))
    assert f(*tins, *attrs, out=out) is out
    assert_results_equal(op, as_numpy(op, out), expected)
    assert f(*ins, *attrs, out=out) is out
    # a Python scalar beside a torch tensor: torch out
    if len(tins) == 2 and broadcasts(op) and op.min_rank == 0:
        assert isinstance(f(tins[0], 0.5, *attrs), torch.Tensor)


def test_torch_bfloat16_round_trip():
    torch = pytest.importorskip("torch")
    x = torch.linspace(-3, 3, 11, dtype=torch.bfloat16)
    got = ao.silu_backward(torch.ones_like(x), x)
    assert isinstance(got, torch.Tensor) and got.dtype == torch.bfloat16
    ref = torch.ops.aten.silu_backward(torch.ones_like(x).double(), x.double())
    torch.testing.assert_close(got.double(), ref, rtol=2 ** -7, atol=2 ** -7)


def test_torch_is_never_imported_without_a_torch_argument(run_python):
    code = """
import sys
import numpy as np
import ascendops as ao
for name, op in sorted(ao.registered_ops().items()):
    if isinstance(op, (ao._core.InplaceOp, ao._core.QuantMatmulOp)) or not op.inputs or op.info.get("indexed") \
            or op.list_attrs:
        continue        # (an op without tensor inputs, Arange: tests/ops/test_arange.py; a
                        # gather or scatter: tests/ops/test_index.py; attention:
                        # tests/ops/test_attention.py; WeightQuantBatchMatmulV2:
                        # tests/ops/test_weight_quant_batch_matmul.py)
    f = getattr(ao, name)
    attrs = ("float16",) if isinstance(op, ao.CastOp) else ()
    if not attrs and any(d is ao.ops.REQUIRED for d in op.attr_defaults):
        # a required attribute (Adds' other, alpha): the first of the declaration's cases, all
        # attributes in order up to the last required one
        cases = op.info.get("example_attrs") or op.info["attrs"]
        cases = cases(1) if callable(cases) else cases
        last = max(i for i, d in enumerate(op.attr_defaults) if d is ao.ops.REQUIRED)
        attrs = tuple(cases[0] if isinstance(cases[0], tuple) else cases)[:last + 1]
    # a split input (the gated ops) is twice as long along its split dim; an op of rank
    # >= 2 takes one row; an Input(along=1) (Prelu's weight) one value for a 1-D input; a
    # single-element input (FatreluMul's threshold) is 0-d
    lead = (1,) * max(op.min_rank - 1, 0)
    shapes = [() if getattr(p, "single", False) else (1,) if getattr(p, "along", None) is not None
              else lead + (6 if getattr(p, "split", None) is not None else 3,)
              for p in op.input_params]
    if "shape_attrs" in op.info:
        # attributes that are sizes (GroupNorm's): those of the row; its weights per channel
        attrs = op.info["shape_attrs"](shapes[0])
        shapes = [s if not getattr(p, "affine", False) else op.operand_shapes(shapes[0], attrs)[0][k]
                  for k, (s, p) in enumerate(zip(shapes, op.input_params))]
    if "example_inputs" in op.info:
        # shapes that must agree beyond broadcasting (TriangularSolve's square A): the
        # declaration's own example's
        shapes = [np.shape(x) for x in op.info["example_inputs"]]
    args = [np.ones((1,), np.int64) if getattr(p, "limits_rows", False) else np.ones(s, np.float32)
            for s, p in zip(shapes, op.input_params)]
    f(*args, *attrs)
    f(*[a.tolist() for a in args], *attrs)
    f(*[ao.tensor(a) for a in args], *attrs, out=f(*args, *attrs))
    try:
        f(*[np.ones(s) for s in shapes], *attrs)
    except ao.AclnnError:
        pass
help(ao.silu_backward)
print("torch" in sys.modules)
"""
    assert run_python(code).splitlines()[-1] == "False"


# -- 9. signatures and docstrings ---------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_docstring_from_the_declaration(name):
    op, f = OPS[name], public(name)
    doc = f.__doc__
    sig = inspect.signature(f)
    assert doc.splitlines()[0] == "%s%s" % (name, sig)
    for section in ("Parameters", "Broadcasting", "Returns", "Example", "out :"):
        assert section in doc, section
    for arg, cann in zip(op.args, op.inputs):
        assert "%s : array_like" % arg in doc and "CANN's ``%s``" % cann in doc
    for attr in op.attrs:
        assert "\n%s : " % attr in doc
    for d in op.dtypes:
        assert d.name in doc
    assert "aclnn.%s_get_workspace_size(" % name in doc
    # help() shows the signature and the parameters
    text = pydoc.render_doc(f, renderer=pydoc.plaintext)
    assert str(sig) in text and "Parameters" in text


@pytest.mark.parametrize("name", NAMES)
def test_docstring_example_runs(name):
    """The example is a doctest whose shown result comes from the op's float64
    reference: running it checks the kernel against it."""
    f = public(name)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(f.__doc__, {}, name, None, 0)
    assert test.examples, "no example in %s's docstring" % name
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test, out=lambda s: None)
    assert runner.failures == 0, "the example of %s does not reproduce" % name


def test_gelu_backward_wrapper_is_documented_too():
    doc = ao.gelu_backward.__doc__
    assert doc.startswith("gelu_backward(grad_output, x, approximate='none', *, out=None)")
    assert "approximate : str, default 'none'" in doc and '"tanh"' in doc


# -- 10. dtype refusals: CANN's message, then a hint ---------------------------------------------
def _two_stage_error(op, tensors, attrs):
    with pytest.raises(ao.AclnnError) as e:
        n = len(op.outputs)
        getattr(aclnn, op.snake + "_get_workspace_size")(*cann_order(op, tensors[:-n], attrs, tensors[-n:]))
    return e.value


@pytest.mark.parametrize("name", NAMES)
def test_unsupported_dtype_hint(name):
    op, f = OPS[name], public(name)
    # a dtype the op takes as an input and casts (input_dtypes, input_cast) is no refusal
    taken = op.input_dtypes_for(None) if getattr(op, "input_cast", None) is not None else op.dtypes
    # info["refused_dtype"]: where CANN accepts the first of these that the op lacks (a
    # complex self ReduceSum takes, which the kernel does not compute: 561103); not one CANN
    # takes where the kernels have no path for it (info "not_modelled_dtypes"); one the
    # check sequence refuses on the running SoC too, where its per-SoC list is wider (Im2col's)
    if "refused_dtype" in op.info and op.info["refused_dtype"] is None:
        pytest.skip("CANN checks no input dtype of %s (it casts any)" % name)
    bad = [d for d in ("float64", "complex64", "int32", "uint16", "complex128")
           if ao.as_dtype(d) not in taken and d not in _info(op).get("not_modelled_dtypes", ())]
    if not bad and "refused_dtype" not in op.info:
        pytest.skip("%s takes every candidate dtype" % name)
    bad = op.info.get("refused_dtype") or next((d for d in bad if ao.as_dtype(d) not in accepted_dtypes(op)), bad[0])
    ins = [sample(op, k, bad) for k in range(len(op.inputs))]
    with pytest.raises(ao.AclnnInvalidParamError) as e:
        f(*ins, *example_attrs(op))
    err = e.value
    # the outputs of the iteration's shape, as sample() makes the inputs (a split output,
    # GluBackward's out, is twice as long: CANN's shape check must not refuse first)
    out_shapes = op.operand_shapes(_info(op).get("sample_shape", (2, 3)), op_attrs(op))[1]
    # (a norm's per-row statistics: the dtype the call allocates them in, AxisReduceOp stat_dtype)
    outs = [ao.empty(s, "float16" if isinstance(op, ao.CastOp) else
                     op.stat_dtype if getattr(op, "stat_dtype", None) is not None and p.reduced else bad)
            for s, p in zip(out_shapes, op.output_params)]
    cann = _two_stage_error(op, [ao.tensor(a) for a in ins] + outs, op_attrs(op))
    # CANN's wording and status first, unchanged; the hint after it
    assert err.status == cann.status == 161002
    assert err.message == cann.message and str(err).startswith(str(cann))
    assert not hasattr(cann, "hint") and "hint" not in str(cann)
    assert str(err).endswith(err.hint)
    # the argument CANN's message names (PreluBackward checks self's dtype first), else the first
    named = [py for cann_name, py in zip(op.inputs, op.args) if "Tensor %s " % cann_name in err.message]
    assert (named[0] if named else op.args[0]) in err.hint and ".astype(np.float32)" in err.hint
    for d in op.dtypes:
        assert d.name in err.hint


def test_hint_names_torch_conversion_for_torch_inputs():
    torch = pytest.importorskip("torch")
    x = torch.ones(3, dtype=torch.float64)
    with pytest.raises(ao.AclnnInvalidParamError) as e:
        ao.silu_backward(x, x)
    assert "grad_output.to(torch.float32)" in e.value.hint


def test_hints_for_the_other_dtype_rules():
    f32, f16 = np.ones(3, np.float32), np.ones(3, np.float16)
    # out= of another dtype than the inputs
    with pytest.raises(ao.AclnnInvalidParamError) as e:
        ao.silu(f32, out=np.empty(3, np.float16))
    assert "should be the same as" in e.value.message and "out= has dtype float16" in e.value.hint
    # mixed inputs with an out= that is not float32 (host: mixed precision writes FLOAT)
    with pytest.raises(ao.AclnnInvalidParamError) as e:
        ao.silu_backward(f32, f16, out=np.empty(3, np.float16))
    assert "float32 result" in e.value.hint
    # no mixed precision and no BF16 on Ascend910
    with ao.soc("Ascend910"):
        with pytest.raises(ao.AclnnInvalidParamError) as e:
            ao.silu_backward(f32, f16)
        assert e.value.status == 161002 and "no mixed precision" in e.value.hint
        bf = np.ones(3, ao.bfloat16.numpy)
        with pytest.raises(ao.AclnnInvalidParamError) as e:
            ao.silu_backward(bf, bf)
        assert "DT_BF16" in e.value.message and "has no bfloat16" in e.value.hint
        assert "bfloat16" not in e.value.hint.split(":")[1]     # not offered where refused
        with pytest.raises(ao.AclnnInvalidParamError) as e:     # SoftmaxBackward's own wording
            ao.softmax_backward(bf, bf)
        assert "has no bfloat16" in e.value.hint and "grad_output.astype(np.float32)" in e.value.hint
    # Cast to a dtype it does not produce
    with pytest.raises(ao.AclnnInvalidParamError) as e:
        ao.cast(f32, "complex64")
    assert "ascendops.cast converts to" in e.value.hint and "int8" in e.value.hint
    with pytest.raises(ao.AclnnInvalidParamError) as e:
        ao.cast(f32, "no_such_type")
    assert "is not an aclDataType" in e.value.message and "ascendops.cast converts to" in e.value.hint


def test_generic_checks_take_a_required_attribute_from_the_declaration(run_python):
    """An op with a required scalar attribute (REQUIRED: no default), registered in a
    fresh interpreter to keep this registry clean, passes this file's generic checks and
    the registry harness's value check with no edit to them: the attribute's value comes
    from the declaration's info (its attrs cases)."""
    here = os.path.dirname(os.path.abspath(__file__))
    out = run_python(r"""
import inspect, sys
sys.path[:0] = [%r, %r]
import numpy as np
import ascendops as ao
from ascendops.ops import Input, Output, Scalar, REQUIRED
from ascendops.ops._activation import tiling, to_float

def reference(x, slope):
    x = np.asarray(x, np.float64)
    return np.where(x < 0, x * slope, x)

ao.register(ao.ElementwiseOp(
    name="RequiredSlope", snake="zz_required_slope",
    params=(Input("self"), Scalar("negativeSlope", check=to_float), Output("out")),
    dtypes=("float32", "float16"), kernel="leaky_relu", tiling=tiling, broadcast="never", mixed="never",
    info={"reference": reference, "attrs": [(0.2,), (-1.5,)]}))
# the public functions, as `import ascendops` makes them for each op of ascendops.ops
ao.zz_required_slope = ao._numpy_like(ao.registered_ops()["zz_required_slope"])
ao.aclnn.zz_required_slope_get_workspace_size, ao.aclnn.zz_required_slope = \
    ao.aclnn._two_stage(ao.registered_ops()["zz_required_slope"])
import test_numpy_like_api as t
import test_registry as h
op = t.OPS["zz_required_slope"]
assert op.attr_defaults == (REQUIRED,)
assert t.example_attrs(op) == (0.2,) and t.op_attrs(op) == (0.2,)
x = np.linspace(-3, 3, 12, dtype=np.float32)
np.testing.assert_allclose(ao.zz_required_slope(x, 0.2), reference(x, 0.2), rtol=1e-6)
ran = []
for fname, f in sorted(vars(t).items()):
    if not fname.startswith("test_") or not callable(f):
        continue
    params = list(inspect.signature(f).parameters)
    if fname == "test_torch_in_torch_out":
        continue    # torch's side is the same for every op of a kind; importing torch costs 1 s
    if params == ["name"]:
        f("zz_required_slope")
    elif params == ["name", "int_dtype"]:
        f("zz_required_slope", "int64")
    else:
        continue
    ran.append(fname)
h.check_values(op, "float32")
print(len(ran), "OK")
""" % (here, os.path.dirname(here)))
    n, ok = out.split()[-2:]
    assert ok == "OK" and int(n) >= 10, out
