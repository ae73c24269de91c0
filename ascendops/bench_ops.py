"""The per-op table of ``python -m ascendops.bench`` (the per-op target): every op in
``ascendops.registered_ops()`` at 1e6 elements in float32, float16 and bfloat16,
ascendops against torch at the same thread count, with the ratio, the geometric mean,
and pass/fail against >= 1.0x per row and >= 1.5x for the mean.

Generic over the registry, so that ops other work adds are measured without editing
this file. How to call torch for an op:

- its declaration's ``info["torch"]`` names the aten op (else the op's snake name, when
  aten has one of that name);
- the aten op's out= overload is used (both libraries write into preallocated outputs:
  the table compares kernels, not allocators), its inputs positionally in the op's
  order, the op's attributes by name;
- ``TORCH_EXTRA`` adds the aten arguments aclnn has no counterpart for
  (``_softmax_backward_data``'s input_dtype);
- Cast has no aten op of its own: torch's ``Tensor.copy_`` into an out of the target
  dtype;
- where ``info["torch"]`` is instead a callable ``f(torch, *inputs, *attrs)`` (the
  accuracy tests' reference), it is run once under a dispatch mode that records the
  aten ops torch executes for it. One aten op with an out= overload: that overload,
  with the recorded arguments, writes the preallocated output (``selu`` is recorded
  as ``aten.elu``: what torch itself runs). Several ops (a composite, e.g. add_relu),
  or one without out=: the callable itself, its result copied into the output with
  ``copy_``, which charges torch an allocation and a copy; the table's "torch call"
  column says which, so such a row is read as a bound.

Inputs are drawn uniformly from the op's ``info["domain"]`` (one range for every
input, or one per input), attributes from ``info["attrs"]`` (each listed variant is a
row), shapes (1000, 1000) for ops with a ``dim`` attribute, else flat. An op without a
tensor input (Arange) writes its preallocated output of the row's size:
``info["sized_attrs"](attrs, n)`` gives the attributes whose result has n elements (the
torch call's too).

An op whose inputs the generic rule cannot make (an index tensor whose values must fit
the data, a tensor list, an NCHW window) declares them: ``info["bench"](n, rng)`` lists
argument tuples in its numpy-like call's order (float arrays in float32, converted to each
row's dtype), each a row; torch is called through ``info["torch"]`` as above.

In-place variants (``aclnnInplaceXxx``) have no row: each runs its base op's kernel,
which the base op's row measures, and timed in place it would rewrite its own input
call after call (Erfinv's drifts to inf) or be charged a fresh copy per call.
"""
import math

import numpy as np

import ascendops as ao

try:
    import torch
except ImportError:
    torch = None

N = 10 ** 6
DTYPES = ("float32", "float16", "bfloat16")
WANT_ROW = 1.0
WANT_GEOMEAN = 1.5

# aten arguments that aclnn's signature does not carry, by aten op name
TORCH_EXTRA = {
    "_softmax_backward_data": lambda dtype: {"input_dtype": dtype},
}

# Cast's targets: 16-bit to float32, float32 to float16 (a conversion either way)
CAST_TO = {"float32": "float16", "float16": "float32", "bfloat16": "float32"}


def _np_dtype(name):
    from ascendops.bench import _np_dtype as f
    return f(name)


# Where every array of a case starts: this many bytes past a 64-byte line, numpy's own
# offset for a fresh large array (glibc's mmap chunk header). numpy's later arrays of
# this size come from the heap at any 16-byte offset, so ascendops' out and torch's
# were placed differently row by row (hardshrink float32: 48 and 0), and an unaligned
# output costs a library whose stores span two lines (C harness, ascendops before its
# aligned head, hardshrink float32 1e6: 0.111 against 0.097 ns/element aligned): both
# libraries' operands now start alike.
LINE_OFFSET = 16


def _at_line_offset(a):
    """A copy of a whose data starts LINE_OFFSET bytes past a 64-byte boundary."""
    buf = np.empty(a.nbytes + 64 + LINE_OFFSET, np.uint8)
    start = (-buf.ctypes.data) % 64 + LINE_OFFSET
    out = buf[start:start + a.nbytes].view(a.dtype).reshape(a.shape)
    out[...] = a
    return out


def _empty_at_line_offset(shape, dtype):
    return _at_line_offset(np.zeros(shape, dtype))


