"""Runs the C engine tests (tests/c/run_c_tests.sh) as part of the suite, in two tests
that xdist runs on two workers at once: the sanitizer build's quick sweeps, and the -O3
build's full sweeps over every ISA region this CPU has (with arm64 under qemu when
installed). Needs gcc; the script builds from the checkout's sources. Slow
(several minutes of builds): runs with ASCENDOPS_SLOW_TESTS=1 (.ci/run sets it)."""
import os
import shutil
import subprocess
import sys
import threading
import time

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "run_c_tests.sh")


@pytest.mark.slow(minutes=6)
@pytest.mark.parametrize("part", ["sanitizers", "optimised"])
@pytest.mark.skipif(shutil.which(os.environ.get("CC", "gcc")) is None, reason="no C compiler")
@pytest.mark.skipif(not os.path.exists(os.path.join(HERE, "..", "..", "src", "engine.c")),
                    reason="not a checkout (no C sources)")
def test_c_engine(part, capsys):
    # the script's own step lines ("== build: ...") go to the terminal as they come:
    # minutes of builds should not look like a hang
    start = time.monotonic()
    proc = subprocess.Popen(["sh", SCRIPT, part], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    # a hung build or run fails, not hangs; the bound leaves room for the sanitizer
    # build (every op x ISA region x kernel form: 24 min in CI as one source; each
    # region is its own source, compiled JOBS at a time by run_c_tests.sh, the AVX2
    # and AVX-512 regions about 12 min each)
    watchdog = threading.Timer(3000, proc.kill)
    watchdog.start()
    lines = []
    for line in proc.stdout:
        lines.append(line)
        if line.startswith("=="):
            with capsys.disabled():  # past pytest's capture
                sys.stderr.write("\n[tests/c %s %4.0f s] %s" % (part, time.monotonic() - start, line.rstrip()))
                sys.stderr.flush()
    rc = proc.wait()
    watchdog.cancel()
    output = "".join(lines)
    last = output.strip().splitlines()[-1] if output.strip() else ""
    assert rc == 0 and last.endswith(" 0 failed"), output[-6000:]
