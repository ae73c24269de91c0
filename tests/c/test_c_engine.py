"""Runs the C engine tests (tests/c/run_c_tests.sh: sanitizer builds, the -O3 build's
full sweeps over every ISA region this CPU has, arm64 under qemu when installed) as
part of the suite. Needs gcc; the script builds from the checkout's sources."""
import os
import shutil
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "run_c_tests.sh")


@pytest.mark.skipif(shutil.which(os.environ.get("CC", "gcc")) is None, reason="no C compiler")
@pytest.mark.skipif(not os.path.exists(os.path.join(HERE, "..", "..", "include", "ascendops", "src")),
                    reason="not a checkout (no C sources)")
def test_c_engine():
    r = subprocess.run(["sh", SCRIPT], capture_output=True, text=True, timeout=1800)
    last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
    assert r.returncode == 0 and last.endswith(" 0 failed"), (r.stdout[-4000:] + r.stderr[-2000:])
