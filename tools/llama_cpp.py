"""llama.cpp's CANN backend on ascendops: fetch the pinned llama.cpp, build its CANN
backend and ggml's test-backend-ops against `python -m ascendops.standin`'s CANN layout,
and run test-backend-ops on the CANN0 backend (ascendops) against ggml's CPU backend.

    python tools/llama_cpp.py build                  # fetch + stand-in + build (cached)
    python tools/llama_cpp.py test [-o OPS] [--device cpu|strict|both] [--perf]
    python tools/llama_cpp.py test --perf            # CANN0 against ggml's CPU backend, per case
    python tools/llama_cpp.py coverage               # the aclnn APIs the backend imports

llama.cpp comes from the PyPI sdist llama-cpp-python==0.3.36 (vendor/llama.cpp, llama.cpp
commit 0c1e570 as its CMake reports it); nothing in it is changed. The build is ggml's own
CMake (GGML_CANN=on, CANN_INSTALL_DIR = the stand-in, SOC_TYPE=Ascend910B3) for the ggml
libraries, and test-backend-ops.cpp (which needs ggml alone) compiled against them. The
cache (ASCENDOPS_LLAMA_CACHE, default ~/.cache/ascendops/llama-cpp) keeps the sdist and a
build per version of ascendops' headers. docs/llama-cpp.md says what this proves and what
it does not."""
import argparse
import contextlib
import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)     # the checkout's ascendops (an in-place build) where none is installed
SDIST = "llama-cpp-python==0.3.36"
SDIST_FILE = "llama_cpp_python-0.3.36.tar.gz"
SOC_TYPE = "Ascend910B3"

# test-backend-ops' op names that run on ascendops: elementwise ops, norms, copies, reductions,
# sorts, layouts, windows, convolutions, masks (every aclnn API each calls is implemented)
OPS = ("ABS", "SGN", "NEG", "STEP", "TANH", "ELU", "RELU", "SIGMOID", "GELU", "GELU_QUICK", "SILU", "HARDSWISH",
       "HARDSIGMOID", "EXP", "SOFTPLUS", "GELU_ERF", "REGLU", "GEGLU", "SWIGLU", "GEGLU_ERF", "GEGLU_QUICK",
       "ADD", "ADD1", "SUB", "MUL", "DIV", "SQR", "SQRT", "LOG", "SIN", "COS", "SCALE", "CLAMP", "LEAKY_RELU",
       "SOFT_MAX", "RMS_NORM", "NORM", "GROUP_NORM", "L2_NORM", "CPY", "CONT", "DUP", "ARANGE", "FILL",
       "SUM", "SUM_ROWS", "MEAN", "ARGMAX", "COUNT_EQUAL", "CROSS_ENTROPY_LOSS", "CUMSUM",
       "ARGSORT", "SOLVE_TRI",
       "REPEAT", "PAD", "PAD_REFLECT_1D",
       "UPSCALE", "POOL_2D", "IM2COL",
       "SSM_CONV", "CONV_TRANSPOSE_1D",
       "TRI", "DIAG_MASK_INF", "ACC", "SET", "DIAG", "CONCAT", "TIMESTEP_EMBEDDING", "GET_ROWS", "SET_ROWS",
       "SWIGLU_CLAMP", "ROPE",
       "MUL_MAT", "MUL_MAT_ID", "OUT_PROD", "GATED_LINEAR_ATTN", "FLASH_ATTN_EXT")
