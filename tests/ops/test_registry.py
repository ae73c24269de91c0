"""One harness for every registered aclnn op, driven by the metadata each op declares
in `info=` (like PyTorch's OpInfo): a float64 numpy reference, the input domain,
attribute cases, bad attributes. An op registered without test code is covered by
every test here.

info keys (all optional except "reference"):
  reference(*inputs, *attrs) -> array   float64 golden values (numpy / math only)
  domain       (lo, hi), or one per input: the range of the random inputs
  specials     per input: None or values written into the first elements
  attrs        list of attribute tuples to test, or f(ndim) -> list
  bad_attrs    list of (attrs, status), or f(ndim) -> list
  exact        results must equal the reference bit for bit (Cast)
  ulps         tolerance in units of the output dtype's eps (default 2 for 16-bit
               floats, 16 for FLOAT)
  broadcast_refused  f(attrs) -> bool: whether the broadcast layout is refused (161002),
               for an op whose shape rule depends on an attribute (RReluWithNoise)
"""
import os
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

import ascendops as ao
from ascendops import _core, aclnn

OPS = dict(sorted(ao.registered_ops().items()))
# the aclnnInplace<Name> variants (register() makes them from inplace=True) are covered
# through their out-of-place op: test_inplace_variant
# An op without a tensor input (a generator: Arange, ArangeOp) has nothing for the harness
# to feed, broadcast or alias: its own tests (tests/ops/test_arange.py) check the same facts.
# An op whose attributes are sizes (LayerNorm's normalizedShape, GroupNorm's N, C, HxW:
# info "sized") has no attribute case for the harness's every shape: its own tests
# (tests/ops/test_norms.py) check the same facts. So do a gather's or a scatter's (info
# "indexed": an index tensor's values must fit the shape; tests/ops/test_index.py).
# A batched matrix op (MatrixOp: TriangularSolve) relates its operands' sizes (a square
# A of self's rows) where the harness's layouts slice each dim alike: its own tests
# (tests/ops/test_sort_solve.py) check the same facts; so do the matrix products (MatmulOp:
# tests/ops/test_matmul.py) and a rotary embedding (RotaryOp: 4-d operands, cos and sin of
# x's last dim broadcast over its others: tests/ops/test_rope.py).
NAMES = [n for n, o in OPS.items() if not isinstance(o, ao.ops.InplaceOp) and o.inputs
         and not (o.info or {}).get("sized") and not (o.info or {}).get("indexed")
         and not isinstance(o, (ao.ops.MatrixOp, ao.ops.MatmulOp, ao.ops.RotaryOp))]
INPLACE = [n for n, o in OPS.items() if isinstance(o, ao.ops.InplaceOp) and not (o.info or {}).get("indexed")]
CANDIDATE_BAD_DTYPES = ("float64", "int32", "complex64", "int8", "uint32", "uint16")
F32 = ao.as_dtype("float32")


# -- metadata ---------------------------------------------------------------------
def _info(op):
    return op.info if isinstance(op.info, dict) else {}


def _is_int(dtype):
    """Integer and BOOL dtypes (compared exactly)."""
    return dtype is not None and (np.issubdtype(ao.as_dtype(dtype).numpy, np.integer)
                                  or ao.as_dtype(dtype).numpy == np.bool_)


def attr_cases(op, ndim, dtype=None, shape=None):
    """The attribute tuples to test; for an integer dtype `int_attrs` where declared
    (an integer compute dtype takes integral scalars: AddRelu's alpha; so does BOOL:
    Add's IsIntegralType(alpha, true) for a BOOL promotion). `shape`: the first input's,
    for an op whose attributes are sizes of it (info "shape_attrs": GroupNorm's)."""
    if shape is not None and "shape_attrs" in _info(op):
        return [tuple(_info(op)["shape_attrs"](tuple(shape)))]
    if dtype is not None and "dtype_attrs" in _info(op):     # an aclDataType attribute naming the input's dtype
        return list(_info(op)["dtype_attrs"](ndim, dtype))
    boolean = dtype is not None and ao.as_dtype(dtype).numpy == np.bool_
    cases = _info(op).get("int_attrs") if _is_int(dtype) or boolean else None
    if cases is None:
        cases = _info(op).get("attrs")
    if cases is None:
        return [tuple(op.attr_defaults)]
    return list(cases(ndim) if callable(cases) else cases)


def bad_attr_cases(op, ndim):
    cases = _info(op).get("bad_attrs", [])
    return list(cases(ndim) if callable(cases) else cases)


def operand_inputs(op):
    """The inputs the kernel iterates over (not a row-limit input, Input(limits_rows=True))."""
    return sum(not getattr(p, "limits_rows", False) for p in op.input_params)


def broadcasts(op):
    b = getattr(op, "broadcast", "never")
    return operand_inputs(op) > 1 and (b == "always" or (b == "soc" and ao.get_soc().regbase))


def out_dtype(op, in_dtypes, attrs):
    if isinstance(op, ao.CastOp):
        return ao.as_dtype(attrs[0])
    if len(set(in_dtypes)) > 1:
        return F32
    if "out_dtype" in _info(op):     # an output of another dtype than the input's (Abs of complex)
        return ao.as_dtype(_info(op)["out_dtype"](in_dtypes[0]))
    return in_dtypes[0]


def output_dtype(op, j, dtype):
    """Output j's dtype when the first output's is `dtype`: a norm's per-row statistics
    have their own (AxisReduceOp stat_dtype: RmsNorm's rstd is FLOAT)."""
    stat = getattr(op, "stat_dtype", None)
    return stat if stat is not None and op.output_params[j].reduced else dtype


def tolerance(op, dtype):
    """(rtol, atol) from the output dtype's eps."""
    eps = float(ml_dtypes.finfo(dtype.numpy).eps)
    ulps = _info(op).get("ulps", 16 if dtype.itemsize >= 4 else 2)
    if isinstance(ulps, dict):      # per dtype name ("float64" computed in FLOAT by CANN)
        ulps = ulps.get(dtype.name, 16 if dtype.itemsize >= 4 else 2)
    return ulps * eps, ulps * eps