def _domains(op):
    dom = op.info.get("domain", (-4.0, 4.0))
    if isinstance(dom, list):
        return dom
    return [dom] * len(op.args)


def _attr_variants(op, ndim):
    """The attribute tuples to measure op with: info["attrs"] (a list, or a function
    of the rank), else the declared defaults, else none. An op fed by its declaration
    (info["bench"]): the index of each argument tuple it lists."""
    if op.info.get("bench"):
        return [(i,) for i in range(len(_bench_args(op)))]
    if not op.attrs or _is_cast(op):  # Cast: its target comes from CAST_TO
        return [()]
    listed = op.info.get("attrs")
    if callable(listed):
        listed = listed(ndim)[:1]
    if listed:
        return [tuple(a) for a in listed]
    if op.info.get("example_attrs"):
        return [tuple(op.info["example_attrs"])]
    return [tuple(op.attr_defaults)]


def _is_cast(op):
    return type(op).__name__ == "CastOp"


def _along(op):
    """Per input: the dim an Input(along=d) holds one value per index of (Prelu's weight), or None."""
    return [getattr(p, "along", None) for p in op.params if type(p).__name__ == "Input"]


def _shape(op, n=N):
    """The largest operand's shape for about n elements: square where the op reads a
    dim (an attribute, a split, a rank floor, an Input(along=d)), else 1-d."""
    two_d = ("dim" in op.attrs or _is_split(op) or op.min_rank > 1 or _is_axis(op)
             or any(a is not None for a in _along(op)))
    side = max(2, int(round(n ** 0.5)))
    return (side, side) if two_d else (n,)


def _split_of(op):
    return next((p.split for p in op.params if getattr(p, "split", None) is not None), None)


FAMILIES = ("elementwise forward", "gradient-form backward", "softmax family", "norms", "gated units", "cast",
            "layouts", "gathers and scatters", "windows and convolutions", "matrix products")


def _is_axis(op):
    """A reduction over a block of dims (AxisReduceOp: the norms)."""
    return isinstance(op, ao._core.AxisReduceOp)


def family(op):
    """The op's family in the table's summary (one row per family): from its
    declaration's kind, not from a list of names."""
    if _is_cast(op):
        return "cast"
    if isinstance(op, ao._core.RowReduceOp):
        return "softmax family"
    if _is_axis(op):
        return "norms"
    if isinstance(op, (ao._core.LayoutOp, ao._core.ConcatOp)):
        return "layouts"
    if isinstance(op, ao._core.IndexOp):
        return "gathers and scatters"
    if isinstance(op, (ao._core.WindowOp, ao._core.ConvolutionOp)):
        return "windows and convolutions"
    if isinstance(op, (ao._core.MatmulOp, ao._core.MatrixOp)):
        return "matrix products"
    if any(getattr(p, "split", None) is not None for p in op.params):
        return "gated units"
    base = op.name[len("Inplace"):] if op.name.startswith("Inplace") else op.name
    if base.endswith(("Backward", "BackwardV2", "Grad")):
        return "gradient-form backward"
    return "elementwise forward"


def _is_split(op):
    split = _split_of(op)
    return isinstance(split, int) or (split is not None and "dim" in op.attrs)


def _input_shapes(op, attrs, n=N):
    """Each input's shape: _shape(op) is the largest operand's, so where an operand is
    split in halves along `dim` (Glu's self, declared with split="dim"), an input that
    is not split has the halved shape (GluBackward's gradOut): the op's operand_shapes."""
    return list(op.operand_shapes(_shape(op, n), tuple(attrs), whole=True)[0])


def attrs_for_size(op, attrs, n=N):
    """attrs, or, for an op whose attributes are sizes of its input (info["shape_attrs"]:
    GroupNorm's N, C, HxW, LayerNorm's normalizedShape), those of the input of about n
    elements that make_inputs makes."""
    if op.info.get("shape_attrs"):
        return tuple(op.info["shape_attrs"](_shape(op, n)))
    return tuple(attrs)


