"""The README's two set-up commands share one build: `pip install .`, then
`pip install '.[test]'` in the same checkout compiles nothing again.

Regression: the second command regenerated _core.c and recompiled everything (about a
minute here): cythonize() compared file times, and every pip build installs Cython and
numpy afresh into an isolated environment, so their .pxd files were always newer than
_core.c. setup.py now decides by content (cythonized(), BuildExt).

Slow (one full build in a fresh venv, from a copy of the checkout's tracked files: a
minute or two; pip reaches the package index): runs with ASCENDOPS_SLOW_TESTS=1."""
import os
import subprocess
import sys
import time
import venv

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not os.path.isdir(os.path.join(ROOT, ".git")) and
                       not os.path.isfile(os.path.join(ROOT, ".git")),
                       reason="not a git checkout (the copy is made from git's tracked files)"),
]


def compiled_sources(log):
    """The sources a verbose pip build log shows a compiler run on."""
    return sorted({word for line in log.splitlines() if " -c " in line
                   for word in [line.split(" -c ", 1)[1].split()[0]]
                   if word.endswith((".c", ".cpp")) and "probe.c" not in word})


def test_second_readme_install_compiles_nothing(tmp_path, capsys):
    start = time.monotonic()

    def step(text):
        with capsys.disabled():
            sys.stderr.write("\n[tests/packaging %4.0f s] %s" % (time.monotonic() - start, text))

    src = tmp_path / "checkout"
    src.mkdir()
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                           cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["xargs", "-0", "cp", "-p", "--parents", "-t", str(src)], cwd=ROOT,
                   input=files, check=True)
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(str(env_dir))
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME") and not k.startswith("ASCENDOPS_")}
    env["PATH"] = str(env_dir / "bin") + os.pathsep + env.get("PATH", "")
    pip = [str(env_dir / "bin" / "python"), "-m", "pip", "install", "-v"]

    logs = []
    for target in (".", ".[test]"):
        step("pip install %s" % target)
        r = subprocess.run(pip + [target], cwd=str(src), env=env, capture_output=True, text=True,
                           timeout=900)
        assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-4000:]
        logs.append(r.stdout + r.stderr)
    step("done")
    first, second = (compiled_sources(log) for log in logs)
    # control: the first install compiled the core, its C sources and the C API
    assert "ascendops/_core.c" in first and any(s.endswith("capi.cpp") for s in first), first
    assert "Cythonizing" in logs[0]
    assert second == [], second
    assert "Cythonizing" not in logs[1]