# -- inputs -------------------------------------------------------------------------
def make_input(op, k, shape, dtype, rng):
    """Random values of `dtype` in the op's domain for input k (a fresh C-ordered array)."""
    dtype = ao.as_dtype(dtype)
    info = _info(op)
    if getattr(op.input_params[k], "limits_rows", False):
        # a row-limit input (INT64, 1-d, its sum read at run time; not an operand of the
        # iteration, so every layout gives it its one shape): a sum past every row, so that
        # every layout's output is all computed (partial sums: the op's own tests)
        return np.full((1,), 1 << 20, dtype=np.int64)
    dom = info.get("domain", (-3.0, 3.0))
    if isinstance(dom, list):
        dom = dom[k]
    npdt = dtype.numpy
    if npdt == np.bool_:
        a = rng.integers(0, 2, size=shape).astype(np.bool_)
    elif np.issubdtype(npdt, np.integer):
        lo = 0 if np.issubdtype(npdt, np.unsignedinteger) else -100
        a = rng.integers(lo, 101, size=shape).astype(npdt)
    else:
        a = rng.uniform(dom[0], dom[1], size=shape).astype(npdt)
    specials = info.get("specials")
    if specials and specials[k] is not None and a.size:
        flat = a.reshape(-1)
        n = min(len(specials[k]), flat.size)
        flat[:n] = np.asarray(specials[k][:n]).astype(npdt)
    return a


def inputs_for(op, shapes, dtypes, rng):
    return [make_input(op, k, s, d, rng) for k, (s, d) in enumerate(zip(shapes, dtypes))]


# -- split operands and several outputs ------------------------------------------------
def _along_dims(op):
    """Per input: the dim it is broadcast along (Input(along=d)), or None."""
    return [getattr(p, "along", None) for p in op.params if p.kind == "input"]


def in_shapes(op, shape, attrs, reversed_dims=False):
    """Each input's shape for the iteration `shape` (the op's own rule, operand_shapes: a
    split input is twice as long along the split dim; an Input(along=d) holds one
    element per index of dim d; a single-element input is 0-d). reversed_dims: `shape`
    is the generated array's, viewed transposed (.T) afterwards, so the iteration is
    `shape` reversed."""
    if reversed_dims:
        return [tuple(s[::-1]) for s in op.operand_shapes(tuple(shape)[::-1], tuple(attrs))[0]]
    return list(op.operand_shapes(shape, tuple(attrs))[0])


def out_shapes(op, shape, attrs):
    """Each output's shape (operand_shapes: a split output twice as long along the split
    dim; a per-row Output(reduced=True) without the reduced dim; an Output(along=d) one
    element per index of dim d)."""
    return list(op.operand_shapes(shape, tuple(attrs))[1])


def fit_rank(op, shape):
    """`shape` cut to the op's rank cap (a layout of more dims than the op takes: its
    leading dims), so that every layout runs on an op of rank exactly 2."""
    return tuple(shape[:op.max_rank]) if op.max_rank is not None and len(shape) > op.max_rank else tuple(shape)


def strided_view(op, k, a):
    """The "strided" layout's view of input k: steps 2, 3 and -1 (then 2) along the first
    three dims; an Input(along=d) gets its dim d's steps."""
    steps = [slice(None, None, 2), slice(1, None, 3), slice(None, None, -1)]
    along = _along_dims(op)[k]
    if along is not None:
        a = a[steps[along]] if along < len(steps) else a
        return a[::2] if along == 2 else a
    a = a[tuple(steps[:a.ndim])]
    return a[:, :, ::2] if a.ndim >= 3 else a


def as_results(op, got):
    """The numpy-like call's result as a tuple of outputs."""
    return tuple(got) if len(op.outputs) > 1 else (got,)


# -- comparison ---------------------------------------------------------------------
def assert_matches(op, got, inputs, attrs, dtype, what=""):
    """Asserts got == reference(inputs, attrs) within the dtype's tolerance (several
    outputs: got and the reference are tuples, compared output by output). Integer
    inputs use `int_reference` where declared (exact, wrapping integer semantics)."""
    reference = op.info["reference"]
    if all(_is_int(np.asarray(a).dtype) for a in inputs) and "int_reference" in op.info:
        reference = op.info["int_reference"]
    ref = reference(*inputs, *attrs)
    if len(op.outputs) > 1:
        assert len(got) == len(ref) == len(op.outputs), "%s %s: %d results" % (op.name, what, len(got))
        for j, (name, g, r) in enumerate(zip(op.outputs, got, ref)):
            if j in op.unwritten_outputs:
                continue    # Output(written=False): the kernel never writes it, no value to compare
            _assert_close(op, g, r, output_dtype(op, j, dtype), "%s %s" % (what, name))
        return
    _assert_close(op, got, ref, dtype, what)


def _assert_close(op, got, ref, dtype, what):
    ref = np.asarray(ref)
    got = np.asarray(got)
    assert got.shape == ref.shape, "%s %s: shape %r, reference %r" % (op.name, what, got.shape, ref.shape)
    assert got.dtype == dtype.numpy, "%s %s: dtype %s, expected %s" % (op.name, what, got.dtype, dtype.numpy)
    if _is_int(dtype) and getattr(op, "int_round", "trunc") == "rint":
        ref = np.rint(ref)
    if _info(op).get("exact") or _is_int(dtype) or dtype.numpy == np.bool_:
        # integer outputs: exact (a float result truncated toward zero as CANN's Cast,
        # or rounded to nearest where the op's kernel does: int_round)
        np.testing.assert_array_equal(got, ref.astype(dtype.numpy), err_msg="%s %s" % (op.name, what))
        return
    rtol, atol = tolerance(op, dtype)
    g = got.astype(np.complex128 if np.iscomplexobj(got) else np.float64)   # complex: |g - ref|
    scale = max(1.0, float(np.max(np.abs(ref)))) if ref.size else 1.0
    bad = ~(np.abs(g - ref) <= atol * scale + rtol * np.abs(ref))
    bad &= ~(np.isnan(g) & np.isnan(ref))
    bad &= ~(g == ref)      # infinities (x / 0)
    if bad.any():
        i = np.flatnonzero(bad.reshape(-1))[0]
        raise AssertionError("%s %s (%s): %d of %d elements off, first at %d: got %r, reference %r"
                             % (op.name, what, dtype.name, bad.sum(), bad.size, i, g.reshape(-1)[i],
                                ref.reshape(-1)[i]))


