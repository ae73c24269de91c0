"""Performance check of ascendops' SiluBackward against its targets: a fraction of the
memory bandwidth (a triad's), speed ratios to PyTorch, bit-identity and accuracy.

    python -m ascendops.bench [--quick] [--plot FILE.png] [--threads N]
    python -m ascendops.bench --device npu:0 [--quick]     # every op on a device

Measures, in one process, every target case and prints a table: case, median time,
GB/s, fraction of the triad bandwidth, ratio to torch (torch time / ascendops time:
> 1 is faster), target and pass/fail. Ratios to torch are measured at the same
thread count, blocks of calls alternating between the two so that a loaded machine
hurts both alike, each block after a short pause so that neither library's
idle-spinning workers slow the other's block (see SETTLE_S). A case with a bandwidth
target alternates with a triad too (torch ``add(b, c, alpha=3, out=a)`` in float32,
bytes read + written; numpy's ``add(b, c, out=a)`` when torch is missing), and its
fraction divides by that triad's bandwidth (see Triad). Every time is a median of
several repeats. A missed torch ratio that would need more than the triad's bandwidth
(torch itself near it) says so, with the numbers (bandwidth_bound). The run ends with
the per-op table of ascendops.bench_ops (every registered op at 1e6 elements against
torch; ``--ops`` runs only that).

The SiluBackward targets, at 1 thread and at all threads: every dtype at 1e4, 1e5, 1e6
and 1e7 elements (out=) at least 1.3x torch; 16-bit in cache (1e4, 1e5) at least 0.9 of
float32's elements per second; float32 at 1e7 and 6.4e7 at least 0.85 of the triad, and
16-bit there within 1.15x of its roofline (roofline_target), the compute side being its
own in-cache time per element measured in the same run; bit-identity and accuracy
against torch; layouts and the cached 1-element call.
"""
import argparse
import concurrent.futures
import datetime
import mmap
import os
import sys
import time

import numpy as np

import ascendops as ao
from ascendops import bench_ops

try:
    import torch
except ImportError:  # the torch ratios are then reported as n/a
    torch = None

try:
    import ml_dtypes
    _BF16 = np.dtype(ml_dtypes.bfloat16)
except ImportError:
    _BF16 = None

DTYPES = ("float32", "float16", "bfloat16")


def _np_dtype(name):
    return _BF16 if name == "bfloat16" else np.dtype(name)


def _torch_dtype(name):
    return getattr(torch, name)


# ------------------------------------------------------------------ timing helpers

# Calls of f timed together to size its blocks: at least this long, so that one slow
# call (a cold cache, a worker thread the OS has not scheduled yet) does not size the
# blocks. Sized from a single call, a block could come out ten times too short
# (GatherV2 bfloat16, 2 threads, Zen 4 KVM guest: 36 calls where 600 fill the budget,
# timed while torch's OpenMP workers still spun), and then its first, cold calls weigh
# in its figure.
CALIBRATE_S = 0.004


def _calls_for(f, budget):
    """Calls of f per repeat so that one repeat lasts about `budget` seconds."""
    f()
    k = 1
    while True:
        dt = _time_one(f, k) * k
        if dt >= min(CALIBRATE_S, budget) or k >= 1 << 20:
            return max(1, int(budget * k / max(dt, 1e-9)))
        k *= 2


def _time_one(f, inner):
    t = time.perf_counter()
    for _ in range(inner):
        f()
    return (time.perf_counter() - t) / inner


# Pause before each timed block when several functions alternate. Thread pools spin
# for a while after their last call before they sleep (torch's OpenMP workers: about
# 9 ms on the reference machine, measured as process CPU time after a call); a
# block timed while the other library's workers still spin shares the cores with
# them (ascendops f16 n=1e6, 2 threads: 446 us alone, 832 us right after torch
# blocks; GatherV2 bfloat16, 2 threads: single calls of 4 ms, where a worker of ours
# that took items was descheduled for a time slice of torch's spinning worker). The
# pause lets each block start on quiet cores; ascendops' own workers spin 200 us.
SETTLE_S = 0.03

# After the pause, each block starts with untimed calls for about this long. The
# first calls after an idle spell run several times slower for either library (in
# a virtual machine the idle vCPU was handed back to the host; the caches went cold):
# Cat along dim 1, float32 (1000, 4 x 250), 1 thread, Zen 4 KVM guest, calls after a
# 100 ms sleep: 818, 335, 204, 135 us, then 112 us; torch 568, 171, 133, 109, then
# 96 us. The blocks measure calls in a loop, as users run them.
WARM_S = 0.002


# Whether this process has run a block of calls yet. The first block a process times
# runs slow (SiluBackward f32 1e4: 7.0 us as the bench's first row, 5.3 us as its third,
# CPU time, Zen 4): code and data pages fault in, the worker threads start. The first
# call of timed() runs one untimed round first.
_warmed = False


