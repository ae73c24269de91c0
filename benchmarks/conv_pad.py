"""Convolution and ConstantPadNd against torch (torch.nn.functional's conv / conv_transpose,
aten.constant_pad_nd.out), both writing preallocated outputs, in one process, alternating,
at 1 and 2 threads: medians and minima in ms and the ratio torch / ours of the medians
(above 1: ascendops faster). Every result is checked against torch's first. The shapes:
the per-op bench's rows (`python -m ascendops.bench --ops`: a (1, 1, 1e6) 1x1 convolution,
a 1e6-element pad) and common network layers (3x3, 7x7 stride 2, 1x1, depthwise,
grouped, dilated, transposed; NCHW pads of images).

    python benchmarks/conv_pad.py [--reps N] [--threads 1,2] [--only conv|pad] [--dtypes float32,float16]
                                  [--cpu-time] [--match TEXT] [--smoke]

--cpu-time times by the calling thread's CPU time (time.thread_time), at 1 thread only:
on a machine shared with other work the wall clock charges either library for the time it
spent descheduled (with 1 thread both run on the calling thread). --match keeps the rows
whose name holds TEXT. --smoke: small shapes of each form, two repeats (the tests run it).

torch is the peer only (not a dependency of ascendops)."""
import argparse
import os
import statistics
import sys
import time

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import ascendops as ao  # noqa: E402

# (name, input shape, weight shape, stride, padding, dilation, groups, transposed)
CONVS = (
    ("bench row: 1x1, (1,1,1e6)", (1, 1, 10 ** 6), (1, 1, 1), 1, 0, 1, 1, False),
    ("conv1d k3", (8, 64, 1024), (128, 64, 3), 1, 1, 1, 1, False),
    ("conv2d 3x3", (8, 64, 56, 56), (64, 64, 3, 3), 1, 1, 1, 1, False),
    ("conv2d 7x7 s2 (stem)", (1, 3, 224, 224), (64, 3, 7, 7), 2, 3, 1, 1, False),
    ("conv2d 1x1", (8, 256, 28, 28), (256, 256, 1, 1), 1, 0, 1, 1, False),
    ("conv2d 3x3 s2", (8, 64, 56, 56), (128, 64, 3, 3), 2, 1, 1, 1, False),
    ("conv2d 3x3 dilation 2", (4, 64, 56, 56), (64, 64, 3, 3), 1, 2, 2, 1, False),
    ("depthwise 3x3", (8, 128, 56, 56), (128, 1, 3, 3), 1, 1, 1, 128, False),
    ("depthwise 3x3 s2", (8, 128, 56, 56), (128, 1, 3, 3), 2, 1, 1, 128, False),
    ("grouped 3x3 g8", (8, 128, 28, 28), (128, 16, 3, 3), 1, 1, 1, 8, False),
    ("depthwise conv1d k4 (ssm)", (1, 1536, 512), (1536, 1, 4), 1, 3, 1, 1536, False),
    ("conv_transpose1d s2", (8, 128, 512), (128, 64, 4), 2, 1, 1, 1, True),
    ("conv_transpose2d 4x4 s2", (4, 128, 28, 28), (128, 64, 4, 4), 2, 1, 1, 1, True),
    ("conv_transpose2d 2x2 s2", (8, 64, 28, 28), (64, 64, 2, 2), 2, 0, 1, 1, True),
)

# small shapes of the same forms (--smoke)
SMOKE_CONVS = (
    ("1x1", (1, 1, 300), (1, 1, 1), 1, 0, 1, 1, False),
    ("conv2d 3x3", (2, 4, 9, 8), (6, 4, 3, 3), 1, 1, 1, 1, False),
    ("depthwise 3x3 s2", (2, 4, 9, 8), (4, 1, 3, 3), 2, 1, 1, 4, False),
    ("conv_transpose2d 4x4 s2", (1, 4, 5, 6), (4, 3, 4, 4), 2, 1, 1, 1, True),
)

# (name, input shape, pad (torch's order: last dim first))
PADS = (
    ("bench row: (1e6,) (1, -1)", (10 ** 6,), (1, -1)),
    ("(1000, 1000) (1, -1, 2, 0)", (1000, 1000), (1, -1, 2, 0)),
    ("NCHW (8,64,56,56) pad 1", (8, 64, 56, 56), (1, 1, 1, 1)),
    ("NCHW (8,3,224,224) pad 3", (8, 3, 224, 224), (3, 3, 3, 3)),
    ("(4096, 250) pad last (0, 6)", (4096, 250), (0, 6)),
    ("(64, 1000, 16) pad middle (0,0,4,4)", (64, 1000, 16), (0, 0, 4, 4)),
)
SMOKE_PADS = (("(2,3,5,6) pad 1", (2, 3, 5, 6), (1, 1, 1, 1)), ("(300,) (1, -1)", (300,), (1, -1)))


CLOCK = time.perf_counter
MATCH = ""
SMOKE = False


def _times(fns, reps):
    """fns: name -> callable, run alternating reps rounds: name -> (median, min) seconds."""
    for f in fns.values():
        f()
    ts = {k: [] for k in fns}
    for _ in range(reps):
        for k, f in fns.items():
            t = CLOCK()
            f()
            ts[k].append(CLOCK() - t)
    return {k: (statistics.median(v), min(v)) for k, v in ts.items()}


