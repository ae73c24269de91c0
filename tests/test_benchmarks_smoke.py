"""benchmarks/ cannot rot: the pytest-benchmark suite runs in smoke mode (every case
once at tiny sizes, on cpu and cpu:strict) against the ascendops under test. Its
inputs come from each op's declaration (ascendops.bench_ops.make_inputs), so a new op
is benchmarked, and smoke-tested here, with no benchmark code."""
import os
import subprocess
import sys

import pytest

import ascendops

CHECKOUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# the folder holding the ascendops under test: the checkout (in-place build) or site-packages
PKG_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(ascendops.__file__)))


@pytest.mark.slow
def test_every_benchmark_runs_in_smoke_mode(tmp_path):
    # run outside the checkout, its pytest.ini's `pythonpath = ..` emptied, with the
    # package under test first: CI tests an installed ascendops, the checkout holds no build
    # (and none of an xdist worker's variables: pytest-benchmark would take itself for one)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env["PYTHONPATH"] = PKG_PARENT + os.pathsep + os.environ.get("PYTHONPATH", "")
    r = subprocess.run([sys.executable, "-m", "pytest", os.path.join(CHECKOUT, "benchmarks"), "--benchmark-only",
                        "--smoke", "--device", "cpu,cpu:strict", "-q", "-p", "no:cacheprovider",
                        "-o", "pythonpath=", "--benchmark-disable-gc"],
                       cwd=str(tmp_path), env=env, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert " passed" in r.stdout and " failed" not in r.stdout and " error" not in r.stdout, r.stdout[-2000:]