def make_inputs(op, dtype, attrs, n=N, seed=0):
    """The inputs of a measured call of op, from its declaration alone: each shaped by
    operand_shapes for about n elements, values of `dtype` in the op's domain (each
    array starting LINE_OFFSET past a line), the optional INT64 row limit
    (ClippedSwiglu's groupIndexOptional) None, so that every row is computed, as torch's
    composition computes them all. The bench, the per-op table and benchmarks/ use it,
    so a new op needs no benchmark code."""
    rng = np.random.default_rng(seed)
    npdt = _np_dtype(dtype)
    shapes = [_shape(op, n)] if _is_cast(op) else _input_shapes(op, attrs, n)
    ins = [_at_line_offset(rng.uniform(lo, hi, sh).astype(np.float32).astype(npdt))
           for (lo, hi), sh in zip(_domains(op), shapes)]
    if getattr(op, "row_limit_input", -1) >= 0:
        ins[op.row_limit_input] = None
    return ins


def _bench_args(op, n=N, seed=0):
    """info["bench"](n, rng): the argument tuples, in the numpy-like call's order, of an op
    whose inputs only its declaration can make (an index tensor whose values fit the data,
    a tensor list, an NCHW window), the largest operand of about n elements."""
    return op.info["bench"](n, np.random.default_rng(seed))


def _in_row_dtype(a, npdt):
    """A declaration's bench argument for a row of npdt: a float array in that dtype (an
    index array as it is), each at LINE_OFFSET; a list element by element."""
    if isinstance(a, np.ndarray):
        return _at_line_offset(a.astype(npdt) if a.dtype.kind == "f" else a)
    if isinstance(a, list):
        return [_in_row_dtype(e, npdt) for e in a]
    return a


def _torch_arg(a):
    from ascendops.bench import to_torch
    if isinstance(a, np.ndarray):
        return to_torch(a)
    if isinstance(a, list):
        return [_torch_arg(e) for e in a]
    return a


def _torch_out_overload(name, of=None):
    """(overload, name of its out argument) of aten op `name`, or (None, None); `of`: the
    overload called (pow.Tensor_Scalar), whose own out= form (pow.Tensor_Scalar_out) goes
    first, as the first out= overload may take other arguments (pow.Tensor_Tensor_out)."""
    packet = getattr(torch.ops.aten, name, None)
    if packet is None:
        return None, None
    names = list(packet.overloads())
    if of is not None and of + "_out" in names:
        names.insert(0, of + "_out")
    for ov_name in names:
        ov = getattr(packet, ov_name)
        outs = [a.name for a in ov._schema.arguments
                if a.kwarg_only and a.alias_info is not None and a.alias_info.is_write]
        if len(outs) == 1:
            return ov, outs[0]
    return None, None


def _record_aten_calls(fn, *args):
    """Runs fn(*args) under a TorchDispatchMode; returns (result, [(OpOverload,
    args, kwargs), ...]) in the order torch dispatched them."""
    from torch.utils._python_dispatch import TorchDispatchMode
    calls = []

    class Recorder(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, a=(), kw=None):
            kw = kw or {}
            calls.append((func, a, kw))
            return func(*a, **kw)

    with Recorder():
        result = fn(*args)
    return result, calls


def torch_callable_call(op, targs, attrs, tout):
    """(zero-argument callable writing tout, how) for an op whose info["torch"] is a
    callable f(torch, *inputs, *attrs) (see the module notes), or (None, None)."""
    ref = op.info.get("torch")
    if torch is None or not callable(ref) or isinstance(op, ao._core.InplaceOp):
        return None, None
    return _recorded_torch_call(lambda: ref(torch, *targs, *attrs), tout)


def _recorded_torch_call(call, tout):
    """(zero-argument callable writing tout, how) for torch's call(), recorded once: its one
    aten op's out= overload where it has one, else call() and a copy_; (None, None) where
    torch cannot run it or its result is not tout's shape."""
    def first():        # several outputs (TriangularSolve's x and m): the case compares the first
        r = call()
        return r[0] if isinstance(r, tuple) else r
    try:
        result, calls = _record_aten_calls(first)
    except Exception:       # noqa: BLE001 -- a reference torch cannot run here: no pairing
        return None, None
    if not isinstance(result, torch.Tensor) or result.shape != tout.shape:
        return None, None
    if len(calls) == 1:
        func, a, kw = calls[0]
        ov, out_arg = _torch_out_overload(func.overloadpacket.__name__, func._overloadname)
        if ov is not None:
            kw = dict(kw)
            kw[out_arg] = tout
            return (lambda: ov(*a, **kw)), "aten.%s.%s" % (func.overloadpacket.__name__, ov._overloadname)
    names = "+".join(f.overloadpacket.__name__ for f, _, _ in calls)
    return (lambda: tout.copy_(first())), "%s, copy_" % names