def check_values(op, dtype, shape=(3, 5, 7), seed=0):
    """The core check: the numpy-like call over every attribute case matches the
    op's declared reference. Raises AssertionError when it does not."""
    rng = np.random.default_rng(seed)
    dtype = ao.as_dtype(dtype)
    shape = fit_rank(op, shape)
    for attrs in attr_cases(op, len(shape), dtype):
        ins = inputs_for(op, in_shapes(op, shape, attrs), [dtype] * len(op.inputs), rng)
        got = _core.call(op, tuple(ins), tuple(attrs))
        assert_matches(op, got, ins, attrs, out_dtype(op, [dtype] * len(ins), attrs), "attrs %r" % (attrs,))


def cann_args(op, ins, out, attrs):
    """The arguments of aclnn.<op>_get_workspace_size in CANN's order (op.params): the
    inputs, the output(s: a tuple for several) and the attributes where the declaration
    puts them."""
    ins, attrs = list(ins), list(attrs)
    outs = list(out) if len(op.outputs) > 1 and isinstance(out, (tuple, list)) else [out] * len(op.outputs)
    args = []
    for p in op.params:
        if p.kind == "input":
            args.append(ins.pop(0))
        elif p.kind == "output":
            args.append(outs.pop(0))
        else:
            args.append(attrs.pop(0))
    return args


def phase1_of(op):
    return getattr(aclnn, op.snake + "_get_workspace_size")


def two_stage(op, tensors, attrs):
    """Phase 1 then phase 2 through the generated aclnn functions; returns the executor."""
    ins, out = tensors[:-1], tensors[-1]
    if isinstance(out, tuple) and len(op.outputs) == 1:
        out = out[0]
    ws_size, ex = phase1_of(op)(*cann_args(op, ins, out, attrs))
    ws = ao.empty((ws_size,), "uint8") if ws_size else None
    getattr(aclnn, op.snake)(ws, ws_size, ex)
    return ws_size, ex


def _step_statuses(op):
    """The statuses of the op's check-sequence steps of their own (Require(status=...)),
    When's inner steps included: a generated API's tiling checks (561002), its SoC check
    (561003)."""
    out = set()
    todo = list(op.check_steps or ())
    while todo:
        step = todo.pop()
        todo.extend(getattr(step, "steps", ()))
        if hasattr(step, "status"):
            out.add(step.status)
    return out


def assert_refused(op, fn, *args):
    """161002; or, for an op with CANN's host tiling checks (tiling_check, or a sequence's
    561002 steps: they run before the shape checks), 561002 where those refuse the shapes
    first (an odd split size)."""
    with pytest.raises(ao.AclnnError) as e:
        fn(*args)
    allowed = {ao.ACLNN_ERR_PARAM_INVALID}
    if getattr(op, "tiling_check", None) is not None or 561002 in _step_statuses(op):
        allowed.add(561002)
    assert e.value.status in allowed, str(e.value)


def assert_status(status, fn, *args):
    with pytest.raises(ao.AclnnError) as e:
        fn(*args)
    assert e.value.status == status, str(e.value)


# -- the tests ----------------------------------------------------------------------
DTYPE_CASES = [(n, d.name) for n in NAMES for d in OPS[n].dtypes]


@pytest.mark.parametrize("name,dtype", DTYPE_CASES)
def test_supported_dtype(name, dtype):
    check_values(OPS[name], dtype)


@pytest.mark.parametrize("name", NAMES)
def test_unsupported_dtype(name):
    op = OPS[name]
    bad = next((d for d in CANDIDATE_BAD_DTYPES if ao.as_dtype(d) not in op.dtypes), None)
    if bad is None:
        pytest.skip("%s takes every candidate dtype (a byte copy: Tril, Triu)" % name)
    tensors = [ao.zeros((2, 3), bad) for _ in op.tensor_names]
    attrs = attr_cases(op, 2)[0]
    if isinstance(op, ao.CastOp):
        # out of the dtype attribute: CANN's Cast never checks out's dtype, and its ViewCopy
        # into an out of another dtype fails with 561103 (math/cast/op_api/aclnn_cast.cpp)
        tensors[-1] = ao.zeros((2, 3), attrs[0])
    assert_status(ao.ACLNN_ERR_PARAM_INVALID, phase1_of(op), *cann_args(op, tensors[:-1], tensors[-1], attrs))


LAYOUTS = ["contiguous", "transposed", "strided", "broadcast", "0d", "8d", "empty", "out_noncontiguous",
           "out_overlaps_input", "in_place"]


LAYOUT_NDIM = {"contiguous": 2, "transposed": 3, "strided": 3, "broadcast": 3, "0d": 0, "8d": 8, "empty": 2,
               "out_noncontiguous": 2, "out_overlaps_input": 2, "in_place": 2}


