"""Argsort against torch.argsort, in one process, alternating.

    python benchmarks/argsort.py [--reps 7] [--threads 1 2] [--dtypes ...] [--desc 0 1]
                                 [--shapes 1x32000 64x4096 ...] [--clock wall|cpu]

For each shape (rows x row length, sorted along the last dim), dtype, thread count and
direction: ascendops.argsort(x, -1, descending, out=out) and torch.argsort(t, dim=-1,
descending=..., stable=False / True, out=tout) (preallocated int64 outputs both), the
three called in turn within each round so that a drift in machine speed reaches them
alike; each sample is enough calls to last about 2 ms. Prints the minimum and the median
over `--reps` rounds per call, and the ratio of the minima against the faster torch
variant (ascendops gives the stable order always). `--clock cpu` times the process's CPU
time instead of the wall clock (on a shared machine the wall clock charges a library
for the time it spent descheduled; with several threads the CPU time adds theirs up).
Inputs: standard normal floats (every key distinct), ints uniform in [-1000, 1000).
Thread counts are set in both libraries (ascendops.set_num_threads, torch.set_num_threads).
Run it from a checkout after `python setup.py build_ext --inplace`: it imports the
checkout's ascendops (this file's parent folder, put first on sys.path).
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402
import torch  # noqa: E402

import ascendops as ao  # noqa: E402
from ascendops.__main__ import processor_model  # noqa: E402

# batches of short rows (test-backend-ops' sizes), mid rows, vocabulary rows (top-k sampling)
SHAPES = ["4096x64", "1024x256", "256x1024", "64x4096", "1x1024", "1x4096", "1x32000", "4x32000",
          "1x128000", "1x262144"]
DTYPES = ["float32", "float16", "bfloat16", "int32", "int64"]


def inputs(shape, dtype, rng):
    """(the numpy array ascendops sorts, the torch tensor of the same values)."""
    if dtype.startswith("int"):
        x = rng.integers(-1000, 1000, size=shape).astype(dtype)
        return x, torch.from_numpy(x)
    t = torch.from_numpy(rng.standard_normal(shape).astype(np.float32)).to(getattr(torch, dtype))
    if dtype == "bfloat16":
        import ml_dtypes
        return t.view(torch.int16).numpy().view(ml_dtypes.bfloat16), t
    return t.numpy(), t


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--dtypes", nargs="+", default=DTYPES)
    ap.add_argument("--desc", type=int, nargs="+", default=[0, 1])
    ap.add_argument("--shapes", nargs="+", default=SHAPES)
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    a = ap.parse_args(argv)
    clock = time.perf_counter if a.clock == "wall" else time.process_time

    def per_call(fn, k):
        t0 = clock()
        for _ in range(k):
            fn()
        return (clock() - t0) / k

    def calls_for(fn, target=2e-3):
        fn()
        t0 = time.perf_counter()
        fn()
        return max(1, int(target / max(time.perf_counter() - t0, 1e-7)))

    print("CPU: %s, ascendops.isa() = %s, torch %s, clock: %s, load average %s"
          % (processor_model(), ao.isa(), torch.__version__, a.clock,
             " ".join("%.2f" % v for v in os.getloadavg())))
    print("%-10s %-9s %3s %4s %17s %17s %17s %7s" % ("shape", "dtype", "thr", "desc", "ao ms min/med",
                                                     "torch ms min/med", "stable ms min/med", "ratio"))
    rng = np.random.default_rng(0)
    for thr in a.threads:
        ao.set_num_threads(thr)
        torch.set_num_threads(thr)
        for shape in a.shapes:
            shape = tuple(int(s) for s in shape.split("x"))
            for dtype in a.dtypes:
                x, t = inputs(shape, dtype, rng)
                out = np.empty(shape, np.int64)
                tout = torch.empty(shape, dtype=torch.int64)
                for desc in a.desc:
                    d = bool(desc)
                    fns = (lambda: ao.argsort(x, -1, d, out=out),
                           lambda: torch.argsort(t, dim=-1, descending=d, stable=False, out=tout),
                           lambda: torch.argsort(t, dim=-1, descending=d, stable=True, out=tout))
                    ks = [calls_for(f) for f in fns]
                    times = [[], [], []]
                    for _ in range(a.reps):
                        for i, f in enumerate(fns):
                            times[i].append(per_call(f, ks[i]))
                    mins = [min(s) * 1e3 for s in times]
                    meds = [statistics.median(s) * 1e3 for s in times]
                    print("%-10s %-9s %3d %4d %8.4f/%8.4f %8.4f/%8.4f %8.4f/%8.4f %6.2fx" % (
                        "x".join(map(str, shape)), dtype, thr, desc, mins[0], meds[0], mins[1], meds[1],
                        mins[2], meds[2], min(mins[1], mins[2]) / mins[0]), flush=True)


if __name__ == "__main__":
    main()
