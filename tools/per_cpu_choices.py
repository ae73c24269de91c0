"""Measures the engine's per-CPU choices on this machine, 1 thread unless said, each
comparison alternating in one process (blocks of calls of about 20 ms, repeated),
reporting the least and the median per call in thread CPU time (time the thread was
descheduled, frequent on a shared machine, is not the kernel's) and wall time:

  PYTHONPATH=. python tools/per_cpu_choices.py lut [dtypes] [sizes]
      SiluBackward, out=, ASCENDOPS_LUT auto / on / off (switched in process through
      ascendops._core._lut_policy) and torch; then what auto measured and chose
      (ascendops.lookup_table_report). Defaults: bfloat16,float16 1e5,1e7.
  PYTHONPATH=. python tools/per_cpu_choices.py stream
      non-temporal stores: SiluBackward's fused kernels called directly (computed path)
      with the stream flag 0 and 1, bfloat16 and float32, from 12 to 360 MB moved
      (the engine streams from 32 MiB moved: src/engine.c AO_STREAM_MIN_BYTES).
  PYTHONPATH=. python tools/per_cpu_choices.py pages
      huge pages: SiluBackward n=1e7 out= with every operand advised onto huge pages
      against none (4 KiB pages), bfloat16 and float32.
  PYTHONPATH=. python tools/per_cpu_choices.py threads
      the thread split: 1 against 2 worker threads, float32 and bfloat16, n=8192-131072
      (the engine stays on the calling thread below 16384 elements: AO_PAR_MIN_NUMEL);
      wall time.

This is a measurement tool, not a test: its figures are in docs/performance.md,
"Per-CPU choices"."""
import ctypes
import mmap
import sys
import time

import numpy as np

import ascendops as ao
from ascendops import _core, bench

try:
    import torch
except ImportError:
    torch = None

REPS = 11
BUDGET = 0.02


def alternate(fns, reps=REPS, budget=BUDGET):
    """[(cpu seconds per call list, wall seconds per call list)] of each function, its
    blocks of calls alternating with the others'."""
    ks = []
    for f in fns:
        f()
        t = time.perf_counter()
        f()
        ks.append(max(1, int(budget / max(time.perf_counter() - t, 1e-7))))
    res = [([], []) for _ in fns]
    for _ in range(reps):
        for (cpu, wall), f, k in zip(res, fns, ks):
            w, c = time.perf_counter(), time.thread_time()
            for _ in range(k):
                f()
            cpu.append((time.thread_time() - c) / k)
            wall.append((time.perf_counter() - w) / k)
    return res


def stats(v, scale=1e6):
    return "min %9.2f med %9.2f" % (min(v) * scale, float(np.median(v)) * scale)


def lut(dtypes="bfloat16,float16", sizes="1e5,1e7"):
    ao.set_num_threads(1)
    if torch is not None:
        torch.set_num_threads(1)
    policy = _core._lut_policy()
    for dtype in dtypes.split(","):
        for n in (int(float(s)) for s in sizes.split(",")):
            dy, x = bench.inputs(n, dtype)
            out = bench.fresh_array(x.shape, x.dtype)

            def ours(p):
                def f():
                    _core._lut_policy(p)
                    ao.silu_backward(dy, x, out=out)
                return f
            cases = [("auto", ours("auto")), ("on", ours("on")), ("off", ours("off"))]
            if torch is not None:
                tdy, tx, tout = bench.to_torch(dy), bench.to_torch(x), bench.to_torch(out)
                cases.append(("torch", lambda: torch.ops.aten.silu_backward.grad_input(
                    tdy, tx, grad_input=tout)))
            res = alternate([f for _, f in cases])
            _core._lut_policy(policy)
            print("%s n=%g, us per call: cpu | wall" % (dtype, n))
            for (name, _), (cpu, wall) in zip(cases, res):
                print("  %-6s %s | %s" % (name, stats(cpu), stats(wall)), flush=True)
    print("\n".join(ao.lookup_table_report()))