# The ops of OPS that run a part of their cases (test-backend-ops -p: a regex over a case's
# params), the others failing against CANN as well. CONCAT's quantised cases (Q4_0, Q4_1,
# Q5_0, Q5_1, Q8_0): ggml-cann's supports_op accepts every CONCAT, and ggml_cann_concat passes
# Q4_0 as ACL_INT4 (Cat lists no INT4: 161002; here aclCreateTensor makes no INT4 tensor, a
# null element: 161001), Q4_1 and Q5_x as ACL_DT_UNDEFINED, Q8_0 as INT8 with ggml's element
# counts over its 34-byte blocks (Cat copies the wrong bytes): the backend aborts or differs.
# GET_ROWS' Q8_0 cases of a view into a padded tensor (vs0=1): ggml_cann_get_rows reads the
# view's scales at its data + nelements(view), bytes of other rows. SET_ROWS' FLOAT16 sources
# into FLOAT: ggml_cann_set_rows hands the source's bytes to InplaceIndexCopy as FLOAT,
# uncast (wrong values; a misaligned FLOAT address where ne0 = 33: a null source, 161001).
# ROPE's gemma4 E2B case (f32 [256, 8, 512, 1], n_dims 256, neox) after the qwen3.5 imrope
# ones: aclnn_rope_cache_init reallocates its sin/cos cache only when the position count
# grows, not when rope_dims does, so the case writes 128 * 512 * 2 floats into the cache
# the 32 * 512 * 2 floats of n_dims 64 made (here aclCreateTensor refuses the view past the
# allocation: a null out, 161001); run on its own it passes. The case after it (E4B, [512, 8,
# 512, 1], n_dims 128) is filtered with it: in a run it follows the same cache.
# docs/llama-cpp.md says more.
CASES = {"CONCAT": r"^type=(f32|f16|bf16|i8|i16|i32|i64),",
         "GET_ROWS": r"^(?!type=q8_0.*vs0=1)",
         "SET_ROWS": r"^(?!type_src=f16,type_dst=f32)",
         "ROPE": r"^(?!type=f32,ne_a=\[(256|512),8,512,1\],n_dims=(256|128),mode=2,)",
         # the float weights (ggml_cann_mat_mul_fp); Q8_0 / Q4_0 go to WeightQuantBatchMatmulV2
         "MUL_MAT": r"^type_a=(f32|f16|bf16),",
         "MUL_MAT_ID": r"^type_a=(f32|f16|bf16),"}
# Those of OPS whose cases do not run yet, with the aclnn API each still needs (it returns
# 561003, and the backend aborts on it; python tools/llama_cpp.py coverage lists them all)
NOT_YET = {}
# the ops whose cases run on ascendops today: every aclnn API each calls is implemented
PASSING = tuple(op for op in OPS if op not in NOT_YET)


def cache_dir():
    return os.environ.get("ASCENDOPS_LLAMA_CACHE") or os.path.join(
        os.path.expanduser("~"), ".cache", "ascendops", "llama-cpp")


def _run(cmd, **kw):
    print("+ " + " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kw)


def fetch():
    """The extracted llama.cpp tree (vendor/llama.cpp of the pinned sdist), downloaded once."""
    cache = cache_dir()
    os.makedirs(cache, exist_ok=True)
    tree = os.path.join(cache, "llama_cpp_python-0.3.36", "vendor", "llama.cpp")
    if os.path.isfile(os.path.join(tree, "tests", "test-backend-ops.cpp")):
        return tree
    archive = os.path.join(cache, SDIST_FILE)
    if not os.path.isfile(archive):
        _run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", "llama-cpp-python",
              SDIST, "-d", cache])
    with tarfile.open(archive) as tar:
        members = [m for m in tar.getmembers() if "/vendor/llama.cpp/" in m.name or m.name.endswith("/PKG-INFO")]
        tar.extractall(cache, members=members, filter="data")
    return tree


def standin():
    """A fresh stand-in CANN layout in the cache (headers and library links of this ascendops)."""
    from ascendops import standin as sd
    path = os.path.join(cache_dir(), "cann")
    sd.create(path)
    return path


def _headers_key(cann):
    h = hashlib.sha256()
    for folder, _dirs, files in sorted(os.walk(os.path.join(cann, "include"))):
        for name in sorted(files):
            with open(os.path.join(folder, name), "rb") as f:
                h.update(name.encode() + b"\0" + f.read())
    return h.hexdigest()[:16]