def _layout_case(op, layout, dtype, rng, attrs):
    """(inputs as numpy views, the outputs to pass (a list, one per output) or None,
    or "skip" where the layout does not apply). A split operand (Input/Output(split=...))
    is laid out the same way at twice the length along the split dim."""
    nin = len(op.inputs)
    dt = dtype.numpy

    def shapes(shape, reversed_dims=False):
        return in_shapes(op, shape, attrs, reversed_dims)

    def fresh_outs(skip=0):
        return [np.zeros(s, output_dtype(op, j, dtype).numpy)
                for j, s in enumerate(out_shapes(op, (4, 6), attrs)) if j >= skip]

    if layout == "contiguous":
        return inputs_for(op, shapes((4, 6)), [dtype] * nin, rng), None
    if layout == "transposed":
        return [a.T for a in inputs_for(op, shapes(fit_rank(op, (6, 5, 3)), True), [dtype] * nin, rng)], None
    if layout == "strided":
        # (a single-element input, FatreluMul's threshold, is 0-d: nothing to slice)
        return [strided_view(op, k, a) if a.ndim else a for k, a in
                enumerate(inputs_for(op, shapes(fit_rank(op, (8, 12, 6))), [dtype] * nin, rng))], None
    if layout == "broadcast":
        shapes = [(4, 1, 6), (5, 1), (6,)][:nin]
        return inputs_for(op, shapes, [dtype] * nin, rng), None
    if layout == "0d":
        return inputs_for(op, shapes(()), [dtype] * nin, rng), None
    if layout == "8d":
        return inputs_for(op, shapes((2, 1, 2, 1, 2, 1, 2, 3)), [dtype] * nin, rng), None
    if layout == "empty":
        return inputs_for(op, shapes((0, 3)), [dtype] * nin, rng), None
    if layout == "out_noncontiguous":
        ins = inputs_for(op, shapes((4, 6)), [dtype] * nin, rng)
        # (the Ellipsis keeps a 0-d output an array view, not a numpy scalar)
        return ins, [np.zeros(tuple(2 * d for d in s), output_dtype(op, j, dtype).numpy)
                     [(slice(None, None, 2),) * len(s) + (Ellipsis,)]
                     for j, s in enumerate(out_shapes(op, (4, 6), attrs))]
    if layout == "out_overlaps_input":
        # out starts one element after input 0 in the same buffer: partial overlap.
        s0, so = shapes((4, 6))[0], out_shapes(op, (4, 6), attrs)[0]
        n0, no = int(np.prod(s0)), int(np.prod(so))
        buf = make_input(op, 0, (max(n0, no) + 1,), dtype, rng)
        ins = [buf[:n0].reshape(s0)] + [make_input(op, k, s, dtype, rng)
                                        for k, s in enumerate(shapes((4, 6))[1:], 1)]
        return ins, [buf[1:1 + no].reshape(so)] + fresh_outs(1)
    if layout == "in_place":
        ins = inputs_for(op, shapes((4, 6)), [dtype] * nin, rng)
        so = out_shapes(op, (4, 6), attrs)[0]
        same = [a for a in ins if a.shape == so]
        if not same:
            return ins, "skip"      # no input has the output's shape (a split input)
        return ins, [same[0]] + fresh_outs(1)
    raise AssertionError(layout)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("name", NAMES)
def test_layout(name, layout):
    op = OPS[name]
    dtype = op.dtypes[0] if F32 not in op.dtypes else F32
    rng = np.random.default_rng(1)
    nd = LAYOUT_NDIM[layout]
    for attrs in attr_cases(op, max(nd, 1) if layout == "broadcast" else nd):
        ins, outs = _layout_case(op, layout, dtype, rng, attrs)
        if isinstance(outs, str):
            continue
        out = None if outs is None else outs[0] if len(op.outputs) == 1 else tuple(outs)
        odt = out_dtype(op, [dtype] * len(ins), attrs)
        if outs is not None and odt.numpy != outs[0].dtype:
            continue      # a Cast to another dtype cannot write into its input's buffer
        refused = _info(op).get("broadcast_refused")      # f(attrs): the op's own shape rule
        expect_invalid = ((layout == "broadcast" and operand_inputs(op) > 1 and
                           (refused(attrs) if refused else not broadcasts(op))) or
                          (layout == "0d" and op.min_rank > 0) or
                          (layout == "8d" and op.max_rank is not None and op.max_rank < 8))
        if layout == "broadcast" and operand_inputs(op) == 1:
            continue
        if expect_invalid:
            assert_refused(op, _core.call, op, tuple(ins), tuple(attrs))
            continue
        snapshot = [a.copy() for a in ins]
        if out is None:
            got = _core.call(op, tuple(ins), tuple(attrs))
        else:
            res = _core.call(op, tuple(ins), tuple(attrs), out)
            assert res is out
            got = out
        assert_matches(op, got, snapshot, attrs, odt, layout)


@pytest.mark.parametrize("name", NAMES)
def test_null_tensors(name):
    """None for each parameter the declaration does not mark optional (tensors, and
    attributes: CANN's pointer kinds are null there) is 161001, from params."""
    op = OPS[name]
    phase1 = phase1_of(op)
    attrs = attr_cases(op, 2)[0]
    rng = np.random.default_rng(2)
    # operands of the op's shapes (a split one twice as long: a check sequence's shape
    # steps run before the null check of an attribute no CANN NotNull names)
    ins = [ao.from_numpy(a) for a in inputs_for(op, in_shapes(op, (2, 3), attrs),
                                                 list(op.dtypes[:1]) * len(op.inputs), rng)]
    odt = out_dtype(op, [op.dtypes[0]] * len(ins), attrs)
    outs = [ao.empty(s, output_dtype(op, j, odt)) for j, s in enumerate(out_shapes(op, (2, 3), attrs))]
    good = cann_args(op, ins, tuple(outs) if len(outs) > 1 else outs[0], attrs)
    for i, p in enumerate(op.params):
        args = list(good)
        args[i] = None
        if p.optional:
            continue
        with pytest.raises(ao.AclnnError) as e:
            phase1(*args)
        assert e.value.status == ao.ACLNN_ERR_PARAM_NULLPTR and p.name in e.value.message, (p, str(e.value))
    # The numpy-like API reports a missing input the same way.
    for i in range(len(ins)):
        if op.input_params[i].optional:
            continue
        args = [a.numpy() for a in ins]
        args[i] = None
        assert_status(ao.ACLNN_ERR_PARAM_NULLPTR, _core.call, op, tuple(args), tuple(attrs))


# a value of the wrong kind for each attribute kind (161002, from params)
WRONG_KIND = {"scalar": "1", "int": 1.5, "double": "x", "float": "x", "bool": 2, "str": 1,
              "int_array": 3, "float_array": "x", "bool_array": [1], "dtype": "no_such_dtype"}


