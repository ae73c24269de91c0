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


def random_nan_bits32(rng, size):
    """`size` float32 NaN bit patterns: random sign, quiet or signalling, random nonzero
    payload (uint32)."""
    return ((rng.integers(0, 2, size) << 31) | 0x7F800000
            | rng.integers(1, 1 << 23, size)).astype(np.uint32)