def _row(name, dtype, nt, t):
    (mo, no), (mt, nt_) = t["ours"], t["torch"]
    print("%-38s %-8s %2d  ours %9.3f / %9.3f  torch %9.3f / %9.3f  %6.2fx" % (
        name, dtype, nt, mo * 1e3, no * 1e3, mt * 1e3, nt_ * 1e3, mt / mo))
    return mt / mo


def conv_rows(torch, dtypes, threads, reps):
    F = torch.nn.functional
    rng = np.random.default_rng(0)
    ratios = []
    for name, xs, ws, st, pd, dl, g, tr in (SMOKE_CONVS if SMOKE else CONVS):
        if MATCH not in name:
            continue
        sd = len(xs) - 2
        for dtype in dtypes:
            tdt = getattr(torch, dtype)
            x = torch.from_numpy(rng.standard_normal(xs).astype(np.float32)).to(tdt)
            w = torch.from_numpy((rng.standard_normal(ws) / np.sqrt(np.prod(ws[1:]))).astype(np.float32)).to(tdt)
            b = torch.from_numpy(rng.standard_normal(ws[1] * g if tr else ws[0]).astype(np.float32)).to(tdt)
            kw = dict(stride=(st,) * sd, padding=(pd,) * sd, dilation=(dl,) * sd, transposed=tr,
                      output_padding=(0,) * sd, groups=g)
            ref = torch.ops.aten.convolution(x, w, b, kw["stride"], kw["padding"], kw["dilation"], tr,
                                             kw["output_padding"], g)
            out_t = torch.empty_like(ref)
            an = {k: v.view(torch.int16).numpy().view(np.float16 if dtype == "float16" else ml_dtypes.bfloat16)
                  if dtype != "float32" else v.numpy() for k, v in (("x", x), ("w", w), ("b", b))}
            out = np.empty(ref.shape, an["x"].dtype)
            ao.convolution(an["x"], an["w"], an["b"], **kw, out=out)
            got = torch.from_numpy(out.astype(np.float32))
            err = (got - ref.float()).abs().max().item() / max(1e-30, ref.float().abs().max().item())
            assert err < (1e-4 if dtype == "float32" else 1e-2), (name, dtype, err)
            for nt in threads:
                torch.set_num_threads(nt)
                ao.set_num_threads(nt)
                t = _times({"ours": lambda: ao.convolution(an["x"], an["w"], an["b"], **kw, out=out),
                            "torch": lambda: torch.ops.aten.convolution.out(
                                x, w, b, kw["stride"], kw["padding"], kw["dilation"], tr, kw["output_padding"],
                                g, out=out_t)}, reps)
                ratios.append(_row(name, dtype, nt, t))
    return ratios


def pad_rows(torch, dtypes, threads, reps):
    rng = np.random.default_rng(0)
    ratios = []
    for name, xs, pad in (SMOKE_PADS if SMOKE else PADS):
        if MATCH not in name:
            continue
        for dtype in dtypes:
            tdt = getattr(torch, dtype)
            x = torch.from_numpy(rng.standard_normal(xs).astype(np.float32)).to(tdt)
            ref = torch.constant_pad_nd(x, pad, 0.5)
            out_t = torch.empty_like(ref)
            xn = x.view(torch.int16).numpy().view(np.float16 if dtype == "float16" else ml_dtypes.bfloat16) \
                if dtype != "float32" else x.numpy()
            out = np.empty(ref.shape, xn.dtype)
            ao.constant_pad_nd(xn, pad, 0.5, out=out)
            assert np.array_equal(out.astype(np.float32), ref.float().numpy()), (name, dtype)
            for nt in threads:
                torch.set_num_threads(nt)
                ao.set_num_threads(nt)
                t = _times({"ours": lambda: ao.constant_pad_nd(xn, pad, 0.5, out=out),
                            "torch": lambda: torch.ops.aten.constant_pad_nd.out(x, pad, 0.5, out=out_t)}, reps)
                ratios.append(_row(name, dtype, nt, t))
    return ratios


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--reps", type=int, default=9)
    p.add_argument("--threads", default="1,2")
    p.add_argument("--only", choices=("conv", "pad"))
    p.add_argument("--dtypes", default="float32,float16")
    p.add_argument("--cpu-time", action="store_true")
    p.add_argument("--match", default="")
    p.add_argument("--smoke", action="store_true")
    a = p.parse_args(argv)
    global CLOCK, MATCH, SMOKE
    MATCH, SMOKE = a.match, a.smoke
    if a.smoke:
        a.reps = 2
    if a.cpu_time:
        CLOCK, a.threads = time.thread_time, "1"
    import torch
    from ascendops.__main__ import processor_model
    threads = [int(t) for t in a.threads.split(",")]
    dtypes = a.dtypes.split(",")
    print("%s, ISA %s, load %.1f; ms (%s): median / min of %d alternating calls" % (
        processor_model(), ao.isa(), os.getloadavg()[0], "thread CPU time" if a.cpu_time else "wall clock",
        a.reps))
    ratios = []
    if a.only != "pad":
        ratios += conv_rows(torch, dtypes, threads, a.reps)
    if a.only != "conv":
        ratios += pad_rows(torch, dtypes, threads, a.reps)
    print("geometric mean torch / ours: %.2fx over %d rows" % (
        float(np.exp(np.mean(np.log(ratios)))), len(ratios)))


if __name__ == "__main__":
    main()
