"""WeightQuantBatchMatmulV2 (src/quant_matmul.c) in llama.cpp's Q8_0 / Q4_0 form: x (m, k)
float16, the weight stored (n, k) INT8 (or INT4) and viewed (k, n) transposed, scales per
group of 32 likewise, against torch's float16 mm of the already dequantised weight (the
same product without the dequantisation; torch's float16 mm on a CPU without AVX512-FP16
is slow, so its float32 mm of the same weight is the second peer), in one process,
alternating call by call: medians and minima in ms, and our median over each peer's.
With one thread (the default) the clock is the thread's CPU time (time.thread_time: both
run on the calling thread), which a loaded machine disturbs least; otherwise wall time.

    python benchmarks/quant_matmul.py [--reps N] [--threads T] [--m 1,8,32] [--k 4096] [--n 4096]
                                      [--int4]

The checkout's ascendops (an in-place build) is used where one is; PYTHONPATH picks
another. torch is the peer only (not a dependency of ascendops). docs/performance.md
quotes its figures."""
import argparse
import os
import platform
import statistics
import sys
import time

import numpy as np

_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, _ROOT)
import ascendops as ao  # noqa: E402
from ascendops.ops.weight_quant_batch_matmul_v2 import dequantise  # noqa: E402


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def case(m, k, n, int4, rng):
    w = rng.integers(-8, 8, (n, k)) if int4 else rng.integers(-128, 128, (n, k))
    w = w.astype(np.int8)
    scale = (rng.uniform(0.5, 1.5, (n, k // 32)) / 127).astype(np.float16)
    x = rng.standard_normal((m, k)).astype(np.float16)
    wt = (ao.int4_tensor(w) if int4 else ao.tensor(w)).T
    st = ao.tensor(scale).T
    xt, y = ao.tensor(x), ao.empty((m, n), "float16")
    deq = dequantise(w.T, scale.T, None, 32, "float16").astype(np.float16)
    return xt, wt, st, y, x, deq


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--m", default="1,8,32")
    ap.add_argument("--k", type=int, default=4096)
    ap.add_argument("--n", type=int, default=4096)
    ap.add_argument("--int4", action="store_true")
    ap.add_argument("--f16-peer-m", type=int, default=1, help="the largest m timed against torch's float16 mm")
    a = ap.parse_args()
    import torch
    torch.set_num_threads(a.threads)
    ao.set_num_threads(a.threads)
    rng = np.random.default_rng(0)
    clock = time.thread_time if a.threads == 1 else time.perf_counter
    print("CPU %s, ascendops.isa() %s, %d thread(s), %s weight, k %d, n %d, group 32; %d calls each, alternating, %s"
          % (cpu_model(), ao.isa(), a.threads, "INT4" if a.int4 else "INT8", a.k, a.n, a.reps,
             "thread CPU time" if a.threads == 1 else "wall time"))
    print("| m | ours median (min) ms | torch f32 mm median (min) ms | ours / f32 | torch f16 mm median (min) ms "
          "| ours / f16 |")
    print("|---|---|---|---|---|---|")
    for m in (int(v) for v in a.m.split(",")):
        xt, wt, st, y, x, deq = case(m, a.k, a.n, a.int4, rng)
        tx, tw = torch.from_numpy(x), torch.from_numpy(deq)
        tx32, tw32 = tx.float(), tw.float()
        f16 = m <= a.f16_peer_m
        ours, t32, t16 = [], [], []
        with ao.soc("Ascend910B"):
            for i in range(a.reps + 2):
                t0 = clock()
                ao.weight_quant_batch_matmul_v2(xt, wt, st, None, None, None, None, 32, out=y)
                t1 = clock()
                torch.mm(tx32, tw32)
                t2 = clock()
                if f16:
                    torch.mm(tx, tw)
                t3 = clock()
                if i >= 2:
                    ours.append((t1 - t0) * 1e3)
                    t32.append((t2 - t1) * 1e3)
                    t16.append((t3 - t2) * 1e3)
        mo, m32, m16 = statistics.median(ours), statistics.median(t32), statistics.median(t16)
        print("| %d | %.3f (%.3f) | %.3f (%.3f) | %.2f | %s | %s |"
              % (m, mo, min(ours), m32, min(t32), mo / m32,
                 "%.3f (%.3f)" % (m16, min(t16)) if f16 else "-", "%.3f" % (mo / m16) if f16 else "-"))


if __name__ == "__main__":
    main()
