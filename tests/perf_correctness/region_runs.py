"""What the cross-region tests here share: the ISA regions this CPU has, and a script
run in a fresh interpreter under given environment variables (ASCENDOPS_ISA picks the
region, ASCENDOPS_LUT the table policy; both are read once per process, at first use,
so each region or policy needs a process of its own).

A script's argv is [path, *args]; it saves its results to `path` (.npz), including
`isa` = ascendops.isa(), which the caller checks: a region the CPU lacks is capped
lower."""
import os
import subprocess
import sys

import numpy as np

ORDER = ("baseline", "avx2", "avx512")


def isas():
    """The regions this CPU has, lowest first (ascendops.isa() names the best)."""
    import ascendops as ao
    best = ao.isa()
    return list(ORDER[: ORDER.index(best) + 1]) if best in ORDER else [best]


def _start(script, path, args, env):
    return subprocess.Popen([sys.executable, "-c", script, str(path), *[str(a) for a in args]],
                            env=dict(os.environ, **env), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _finish(proc, path, timeout):
    try:
        _, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise
    assert proc.returncode == 0, err[-4000:]
    return np.load(path)


def run_script(script, path, *args, timeout=600, **env):
    """Runs `script` (python -c) with argv [path, *args] and the environment variables
    `env` added; returns the .npz it saved at `path`, loaded."""
    return _finish(_start(script, path, args, env), path, timeout)


def run_in_regions(script, tmp, *args, timeout=600, **env):
    """{isa: results} of `script` run once in each region this CPU has (run_script with
    ASCENDOPS_ISA=isa, saving to tmp/<isa>.npz), each checked to have run in its region.
    The regions' interpreters run at the same time (they share nothing but the cores)."""
    procs = {isa: _start(script, tmp / ("%s.npz" % isa), args, dict(env, ASCENDOPS_ISA=isa)) for isa in isas()}
    got = {}
    try:
        for isa, proc in procs.items():
            r = _finish(proc, tmp / ("%s.npz" % isa), timeout)
            assert str(r["isa"]) == isa, (isa, str(r["isa"]))
            got[isa] = r
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    return got