def torch_name(op):
    """The aten op that op is measured against, or None."""
    if torch is None or _is_cast(op):
        return None
    # info["torch"] is an aten name, or a callable f(torch, *inputs, *attrs) that the
    # accuracy tests use, whose arguments the table's generic out= call cannot map (it
    # passes the attributes by the aten schema's names): no pairing then, nor for the
    # in-place variants (no out=).
    name = op.info.get("torch") or op.snake
    if not isinstance(name, str) or isinstance(op, ao._core.InplaceOp):
        return None
    return name if hasattr(torch.ops.aten, name) else None


class Case:
    """One measured call pair: ``ao()`` and ``torch()`` (None without a torch
    counterpart) write ``out_ao`` and ``out_torch``, separate arrays of the same
    shape and dtype, so that a test can check that both compute the same op."""

    def __init__(self, label, ao_fn, out_ao, torch_fn=None, out_torch=None, torch_how=None):
        self.label, self.ao, self.out_ao = label, ao_fn, out_ao
        self.torch, self.out_torch = torch_fn, out_torch
        self.torch_how = torch_how      # how torch is called (the table's "torch call")


def _output_dtype(op, param, npdt):
    """An output's numpy dtype for inputs of npdt: an axis reduction's per-row result of its
    stat_dtype where declared (ArgMax's INT64 index), a full-shape one of its result_dtype
    (Argsort's INT64 indices), else the inputs'."""
    reduced = getattr(param, "reduced", False)
    own = getattr(op, "stat_dtype" if reduced else "result_dtype", None)
    return own.numpy if own is not None else npdt


def _declared_case(op, dtype, variant, seed=0, n=N):
    """The Case of an op fed by its declaration (info["bench"]): its variant-th argument
    tuple in dtype; the output's shape and dtype those of the numpy-like call's own; torch
    through info["torch"] (a callable f(torch, *args), or a torch function's name)."""
    from ascendops.bench import _sync_ao, to_torch
    args = [_in_row_dtype(a, _np_dtype(dtype)) for a in _bench_args(op, n, seed)[variant]]
    fn = getattr(ao, op.snake)
    sample = fn(*args)
    out, out_t = _empty_at_line_offset(sample.shape, sample.dtype), _empty_at_line_offset(sample.shape, sample.dtype)
    shown = [a for a in args if not isinstance(a, (np.ndarray, list))]
    label = op.snake + "(%s)" % ", ".join(repr(a) for a in shown)
    case = Case(label, _sync_ao(lambda: fn(*args, out=out)), out)
    ref = op.info.get("torch")
    if torch is not None and ref is not None:
        call = ref if callable(ref) else (lambda t, *a: getattr(t, ref)(*a))
        targs = [_torch_arg(a) for a in args]
        fn_t, how = _recorded_torch_call(lambda: call(torch, *targs), to_torch(out_t))
        if fn_t is not None:
            case.torch, case.out_torch, case.torch_how = fn_t, out_t, how
    return case