@pytest.mark.parametrize("name", NAMES)
def test_bad_attrs(name):
    op = OPS[name]
    phase1 = phase1_of(op)
    for shape in [(2, 3), ()]:
        rng = np.random.default_rng(3)
        dt = op.dtypes[0]
        ins = [ao.from_numpy(a) for a in inputs_for(op, [shape] * len(op.inputs), [dt] * len(op.inputs), rng)]
        out = ao.empty(shape, dt)
        for attrs, status in bad_attr_cases(op, len(shape)):
            assert_status(status, phase1, *cann_args(op, ins, out, attrs))
        good = attr_cases(op, len(shape))[0]
        for k, p in enumerate(op.attr_params):
            attrs = list(good)
            attrs[k] = WRONG_KIND[p.kind]
            with pytest.raises(ao.AclnnError) as e:
                phase1(*cann_args(op, ins, out, attrs))
            assert e.value.status == ao.ACLNN_ERR_PARAM_INVALID and p.name in e.value.message, str(e.value)


@pytest.mark.parametrize("name", NAMES)
def test_rank_and_shape_errors(name):
    op = OPS[name]
    phase1 = phase1_of(op)
    refused = _info(op).get("broadcast_refused")
    # an attribute case where mismatched shapes are refused (RReluWithNoise: training)
    attrs = next((a for a in attr_cases(op, 2) if refused is None or refused(a)), attr_cases(op, 2)[0])
    dt = op.dtypes[0]
    odt = out_dtype(op, [dt] * len(op.inputs), attrs)
    # (a row-limit input, ClippedSwiglu's groupIndexOptional, is INT64)
    nine = ([ao.zeros(s, "int64" if getattr(p, "limits_rows", False) else dt)
             for p, s in zip(op.input_params, in_shapes(op, (1,) * 9, attrs))] +
            [ao.zeros(out_shapes(op, (1,) * 9, attrs)[0], odt)])
    if op.max_rank is None or op.max_rank >= 9:     # no rank cap in CANN's op_api (Silu,
        # GeluBackwardV2), or a higher one (RReluWithNoise: 32)
        phase1(*cann_args(op, nine[:-1], nine[-1], attrs))
    else:
        assert_status(ao.ACLNN_ERR_PARAM_INVALID, phase1, *cann_args(op, nine[:-1], nine[-1], attrs))
    mismatched = [ao.zeros((3, 4) if k == 0 else (5,), dt) for k in range(len(op.inputs))]
    out = ao.zeros((3, 4) if len(op.inputs) > 1 else (5,), odt)
    # (a generated API's tiling checks the shapes first: 561002, assert_refused)
    assert_refused(op, phase1, *cann_args(op, mismatched, out, attrs))


@pytest.mark.parametrize("name", NAMES)
def test_two_stage_and_cache(name):
    op = OPS[name]
    rng = np.random.default_rng(4)
    dt = op.dtypes[0]
    for attrs in attr_cases(op, 2):
        odt = out_dtype(op, [dt] * len(op.inputs), attrs)
        before = ao.cache_info()
        for repeat in range(2):
            arrays = inputs_for(op, in_shapes(op, (6, 8), attrs), [dt] * len(op.inputs), rng)
            outs = [ao.empty(s, output_dtype(op, j, odt)) for j, s in enumerate(out_shapes(op, (6, 8), attrs))]
            ws_size, ex = two_stage(op, [ao.from_numpy(a) for a in arrays] + [tuple(outs)], attrs)
            assert ws_size == 0            # no overlap: nothing goes through a workspace
            got = tuple(o.numpy() for o in outs) if len(outs) > 1 else outs[0].numpy()
            assert_matches(op, got, arrays, attrs, odt, "two-stage")
            # Not repeatable: phase 2 released it.
            assert_status(ao.ACLNN_ERR_INNER_NULLPTR, getattr(aclnn, op.snake), None, 0, ex)
        after = ao.cache_info()
        assert after.hits >= before.hits + 1, (before, after)


@pytest.mark.parametrize("name", NAMES)
def test_self_overlapping_out(name):
    """An out whose last dim has stride 0 (each row's elements at one address) goes
    through the workspace, as CANN's contiguous result and l0op::ViewCopy do: phase 1 asks
    for a workspace, and the copy in C order leaves each row's last element there."""
    op = OPS[name]
    rng = np.random.default_rng(6)
    dt = op.dtypes[0]
    attrs = attr_cases(op, 2)[0]
    odt = out_dtype(op, [dt] * len(op.inputs), attrs)
    shapes = out_shapes(op, (4, 6), attrs)
    if len(shapes) != 1 or len(shapes[0]) == 0 or shapes[0][-1] < 2:
        pytest.skip("one output with a last dim of several elements")
    shape = tuple(shapes[0])
    arrays = [ao.from_numpy(a) for a in inputs_for(op, in_shapes(op, (4, 6), attrs), [dt] * len(op.inputs), rng)]
    plain = ao.empty(shape, output_dtype(op, 0, odt))
    ws_plain, _ = two_stage(op, arrays + [(plain,)], attrs)
    rows = ao.empty(shape[:-1] + (1,), output_dtype(op, 0, odt))
    overlapping = ao.as_strided(rows, shape, rows.stride()[:-1] + (0,), 0)
    ws_size, _ = two_stage(op, arrays + [(overlapping,)], attrs)
    assert ws_size >= ws_plain + overlapping.numel * overlapping.dtype.itemsize
    want = np.broadcast_to(plain.numpy()[..., -1:], shape)
    got = overlapping.numpy()
    assert np.array_equal(got.view(np.uint8), np.ascontiguousarray(want).view(np.uint8)), (got, want)


