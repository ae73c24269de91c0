"""Times the in-place rebuild after a one-line edit of each op math header (src/ops/*.h).

For each header: appends a comment line, runs `python setup.py -q build_ext --inplace`
and times it, then puts the header's text and time stamp back (the objects built from
the commented copy are the same code, so the next header starts from a current build).
A no-change build is timed first and last, and an edit of one op declaration
(ascendops/ops/relu.py: Python only) at the end. Run from the checkout's root after a
complete in-place build:

    python tools/rebuild_times.py                   # every header, once
    python tools/rebuild_times.py --repeat 2 gelu   # headers whose name starts with gelu

Prints one line per header: the wall-clock seconds and the CPU seconds of setup.py and
its compilers (the work, which the machine's load changes less), each the minimum over
--repeat runs; then the headers over --limit seconds of wall clock, slowest first. The
build is a parallel one (ASCENDOPS_BUILD_JOBS or the CPU count): state the machine and
its load with the figures."""
import argparse
import glob
import os
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = [sys.executable, "setup.py", "-q", "build_ext", "--inplace"]


def cpu_of_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def build():
    """(wall seconds, CPU seconds of setup.py and its compilers) of one in-place build."""
    start, cpu = time.monotonic(), cpu_of_children()
    r = subprocess.run(BUILD, cwd=ROOT, capture_output=True, text=True)
    took = (time.monotonic() - start, cpu_of_children() - cpu)
    if r.returncode != 0:
        sys.exit("build failed:\n%s%s" % (r.stdout[-4000:], r.stderr[-4000:]))
    return took


def time_edit(path, comment=b"/* rebuild_times.py */\n"):
    with open(path, "rb") as f:
        text = f.read()
    st = os.stat(path)
    try:
        with open(path, "ab") as f:
            f.write(comment)
        return build()
    finally:
        with open(path, "wb") as f:
            f.write(text)
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("prefix", nargs="*", help="only headers whose name starts with one of these")
    ap.add_argument("--repeat", type=int, default=1, help="runs per header (the minimum is kept)")
    ap.add_argument("--limit", type=float, default=15.0, help="seconds: headers over it are listed")
    args = ap.parse_args()
    headers = sorted(glob.glob(os.path.join(ROOT, "src", "ops", "*.h")))
    if args.prefix:
        headers = [h for h in headers if os.path.basename(h).startswith(tuple(args.prefix))]
    repeat = max(1, args.repeat)

    def best(runs):
        return min(w for w, _ in runs), min(c for _, c in runs)

    build()   # current before timing
    print("no change: %.1f s (%.1f s CPU)" % best([build() for _ in range(repeat)]), flush=True)
    times = {}
    for h in headers:
        name = os.path.relpath(h, ROOT)
        wall, cpu = best([time_edit(h) for _ in range(repeat)])
        times[name] = wall
        print("%6.1f s (%5.1f s CPU)  %s  (load %.1f)" % (wall, cpu, name, os.getloadavg()[0]), flush=True)
    declaration = os.path.join(ROOT, "ascendops", "ops", "relu.py")
    print("a comment in %s (Python only: the headers and stubs regenerated, nothing compiled): "
          "%.1f s (%.1f s CPU)" % (os.path.relpath(declaration, ROOT),
                                   *best([time_edit(declaration, b"# rebuild_times.py\n") for _ in range(repeat)])))
    build()   # the declaration's text back: its outputs regenerated once more
    print("no change: %.1f s (%.1f s CPU)" % best([build() for _ in range(repeat)]))
    over = sorted((t, n) for n, t in times.items() if t > args.limit)
    print("over %.0f s: %s" % (args.limit, ", ".join("%s %.1f s" % (n, t) for t, n in reversed(over)) or "none"))
    if times:
        print("slowest %.1f s, median %.1f s" % (max(times.values()), sorted(times.values())[len(times) // 2]))
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
