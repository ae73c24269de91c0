"""`python -m ascendops`, the README's first set-up command: the device summary and the
documentation example, also when run inside a source checkout that has no in-place
build (the current folder then shadows the installed package)."""
import os
import re
import shutil
import subprocess
import sys

import numpy as np

import ascendops
from ascendops.ops.silu_backward import reference

PKG_DIR = os.path.dirname(os.path.abspath(ascendops.__file__))


def run_main(cwd, pythonpath, *args):
    env = dict(os.environ, PYTHONPATH=pythonpath)
    r = subprocess.run([sys.executable, "-m", "ascendops"] + list(args), cwd=cwd, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def cpuinfo_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.split(":")[0].strip() == "model name":
                    return line.split(":", 1)[1].strip()
    except OSError:
        return None
    return None


ROW = re.compile(r"^\s*(\d+)\s+(-?[0-9.]+)\s+(-?[0-9.]+)\s+(-?[0-9.]+)\s+(-?[0-9.]+)\s*$", re.M)


def check_output(out):
    assert "device: cpu:0" in out and "soc: SocProfile('host'" in out
    device = next(line for line in out.splitlines() if line.startswith("device:"))
    # the processor, not the OS (the device line said "Linux" where the CPU belongs)
    model = cpuinfo_model()
    if model:
        assert model in device, device
    assert "kernels %s" % ascendops.isa() in device, device
    rows = [tuple(float(v) for v in m.groups()) for m in ROW.finditer(out)]
    assert [int(r[0]) for r in rows] == list(range(6)), out
    dy, x, got, expected = (np.array(col) for col in list(zip(*rows))[1:])
    # the inputs shown are the documentation example's
    np.testing.assert_array_equal(dy, np.ones(6))
    np.testing.assert_array_equal(x, np.arange(1, 7))
    ref = reference(np.ones(6), np.arange(1, 7, dtype=np.float64))
    np.testing.assert_allclose(expected, ref, rtol=0, atol=1e-9)   # printed with %.9f
    np.testing.assert_allclose(got, ref, rtol=0, atol=1.5e-6)      # printed with %f
    assert re.search(r"^next: .*ascendops\.silu_backward\(", out, re.M), out


def test_main_prints_the_documentation_example(tmp_path):
    check_output(run_main(str(tmp_path), os.path.dirname(PKG_DIR)))


def test_main_inside_an_unbuilt_checkout(tmp_path):
    # A checkout's sources without the compiled extension, as after `git clone`.
    src = tmp_path / "ascendops"
    shutil.copytree(PKG_DIR, str(src), ignore=shutil.ignore_patterns(
        "*.so", "*.pyd", "lib", "include", "__pycache__", "*.c"))
    assert not any(p.suffix == ".so" for p in src.iterdir())
    check_output(run_main(str(tmp_path), os.path.dirname(PKG_DIR)))


def test_main_help_prints_usage_and_runs_nothing(tmp_path):
    out = run_main(str(tmp_path), os.path.dirname(PKG_DIR), "--help")
    assert out.startswith("usage: python -m ascendops"), out
    assert "aclnnSiluBackward(" not in out and "device:" not in out


def test_main_refuses_an_unknown_option(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.path.dirname(PKG_DIR))
    r = subprocess.run([sys.executable, "-m", "ascendops", "--bogus"], cwd=str(tmp_path), env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stdout == ""
    assert "--bogus" in r.stderr and "usage:" in r.stderr