@pytest.mark.parametrize("name", NAMES)
def test_repeatable_executor(name):
    op = OPS[name]
    rng = np.random.default_rng(5)
    dt = op.dtypes[0]
    attrs = attr_cases(op, 2)[-1]
    odt = out_dtype(op, [dt] * len(op.inputs), attrs)
    arrays = inputs_for(op, in_shapes(op, (4, 8), attrs), [dt] * len(op.inputs), rng)
    outs = [ao.empty(s, output_dtype(op, j, odt)) for j, s in enumerate(out_shapes(op, (4, 8), attrs))]
    ws_size, ex = phase1_of(op)(*cann_args(op, [ao.from_numpy(a) for a in arrays], tuple(outs)
                                            if len(outs) > 1 else outs[0], attrs))

    def results():
        return tuple(o.numpy() for o in outs) if len(outs) > 1 else outs[0].numpy()
    ex.set_repeatable()
    for _ in range(2):
        getattr(aclnn, op.snake)(None, ws_size, ex)
        assert_matches(op, results(), arrays, attrs, odt, "repeatable run")
    new0 = make_input(op, 0, arrays[0].shape, dt, rng)
    ex.set_input_tensor_addr(0, ao.from_numpy(new0))
    getattr(aclnn, op.snake)(None, ws_size, ex)
    assert_matches(op, results(), [new0] + arrays[1:], attrs, odt, "re-pointed input")
    assert_status(ao.ACLNN_ERR_PARAM_INVALID, ex.set_input_tensor_addr, len(op.inputs), ao.from_numpy(new0))
    ex.destroy()
    assert_status(ao.ACLNN_ERR_INNER_NULLPTR, getattr(aclnn, op.snake), None, ws_size, ex)


@pytest.mark.parametrize("name", [n for n in NAMES if broadcasts(OPS[n])
                                  and getattr(OPS[n], "mixed", "") in ("soc", "always")])
def test_mixed_precision(name):
    """Differing input dtypes give a FLOAT output on regbase SoCs (mixed="soc") or on every
    SoC (mixed="always", CANN's promotion); elsewhere 161002."""
    op = OPS[name]
    rng = np.random.default_rng(6)
    dts = [ao.as_dtype("float16"), ao.as_dtype("bfloat16"), F32][:len(op.inputs)]
    ins = inputs_for(op, [(3, 4)] * len(dts), dts, rng)
    for attrs in attr_cases(op, 2):
        got = _core.call(op, tuple(ins), tuple(attrs))
        assert_matches(op, got, ins, attrs, F32, "mixed")
    with ao.soc("Ascend910B"):
        if op.mixed == "always":
            got = _core.call(op, tuple(ins), attr_cases(op, 2)[0])
            assert_matches(op, got, ins, attr_cases(op, 2)[0], F32, "mixed on Ascend910B")
        else:
            assert_status(ao.ACLNN_ERR_PARAM_INVALID, _core.call, op, tuple(ins), attr_cases(op, 2)[0])


def _probed_bf16_accepted(api, soc):
    """A probe of `api` (tests/ops/probes/) on `soc` with a BF16 input that CANN's source
    accepts (status 0, no deviation)."""
    import importlib
    import probes
    for m in probes.modules():
        mod = importlib.import_module("probes." + m)
        dev = getattr(mod, "DEVIATIONS", {})
        for p in mod.PROBES:
            if ((p.op or mod.OP) == api and p.soc == soc and p.status == 0 and p.name not in dev
                    and any(t is not None and t.dtype == "ACL_BF16" for t in p.inputs)):
                return True
    return False


@pytest.mark.parametrize("name", NAMES)
def test_soc_rules(name):
    """BF16 is refused on SoCs without it; broadcasting only where the op allows it (on
    Ascend910B: the ops whose CANN op_api broadcasts on every SoC)."""
    op = OPS[name]
    attrs = attr_cases(op, 2)[0]
    bf16 = ao.as_dtype("bfloat16")
    if bf16 in op.dtypes:
        ins = inputs_for(op, in_shapes(op, (2, 4), attrs), [bf16] * len(op.inputs), np.random.default_rng(10))
        with ao.soc("Ascend910"):
            # (a generated API without a kernel config for the SoC: nnopbase's 561003)
            try:
                _core.call(op, tuple(ins), tuple(attrs))
            except ao.AclnnError as e:
                allowed = {ao.ACLNN_ERR_PARAM_INVALID} | ({561003} & _step_statuses(op))
                assert e.status in allowed, str(e)
            else:
                # accepted: only where CANN's source accepts it, as a cited probe says
                assert _probed_bf16_accepted(op.name, "Ascend910"), \
                    "%s takes BF16 on Ascend910, which no probe of its CANN source accepts" % op.name
        with ao.soc("Ascend910B"):
            if bf16 in op.dtypes_for(ao.get_soc()):     # (ClippedSwigluV2: Ascend950 only)
                _core.call(op, tuple(ins), tuple(attrs))
    if operand_inputs(op) > 1:
        ins = inputs_for(op, [(4, 1, 6), (5, 1), (6,)][:len(op.inputs)], [F32] * len(op.inputs),
                         np.random.default_rng(11))
        with ao.soc("Ascend910B"):
            refused = _info(op).get("broadcast_refused")
            if getattr(op, "broadcast", "never") == "always":
                out = _core.call(op, tuple(ins), tuple(attrs))
                assert out.shape == (4, 5, 6)[-max(len(np.shape(a)) for a in ins):]
            elif refused is None or refused(attrs):
                assert_refused(op, _core.call, op, tuple(ins), tuple(attrs))