def timed_samples(*fns, repeats=7, budget=0.02):
    """Seconds per call of each function, one figure per repeat: [[f0's], [f1's], ...].
    Repeats alternate between the functions (f0's block, f1's, ..., then the next
    repeat), each block of calls starting after SETTLE_S of quiet and WARM_S of untimed
    calls, so that the k-th figures of all functions were taken within a fraction of a
    second of each other."""
    global _warmed
    alternating = len(fns) > 1
    inner = []
    for f in fns:
        if alternating:
            time.sleep(SETTLE_S)
        inner.append(_calls_for(f, budget))
    warm = [max(1, int(n * WARM_S / budget)) for n in inner]
    if not _warmed:
        for k, f in enumerate(fns):
            _time_one(f, inner[k])
        _warmed = True
    samples = [[] for _ in fns]
    for _ in range(repeats):
        for k, f in enumerate(fns):
            if alternating:
                time.sleep(SETTLE_S)
                _time_one(f, warm[k])
            samples[k].append(_time_one(f, inner[k]))
    return samples


def timed(*fns, repeats=7, budget=0.02):
    """Median seconds per call of each function (timed_samples' medians)."""
    return [float(np.median(s)) for s in timed_samples(*fns, repeats=repeats, budget=budget)]


def paired_ratio(num, den):
    """(median, 25th and 75th percentiles) of num[k] / den[k] over the repeats k of one
    timed_samples run: each repeat's ratio of two functions' blocks timed moments apart.
    Ratios against a peer are taken this way, not as a ratio of two medians: this
    machine's speed moves with other tenants of its host over seconds (2-thread rows,
    both libraries: hardtanh_backward float32 1e6 medians of 7 blocks ranged 89-273 us
    for ascendops and 99-286 us for torch over one minute, Zen 4 KVM guest, idle), and a
    ratio of medians counts a slow spell against whichever side had more of its blocks
    in it, where a block's ratio to its neighbour divides most of it out."""
    r = np.asarray(num, dtype=np.float64) / np.asarray(den, dtype=np.float64)
    return float(np.median(r)), float(np.percentile(r, 25)), float(np.percentile(r, 75))


def _sync_ao(f):
    def g():
        f()
        ao.synchronize()
    return g


# ------------------------------------------------------------------ data

# Arrays of this many bytes or more get their own mapping (fresh_array).
FRESH_MIN_BYTES = 4 << 20
# A fresh array starts this far into its mapping: where glibc puts a large numpy
# array's data (after malloc's 16-byte chunk header), so its lines split as users' do.
FRESH_OFFSET = 16


