"""Helpers the test folders share (tests/ops, tests/perf_correctness, ...), imported by
base name: pytest puts this folder on sys.path for tests/conftest.py (no __init__.py
here), as each test's own folder for its local modules (region_runs.py)."""
import math

import numpy as np

import ascendops as ao

# The SoC profiles the CANN rule tests run under: a non-regbase SoC (Ascend910B) and the
# host profile.
SOCS = ("Ascend910B", "host")

_erfc = np.vectorize(math.erfc, otypes=[np.float64])


def aclnn_status(fn, *args):
    """The ACLNN status `fn(*args)` fails with (ao.AclnnError), 0 when it succeeds."""
    try:
        fn(*args)
    except ao.AclnnError as e:
        return e.status
    return 0


def gelu_erf64(x):
    """GELU's erf form, x Phi(x), in float64 (Phi by math.erfc: no cancellation for
    x < -sqrt 2)."""
    x = np.asarray(x, np.float64)
    return x * 0.5 * _erfc(-x / math.sqrt(2.0))


def nearest16(ref, dtype):
    """The value of the 16-bit `dtype` nearest to float64 `ref` (rounded once, not through
    float32: the neighbours of the float32-rounded value compared in float64; a tie keeps
    the float32-rounded value)."""
    c = ref.astype(np.float32).astype(dtype)
    bits = c.view(np.uint16).astype(np.int64)
    best, bestd = c.copy(), np.abs(c.astype(np.float64) - ref)
    for step in (-1, 1):
        cand = ((bits + step) & 0xFFFF).astype(np.uint16).view(dtype)
        with np.errstate(invalid="ignore"):
            d = np.abs(cand.astype(np.float64) - ref)
        better = np.isfinite(d) & (d < bestd)
        best, bestd = np.where(better, cand, best), np.where(better, d, bestd)
    return best


def bits(a, dtype=None):
    """The bits of array `a` (converted to `dtype` first when given: a list, a Tensor), as
    unsigned integers of its item size, same shape: for comparisons that tell -0.0 from
    0.0 and one NaN payload from another (np.array_equal on the values does neither).
    Items of another size (complex128, ...) are viewed as bytes."""
    a = np.ascontiguousarray(a if dtype is None else np.asarray(a, dtype))
    unsigned = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}.get(a.dtype.itemsize, np.uint8)
    return a.view(unsigned)


def random_nan_bits32(rng, size):
    """`size` float32 NaN bit patterns: random sign, quiet or signalling, random nonzero
    payload (uint32)."""
    return ((rng.integers(0, 2, size) << 31) | 0x7F800000
            | rng.integers(1, 1 << 23, size)).astype(np.uint32)


# -- test tiers -------------------------------------------------------------------------
def op_kind(op):
    """What the dispatcher does differently for op, read from its declaration: its class,
    one input or several, one output or several, attributes or none, split / along /
    single / row-limit operands, never-written outputs. Two ops of one kind take the same
    path through the layers a device or the C ABI adds (memory, streams, copies,
    phase 1 / 2); only their kernels differ, which tier 1 tests op by op on cpu."""
    params = op.params
    return (type(op).__name__,
            type(op.base).__name__ if isinstance(op, ao._core.InplaceOp) else None,
            min(len(op.inputs), 2), len(op.outputs) > 1, bool(op.attrs),
            any(getattr(p, "split", None) is not None for p in params),
            any(getattr(p, "along", None) is not None for p in params),
            any(getattr(p, "single", False) for p in params),
            any(getattr(p, "limits_rows", False) for p in params),
            bool(getattr(op, "unwritten_outputs", ())))


def op_class(op):
    """A coarser op_kind: the class and the operands that change the C ABI's calls
    (several outputs, split, along, row-limit operands)."""
    k = op_kind(op)
    return k[:2] + (k[3], k[5], k[6], k[8])


def representatives(ops, kind=op_kind):
    """The names of the first op (by name) of each kind among `ops` (name -> op)."""
    seen, names = set(), []
    for name in sorted(ops):
        kind_of = kind(ops[name])
        if kind_of not in seen:
            seen.add(kind_of)
            names.append(name)
    return names


def by_kind(names, ops, key=lambda name: name, kind=op_kind, ids=None):
    """pytest params of `names` (test ids ids(name)): those whose op (ops[key(name)])
    represents its kind in the plain run, the others marked slow (ASCENDOPS_SLOW_TESTS=1:
    every op)."""
    import pytest
    keep = set(representatives({key(n): ops[key(n)] for n in names}, kind))
    return [pytest.param(n, id=ids(n) if ids else None, marks=() if key(n) in keep else pytest.mark.slow)
            for n in names]


def first_in_tier1(values, keep=1):
    """pytest params of `values`: the first `keep` in the plain run, the rest marked slow
    (more spellings of one rule: each found its regression once; tier 2 keeps them all)."""
    import pytest
    return list(values[:keep]) + [pytest.param(*(v if isinstance(v, tuple) else (v,)), marks=pytest.mark.slow)
                                  for v in values[keep:]]