@contextlib.contextmanager
def _cache_locked():
    """The cache held by one process at a time: two test processes (pytest-xdist workers)
    building at once would compile into the same build folder, and a new build removes
    the old ones."""
    os.makedirs(cache_dir(), exist_ok=True)
    with open(os.path.join(cache_dir(), ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def build(jobs=2):
    """(test-backend-ops, stand-in root): built against the stand-in, reused while
    ascendops' headers are unchanged."""
    with _cache_locked():
        return _build(jobs)


def _build(jobs):
    tree = fetch()
    cann = standin()
    build_dir = os.path.join(cache_dir(), "build-" + _headers_key(cann))
    exe = os.path.join(build_dir, "test-backend-ops")
    if os.path.isfile(exe):
        return exe, cann
    for old in os.listdir(cache_dir()):
        if old.startswith("build-"):
            shutil.rmtree(os.path.join(cache_dir(), old), ignore_errors=True)
    cmake = shutil.which("cmake")
    if cmake is None:
        raise SystemExit("cmake is needed (pip install cmake)")
    _run([cmake, "-S", tree, "-B", build_dir, "-DGGML_CANN=on", "-DCANN_INSTALL_DIR=" + cann,
          "-DSOC_TYPE=" + SOC_TYPE, "-DCMAKE_BUILD_TYPE=Release", "-DLLAMA_CURL=OFF", "-DLLAMA_BUILD_TESTS=OFF",
          "-DLLAMA_BUILD_EXAMPLES=OFF", "-DLLAMA_BUILD_SERVER=OFF", "-DLLAMA_BUILD_TOOLS=OFF"],
         stdout=subprocess.DEVNULL)
    _run([cmake, "--build", build_dir, "-j", str(jobs), "--target", "ggml", "ggml-cann", "ggml-cpu"],
         stdout=subprocess.DEVNULL)
    libs = os.path.join(build_dir, "bin")
    _run([os.environ.get("CXX", "g++"), "-O2", "-std=c++17", "-I" + os.path.join(tree, "ggml", "include"),
          os.path.join(tree, "tests", "test-backend-ops.cpp"), "-L" + libs, "-lggml", "-lggml-base",
          "-Wl,-rpath," + libs, "-lpthread", "-o", exe])
    return exe, cann


def environment(cann, strict):
    from ascendops import standin as sd
    env = dict(os.environ)
    env.update(sd.environment(cann, strict=strict))
    if not strict:
        env.pop("ASCENDOPS_STRICT_DEVICE", None)
    return env


_RESULT = re.compile(r"^\s+(\w+)\(.*\): .*?(OK|FAIL|not supported)", re.M)
_TOTAL = re.compile(r"(\d+)/(\d+) tests passed")


def run_ops(exe, cann, ops, strict, mode="test", timeout=1800, backend="CANN0"):
    """{op: (passed, run, failed case lines, problem or None, perf text)} of
    test-backend-ops [perf] -b CANN0 (or `backend`)."""
    out = {}
    for op in ops:
        names = op.split(",")
        plain = ",".join(n for n in names if n not in CASES)
        # an op of CASES runs on its own (-p filters every op of a run)
        runs = ([(plain, None)] if plain else []) + [(n, CASES[n]) for n in names if n in CASES]
        passed, ran, fails, problems, texts = 0, 0, [], [], []
        for names_arg, cases in runs:
            args = [exe] + ([mode] if mode != "test" else []) + ["-b", backend, "-o", names_arg]
            if cases:
                args += ["-p", cases]
            p = subprocess.run(args, env=environment(cann, strict), capture_output=True, text=True,
                               timeout=timeout)
            text = p.stdout + p.stderr
            m = _TOTAL.search(text)
            passed += int(m.group(1)) if m else 0
            ran += int(m.group(2)) if m else 0
            fails += [line.strip() for line in text.splitlines() if "FAIL" in line and "(" in line]
            if p.returncode != 0:
                tail = [line for line in text.splitlines() if line.strip()][-3:]
                problems.append("exit status %d: %s" % (p.returncode, " | ".join(tail)))
            texts.append(text)
        out[op] = (passed, ran, fails, "; ".join(problems) or None, "\n".join(texts) if mode == "perf" else None)
    return out


_PERF = re.compile(r"^\s+(\w+\(.*\)):\s+\d+ runs -\s+([\d.]+) us/run", re.M)


def perf_table(exe, cann, ops, strict=False):
    """test-backend-ops perf on CANN0 (ascendops, phase 1 included: ggml-cann builds an
    executor per call) and on ggml's CPU backend, case by case: markdown rows of each
    case's us/run and the speed ratio CPU time / CANN0 time, then the geometric mean per
    op and over all cases. The ops without perf cases in test-backend-ops are left out."""
    import math
    times = {}
    for backend in ("CANN0", "CPU"):
        for op, res in run_ops(exe, cann, ops, strict, "perf", backend=backend).items():
            for case, us in _PERF.findall(res[4] or ""):
                times.setdefault(case, {})[backend] = float(us)
    rows, per_op = [], {}
    for case, t in times.items():
        if "CANN0" in t and "CPU" in t:
            ratio = t["CPU"] / t["CANN0"]
            rows.append("| `%s` | %.1f | %.1f | %.2f |" % (case, t["CANN0"], t["CPU"], ratio))
            per_op.setdefault(case.split("(")[0], []).append(ratio)
    lines = ["| case | CANN0 us/run | CPU us/run | CPU / CANN0 |", "|---|---|---|---|"] + rows + [""]
    lines += ["| op | cases | geometric mean | min |", "|---|---|---|---|"]
    every = []
    for op, rs in sorted(per_op.items()):
        every += rs
        lines.append("| %s | %d | %.2f | %.2f |" % (op, len(rs), math.exp(sum(map(math.log, rs)) / len(rs)), min(rs)))
    if every:
        lines.append("| all | %d | %.2f | %.2f |" % (len(every), math.exp(sum(map(math.log, every)) / len(every)),
                                                    min(every)))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("build")
    t = sub.add_parser("test")
    t.add_argument("-o", "--ops", default=",".join(PASSING), help="comma-separated test-backend-ops op names "
                   "(default: the ops that run on ascendops today)")
    t.add_argument("--each", action="store_true", help="one test-backend-ops run per op (an abort stops one op)")
    t.add_argument("--device", choices=("cpu", "strict", "both"), default="both")
    t.add_argument("--perf", action="store_true", help="test-backend-ops perf: CANN0 against ggml's CPU "
                   "backend, case by case (a markdown table; the cpu device unless --device strict)")
    sub.add_parser("coverage")
    args = ap.parse_args(argv)
    exe, cann = build()
    if args.cmd == "build":
        print(exe)
        return 0
    if args.cmd == "coverage":
        from ascendops import config
        lib = os.path.join(os.path.dirname(exe), "bin", "libggml-cann.so")
        return config._print_coverage([lib])
    ops = [o for o in args.ops.split(",") if o]
    if args.perf:
        print(perf_table(exe, cann, ops, strict=args.device == "strict"))
        return 0
    groups = [[o] for o in ops] if args.each else [ops]
    bad = 0
    for strict in {"cpu": (False,), "strict": (True,), "both": (False, True)}[args.device]:
        res = {}
        for group in groups:
            res.update(run_ops(exe, cann, [",".join(group)], strict))
        for op, (passed, ran, fails, problem, _) in res.items():
            ok = problem is None and not fails and passed == ran
            bad += not ok
            print("%-6s %-12s %4d/%-4d %s" % ("strict" if strict else "cpu", op, passed, ran,
                                             "ok" if ok else (problem or "; ".join(fails[:3]))))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
