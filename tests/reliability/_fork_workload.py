"""Work for the fork tests (test_fork.py): importable by the subprocesses and the
multiprocessing children they start. Every check compares with numpy (each op's
declared float64 reference, or numpy itself for copies and casts); failures are
returned as strings, so a child can report them through its exit status or a pool."""
import numpy as np

import ascendops as ao
from ascendops import _core, bench_ops

# Large enough that each op, copy and cast runs on the engine's worker threads
# (AO_PAR_MIN_NUMEL 16384 elements; copies from 1 MiB; casts from 2 chunks of 65536).
SHAPE = (128, 1024)
BIG = 1 << 20   # elements: a 4 MiB float32 copy


def _generic_inputs_do_not_fit(op, info):
    """The ops whose operands' values or shapes must agree beyond broadcasting, which the
    registry harness leaves to their own tests too: an index tensor (GatherV2), a tensor
    list (Cat), a square matrix (TriangularSolve), an NCHW window (the pools). Those whose
    declaration makes its own arguments (info["bench"]) run with those (_declared_calls)."""
    return bench_ops.unfed(op) is not None or isinstance(op, _core.MatrixOp) or "bench" in info


def _declared_calls(rng):
    """(label, call, reference) of each op whose declaration makes its arguments
    (info["bench"], about as many elements as SHAPE: the worker threads run them)."""
    n = SHAPE[0] * SHAPE[1]
    for snake, op in sorted(ao.registered_ops().items()):
        make = op.info.get("bench") if isinstance(op.info, dict) else None
        if make is None:
            continue
        for args in make(n, rng):
            yield (snake, (lambda a=args, f=getattr(ao, snake): f(*a)),
                   (lambda a=args, ref=op.info["reference"]: ref(*a)), op.info.get("exact", False))


def _attr_cases(op, ndim):
    info = op.info if isinstance(op.info, dict) else {}
    if "shape_attrs" in info:       # attributes that are sizes of the input (GroupNorm's)
        return [tuple(info["shape_attrs"](SHAPE))]
    cases = info.get("attrs")
    if cases is None:
        return [tuple(op.attr_defaults)]
    return [tuple(c) for c in (cases(ndim) if callable(cases) else cases)]


def _shape(op, k, attrs):
    """Input k's shape for the iteration SHAPE, or SHAPE reversed for an op split along
    a fixed dim (Input(split=-1): GeluMul's and FatreluMul's last, whose tiling takes at
    most 1024 there): the op's operand_shapes (a split input, Input(split="dim") of the
    gated units, is twice as long along the split dim)."""
    fixed = any(isinstance(getattr(p, "split", None), int) for p in op.input_params)
    return op.operand_shapes(SHAPE[::-1] if fixed else SHAPE, tuple(attrs))[0][k]


def _input(op, k, rng, attrs=()):
    info = op.info if isinstance(op.info, dict) else {}
    dom = info.get("domain", (-3.0, 3.0))
    lo, hi = dom[k] if isinstance(dom, list) else dom
    return rng.uniform(lo, hi, size=_shape(op, k, attrs)).astype(np.float32)


def _mismatch(name, got, ref, exact):
    got, ref = np.asarray(got), np.asarray(ref)
    if got.shape != ref.shape:
        return "%s: shape %r, reference %r" % (name, got.shape, ref.shape)
    if exact:
        if not np.array_equal(got, ref.astype(got.dtype), equal_nan=True):
            return "%s: differs from numpy" % name
        return None
    g, r = got.astype(np.float64), ref.astype(np.float64)
    eps = float(np.finfo(np.float32).eps) * 16
    scale = max(1.0, float(np.max(np.abs(r)))) if r.size else 1.0
    bad = ~(np.abs(g - r) <= eps * scale + eps * np.abs(r)) & ~(np.isnan(g) & np.isnan(r))
    if bad.any():
        return "%s: %d of %d elements off the reference" % (name, int(bad.sum()), bad.size)
    return None


def run_every_op(seed=0):
    """Every registered op over each of its attribute cases (FLOAT inputs), a 4 MiB
    tensor copy, a Tensor.astype cast; returns the failures (empty: all match)."""
    rng = np.random.default_rng(seed)
    errors = []
    for snake, op in sorted(ao.registered_ops().items()):
        info = op.info if isinstance(op.info, dict) else {}
        if _generic_inputs_do_not_fit(op, info):
            continue
        for attrs in _attr_cases(op, len(SHAPE)):
            # an optional INT64 row limit (ClippedSwiglu's groupIndexOptional) is null: every row
            ins = [None if k == getattr(op, "row_limit_input", -1) else _input(op, k, rng, attrs)
                   for k in range(len(op.inputs))]
            want = info["reference"](*ins, *attrs)   # before the call: an in-place op writes into ins[0]
            try:
                got = _core.call(op, tuple(ins), attrs)
            except Exception as e:   # a failure is reported, not raised: the child reports it
                errors.append("%s%r raised %r" % (snake, attrs, e))
                continue
            # several outputs (GeGlu): a result and a reference per output
            pairs = zip(got, want) if len(op.outputs) > 1 else [(got, want)]
            for g, w in pairs:
                err = _mismatch("%s%r" % (snake, attrs), g, w, info.get("exact", False))
                if err:
                    errors.append(err)
    for snake, call, reference, exact in _declared_calls(rng):
        want = reference()
        try:
            got = call()
        except Exception as e:   # reported, as above
            errors.append("%s raised %r" % (snake, e))
            continue
        err = _mismatch(snake, got, want, exact)
        if err:
            errors.append(err)
    host = rng.standard_normal(BIG).astype(np.float32)
    t = ao.tensor(host)
    if not np.array_equal(t.numpy(), host):
        errors.append("4 MiB tensor copy differs")
    if not np.array_equal(t.astype("float16").numpy(), host.astype(np.float16)):
        errors.append("Tensor.astype(float16) differs from numpy")
    return errors


def parent_parallel_work():
    """What hung a forked child before the engine left OpenMP: a parallel region of each
    kind in the parent (a 4 MiB copy, SoftmaxBackward, Cast), with 2 threads."""
    ao.set_num_threads(2)
    rng = np.random.default_rng(1)
    big = rng.standard_normal(BIG).astype(np.float32)
    ao.tensor(big)
    y = rng.uniform(0, 1, size=(512, 512)).astype(np.float32)
    ao.softmax_backward(y, y, -1)
    ao.softmax_backward(y, y, 0)
    ao.cast(big, "float16")
    ao.silu_backward(big, big)


def pool_task(seed):
    """A multiprocessing task: the failures of run_every_op in that worker (which an
    alarm ends if it hangs, so that no orphaned worker outlives a timed-out test)."""
    import signal
    signal.alarm(150)
    try:
        return run_every_op(seed)
    finally:
        signal.alarm(0)
