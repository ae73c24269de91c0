"""pytest-benchmark suite: ascendops against torch and a numpy composite of the formula,
grouped by dtype, size and layout. Run: pytest benchmarks --benchmark-only."""
import numpy as np
import pytest

import ascendops as ao
from ascendops.bench import inputs, to_torch  # the same data and torch views as the bench

try:
    import torch
except ImportError:
    torch = None

DTYPES = ["float32", "float16", "bfloat16"]
SIZES = [10 ** 4, 10 ** 6, 10 ** 7]
IMPLS = ["ascendops", "torch", "numpy"]
ROUNDS = {10 ** 4: 200, 10 ** 6: 20, 10 ** 7: 5}


def numpy_composite(dy, x, out):
    """The formula with numpy ufuncs, in float32 (16-bit types widened and narrowed)."""
    xf = x.astype(np.float32, copy=False)
    s = 1.0 / (1.0 + np.exp(-xf))
    r = dy.astype(np.float32, copy=False) * s * (1.0 + xf * (1.0 - s))
    out[...] = r.astype(out.dtype, copy=False)
    return out


def make(impl, dy, x, out):
    if impl == "ascendops":
        def f():
            ao.silu_backward(dy, x, out=out)
            ao.synchronize()
        return f
    if impl == "torch":
        if torch is None:
            pytest.skip("torch missing")
        tdy, tx, tout = to_torch(dy), to_torch(x), to_torch(out)
        return lambda: torch.ops.aten.silu_backward.grad_input(tdy, tx, grad_input=tout)
    return lambda: numpy_composite(dy, x, out)


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("n", SIZES, ids=lambda n: "n%.0e" % n)
@pytest.mark.parametrize("dtype", DTYPES)
def test_contiguous(benchmark, run, size, impl, dtype, n):
    dy, x = inputs((size(n),), dtype)
    out = np.empty_like(x)
    benchmark.group = "%s n=%.0e contiguous" % (dtype, n)
    run(make(impl, dy, x, out), ROUNDS[n])


LAYOUTS = ["contiguous", "x_transposed", "dy_broadcast"]


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_layout_2048(benchmark, run, size, impl, layout):
    side = 2048 if size(2048 * 2048) == 2048 * 2048 else 16
    dy, x = inputs((side, side), "float32")
    if layout == "x_transposed":
        x = np.ascontiguousarray(x.T).T
    elif layout == "dy_broadcast":
        dy = np.ascontiguousarray(dy[:, :1])
    out = np.empty((side, side), np.float32)
    benchmark.group = "float32 2048x2048 %s" % layout
    run(make(impl, dy, x, out), 5)


@pytest.mark.parametrize("impl", ["ascendops_tensor", "ascendops_numpy", "torch", "numpy"])
def test_per_call_n1(benchmark, run, impl):
    dy, x = inputs((1,), "float32")
    benchmark.group = "float32 n=1 per-call (allocating)"
    if impl == "ascendops_tensor":
        tdy, tx = ao.from_numpy(dy), ao.from_numpy(x)
        f = lambda: ao.silu_backward(tdy, tx)  # noqa: E731
    elif impl == "ascendops_numpy":
        f = lambda: ao.silu_backward(dy, x)  # noqa: E731
    elif impl == "torch":
        if torch is None:
            pytest.skip("torch missing")
        pdy, px = torch.from_numpy(dy), torch.from_numpy(x)
        f = lambda: torch.ops.aten.silu_backward(pdy, px)  # noqa: E731
    else:
        f = lambda: numpy_composite(dy, x, np.empty_like(x))  # noqa: E731
    run(f, 2000)