def make_case(op, dtype, attrs, seed=0, n=N):
    """The Case of op on fresh inputs of dtype (make_inputs) with attributes attrs (an op
    fed by its declaration: attrs is the index of its argument tuple, _declared_case)."""
    from ascendops.bench import _sync_ao, to_torch
    if op.info.get("bench"):
        return _declared_case(op, dtype, attrs[0], seed, n)
    shape = _shape(op, n)
    npdt = _np_dtype(dtype)
    fn = getattr(ao, op.snake)
    attrs = attrs_for_size(op, attrs, n)
    if op.info.get("dtype_attrs"):      # an aclDataType attribute (ReduceSum's dtype): the input's own
        attrs = tuple(op.info["dtype_attrs"](len(shape), dtype)[0])
    ins = make_inputs(op, dtype, attrs, n, seed)
    if not _is_cast(op) and (_is_split(op) or len(op.outputs) > 1 or _is_axis(op)
                             or isinstance(op, ao._core.LayoutOp) or op.info.get("sized")):
        # the outputs' shapes from the declaration (Glu's: half of its input; GeGlu's two;
        # a layout's from its mapping)
        outs = op.operand_shapes(shape, tuple(attrs), whole=True)[1]
        shape = list(outs) if len(outs) > 1 else outs[0]
    if _is_cast(op):
        target = CAST_TO[dtype]
        out, out_t = _empty_at_line_offset(shape, _np_dtype(target)), _empty_at_line_offset(shape, _np_dtype(target))
        case = Case("cast %s->%s" % (dtype, target), _sync_ao(lambda: fn(ins[0], target, out=out)), out)
        if torch is not None:
            tx, tout = to_torch(ins[0]), to_torch(out_t)
            case.torch, case.out_torch, case.torch_how = (lambda: tout.copy_(tx)), out_t, "copy_"
        return case
    if op.info.get("sized_attrs"):
        attrs = tuple(op.info["sized_attrs"](tuple(attrs), int(np.prod(shape))))
    label = op.snake + ("(%s)" % ", ".join(repr(a) for a in attrs) if attrs else "")
    if isinstance(shape, list):
        # several outputs (GeGlu): ascendops writes them all, the case compares the first
        # (a norm's per-row statistics in their own dtype: AxisReduceOp stat_dtype)
        outs = tuple(_empty_at_line_offset(s, _output_dtype(op, p, npdt)) for s, p in zip(shape, op.output_params))
        out, out_t = outs[0], _empty_at_line_offset(shape[0], npdt)
        case = Case(label, _sync_ao(lambda: fn(*ins, *attrs, out=outs)), out)
    else:
        odt = _output_dtype(op, op.output_params[0], npdt)
        out, out_t = _empty_at_line_offset(shape, odt), _empty_at_line_offset(shape, odt)
        case = Case(label, _sync_ao(lambda: fn(*ins, *attrs, out=out)), out)
    name = torch_name(op)
    ov, out_arg = _torch_out_overload(name) if name else (None, None)
    if ov is None:
        if torch is not None:
            fn_t, how = torch_callable_call(op, [None if a is None else to_torch(a) for a in ins], attrs,
                                           to_torch(out_t))
            if fn_t is not None:
                case.torch, case.out_torch, case.torch_how = fn_t, out_t, how
        return case
    targs = [to_torch(a) for a in ins]
    kw = dict(zip(op.attrs, attrs))
    if name in TORCH_EXTRA:
        kw.update(TORCH_EXTRA[name](getattr(torch, dtype)))
    kw[out_arg] = to_torch(out_t)
    case.torch, case.out_torch = (lambda: ov(*targs, **kw)), out_t
    case.torch_how = "aten.%s.%s" % (name, ov._overloadname)
    return case


class OpRow:
    """One op's row: median seconds of ascendops and torch, and the ratio torch / ours.
    `pairs`: bench.paired_ratio's (median, p25, p75) of the repeats' ratios, which is
    then the row's ratio (the measured rows have it; without it, t_torch / t_ao)."""

    def __init__(self, label, dtype, t_ao, t_torch, torch_how=None, family=None, pairs=None):
        self.label, self.dtype, self.t_ao, self.t_torch = label, dtype, t_ao, t_torch
        self.torch_how = torch_how
        self.family = family
        self.pairs = pairs if t_torch else None

    @property
    def ratio(self):
        if self.pairs is not None:
            return self.pairs[0]
        return self.t_torch / self.t_ao if self.t_torch else None

    @property
    def ok(self):
        return None if self.ratio is None else self.ratio >= WANT_ROW


def geomean(ratios):
    ratios = [r for r in ratios if r]
    return math.exp(sum(math.log(r) for r in ratios) / len(ratios)) if ratios else None


def unfed(op):
    """Why make_inputs cannot feed op (the table leaves it out), or None: a tensor list
    (Cat: it makes tensors, not a list of them), an index tensor (GatherV2: its values
    must fit the data's shape), a windowed op (the pools: an NCHW tensor of 3 or 4 dims),
    unless its declaration makes its arguments itself (info["bench"])."""
    if op.info.get("bench"):
        return None
    if any(p.kind == "tensor_list" for p in op.params):
        return "a tensor list"
    if (op.info or {}).get("indexed"):
        return "an index tensor"
    if isinstance(op, ao._core.WindowOp):
        return "an NCHW window"
    if isinstance(op, ao._core.RotaryOp):
        return "a 4-d x with its cos and sin"
    if isinstance(op, ao._core.MatmulOp):
        return "a matrix product (its out is not of its input's n elements)"
    if isinstance(op, ao._core.NzWeightOp):
        return "a weight laid out in place (its memory sized for the FRACTAL_NZ layout)"
    if isinstance(op, ao._core.QuantMatmulOp):
        return "a quantised weight and its scales"
    return None


