"""The engine's matrix product (ao_gemm, src/gemm.c) and Convolution on it, against torch,
in one process, alternating, medians (and minima): GFLOP/s, the ratio to torch, the
fraction of the CPU's peak (float32; bfloat16 on AVX512-BF16: twice that); then decode's
products (m = 1, k = 4096, B = W.T with W n x k: a linear layer's weight) and matrix-vector
products (W @ x, torch.mv), in ms.
docs/performance.md quotes its figures.

    python benchmarks/gemm.py [--reps N] [--big] [--no-conv] [--no-decode]
    python benchmarks/gemm.py --cputime [--reps N] [--big]

--big adds 4096^3 float32 and bfloat16 (about 2 s a product per thread here). --cputime: the
1024^3 (and with --big 4096^3) float32 and bfloat16 products on 1 thread, each library on the
calling thread, timed by that thread's CPU time (what a loaded machine's other processes do not
stretch), alternating, medians and minima. torch is the peer only (not a dependency of ascendops)."""
import argparse
import ctypes
import os
import statistics
import sys
import time

import ml_dtypes
import numpy as np

_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path[:0] = [_ROOT, os.path.join(_ROOT, "tests", "core")]
import ascendops  # noqa: E402
from test_gemm import gemm  # noqa: E402  (the ctypes binding of ao_gemm)


def cpu_info():
    """(model name, vendor, flags, nominal MHz) from /proc/cpuinfo."""
    info = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, _, value = line.partition(":")
                info.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    mhz = info.get("cpu MHz")
    return info.get("model name", "?"), info.get("vendor_id", "?"), " %s " % info.get("flags", ""), \
        float(mhz) if mhz else None


def peak_gflops_per_core():
    """FMA units x float32 lanes x 2 flops x clock (the nominal clock /proc/cpuinfo gives).
    Intel's AVX-512 server cores (Skylake-SP Gold/Platinum, Sapphire Rapids) issue two
    512-bit FMAs a cycle; AMD's Zen 4 one (two 256-bit FMA pipes, a 512-bit FMA on both)."""
    _, vendor, flags, mhz = cpu_info()
    lanes = 16 if " avx512f " in flags else 8
    units = 1 if lanes == 16 and vendor == "AuthenticAMD" else 2
    return units, lanes, mhz, (units * lanes * 2 * mhz / 1e3 if mhz else None)


def all_times(fns, reps):
    """fns: name -> callable; runs them alternating, reps rounds; name -> seconds of each."""
    times = {k: [] for k in fns}
    for f in fns.values():
        f()     # warm up
    for _ in range(reps):
        for k, f in fns.items():
            t = time.perf_counter()
            f()
            times[k].append(time.perf_counter() - t)
    return times


def cpu_times(fns, reps):
    """all_times by the calling thread's CPU time (time.thread_time)"""
    times = {k: [] for k in fns}
    for f in fns.values():
        f()
    for _ in range(reps):
        for k, f in fns.items():
            t = time.thread_time()
            f()
            times[k].append(time.thread_time() - t)
    return times


