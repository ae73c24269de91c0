"""Helpers of the npu backend's tests: environments without CANN or with a stand-in CANN
installation (python -m ascendops.standin), and subprocesses that run in them."""
import os
import subprocess
import sys
import textwrap

import ascendops
from ascendops import standin

PKG_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(ascendops.__file__)))
HERE = os.path.dirname(os.path.abspath(__file__))


def clean_env(**extra):
    """os.environ without any CANN location, plus `extra`; imports this ascendops."""
    env = dict(os.environ)
    for name in ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME", "ASCENDOPS_STRICT_DEVICE", "OMP_NUM_THREADS",
                 "ASCENDOPS_DEVICE_CAPACITY", "ASCENDOPS_TEST_DEVICE"):
        env.pop(name, None)
    env["PYTHONPATH"] = PKG_PARENT + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def run(args, env, timeout=300):
    return subprocess.run([sys.executable] + args, env=env, cwd=PKG_PARENT, capture_output=True,
                          text=True, timeout=timeout)


def run_code(code, env, timeout=300):
    return run(["-c", textwrap.dedent(code)], env, timeout)