def measured_ops():
    """The registered ops the table measures: all but the in-place variants (above) and the
    ops make_inputs cannot feed (unfed)."""
    return [op for op in ao.registered_ops().values() if not isinstance(op, ao._core.InplaceOp)
            and unfed(op) is None]


def ops_named(names):
    """The measured ops called NAMES (their registry or aclnn names, any case); all of them
    for None. An unknown name is an error naming it, not an empty table."""
    if not names:
        return None
    measured = {id(op) for op in measured_ops()}
    by_name = {}
    for key, op in ao.registered_ops().items():
        if id(op) in measured:
            by_name[key.lower()] = by_name[op.name.lower()] = op
    unknown = [n for n in names if n.lower() not in by_name]
    if unknown:
        raise SystemExit("--op %s: no measured op has this name" % ", ".join(map(repr, unknown)))
    return [by_name[n.lower()] for n in names]


def op_rows(ops=None, dtypes=DTYPES, repeats=7, budget=0.02):
    """One OpRow per (op, attribute variant, dtype) the op takes."""
    from ascendops.bench import paired_ratio, timed_samples
    ops = measured_ops() if ops is None else ops
    rows = []
    for op in ops:
        for attrs in _attr_variants(op, len(_shape(op))):
            for dtype in dtypes:
                if dtype not in op.dtypes:
                    continue
                c = make_case(op, dtype, attrs)
                s = timed_samples(*([c.ao] + ([c.torch] if c.torch else [])), repeats=repeats, budget=budget)
                ts = [float(np.median(k)) for k in s]
                rows.append(OpRow(c.label, dtype, ts[0], ts[1] if c.torch else None, c.torch_how, family(op),
                                  paired_ratio(s[1], s[0]) if c.torch else None))
    return rows


def format_op_table(rows, markdown=False):
    """The table, its geometric-mean line and the verdict, as text."""
    def us(t):
        return "-" if t is None else "%.1f us" % (t * 1e6)
    head = ("op", "dtype", "ascendops", "torch", "torch/ours [p25-p75]", "target", "result", "torch call")
    body = [(r.label, r.dtype, us(r.t_ao), us(r.t_torch),
             _ratio_cell(r), ">=%.1fx" % WANT_ROW,
             "n/a" if r.ok is None else ("pass" if r.ok else "FAIL"), r.torch_how or "-") for r in rows]
    for fam in FAMILIES:
        # one summary row per family: the geometric mean of its rows' ratios
        ratios = [r.ratio for r in rows if r.family == fam and r.ratio]
        if ratios:
            below = sum(r < WANT_ROW for r in ratios)
            body.append(("family: " + fam, "all", "", "", "%.2fx" % geomean(ratios), "",
                         "%d of %d rows below %.1fx" % (below, len(ratios), WANT_ROW), ""))
    g = geomean([r.ratio for r in rows])
    body.append(("geometric mean", "", "", "", "-" if g is None else "%.2fx" % g,
                 ">=%.1fx" % WANT_GEOMEAN, "n/a" if g is None else ("pass" if g >= WANT_GEOMEAN else "FAIL"), ""))
    return render_table(head, body, markdown)


def _ratio_cell(r):
    """The row's ratio, and where it was measured, the middle half of its repeats'."""
    if r.ratio is None:
        return "-"
    if r.pairs is None:
        return "%.2fx" % r.ratio
    return "%.2fx [%.2f-%.2f]" % r.pairs


def render_table(head, body, markdown=False):
    """Rows of strings as a markdown table, or as aligned text columns (the per-op
    table's and ascendops.bench's main table's one renderer)."""
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(b) + " |" for b in body]
        return "\n".join(lines)
    w = [max(len(x[i]) for x in [head] + body) for i in range(len(head))]
    fmt = "  ".join("%%-%ds" % k for k in w)
    return "\n".join([fmt % head, fmt % tuple("-" * k for k in w)] + [fmt % b for b in body])


def op_verdicts(rows):
    """(checked, missed): per-row targets plus the geometric mean's."""
    judged = [r for r in rows if r.ok is not None]
    g = geomean([r.ratio for r in rows])
    checked = len(judged) + (g is not None)
    missed = sum(not r.ok for r in judged) + (g is not None and g < WANT_GEOMEAN)
    return checked, missed
