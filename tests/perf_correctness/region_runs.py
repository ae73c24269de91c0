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


def run_script(script, path, *args, timeout=600, **env):
    """Runs `script` (python -c) with argv [path, *args] and the environment variables
    `env` added; returns the .npz it saved at `path`, loaded."""
    r = subprocess.run([sys.executable, "-c", script, str(path), *[str(a) for a in args]],
                       env=dict(os.environ, **env), capture_output=True, text=True, timeout=timeout)
    assert r.returncode == 0, r.stderr[-4000:]
    return np.load(path)


def run_in_regions(script, tmp, *args, timeout=600, **env):
    """{isa: results} of `script` run once in each region this CPU has (run_script with
    ASCENDOPS_ISA=isa, saving to tmp/<isa>.npz), each checked to have run in its region."""
    got = {}
    for isa in isas():
        r = run_script(script, tmp / ("%s.npz" % isa), *args, timeout=timeout, ASCENDOPS_ISA=isa, **env)
        assert str(r["isa"]) == isa, (isa, str(r["isa"]))
        got[isa] = r
    return got
