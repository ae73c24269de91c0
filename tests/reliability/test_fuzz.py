"""Fuzzing: random hostile sequences against the Python API and the C ABI
(create, view, copy, run, re-point, destroy, streams, SoC and thread settings, fork,
threads) from a seeded RNG, each driver in its own process for a time budget
(tests/reliability/_fuzz_driver.py). Refusals with an expected error are correct; a
crash (the driver dying by a signal), a hang (no result in time), a forked child that
hangs or crashes, or an exception of an unexpected type fails the test with the seed,
the last steps and the command that replays the sequence.

    ASCENDOPS_FUZZ_SECONDS   wall-clock budget of each test (the drivers run in parallel;
                             default 30 with ASCENDOPS_SLOW_TESTS=1, as .ci/run sets, else 8
                             so that the README's plain `pytest` stays about a minute)
    ASCENDOPS_FUZZ_SEED      base seed (default 1201; each driver adds its index)
"""
import os
import random
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DRIVER = os.path.join(HERE, "_fuzz_driver.py")
SLOW = os.environ.get("ASCENDOPS_SLOW_TESTS", "") not in ("", "0")
SECONDS = float(os.environ.get("ASCENDOPS_FUZZ_SECONDS", "30" if SLOW else "8"))
SEED = int(os.environ.get("ASCENDOPS_FUZZ_SEED", "1201"))
# beyond the budget: a forked child's alarm (30 s) and the thread join limit (120 s)
GRACE = 180

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the drivers fork")


def _start(mode, seed, seconds, log):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([ROOT, env.get("PYTHONPATH", "")])
    cmd = [sys.executable, DRIVER, mode, "--seed", str(seed), "--seconds", "%g" % seconds, "--log", log]
    return cmd, subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                 text=True)


def _tail(path, n=40):
    try:
        with open(path) as f:
            return "".join(f.readlines()[-n:])
    except OSError:
        return "(no log)"


def fuzz(tmp_path, runs, seconds):
    """Runs the drivers [(mode, seed)] at once; returns the failures, each described
    with its reproduction."""
    started = []
    for mode, seed in runs:
        log = str(tmp_path / ("%s-%d.log" % (mode, seed)))
        started.append((mode, seed, log) + _start(mode, seed, seconds, log))
    failures = []
    for mode, seed, log, cmd, proc in started:
        try:
            out, _ = proc.communicate(timeout=seconds + GRACE)
            rc = proc.returncode
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
            rc = "hang: no result within %g s" % (seconds + GRACE)
        if rc == 0 and "\nOK " in "\n" + out:
            continue
        if isinstance(rc, int) and rc < 0:
            rc = "crash: killed by signal %d" % -rc
        steps = _tail(log)
        last = steps.strip().splitlines()[-1].split()[0] if steps.strip() else "?"
        replay = cmd[:cmd.index("--seconds")] + ["--steps", last] + cmd[cmd.index("--log"):]
        failures.append("%s driver, seed %d: %s\nlast steps:\n%s\noutput:\n%s\nreplay: PYTHONPATH=%s %s"
                        % (mode, seed, rc, steps, out[-6000:], ROOT, " ".join(replay)))
    return failures


def test_fuzz_python_api_and_c_abi(tmp_path):
    """Two drivers of each API at once, for the budget."""
    runs = [("py", SEED), ("py", SEED + 1), ("c", SEED), ("c", SEED + 1)]
    failures = fuzz(tmp_path, runs, SECONDS)
    assert not failures, "\n\n".join(failures)



def _driver():
    sys.path.insert(0, HERE)
    try:
        import _fuzz_driver
    finally:
        sys.path.remove(HERE)
    return _fuzz_driver


def test_driver_checks_on_every_op_kind():
    """The driver's own checks, in this process, once over every registered op (the
    drivers above draw them at random): defined memory beside empty operands of each op,
    the same outcome on a cold and a warm cache (NaN, signed-zero and re-typed attributes
    among them), and overlapping asyncio tasks with their own device, stream and SoC."""
    fd = _driver()
    r = random.Random(SEED)
    findings = []
    for name, op in sorted(fd.OPS.items()):
        for check in (fd.check_empty_operands, fd.check_cache_independence):
            found = check(op, r)
            if found:
                findings.append(found)
    for _ in range(3):
        found = fd.check_asyncio_contexts(r)
        if found:
            findings.append(found)
    assert not findings, "\n".join(findings)