def fresh_array(shape, dtype):
    """An uninitialised numpy array; one of FRESH_MIN_BYTES or more in an anonymous
    mapping of its own, advised onto transparent huge pages. That is numpy's own policy
    for arrays of 4 MiB and more, but glibc defeats it once freed arrays have raised
    malloc's mmap threshold (up to 32 MiB): a 20 MB array then comes from heap memory
    already faulted in on 4 KiB pages, where the same kernel runs 15-50% slower (docs/
    performance.md, "Large tensors"), so a row's time depended on which rows
    ran before it. Both libraries' operands and the triad's come from here, so every
    large row runs on the same kind of pages."""
    dtype = _np_dtype(dtype) if isinstance(dtype, str) else np.dtype(dtype)
    shape = (shape,) if np.isscalar(shape) else tuple(shape)
    n = int(np.prod(shape, dtype=np.int64))
    if n * dtype.itemsize < FRESH_MIN_BYTES:
        return np.empty(shape, dtype)
    # private: Python's default for an anonymous mmap is shared, which is shmem, whose
    # huge pages follow shmem_enabled (usually never), not the madvise below
    m = mmap.mmap(-1, n * dtype.itemsize + FRESH_OFFSET, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    if hasattr(m, "madvise") and hasattr(mmap, "MADV_HUGEPAGE"):
        m.madvise(mmap.MADV_HUGEPAGE)
    return np.frombuffer(m, dtype, count=n, offset=FRESH_OFFSET).reshape(shape)


def inputs(n_or_shape, dtype, seed=0):
    """(dy, x) numpy arrays of `dtype` (fresh_array's), x ~ 4 N(0, 1), dy ~ N(0, 1)."""
    rng = np.random.default_rng(seed)
    shape = (n_or_shape,) if np.isscalar(n_or_shape) else tuple(n_or_shape)
    x, dy = fresh_array(shape, dtype), fresh_array(shape, dtype)
    x[...] = (4 * rng.standard_normal(shape, dtype=np.float32)).astype(x.dtype)
    dy[...] = rng.standard_normal(shape, dtype=np.float32).astype(dy.dtype)
    return dy, x


def to_torch(a):
    """A torch tensor sharing a's memory (bfloat16 through a 16-bit integer view)."""
    if a.dtype == _BF16:
        return torch.from_numpy(a.view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(a)


def _from_torch(t):
    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).numpy().view(_BF16)
    return t.numpy()


class Triad:
    """The float32 triad a = b + 3 c over arrays of `nbytes_per_array` each (torch's
    ``add(b, c, alpha=3, out=a)``), at the thread count set when it runs. Without
    torch, numpy's ``add(b, c, out=a)`` on `threads` threads: the same traffic in one
    pass (numpy has no fused triad, and ``multiply`` then ``add`` would move a twice
    more).

    A bandwidth target's triad runs in the same alternation as the case it judges
    (``timed``), so that each fraction divides by the bandwidth of the same seconds:
    a single measurement at the start of a run is a poor denominator on a shared
    machine (this 2-core KVM guest: medians of 9 triads, taken every half second for
    25 s at 2 threads, ranged 17.5-35.0 GB/s). ``samples`` collects every paired
    measurement; ``bandwidth()`` is their median, the figure for rows without a
    bandwidth target."""

    def __init__(self, nbytes_per_array, threads=1):
        n = nbytes_per_array // 4
        self.nbytes = 3 * 4 * n  # bytes read + written per call
        # the operands come from fresh_array, as the large rows' do
        a, b, c = (fresh_array(n, np.float32) for _ in range(3))
        b[...], c[...] = np.random.rand(n), np.random.rand(n)
        if torch is not None:
            self.name = "torch add alpha=3"
            ta, tb, tc = torch.from_numpy(a), torch.from_numpy(b), torch.from_numpy(c)
            self.arrays = ta, tb, tc
            self.fn = lambda: torch.add(tb, tc, alpha=3, out=ta)
        else:
            self.name = "numpy add"
            self.arrays = a, b, c
            if threads == 1:
                self.fn = lambda: np.add(b, c, out=a)
            else:
                # numpy runs a ufunc on one thread: `threads` slices, each on a thread
                # of a pool (the ufunc releases the GIL), like torch's parallel add
                cuts = np.linspace(0, n, threads + 1).astype(np.int64)
                parts = [(a[i:j], b[i:j], c[i:j]) for i, j in zip(cuts[:-1], cuts[1:])]
                pool = concurrent.futures.ThreadPoolExecutor(threads)
                self.fn = lambda: list(pool.map(lambda p: np.add(p[1], p[2], out=p[0]), parts))
        self.samples = []  # bytes per second, one per measurement

    def record(self, seconds):
        """Bytes per second of a triad call that took `seconds`; kept in samples."""
        bw = self.nbytes / seconds
        self.samples.append(bw)
        return bw

    def measure(self, repeats=9, budget=0.05):
        (t,) = timed(self.fn, repeats=repeats, budget=budget)
        return self.record(t)

    def bandwidth(self):
        """Bytes per second: the median of the samples."""
        return float(np.median(self.samples))


# ------------------------------------------------------------------ the cases

class Row:
    def __init__(self, case, t, nbytes=None, bw=None, ratio=None, target="", ok=None, note=""):
        self.case, self.t, self.nbytes, self.bw = case, t, nbytes, bw
        self.ratio, self.target, self.ok, self.note = ratio, target, ok, note
        # large rows: the share of the operands' memory on huge pages (huge_page_share)
        self.pages = None
        # a missed torch ratio that memory bandwidth forbids (see bandwidth_bound), and
        # torch's median seconds it is judged from
        self.bound = None
        self.t_torch = None

    @property
    def gbs(self):
        return self.nbytes / self.t / 1e9 if self.nbytes and self.t else None

    @property
    def frac(self):
        return self.nbytes / self.t / self.bw if self.nbytes and self.bw and self.t else None


def huge_page_share(*arrays, smaps="/proc/self/smaps"):
    """The share of the arrays' memory on transparent huge pages, from /proc/self/smaps:
    AnonHugePages over Rss of the mappings that hold them (a mapping may hold more than
    one array, or other data beside one), or None where smaps is not readable. The
    large rows print it: on 4 KiB pages the same kernel runs 15-50% slower (docs/
    performance.md, "Large tensors"), so a row's time says little without it. numpy advises
    huge pages for its arrays of 4 MiB and more, ascendops' allocator for its blocks of
    1 MiB and more; whether the kernel found them is what this reports. Read only:
    nothing here advises the arrays (out= arrays are the caller's memory)."""
    spans = [(a.ctypes.data, a.ctypes.data + a.nbytes) for a in arrays if a.nbytes]
    try:
        with open(smaps) as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    rss = huge = 0
    inside = False
    for line in lines:
        head = line.split(None, 1)[0] if line else ""
        if not head.endswith(":"):  # a mapping's first line: "lo-hi perms ..."
            lo, _, hi = head.partition("-")
            try:
                lo, hi = int(lo, 16), int(hi, 16)
            except ValueError:
                inside = False
                continue
            inside = any(lo < end and hi > start for start, end in spans)
        elif inside and head == "Rss:":
            rss += int(line.split()[1])
        elif inside and head == "AnonHugePages:":
            huge += int(line.split()[1])
    return huge / rss if rss else None


def _fmt_time(t):
    if t is None:
        return "-"
    if t < 1e-3:
        return "%.2f us" % (t * 1e6)
    return "%.3f ms" % (t * 1e3)


def _f(v, fmt):
    return "-" if v is None else fmt % v


def _pf(ok):
    return "-" if ok is None else ("pass" if ok else "FAIL")


def contiguous_case(n, dtype, threads, triad, alloc, repeats, budget, want_frac=None, want_ratio=None,
                    roofline_per_element=None):
    """One SiluBackward call at n elements of dtype, timed against torch's (and, with a
    bandwidth target, its own triad). `roofline_per_element`: seconds per element of
    this dtype's kernel in cache at this thread count; with it the target is the
    16-bit roofline one (within ROOFLINE_SLACK of the roofline, and want_frac of the triad where
    the kernel outruns memory: see roofline_target) instead of want_frac alone."""
    dy, x = inputs(n, dtype)
    out = fresh_array(x.shape, x.dtype)
    if alloc:
        fa = _sync_ao(lambda: ao.silu_backward(dy, x))
    else:
        fa = _sync_ao(lambda: ao.silu_backward(dy, x, out=out))
    fns = [fa]
    if torch is not None:
        tdy, tx, tout = to_torch(dy), to_torch(x), to_torch(out)
        if alloc:
            fns.append(lambda: torch.ops.aten.silu_backward(tdy, tx))
        else:
            fns.append(lambda: torch.ops.aten.silu_backward.grad_input(tdy, tx, grad_input=tout))
    if want_frac is not None:
        fns.append(triad.fn)  # the bandwidth of these same seconds (see Triad)
    samples = timed_samples(*fns, repeats=repeats, budget=budget)
    ts = [float(np.median(s)) for s in samples]
    ratio = paired_ratio(samples[1], samples[0])[0] if torch is not None else None
    bw = triad.record(ts[-1]) if want_frac is not None else triad.bandwidth()
    nbytes = 3 * x.itemsize * n
    row = Row("%s n=%s %s %dthr" % (dtype, _sci(n), "alloc" if alloc else "out=", threads),
              ts[0], nbytes, bw, ratio)
    if want_frac is not None:  # the large rows: were their operands on huge pages?
        row.pages = huge_page_share(dy, x, ao.silu_backward(dy, x) if alloc else out)
    targets, oks = [], []
    if want_frac is not None and roofline_per_element is not None:
        target, ok = roofline_target(row.t, nbytes / bw, n * roofline_per_element, want_frac)
        targets.append(target)
        oks.append(ok)
    elif want_frac is not None:
        targets.append("bw>=%.2f" % want_frac)
        oks.append(row.frac >= want_frac)
    if want_ratio is not None:
        targets.append("torch>=%.1fx" % want_ratio)
        if ratio is not None:  # without torch the ratio is n/a, not a miss
            oks.append(ratio >= want_ratio)
    row.target = ", ".join(targets)
    row.ok = all(oks) if oks else None
    if want_ratio is not None and ratio is not None and want_frac is not None:
        row.t_torch = ts[1]
        row.bound = bandwidth_bound(ratio, want_ratio, nbytes / ts[1] / bw)
    return row


# the roofline target: a 16-bit call on a large tensor within this factor of its roofline
ROOFLINE_SLACK = 1.15
# the in-cache 16-bit target: at least this fraction of float32's elements/s
WANT_16BIT_VS_F32 = 0.9
# the torch-ratio target: every dtype and size, 1 and all threads, out=
WANT_RATIO = 1.3


def roofline_target(t, t_memory, t_compute, want_frac):
    """(target text, met) of a 16-bit call on a large tensor that took t seconds, where
    moving its bytes at the triad's bandwidth takes t_memory and computing its elements
    at the kernel's in-cache speed t_compute: t <= ROOFLINE_SLACK * max(t_memory,
    t_compute) (memory and compute overlapped), and where the kernel outruns memory
    (t_compute < t_memory), also want_frac of the triad (t <= t_memory / want_frac)."""
    roof = max(t_memory, t_compute)
    ok = t <= ROOFLINE_SLACK * roof
    text = "<=%.2fx roofline (%s, %s)" % (ROOFLINE_SLACK, _fmt_time(roof),
                                          "memory" if t_memory >= t_compute else "compute")
    if t_compute < t_memory:
        ok = ok and t <= t_memory / want_frac
        text += ", bw>=%.2f" % want_frac
    return text, ok


IN_CACHE_SIZES = (10 ** 4, 10 ** 5)


def in_cache_samples(threads, repeats, budget):
    """{(dtype, n): seconds per call, one per repeat} of SiluBackward out= calls at the
    in-cache sizes, the three dtypes' blocks alternating in one timed_samples run per
    size, so that the in-cache 16-bit target compares 16-bit with float32 over the same seconds (each
    size's rows against torch are separate runs, minutes apart in the bench)."""
    out = {}
    for n in IN_CACHE_SIZES:
        fns = []
        for dtype in DTYPES:
            dy, x = inputs(n, dtype)
            o = fresh_array(x.shape, x.dtype)
            fns.append(_sync_ao(lambda dy=dy, x=x, o=o: ao.silu_backward(dy, x, out=o)))
        for dtype, s in zip(DTYPES, timed_samples(*fns, repeats=repeats, budget=budget)):
            out[dtype, n] = s
    return out


def in_cache_rows(samples_by_key, threads):
    """The in-cache 16-bit target: for each 16-bit dtype and in-cache size, its elements per
    second as a fraction of float32's at the same size and thread count (>= 0.9): the
    median of the repeats' float32 / 16-bit time ratios (paired_ratio).
    samples_by_key: in_cache_samples' {(dtype, n): seconds per repeat} at `threads`."""
    out = []
    for dtype in ("float16", "bfloat16"):
        for n in IN_CACHE_SIZES:
            s16, s32 = samples_by_key.get((dtype, n)), samples_by_key.get(("float32", n))
            if s16 is None or s32 is None:
                continue
            frac = paired_ratio(s32, s16)[0]
            out.append(Row("%s n=%s in cache vs float32 %dthr" % (dtype, _sci(n), threads), None,
                           target=">=%.1f of f32 elements/s" % WANT_16BIT_VS_F32,
                           ok=frac >= WANT_16BIT_VS_F32,
                           note="%.2f (%s vs %s)" % (frac, _fmt_time(float(np.median(s16))),
                                                     _fmt_time(float(np.median(s32))))))
    return out


def bandwidth_bound(ratio, want_ratio, torch_frac):
    """Why a missed torch ratio cannot be met, or None. When torch itself moves the
    data at torch_frac of the triad's bandwidth, being want_ratio times faster needs
    want_ratio * torch_frac of it: above 1.0 no kernel reaches that (the triad is the
    memory's practical peak), and the row says so with the numbers instead of reading
    as an ordinary miss. It still counts as missed: the target stands; a machine
    whose memory cannot meet it misses it."""
    if ratio >= want_ratio or want_ratio * torch_frac <= 1.0:
        return None
    return "torch at %.2f of triad: %.1fx needs %.2f" % (torch_frac, want_ratio, want_ratio * torch_frac)


def _sci(n):
    e = int(np.floor(np.log10(n)))
    m = n / 10 ** e
    return ("%de%d" % (m, e)) if m == int(m) else ("%.1fe%d" % (m, e))


def layout_cases(threads, bw, repeats, budget, side=4096):
    dy, x = inputs((side, side), "float32")
    xt = np.ascontiguousarray(x.T).T  # x.T's memory order: a transposed view
    dyb = np.ascontiguousarray(dy[:, :1])
    out = fresh_array(x.shape, x.dtype)
    f_contig = _sync_ao(lambda: ao.silu_backward(dy, x, out=out))
    f_trans = _sync_ao(lambda: ao.silu_backward(dy, xt, out=out))
    f_bcast = _sync_ao(lambda: ao.silu_backward(dyb, x, out=out))
    # a bias add, the broadcast every model runs: a row and a column (no target; torch's
    # time beside ours)
    bias_row = np.ascontiguousarray(dy[:1, :])
    f_row = _sync_ao(lambda: ao.add(x, bias_row, out=out))
    f_col = _sync_ao(lambda: ao.add(x, dyb, out=out))
    fns = [f_contig, f_trans, f_bcast, f_row, f_col]
    if torch is not None:
        tdy, txt, tout = to_torch(dy), to_torch(xt), to_torch(out)
        tx, trow, tcol = to_torch(x), to_torch(bias_row), to_torch(dyb)
        fns.append(lambda: torch.ops.aten.silu_backward.grad_input(tdy, txt, grad_input=tout))
        fns.append(lambda: torch.add(tx, trow, out=tout))
        fns.append(lambda: torch.add(tx, tcol, out=tout))
    ts = timed(*fns, repeats=repeats, budget=budget)
    nbytes = 3 * 4 * side * side
    rows = [Row("f32 %dx%d contiguous %dthr" % (side, side, threads), ts[0], nbytes, bw)]
    ratio = ts[5] / ts[1] if torch is not None else None
    rel = ts[1] / ts[0]
    rows.append(Row("f32 %dx%d x.T %dthr" % (side, side, threads), ts[1], nbytes, bw, ratio,
                    "<=2x contig (%.2fx), torch>=5x" % rel,
                    rel <= 2.0 and (ratio is None or ratio >= 5.0)))
    rel = ts[2] / ts[0]
    rows.append(Row("f32 %dx%d dy(%d,1) bcast %dthr" % (side, side, side, threads), ts[2],
                    2 * 4 * side * side, bw, None, "<=1.2x contig (%.2fx)" % rel, rel <= 1.2))
    for k, what in ((3, "x + b(1,%d)" % side), (4, "x + c(%d,1)" % side)):
        rows.append(Row("f32 %dx%d add %s %dthr" % (side, side, what, threads), ts[k],
                        2 * 4 * side * side, bw, ts[k + 3] / ts[k] if torch is not None else None))
    return rows


def tiny_cases(repeats):
    dy, x = inputs(1, "float32")
    tdy, tx = ao.from_numpy(dy), ao.from_numpy(x)
    fa_t = lambda: ao.silu_backward(tdy, tx)  # noqa: E731
    fa_n = lambda: ao.silu_backward(dy, x)  # noqa: E731
    fns = [fa_t, fa_n]
    if torch is not None:
        pdy, px = torch.from_numpy(dy), torch.from_numpy(x)
        fns.append(lambda: torch.ops.aten.silu_backward(pdy, px))
    ts = timed(*fns, repeats=repeats, budget=0.02)
    rows = []
    tt = ts[2] if torch is not None else None
    r = tt / ts[0] if tt else None
    rows.append(Row("f32 n=1 Tensor in/out (cache hit)", ts[0], ratio=r,
                    target="<=0.7x torch time", ok=None if r is None else ts[0] <= 0.7 * tt))
    r = tt / ts[1] if tt else None
    rows.append(Row("f32 n=1 numpy in/out (cache hit)", ts[1], ratio=r,
                    target="<=1.0x torch time", ok=None if r is None else ts[1] <= tt))
    if tt:
        rows.append(Row("torch n=1 silu_backward", tt))
    return rows


def _ulp_err(got, ref):
    """|got - ref| in float32 ULPs of ref."""
    ref32 = ref.astype(np.float32)
    ulp = np.spacing(np.abs(ref32)).astype(np.float64)
    return np.abs(got.astype(np.float64) - ref) / ulp


def accuracy_cases(n=10 ** 6):
    rows = []
    if torch is None:
        return [Row("accuracy vs torch", None, note="torch missing")]
    for dtype in ("float16", "bfloat16"):
        dy, x = inputs(n, dtype, seed=1)
        got = ao.silu_backward(dy, x)
        ref = _from_torch(torch.ops.aten.silu_backward(to_torch(dy), to_torch(x)))
        same = float(np.mean(got.view(np.uint16) == ref.view(np.uint16)))
        rows.append(Row("%s bit-identical to torch" % dtype, None, target=">=99.9%",
                        ok=same >= 0.999, note="%.4f%%" % (100 * same)))
    dy, x = inputs(n, "float32", seed=2)
    xd, dyd = x.astype(np.float64), dy.astype(np.float64)
    s = 1 / (1 + np.exp(-xd))
    factor = 1 + xd * (1 - s)
    ref = dyd * s * factor
    keep = np.abs(factor) >= 0.01  # away from the cancellation at x = -1.2785
    got = ao.silu_backward(dy, x)
    tref = torch.ops.aten.silu_backward(torch.from_numpy(dy), torch.from_numpy(x)).numpy()
    p_ao = float(np.percentile(_ulp_err(got, ref)[keep], 99))
    p_t = float(np.percentile(_ulp_err(tref, ref)[keep], 99))
    rows.append(Row("float32 p99 ULP vs float64", None, target="<=1.25x torch (%.2f)" % p_t,
                    ok=p_ao <= 1.25 * p_t, note="%.2f ULP" % p_ao))
    return rows


def sweep(threads, bw, sizes, repeats, budget):
    """(dtype, n, GB/s) of the out= call, for the plot."""
    pts = []
    for dtype in DTYPES:
        for n in sizes:
            dy, x = inputs(n, dtype)
            out = fresh_array(x.shape, x.dtype)
            (t,) = timed(_sync_ao(lambda: ao.silu_backward(dy, x, out=out)), repeats=repeats, budget=budget)
            pts.append((dtype, n, 3 * x.itemsize * n / t / 1e9))
    return pts


def plot(path, pts, bw, threads):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("--plot needs matplotlib (pip install matplotlib); no plot written", file=sys.stderr)
        return False
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for dtype in DTYPES:
        xs = [n for d, n, _ in pts if d == dtype]
        ys = [g for d, _, g in pts if d == dtype]
        ax.plot(xs, ys, marker="o", label="silu_backward %s" % dtype)
    ax.axhline(bw / 1e9, color="k", linestyle="--", label="triad bandwidth (f32)")
    ax.set_xscale("log")
    ax.set_xlabel("elements")
    ax.set_ylabel("GB/s (bytes read + written)")
    ax.set_title("ascendops silu_backward, out=, %d threads (%s)" % (threads, ao.isa()))
    ax.legend()
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    print("plot written to %s" % path)
    return True


def machine():
    from ascendops.__main__ import processor_model
    model = processor_model()
    load = "load average %.1f" % os.getloadavg()[0] if hasattr(os, "getloadavg") else "load n/a"
    return "%s, %d cores, ISA %s, %s, %s" % (model, os.cpu_count() or 1, ao.isa(),
                                              datetime.date.today().isoformat(), load)


def run(quick=False, threads=None, plot_path=None, markdown=False, ops_only=False, op_names=None):
    nthr_all = threads or os.cpu_count() or 1
    thread_counts = sorted({1, nthr_all})
    repeats = 5 if quick else 9
    budget = 0.01 if quick else 0.03
    big = [10 ** 7] if quick else [10 ** 7, 64 * 10 ** 6]
    rows = []
    old_ao, old_torch = ao.get_num_threads(), torch.get_num_threads() if torch is not None else None
    if ops_only:
        thread_counts = []
    try:
        for thr in thread_counts:
            ao.set_num_threads(thr)
            if torch is not None:
                torch.set_num_threads(thr)
            triad = Triad((32 if quick else 128) * 2 ** 20, thr)
            triad.measure()  # alone once: the reference of rows that pair none
            triad_row = Row("triad f32 (%s) %dthr" % (triad.name, thr), None)
            rows.append(triad_row)
            # the torch-ratio target (every dtype at 1e4-1e7, 1 and all threads, out=:
            # the allocating calls time torch's allocator as much as its kernel) and the
            # in-cache 16-bit one (16-bit vs float32); the in-cache times per element are
            # the compute side of the large 16-bit rows' roofline target
            small = {}
            for dtype in DTYPES:
                for n in (10 ** 4, 10 ** 5, 10 ** 6):
                    small[dtype, n] = contiguous_case(n, dtype, thr, triad, False, repeats, budget,
                                                      want_ratio=WANT_RATIO)
            rows.extend(small.values())
            rows.extend(in_cache_rows(in_cache_samples(thr, repeats, budget), thr))
            per_element = {d: min(small[d, n].t / n for n in (10 ** 4, 10 ** 5)) for d in DTYPES}
            # large contiguous: float32 at 0.85 of the triad, 16-bit at its roofline
            for n in big:
                for dtype in DTYPES:
                    for alloc in (True, False):
                        want_ratio = WANT_RATIO if n == 10 ** 7 and not alloc else None
                        rows.append(contiguous_case(
                            n, dtype, thr, triad, alloc, max(3, repeats - 4), budget,
                            want_frac=0.85, want_ratio=want_ratio,
                            roofline_per_element=None if dtype == "float32" else per_element[dtype]))
            triad_row.note = "%.1f GB/s [%.1f-%.1f]" % tuple(
                v / 1e9 for v in (triad.bandwidth(), min(triad.samples), max(triad.samples)))
        thr = nthr_all
        ao.set_num_threads(thr)
        if torch is not None:
            torch.set_num_threads(thr)
        # every registered op at 1e6 (bench_ops), at all threads
        op_rows = bench_ops.op_rows(ops=bench_ops.ops_named(op_names), repeats=repeats, budget=budget)
        if ops_only:
            return [], op_rows
        bw = triad.bandwidth()  # the last thread count's: nthr_all
        # 4. layouts
        rows.extend(layout_cases(thr, bw, max(3, repeats - 4), budget, side=2048 if quick else 4096))
        # 5. per-call cost
        rows.extend(tiny_cases(repeats))
        # 6. accuracy
        rows.extend(accuracy_cases(2 * 10 ** 5 if quick else 10 ** 6))
        pts = None
        if plot_path:
            sizes = [10 ** k for k in range(3, 8)]
            pts = sweep(thr, bw, sizes, 3 if quick else 5, budget)
    finally:
        ao.set_num_threads(old_ao)
        if torch is not None:
            torch.set_num_threads(old_torch)
    print_tables(rows, op_rows, markdown, nthr_all)
    if plot_path:
        plot(plot_path, pts, bw, nthr_all)
    return rows, op_rows


def print_tables(rows, op_rows, markdown=False, threads=None):
    print("Machine: " + machine())
    # the 16-bit kernels' table-or-compute choice, measured on this CPU during the run
    print("\n".join(ao.lookup_table_report()))
    if rows:
        print(format_table(rows, markdown))
    print()
    print("Every registered op at n=1e6, out=, %d threads: each >= %.1fx torch, geometric mean >= %.1fx"
          % (threads or ao.get_num_threads(), bench_ops.WANT_ROW, bench_ops.WANT_GEOMEAN))
    print(bench_ops.format_op_table(op_rows, markdown))


def format_table(rows, markdown=False):
    head = ("case", "time (median)", "GB/s", "frac of bw", "torch/ours", "target", "result")
    body = []
    for r in rows:
        result = _pf(r.ok)
        if r.ok is False and r.bound:
            result += " (bandwidth: %s)" % r.bound
        if r.pages is not None:
            result += " [huge pages %.0f%%]" % (100 * r.pages)
        body.append((r.case, _fmt_time(r.t) if r.t is not None else (r.note or "-"),
                     _f(r.gbs, "%.1f"), _f(r.frac, "%.2f"), _f(r.ratio, "%.2fx"),
                     r.target or "-", result))
    return bench_ops.render_table(head, body, markdown)


# ------------------------------------------------------------------ on a device

def device_rows(device, quick=False, ops=None):
    """Every registered op (its in-place variants aside) at 1e6 elements (``--quick``:
    1e5) in each of its float dtypes, on `device` ("npu:0", "cpu:strict", ...): inputs
    and out= are Tensors on the device, and each timed call synchronises the device
    before it returns, so a time is launch plus kernel, not the enqueue alone.
    `ops`: only these snake names. Returns [(op, dtype, attrs, seconds, bytes moved)]."""
    dev = ao.device(device)
    n = 10 ** 5 if quick else bench_ops.N
    repeats, budget = (3, 0.01) if quick else (7, 0.03)
    rows = []
    for name, op in sorted(ao.registered_ops().items()):
        if isinstance(op, ao._core.InplaceOp) or (ops is not None and name not in ops):
            continue
        for dtype in DTYPES:
            if ao.as_dtype(dtype) not in op.dtypes:
                continue
            attrs = bench_ops._attr_variants(op, len(bench_ops._shape(op, n)))[0]
            if bench_ops._is_cast(op):
                attrs = (bench_ops.CAST_TO[dtype],)
            host = bench_ops.make_inputs(op, dtype, attrs, n)
            ins = [None if a is None else ao.tensor(a, device=dev) for a in host]
            out = ao._core.call(op, tuple(ins), tuple(attrs))   # allocates the output on dev
            outs = out if isinstance(out, tuple) else (out,)

            def f(ins=ins, out=out, attrs=attrs, op=op):
                ao._core.call(op, tuple(ins), tuple(attrs), out)
                ao.synchronize(dev)
            t, = timed(f, repeats=repeats, budget=budget)
            nbytes = sum(a.nbytes for a in host if a is not None) + sum(o.nbytes for o in outs)
            rows.append((name, dtype, attrs, t, nbytes))
    return rows


def format_device_rows(rows, device, markdown=False):
    head = ("op", "dtype", "attrs", "time (median)", "GB/s")
    body = [(name, dtype, repr(attrs) if attrs else "-", _fmt_time(t), "%.2f" % (nbytes / t / 1e9))
            for name, dtype, attrs, t, nbytes in rows]
    title = "Every registered op on %s (out=, the device synchronised in each timed call)" % device
    if markdown:
        return "\n".join([title, "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
                         + ["| " + " | ".join(b) + " |" for b in body])
    w = [max(len(x[i]) for x in [head] + body) for i in range(len(head))]
    fmt = "  ".join("%%-%ds" % k for k in w)
    return "\n".join([title, fmt % head, fmt % tuple("-" * k for k in w)] + [fmt % b for b in body])


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m ascendops.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="short run: fewer repeats, smaller sizes")
    p.add_argument("--plot", metavar="FILE.png", help="draw throughput vs size per dtype (matplotlib)")
    p.add_argument("--threads", type=int, default=None, help="the 'all threads' count (default: all CPUs)")
    p.add_argument("--markdown", action="store_true", help="print the table as markdown")
    p.add_argument("--ops", action="store_true", help="only the per-op table (every registered op at 1e6)")
    p.add_argument("--op", action="append", metavar="NAME", dest="op_names",
                   help="with --ops: only this op (its aclnn name or snake_case name); repeatable")
    p.add_argument("--device", default="cpu",
                   help="run every op on this device instead (npu:0 with CANN installed, or cpu:strict); "
                        "default: the CPU device's full benchmark")
    a = p.parse_args(argv)
    if a.device != "cpu":
        print("Machine: " + machine())
        print(format_device_rows(device_rows(a.device, quick=a.quick), a.device, a.markdown))
        return 0
    if torch is None:
        print("torch is not installed: ratios to torch are n/a, bandwidth from numpy", file=sys.stderr)
    rows, op_rows = run(quick=a.quick, threads=a.threads, plot_path=a.plot, markdown=a.markdown,
                        ops_only=a.ops, op_names=a.op_names)
    if a.ops:
        print_tables([], op_rows, a.markdown, a.threads or os.cpu_count() or 1)
    fails = [r for r in rows if r.ok is False]
    bound = sum(r.bound is not None for r in fails)
    op_checked, op_missed = bench_ops.op_verdicts(op_rows)
    print("%d targets checked, %d missed%s" % (
        sum(r.ok is not None for r in rows) + op_checked, len(fails) + op_missed,
        " (%d of them beyond memory bandwidth: torch is near it too)" % bound if bound else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