def _kernel_fns():
    lib = ctypes.CDLL(_core.__file__)
    lib.ao_kernel_fn16.restype = ctypes.c_void_p
    lib.ao_kernel_fn32s.restype = ctypes.c_void_p
    fn_t = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64,
                            ctypes.c_void_p, ctypes.c_int)
    k = lib.ao_kernel_find(b"silu_backward")
    return {"bfloat16": fn_t(lib.ao_kernel_fn16(k, 27)), "float16": fn_t(lib.ao_kernel_fn16(k, 1)),
            "float32": fn_t(lib.ao_kernel_fn32s(k))}


def stream():
    fns = _kernel_fns()
    old = _core._lut_policy("off")  # the computed path: the tables are measured by `lut`
    for dtype in ("bfloat16", "float32"):
        for n in (2 * 10 ** 6, 5 * 10 ** 6, 10 ** 7, 3 * 10 ** 7):
            dy, x = bench.inputs(n, dtype)
            out = bench.fresh_array(x.shape, x.dtype)
            # fp32 streams from the output's first 64-byte line on (the engine runs the
            # elements before it plainly): start there
            off = 0 if x.itemsize == 2 else ((64 - out.ctypes.data % 64) % 64) // 4
            m, sz = n - off, x.itemsize
            ins = (ctypes.c_void_p * 2)(dy.ctypes.data + off * sz, x.ctypes.data + off * sz)
            o = out.ctypes.data + off * sz
            fn = fns[dtype]
            res = alternate([lambda: fn(o, ins, m, None, 0), lambda: fn(o, ins, m, None, 1)])
            print("%s n=%g (%.0f MB moved), ns/element cpu: plain %s | stream %s" % (
                dtype, n, 3 * n * sz / 1e6, stats(res[0][0], 1e9 / m), stats(res[1][0], 1e9 / m)),
                flush=True)
    _core._lut_policy(old)


def _array(n, dtype, huge):
    dtype = np.dtype(bench._np_dtype(dtype))
    m = mmap.mmap(-1, n * dtype.itemsize + bench.FRESH_OFFSET,
                  flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    m.madvise(mmap.MADV_HUGEPAGE if huge else mmap.MADV_NOHUGEPAGE)
    return np.frombuffer(m, dtype, count=n, offset=bench.FRESH_OFFSET)


def pages():
    ao.set_num_threads(1)
    old = _core._lut_policy("off")
    n = 10 ** 7
    for dtype in ("bfloat16", "float32"):
        sets = []
        for huge in (True, False):
            dy, x, out = (_array(n, dtype, huge) for _ in range(3))
            rng = np.random.default_rng(0)
            x[...] = (4 * rng.standard_normal(n, dtype=np.float32)).astype(x.dtype)
            dy[...] = rng.standard_normal(n, dtype=np.float32).astype(x.dtype)
            out[...] = 0
            sets.append((dy, x, out))
        share = [bench.huge_page_share(*s) for s in sets]
        res = alternate([lambda s=s: ao.silu_backward(s[0], s[1], out=s[2]) for s in sets])
        print("%s n=1e7 out=, ns/element cpu: huge pages (share %.2f) %s | 4 KiB pages (share %.2f) %s"
              % (dtype, share[0], stats(res[0][0], 1e9 / n), share[1], stats(res[1][0], 1e9 / n)),
              flush=True)
    _core._lut_policy(old)


def threads():
    old = ao.get_num_threads()
    for dtype in ("float32", "bfloat16"):
        for n in (8192, 16384, 32768, 65536, 131072):
            dy, x = bench.inputs(n, dtype)
            out = np.empty_like(x)

            def f(t):
                def g():
                    ao.set_num_threads(t)
                    ao.silu_backward(dy, x, out=out)
                return g
            res = alternate([f(1), f(2)])
            print("%s n=%d, us per call wall: 1 thread %s | 2 threads %s" % (
                dtype, n, stats(res[0][1]), stats(res[1][1])), flush=True)
    ao.set_num_threads(old)


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "lut"
    {"lut": lut, "stream": stream, "pages": pages, "threads": threads}[what](*sys.argv[2:])
