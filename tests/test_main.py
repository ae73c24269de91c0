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


def run_main(cwd, pythonpath):
    env = dict(os.environ, PYTHONPATH=pythonpath)
    r = subprocess.run([sys.executable, "-m", "ascendops"], cwd=cwd, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def check_output(out):
    assert "device: cpu:0" in out and "soc: SocProfile('host'" in out
    values = [float(v) for v in re.findall(r"out result\[\d\] is: (-?[0-9.]+)", out)]
    x = np.arange(1, 7, dtype=np.float64)
    np.testing.assert_allclose(values, reference(np.ones(6), x), atol=1e-6)


def test_main_prints_the_documentation_example(tmp_path):
    check_output(run_main(str(tmp_path), os.path.dirname(PKG_DIR)))


def test_main_inside_an_unbuilt_checkout(tmp_path):
    # A checkout's sources without the compiled extension, as after `git clone`.
    src = tmp_path / "ascendops"
    shutil.copytree(PKG_DIR, str(src), ignore=shutil.ignore_patterns(
        "*.so", "*.pyd", "lib", "include", "__pycache__", "*.c"))
    assert not any(p.suffix == ".so" for p in src.iterdir())
    check_output(run_main(str(tmp_path), os.path.dirname(PKG_DIR)))
