"""The Cython core compiles without warnings (one did: `def memcpy`, the public
aclrtMemcpy, overrode libc's memcpy cimported in _memory.pxi)."""
import os
import subprocess
import sys

import pytest

import ascendops

SOURCE = os.path.join(os.path.dirname(os.path.abspath(ascendops.__file__)), "_core.pyx")


def test_cython_core_has_no_warnings(tmp_path):
    pytest.importorskip("Cython")
    if not os.path.exists(SOURCE):
        pytest.skip("no Cython sources beside the package")
    # Only the Cython step (a few seconds), into a scratch folder: no C compiler run.
    r = subprocess.run([sys.executable, "-m", "cython", "-3", SOURCE, "-o", str(tmp_path / "core.c")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    warnings = [line for line in (r.stdout + r.stderr).splitlines() if "warning" in line.lower()]
    assert not warnings, "\n".join(warnings)
    # the public name is kept
    assert ascendops.memcpy.__name__ == "memcpy"