def cputime_table(args, rng, torch):
    """1 thread, thread CPU time: ours against torch.mm, alternating"""
    torch.set_num_threads(1)
    print("\n%-6s %-9s %10s %10s %7s %9s  (1 thread, thread CPU time, %s rounds, load average %.1f)"
          % ("size", "dtype", "ours", "torch", "ratio", "best-of", args.reps, os.getloadavg()[0]))
    for s in [1024] + ([4096] if args.big else []):
        for ndt, tdt in ((np.float32, torch.float32), (ml_dtypes.bfloat16, torch.bfloat16)):
            a, b = rng.standard_normal((s, s)).astype(ndt), rng.standard_normal((s, s)).astype(ndt)
            c = np.empty((s, s), ndt)
            ta, tb = torch.from_numpy(a.astype(np.float32)).to(tdt), torch.from_numpy(b.astype(np.float32)).to(tdt)
            ts = cpu_times({"ours": lambda: gemm(a, b, c, 1), "torch": lambda: torch.mm(ta, tb)},
                           args.reps if s < 4096 else max(2, args.reps // 3))
            fl = 2.0 * s ** 3
            t = {k: statistics.median(v) for k, v in ts.items()}
            print("%-6d %-9s %10.1f %10.1f %7.2f %9.2f" % (s, np.dtype(ndt).name, fl / t["ours"] / 1e9,
                                                        fl / t["torch"] / 1e9, t["torch"] / t["ours"],
                                                        min(ts["torch"]) / min(ts["ours"])))


def median_times(fns, reps):
    """name -> median seconds (all_times)"""
    return {k: statistics.median(v) for k, v in all_times(fns, reps).items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--big", action="store_true")
    ap.add_argument("--no-conv", action="store_true")
    ap.add_argument("--no-decode", action="store_true")
    ap.add_argument("--cputime", action="store_true")
    args = ap.parse_args()
    import torch
    units, lanes, mhz, peak = peak_gflops_per_core()
    model, _, flags, _ = cpu_info()
    bf16_dot = " avx512_bf16 " in flags and ascendops.isa() == "avx512"
    print("cpu: %s, %d cores, isa %s%s" % (model, os.cpu_count() or 1, ascendops.isa(),
                                            ", AVX512-BF16 kernel" if bf16_dot else ""))
    print("engine:", ascendops._core.gemm_engine())
    print("torch %s; peak float32 per core: %d FMA units x %d lanes x 2 x %s MHz = %s GFLOP/s"
          % (torch.__version__, units, lanes, lanes and mhz, "%.0f" % peak if peak else "?"))
    rng = np.random.default_rng(0)
    if args.cputime:
        return cputime_table(args, rng, torch)
    sizes = [1024] + ([4096] if args.big else [])
    rows = [(s, np.float32, torch.float32) for s in sizes]
    rows += [(1024, np.float16, torch.float16)] + [(s, ml_dtypes.bfloat16, torch.bfloat16) for s in sizes]
    print("\n%-6s %-9s %3s %10s %10s %7s %7s %s" % ("size", "dtype", "thr", "ours", "torch", "ratio", "peak",
                                               "same bits 1/2 thr, best-of ratio"))
    for s, ndt, tdt in rows:
        a = rng.standard_normal((s, s)).astype(ndt)
        b = rng.standard_normal((s, s)).astype(ndt)
        c = np.empty((s, s), ndt)
        ta, tb = torch.from_numpy(a.astype(np.float32)).to(tdt), torch.from_numpy(b.astype(np.float32)).to(tdt)
        c1 = np.empty_like(c)
        gemm(a, b, c1, 1)
        gemm(a, b, c, 2)
        same = c1.tobytes() == c.tobytes()
        for nt in (1, 2):
            torch.set_num_threads(nt)
            ts = all_times({"ours": lambda: gemm(a, b, c, nt), "torch": lambda: torch.mm(ta, tb)},
                           args.reps if s < 4096 else max(2, args.reps // 2))
            t = {k: statistics.median(v) for k, v in ts.items()}
            fl = 2.0 * s ** 3
            g, gt = fl / t["ours"] / 1e9, fl / t["torch"] / 1e9
            pk = peak * nt * (2 if bf16_dot and np.dtype(ndt) == np.dtype(ml_dtypes.bfloat16) else 1) if peak else None
            print("%-6d %-9s %3d %10.1f %10.1f %7.2f %7s %s %.2f" % (
                s, np.dtype(ndt).name, nt, g, gt, t["torch"] / t["ours"],
                "%.0f%%" % (100 * g / pk) if pk else "?", same, min(ts["torch"]) / min(ts["ours"])))
    # the portable kernel the engine falls back to (ASCENDOPS_BLAS=off), same product
    from ascendops.config import blas_library
    a = rng.standard_normal((1024, 1024)).astype(np.float32)
    c = np.empty_like(a)
    ascendops._core._use_blas(None)
    try:
        for nt in (1, 2):
            t = median_times({"portable": lambda: gemm(a, a, c, nt)}, max(2, args.reps // 2))
            print("%-6d %-9s %3d %10.1f  (portable kernel, ASCENDOPS_BLAS=off)" % (1024, "float32", nt,
                                                                                 2.0 * 1024 ** 3 / t["portable"] / 1e9))
    finally:
        ascendops._core._use_blas(blas_library())
    if not args.no_decode:
        decode(args, rng, torch)
    if args.no_conv:
        return
    import torch.nn.functional as F
    convs = [  # (input shape, weight shape, stride, padding, groups, transposed)
        ((8, 64, 1024), (128, 64, 3), 1, 1, 1, False),
        ((8, 64, 56, 56), (64, 64, 3, 3), 1, 1, 1, False),
        ((1, 3, 224, 224), (64, 3, 7, 7), 2, 3, 1, False),
        ((8, 256, 28, 28), (256, 256, 1, 1), 1, 0, 1, False),
        ((8, 128, 512), (128, 64, 4), 2, 1, 1, True),
    ]
    print("\n%-46s %3s %10s %10s %7s" % ("convolution (float32)", "thr", "ours ms", "torch ms", "ratio"))
    for xs, ws, st, pd, g, tr in convs:
        x = rng.standard_normal(xs).astype(np.float32)
        w = (rng.standard_normal(ws) / np.sqrt(np.prod(ws[1:]))).astype(np.float32)
        bias = rng.standard_normal(ws[1] * g if tr else ws[0]).astype(np.float32)
        sd = len(xs) - 2
        tx, tw, tbias = torch.from_numpy(x), torch.from_numpy(w), torch.from_numpy(bias)
        if tr:
            tf = {1: F.conv_transpose1d, 2: F.conv_transpose2d}[sd]
        else:
            tf = {1: F.conv1d, 2: F.conv2d}[sd]
        ref = tf(tx, tw, tbias, stride=st, padding=pd, groups=g).numpy()
        kw = dict(stride=(st,) * sd, padding=(pd,) * sd, dilation=(1,) * sd, transposed=tr,
                  output_padding=(0,) * sd, groups=g)
        out = np.empty_like(ref)
        ascendops.convolution(x, w, bias, **kw, out=out)
        err = np.abs(out - ref).max() / max(1e-30, np.abs(ref).max())
        assert err < 1e-4, err
        for nt in (1, 2):
            torch.set_num_threads(nt)
            ascendops.set_num_threads(nt)
            t = median_times({"ours": lambda: ascendops.convolution(x, w, bias, **kw, out=out),
                              "torch": lambda: tf(tx, tw, tbias, stride=st, padding=pd, groups=g)}, args.reps)
            name = "%s x%s w%s s%d p%d%s" % ("convT" if tr else "conv", xs, ws, st, pd, " g%d" % g if g > 1 else "")
            print("%-46s %3d %10.2f %10.2f %7.2f" % (name.replace(" ", ""), nt, 1e3 * t["ours"], 1e3 * t["torch"],
                                                     t["torch"] / t["ours"]))
    ascendops.set_num_threads(os.cpu_count() or 1)


def decode(args, rng, torch):
    """m = 1 products of a linear layer's weight (B = W.T, W n x k, read in place)"""
    print("\n%-22s %3s %10s %10s %7s %9s" % ("decode m=1 k=4096", "thr", "ours ms", "torch ms", "ratio", "best-of"))
    for ndt, tdt in ((np.float16, torch.float16), (ml_dtypes.bfloat16, torch.bfloat16), (np.float32, torch.float32)):
        for n in (4096, 11008):
            x = rng.standard_normal((1, 4096)).astype(ndt)
            w = rng.standard_normal((n, 4096)).astype(ndt)
            c = np.empty((1, n), ndt)
            tx, tw = torch.from_numpy(x.astype(np.float32)).to(tdt), torch.from_numpy(w.astype(np.float32)).to(tdt)
            for nt in (1, 2):
                torch.set_num_threads(nt)
                ts = all_times({"ours": lambda: gemm(x, w.T, c, nt), "torch": lambda: torch.mm(tx, tw.t())},
                               2 * args.reps)
                t = {k: statistics.median(v) for k, v in ts.items()}
                print("%-22s %3d %10.2f %10.2f %7.2f %9.2f" % ("%s n=%d" % (np.dtype(ndt).name, n), nt, 1e3 * t["ours"],
                                                               1e3 * t["torch"], t["torch"] / t["ours"],
                                                               min(ts["torch"]) / min(ts["ours"])))
    print("\n%-22s %3s %10s %10s %7s %9s" % ("matrix x vector", "thr", "ours ms", "torch ms", "ratio", "best-of"))
    for ndt, tdt in ((np.float16, torch.float16), (ml_dtypes.bfloat16, torch.bfloat16), (np.float32, torch.float32)):
        for s in (1024, 4096):
            w = rng.standard_normal((s, s)).astype(ndt)
            x = rng.standard_normal((s, 1)).astype(ndt)
            c = np.empty((s, 1), ndt)
            tw, tx = torch.from_numpy(w.astype(np.float32)).to(tdt), torch.from_numpy(x[:, 0].astype(np.float32)).to(tdt)
            for nt in (1, 2):
                torch.set_num_threads(nt)
                ts = all_times({"ours": lambda: gemm(w, x, c, nt), "torch": lambda: torch.mv(tw, tx)}, 4 * args.reps)
                t = {k: statistics.median(v) for k, v in ts.items()}
                print("%-22s %3d %10.3f %10.3f %7.2f %9.2f" % ("%s %dx%d" % (np.dtype(ndt).name, s, s), nt, 1e3 * t["ours"],
                                                               1e3 * t["torch"], t["torch"] / t["ours"],
                                                               min(ts["torch"]) / min(ts["ours"])))


if __name__ == "__main__":
    main()
