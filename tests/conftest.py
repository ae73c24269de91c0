"""Shared fixtures of the ascendops test suite."""
import gc
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import ascendops

# The folder holding the ascendops under test: the checkout (in-place build) or site-packages.
PKG_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(ascendops.__file__)))


@pytest.fixture
def rng():
    return np.random.default_rng(1234)


@pytest.fixture
def capacity():
    """Yields set_device_capacity; restores the previous capacity and empties the cache after."""
    previous = ascendops.get_device_capacity()
    gc.collect()
    ascendops.empty_cache()
    yield ascendops.set_device_capacity
    ascendops.set_device_capacity(previous)
    gc.collect()
    ascendops.empty_cache()


@pytest.fixture
def run_python():
    """Runs a snippet in a fresh interpreter (importing the same ascendops) with extra env
    vars; returns its stripped stdout, failing the test on a non-zero exit."""
    def run(code, **env):
        full_env = dict(os.environ)
        full_env.pop("OMP_NUM_THREADS", None)
        full_env.pop("ASCENDOPS_DEVICE_CAPACITY", None)
        full_env.update(env)
        full_env["PYTHONPATH"] = PKG_PARENT + os.pathsep + full_env.get("PYTHONPATH", "")
        proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=full_env,
                              cwd=PKG_PARENT, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout.strip()
    return run


# The test tiers (tests/README.md): tests marked slow -- sdist and venv builds, the C
# engine's sanitizer builds, exhaustive sweeps, every op on every device where one op of
# each kind finds what the device adds -- run only with ASCENDOPS_SLOW_TESTS=1, which
# .ci/run sets; the README's plain `pytest` stays within a few minutes.
SLOW_TESTS = os.environ.get("ASCENDOPS_SLOW_TESTS", "") not in ("", "0")


def slow_minutes(item):
    """The minutes a slow test declares it takes on CI's 2 cores (`slow(minutes=N)`), 0
    where it declares none."""
    mark = item.get_closest_marker("slow")
    return mark.kwargs.get("minutes", 0) if mark is not None else 0


def pytest_collection_modifyitems(config, items):
    if SLOW_TESTS:
        # the longest first: under xdist each starts at once on a worker of its own, and
        # with --dist loadgroup (.ci/run) the idle worker takes the short ones meanwhile,
        # rather than one worker finishing two builds of many minutes in turn at the end
        items.sort(key=slow_minutes, reverse=True)    # stable: collection order otherwise
        return
    skip = pytest.mark.skip(reason="tier 2 (slow): set ASCENDOPS_SLOW_TESTS=1 to run it (.ci/run does)")
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip)
