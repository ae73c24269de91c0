"""The cached 1-element call's cost (the target: a cached call no slower than before a change).

    python benchmarks/callpath.py [--reps 15] [--calls 20000] [--torch]

Prints nanoseconds per call of `ascendops.silu_backward(dy, x, out=out)` on 1-element
float32 operands, as ascendops Tensors and as numpy arrays (and without out=), each the
median of `--reps` blocks of `--calls` calls. Time is the thread's CPU time
(time.thread_time_ns), not wall-clock: on a shared machine the CPU time leaves out the
time this thread spent descheduled, so the figure survives other work on the cores
(caches shared with that work still slow it somewhat). The cases alternate block by
block, so a drift in machine speed reaches them alike. Run it from a checkout after
`python setup.py build_ext --inplace`: it imports the checkout's ascendops (this file's
parent folder, put first on sys.path; the path is printed). One thread: OMP_NUM_THREADS
is set to 1 before the import unless already set.
"""
import argparse
import os
import statistics
import sys
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

import ascendops as ao  # noqa: E402
from ascendops.__main__ import processor_model  # noqa: E402


def cases(with_torch):
    """name -> zero-argument callable; every call hits the executor cache."""
    dy = np.full(1, 0.5, np.float32)
    x = np.full(1, -1.25, np.float32)
    out = np.empty(1, np.float32)
    tdy, tx, tout = ao.from_numpy(dy), ao.from_numpy(x), ao.from_numpy(out.copy())
    f = ao.silu_backward
    found = {
        "Tensor in, out= Tensor": lambda: f(tdy, tx, out=tout),
        "numpy in, out= numpy": lambda: f(dy, x, out=out),
        "Tensor in, allocated out": lambda: f(tdy, tx),
        "numpy in, allocated out": lambda: f(dy, x),
    }
    if with_torch:
        import torch
        torch.set_num_threads(1)
        pdy, px, pout = torch.from_numpy(dy), torch.from_numpy(x), torch.from_numpy(out.copy())
        g = torch.ops.aten.silu_backward.grad_input
        found["torch silu_backward.grad_input (for scale)"] = lambda: g(pdy, px, grad_input=pout)
    for fn in found.values():      # plan every case (cache misses) before timing
        fn()
    return found


def measure(found, reps, calls):
    """Median ns per call of each case, blocks of `calls` calls alternating by case."""
    samples = {name: [] for name in found}
    clock = time.thread_time_ns
    for _ in range(reps):
        for name, fn in found.items():
            t0 = clock()
            for _ in range(calls):
                fn()
            samples[name].append((clock() - t0) / calls)
    return {name: (statistics.median(s), min(s), max(s)) for name, s in samples.items()}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--reps", type=int, default=15)
    p.add_argument("--calls", type=int, default=20000)
    p.add_argument("--torch", action="store_true", help="also time torch's silu_backward, for scale")
    a = p.parse_args(argv)
    found = cases(a.torch)
    hits0 = ao.cache_info().hits
    res = measure(found, a.reps, a.calls)
    if ao.cache_info().hits == hits0:
        sys.exit("callpath: the calls did not hit the executor cache (ASCENDOPS_CACHE_SIZE=0?)")
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    print("%s, isa %s, %s, load %.2f %.2f %.2f" % (processor_model(), ao.isa(), ao.__file__, *load))
    print("thread CPU time per call, median [min-max] of %d x %d calls, 1-element float32:"
          % (a.reps, a.calls))
    for name, (med, lo, hi) in res.items():
        print("  %-44s %7.0f ns  [%.0f-%.0f]" % (name, med, lo, hi))


if __name__ == "__main__":
    main()
