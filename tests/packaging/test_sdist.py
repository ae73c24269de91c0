"""The sdist is complete: `python -m build --sdist` of this checkout, installed with a
plain (isolated) `pip install` into a fresh virtual environment, gives a package whose
libascendops.so has the C API, so that examples/silu_backward.cpp compiles against
`python -m ascendops.config --cflags --libs` and runs.

Regression: the sdist left out the C API's src/capi/*.cpp (setup.py found them by
glob, not as declared sources); the install still succeeded and only the user's linker
failed, with undefined references to every acl* function.

Slow (an sdist build and a full install into a new venv: a minute or two; pip reaches
the package index): runs with ASCENDOPS_SLOW_TESTS=1, as .ci/run sets."""
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import venv

import numpy as np
import pytest

from ascendops.ops.silu_backward import reference

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CXX = os.environ.get("CXX") or shutil.which("g++") or shutil.which("clang++") or shutil.which("c++")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not os.path.isfile(os.path.join(ROOT, "setup.py")),
                       reason="not a source checkout (no setup.py)"),
    pytest.mark.skipif(CXX is None, reason="no C++ compiler (g++, clang++, c++ or $CXX)"),
]


def progress(capsys):
    """Prints each step on the terminal as it starts (past pytest's capture): the steps
    take up to a minute each and should not look like a hang."""
    start = time.monotonic()

    def step(text):
        with capsys.disabled():
            sys.stderr.write("\n[tests/packaging %4.0f s] %s" % (time.monotonic() - start, text))
            sys.stderr.flush()
    return step


def sh(cmd, cwd, env, timeout=900):
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert r.returncode == 0, "%s failed:\n%s\n%s" % (" ".join(cmd), r.stdout[-4000:], r.stderr[-4000:])
    return r.stdout


def declared_sources():
    """setup.py's CORE_SOURCES and CAPI_SOURCES, read without running setup.py."""
    text = open(os.path.join(ROOT, "setup.py")).read()
    text = text[text.index("CORE_SOURCES = "):text.index("def check_sources")]
    names = re.findall(r'"([\w.]+\.(?:c|cpp))"', text)
    assert "capi.cpp" in names and "kernels.c" in names, names
    return names


def test_sdist_installs_into_a_fresh_venv_and_links_the_c_api(tmp_path, capsys):
    step = progress(capsys)
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(str(env_dir))
    python = str(env_dir / "bin" / "python")
    # a clean environment: nothing from the test run's own PYTHONPATH or ascendops settings
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "LD_LIBRARY_PATH") and not k.startswith("ASCENDOPS_")}
    env["PATH"] = str(env_dir / "bin") + os.pathsep + env.get("PATH", "")
    env["VIRTUAL_ENV"] = str(env_dir)
    work = str(tmp_path)

    step("pip install build")
    sh([python, "-m", "pip", "install", "-q", "build"], work, env)
    step("python -m build --sdist")
    dist = tmp_path / "dist"
    sh([python, "-m", "build", "--sdist", "--outdir", str(dist), ROOT], work, env)
    sdists = list(dist.glob("ascendops-*.tar.gz"))
    assert len(sdists) == 1, sdists

    with tarfile.open(str(sdists[0])) as tar:
        members = [m.split("/", 1)[1] for m in tar.getnames() if "/" in m]
    for name in declared_sources():
        assert any(m.endswith("/" + name) for m in members), "%s missing from the sdist" % name
    for required in ("LICENSE", "MANIFEST.in", "setup.py", "pyproject.toml", "ascendops/_core.pyx",
                     "src/capi/capi.cpp", "src/capi/ops.cpp", "src/engine.c",
                     "include/acl/acl.h", "examples/silu_backward.cpp"):
        assert required in members, "%s missing from the sdist" % required
    # no build outputs of the checkout's in-place build
    assert not [m for m in members if m.endswith((".so", ".o")) or m == "ascendops/_core.c"]

    step("pip install the sdist (an isolated build)")
    sh([python, "-m", "pip", "install", str(sdists[0])], work, env)

    step("compile and run examples/silu_backward.cpp against the installed package")
    flags = sh([python, "-m", "ascendops.config", "--cflags", "--libs"], work, env).split()
    assert any(f.startswith("-I" + str(env_dir)) for f in flags), flags   # the venv's copy
    exe = str(tmp_path / "silu_backward")
    sh([CXX, "-std=c++11", os.path.join(ROOT, "examples", "silu_backward.cpp")] + flags + ["-o", exe],
       work, env)
    out = sh([exe], work, env, timeout=120)
    got = [float(v) for v in re.findall(r"out result\[\d+\] is: (-?[0-9.]+)", out)]
    ref = reference(np.ones(6), np.arange(1, 7, dtype=np.float64))
    assert len(got) == 6, out
    np.testing.assert_allclose(got, ref, rtol=0, atol=1.5e-6)   # printed with %f

    step("CANN's build line (its library names) against the installed package")
    inc, lib = sh([python, "-m", "ascendops.config", "--includedir", "--libdir"], work, env).split()
    for name in ("ascendcl", "acl_rt", "nnopbase", "opapi", "opapi_nn", "opapi_math"):
        path = os.path.join(lib, "lib%s.so" % name)
        assert os.path.isfile(path) and not os.path.islink(path), "%s missing from the install" % path
    exe = str(tmp_path / "cann_line")
    sh([CXX, os.path.join(ROOT, "examples", "silu_backward.cpp"), "-I", inc, "-I", inc + "/aclnnop", "-L", lib,
        "-lopapi_nn", "-lopapi_math", "-lascendcl", "-lnnopbase", "-o", exe], work, env)
    out = sh([exe], work, dict(env, LD_LIBRARY_PATH=lib), timeout=120)
    got = [float(v) for v in re.findall(r"out result\[\d+\] is: (-?[0-9.]+)", out)]
    np.testing.assert_allclose(got, ref, rtol=0, atol=1.5e-6)
    step("done")
