"""The bench's per-op table in one ISA region, timed by thread CPU time.

    ASCENDOPS_ISA=avx2 ATEN_CPU_CAPABILITY=avx2 python benchmarks/op_table_cputime.py \
        [--reps 15] [--ops Erfinv,Softmax] [--dtypes float32] [--jsonl rows.jsonl]

Every row of `python -m ascendops.bench`'s per-op table (`bench_ops.measured_ops()`,
each op's attribute variants, float32 / float16 / bfloat16, `bench_ops.make_case`'s
inputs at 1e6 elements), but at 1 thread for both libraries and timed by the calling
thread's CPU time (time.thread_time_ns): on a machine shared with other work the wall
clock charges either library for the time it spent descheduled; the CPU time does not
(caches shared with that work still slow both). ascendops and torch alternate call by
call; a row's ratio is torch's median / ours.

The regions are held by the environment, read once at import: `ASCENDOPS_ISA`
(ascendops' kernel region) and `ATEN_CPU_CAPABILITY` (torch's kernel build). Both are
printed from the libraries themselves (`ascendops.isa()`,
`torch.backends.cpu.get_cpu_capability()`), so that a table is never labelled with a
region it did not run in. With 1 thread, ascendops runs the kernel on the calling
thread (engine.c ao_parallel_for), so its thread CPU time is the whole call.

Output: one line per row as it is measured (and as JSON to --jsonl), then the
summary: the geometric mean, per family, and the rows below 1.0x, worst first.
"""
import argparse
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import ascendops as ao  # noqa: E402
from ascendops.__main__ import processor_model  # noqa: E402
from ascendops import bench_ops  # noqa: E402

try:
    import torch
except ImportError:
    torch = None


def time_case(case, reps):
    """(median ns of ours, median ns of torch or None): one call each, alternating."""
    clock = time.thread_time_ns
    fns = [case.ao] + ([case.torch] if case.torch else [])
    for fn in fns:          # plan / warm both (cache misses, first touch of out)
        fn()
        fn()
    samples = [[] for _ in fns]
    for _ in range(reps):
        for k, fn in enumerate(fns):
            t0 = clock()
            fn()
            samples[k].append(clock() - t0)
    med = [statistics.median(s) for s in samples]
    return med[0], (med[1] if len(med) > 1 else None)


def rows(ops, dtypes, reps, out=None):
    found = []
    for op in ops:
        for attrs in bench_ops._attr_variants(op, len(bench_ops._shape(op))):
            for dtype in dtypes:
                if dtype not in op.dtypes:
                    continue
                case = bench_ops.make_case(op, dtype, attrs)
                t_ao, t_torch = time_case(case, reps)
                row = {"op": case.label, "dtype": dtype, "family": bench_ops.family(op),
                       "ao_us": t_ao / 1e3, "torch_us": None if t_torch is None else t_torch / 1e3,
                       "ratio": None if t_torch is None else t_torch / t_ao,
                       "torch_how": case.torch_how}
                found.append(row)
                print("%-40s %-8s %9.1f us %9s us %6s" % (
                    row["op"][:40], dtype, row["ao_us"],
                    "-" if t_torch is None else "%.1f" % row["torch_us"],
                    "-" if t_torch is None else "%.2fx" % row["ratio"]), flush=True)
                if out is not None:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
    return found


def summary(found):
    lines = []
    ratios = [r["ratio"] for r in found if r["ratio"]]
    lines.append("rows with a torch pairing: %d; geometric mean %.3fx; below 1.0x: %d" % (
        len(ratios), bench_ops.geomean(ratios), sum(r < 1.0 for r in ratios)))
    for fam in bench_ops.FAMILIES:
        fr = [r["ratio"] for r in found if r["family"] == fam and r["ratio"]]
        if fr:
            lines.append("  %-24s %.3fx, %d of %d below 1.0x" % (
                fam, bench_ops.geomean(fr), sum(r < 1.0 for r in fr), len(fr)))
    below = sorted((r for r in found if r["ratio"] and r["ratio"] < 1.0), key=lambda r: r["ratio"])
    for r in below:
        lines.append("  below: %-40s %-8s %.2fx (%.1f / %.1f us)" % (
            r["op"], r["dtype"], r["ratio"], r["ao_us"], r["torch_us"]))
    return "\n".join(lines)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--reps", type=int, default=15)
    p.add_argument("--ops", default="", help="comma-separated aclnn names (default: all measured)")
    p.add_argument("--dtypes", default=",".join(bench_ops.DTYPES))
    p.add_argument("--jsonl", default=None)
    a = p.parse_args(argv)
    ao.set_num_threads(1)
    cap = "no torch"
    if torch is not None:
        torch.set_num_threads(1)
        cap = torch.backends.cpu.get_cpu_capability()
    print("CPU %s; ascendops %s, isa %s; torch %s, capability %s; load %s" % (
        processor_model(), ao.__file__, ao.isa(), getattr(torch, "__version__", "-"), cap,
        " ".join("%.2f" % x for x in os.getloadavg())), flush=True)
    ops = bench_ops.measured_ops()
    if a.ops:
        want = set(a.ops.split(","))
        ops = [op for op in ops if op.name in want]
    out = open(a.jsonl, "w") if a.jsonl else None
    try:
        found = rows(ops, a.dtypes.split(","), a.reps, out)
    finally:
        if out is not None:
            out.close()
    print("load at the end %s" % " ".join("%.2f" % x for x in os.getloadavg()))
    print(summary(found))


if __name__ == "__main__":
    main()