def check_inplace(ip, fn):
    """aclnnInplace<Name> (`ip`, numpy-like `fn`): the out-of-place op's results written
    into selfRef for every dtype and attribute case, the input returned; the two-stage
    API in place (no workspace); a null selfRef is 161001."""
    op = ip.base
    n = len(op.inputs)
    rng = np.random.default_rng(12)
    for dt in op.dtypes:
        for attrs in attr_cases(op, 2, dt):
            if out_dtype(op, [dt] * n, attrs) is not dt:
                continue
            ins = inputs_for(op, [(4, 6)] * n, [dt] * n, rng)
            x = ins[0].copy()
            assert fn(x, *ins[1:], *attrs) is x
            assert_matches(op, x, ins, attrs, dt, "in place")
            t = ao.from_numpy(ins[0].copy())
            rest = [ao.from_numpy(a) for a in ins[1:]]
            ws_size, ex = phase1_of(ip)(*cann_args(ip, [t] + rest, None, attrs))
            assert ws_size == 0
            getattr(aclnn, ip.snake)(None, ws_size, ex)
            assert_matches(op, t.numpy(), ins, attrs, dt, "in place, two-stage")
            assert_status(ao.ACLNN_ERR_PARAM_NULLPTR, phase1_of(ip), *cann_args(ip, [None] + rest, None, attrs))


@pytest.mark.parametrize("name", INPLACE)
def test_inplace_variant(name):
    check_inplace(OPS[name], getattr(ao, name))


def test_harness_covers_inplace_variants():
    """check_inplace passes for a correct in-place op and fails for one whose kernel does
    not match its reference (registered in a subprocess: this registry stays clean)."""
    code = r"""
import sys
sys.path.insert(0, %r)
import numpy as np
import ascendops as ao
import test_registry as h
from ascendops.ops import ElementwiseOp, Input, Output, register
from ascendops.tiling import block_tiling
silu = lambda x: np.asarray(x, np.float64) / (1.0 + np.exp(-np.asarray(x, np.float64)))
for snake, ref in (("zz_ip_ok", silu), ("zz_ip_wrong", lambda x: 2.0 * silu(x))):
    register(ElementwiseOp(name=snake, snake=snake, params=(Input("self"), Output("out")), dtypes=("float32",),
                           kernel="silu", tiling=lambda n, s, u, c: block_tiling(n, s, u, c, 3, 6),
                           broadcast="never", mixed="never", inplace=True, info={"reference": ref}))
ops = ao.registered_ops()
for name, op in ops.items():     # the two-stage functions of ops registered after import
    if not hasattr(ao.aclnn, name):
        ws_fn, run_fn = ao.aclnn._two_stage(op)
        setattr(ao.aclnn, name + "_get_workspace_size", ws_fn)
        setattr(ao.aclnn, name, run_fn)
h.check_inplace(ops["inplace_zz_ip_ok"], ao._numpy_like(ops["inplace_zz_ip_ok"]))
try:
    h.check_inplace(ops["inplace_zz_ip_wrong"], ao._numpy_like(ops["inplace_zz_ip_wrong"]))
except AssertionError:
    print("OK")
""" % os.path.dirname(os.path.abspath(__file__))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                       cwd=os.path.dirname(os.path.dirname(os.path.abspath(ao.__file__))), timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "OK", r.stdout + r.stderr


def test_harness_fails_on_a_wrong_reference():
    """A kernel that does not match its declared reference must fail check_values:
    an op registered (in a subprocess, to keep this registry clean) with the Silu
    kernel but the reference of sigmoid."""
    code = r"""
import sys
sys.path.insert(0, %r)
import numpy as np
import ascendops as ao
import test_registry as h
from ascendops.tiling import block_tiling
op = ao.register(ao.ElementwiseOp(
    name="WrongSilu", snake="zz_wrong_silu_harness_check", params=(ao.ops.Input("self"), ao.ops.Output("out")),
    dtypes=("float32", "float16"), kernel="silu", broadcast="never", mixed="never",
    tiling=lambda n, s, u, c: block_tiling(n, s, u, c, 3, 6),
    info={"reference": lambda x: 1.0 / (1.0 + np.exp(-np.asarray(x, np.float64)))}))
assert "zz_wrong_silu_harness_check" in ao.registered_ops()
for dt in ("float32", "float16"):
    try:
        h.check_values(op, dt)
    except AssertionError as e:
        print("FAILED AS EXPECTED", dt, str(e)[:80])
    else:
        print("PASSED WRONGLY", dt)
        sys.exit(1)
# The same kernel with its true reference passes.
h.check_values(ao.registered_ops()["silu"], "float32")
print("OK")
""" % os.path.dirname(os.path.abspath(__file__))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    # Run beside the ascendops under test, so the source checkout cannot shadow an installed one.
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                       cwd=os.path.dirname(os.path.dirname(os.path.abspath(ao.__file__))), timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.count("FAILED AS EXPECTED") == 2 and r.stdout.strip().endswith("OK"), r.stdout


# -- op-specific facts the metadata cannot express --------------------------------------
def test_gelu_backward_numpy_like_maps_to_v1_and_v2():
    rng = np.random.default_rng(7)
    dy, x = rng.standard_normal((2, 3, 4)).astype(np.float32)
    v1 = OPS["gelu_backward"].info["reference"]
    np.testing.assert_allclose(ao.gelu_backward(dy, x), v1(dy, x), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(ao.gelu_backward(dy, x, "tanh"), v1(dy, x, "tanh"), rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(ao.gelu_backward(dy, x, approximate="none"), ao.gelu_backward_v2(dy, x))
    assert_status(ao.ACLNN_ERR_PARAM_NULLPTR, ao.gelu_backward, dy, x, None)
    assert_status(ao.ACLNN_ERR_PARAM_INVALID, ao.gelu_backward, dy, x, "erf")


def test_hardswish_backward_boundaries():
    x = np.float32([-3.5, -3.0, -1.5, 0.0, 3.0, 3.5])
    np.testing.assert_array_equal(ao.hardswish_backward(np.ones(6, np.float32), x),
                                  np.float32([0.0, -0.5, 0.0, 0.5, 1.5, 1.0]))
    assert_status(ao.ACLNN_ERR_PARAM_INVALID, ao.hardswish_backward, np.ones((2, 3), np.float32),
                  np.ones(3, np.float32))


def test_softmax_backward_every_dim_and_large_rows():
    rng = np.random.default_rng(8)
    ref = OPS["softmax_backward"].info["reference"]
    g, y = rng.standard_normal((2, 2, 3, 4, 5, 70, 6)), rng.random((2, 2, 3, 4, 5, 70, 6))
    g, y = g.astype(np.float32), y.astype(np.float32)
    for dim in range(-7, 7):
        np.testing.assert_allclose(ao.softmax_backward(g, y, dim), ref(g, y, dim), rtol=1e-5, atol=1e-5)


@pytest.mark.filterwarnings("ignore:overflow encountered in cast:RuntimeWarning")
def test_cast_integer_wraparound_and_float_rounding():
    x = np.array([-129, -1, 0, 127, 128, 255, 256, 70000, -70000], np.int64)
    for dt in ("int8", "uint8", "int16", "uint16", "int32", "uint32", "uint64", "bool", "float16", "bfloat16"):
        np.testing.assert_array_equal(ao.cast(x, dt), x.astype(ao.as_dtype(dt).numpy), err_msg=dt)
    # Round to nearest even at the halfway points of f16 and bf16, from float64 and float32.
    f = np.array([1 + 2.0 ** -11, 1 + 3 * 2.0 ** -11, 1 + 2.0 ** -8, 1 + 3 * 2.0 ** -8, 65519.0, 65520.0, 6e-8,
                  np.nan, np.inf, -0.0])
    for src in (np.float64, np.float32):
        for dt in ("float16", "bfloat16"):
            want = f.astype(src).astype(ao.as_dtype(dt).numpy)
            got = ao.cast(f.astype(src), dt)
            np.testing.assert_array_equal(got.view(np.uint16), want.view(np.uint16), err_msg="%s %s" % (src, dt))
    t = ao.tensor(np.arange(6, dtype=np.float32).reshape(2, 3)).T
    assert t.astype("int32").tolist() == [[0, 3], [1, 4], [2, 5]]
    assert t.to("float16").dtype is ao.float16


def test_astype_runs_the_registered_cast_op_else_numpy():
    """Tensor.astype (the Tensor layer) reaches the Cast op through the hook the op layer
    sets (_api.pxi), not by calling the dispatcher itself: Cast's pairs plan a Cast
    executor; pairs Cast lacks (complex64) and BF16 on a SoC without BF16 (Ascend310P,
    aclnn-facts section 2) convert with numpy, planning nothing. Values: numpy's astype."""
    x = np.array([[1.5, 2.5], [3.5, -4.5]], np.float32)
    t = ao.tensor(x)
    ao.clear_cache()
    got = t.astype("int32")
    assert ao.cache_info().misses == 1 and ao.cache_info().size == 1
    np.testing.assert_array_equal(got.numpy(), x.astype(np.int32))
    for soc, dt in (("Ascend310P", "bfloat16"), ("Ascend910B", "complex64")):
        with ao.soc(soc):
            ao.clear_cache()
            got = t.astype(dt)
            assert ao.cache_info().misses == 0, (soc, dt)
            np.testing.assert_array_equal(got.numpy(), x.astype(ao.as_dtype(dt).numpy))


def test_cast_large_strided_crosses_chunks():
    """More elements than one thread chunk, mid-row chunk boundaries, strided both sides."""
    rng = np.random.default_rng(12)
    x = rng.uniform(-1000, 1000, size=(700, 401)).astype(np.float32).T[::2, 3:]
    out = np.zeros((201, 1394), np.int16)[:, ::2]
    assert ao.cast(x, "int16", out=out) is out
    np.testing.assert_array_equal(out, x.astype(np.int16))
    np.testing.assert_array_equal(ao.cast(x, "bfloat16"), x.astype(ml_dtypes.bfloat16))
    np.testing.assert_array_equal(ao.cast(x.astype(np.float16), "float64"), x.astype(np.float16).astype(np.float64))


TORCH_CALLS = {
    "silu": lambda t, x: t.nn.functional.silu(x),
    "sigmoid_backward": lambda t, g, y: t.ops.aten.sigmoid_backward(g, y),
    "gelu_backward": lambda t, g, x: t.ops.aten.gelu_backward(g, x),
    "gelu_backward_v2": lambda t, g, x, a: t.ops.aten.gelu_backward(g, x, approximate=a),
    "softmax_backward": lambda t, g, y, d: t.ops.aten._softmax_backward_data(g, y, d, y.dtype),
}


def torch_call(name):
    """How to call PyTorch for the op: TORCH_CALLS, else a callable info["torch"]
    (f(torch, *inputs, *attrs), as the op files declare; None where torch
    has no counterpart for those attributes)."""
    # "torch_composite": a composition of torch ops giving several outputs (PreluBackward,
    # SoftmaxCrossEntropyWithLogits), which the bench's per-op table cannot pair
    call = _info(OPS[name]).get("torch") or _info(OPS[name]).get("torch_composite")
    return TORCH_CALLS.get(name) or (call if callable(call) else None)


@pytest.mark.parametrize("name", [n for n in NAMES if torch_call(n) is not None])
def test_against_torch(name):
    torch = pytest.importorskip("torch")
    op = OPS[name]
    rng = np.random.default_rng(9)
    for attrs in attr_cases(op, 2):
        ins = inputs_for(op, in_shapes(op, (4, 9), attrs), [F32] * len(op.inputs), rng)
        # torch in float64: its fp32 GELU-tanh backward cancels for x < -3, ours does not.
        want = torch_call(name)(torch, *[torch.from_numpy(a.astype(np.float64)) for a in ins], *attrs)
        if want is None:
            continue        # no torch counterpart for these attributes (RReluWithNoise's training)
        got = _core.call(op, tuple(ins), tuple(attrs))
        if op.unwritten_outputs or (isinstance(got, tuple) and not isinstance(want, (tuple, list))):
            # torch's counterpart of the first output (the others are never written, or are a
            # norm's statistics, which torch's functional form does not return)
            got = got[0]
        if isinstance(got, tuple):     # several outputs: one torch result each
            for g, w in zip(got, want):
                np.testing.assert_allclose(g, w.numpy(), rtol=1e-5, atol=1e-6)
        else:
            np.testing.assert_allclose(got, want.numpy(), rtol=1e-5, atol=1e-6)
