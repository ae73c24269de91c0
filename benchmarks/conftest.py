"""pytest-benchmark suite: ascendops vs torch vs a numpy composite of the formula.

    pytest benchmarks --benchmark-only
    pytest benchmarks --benchmark-only --smoke     # every case once, at tiny sizes

Cases are grouped (group=) by dtype, size and layout; every timed function returns
only when the work is done (ascendops.synchronize(); torch and numpy on the CPU are
synchronous). Rounds are modest so that the default run stays short on 2 cores.
`--smoke` (what the slow test tier runs, tests/test_benchmarks_smoke.py) runs every
case for one round at a few hundred elements: a benchmark that no longer runs fails
there, the figures mean nothing.
"""
import pytest


def pytest_addoption(parser):
    parser.addoption("--device", default="cpu",
                     help="comma-separated devices for the device-parametrised benchmarks "
                          "(benchmarks/test_on_device.py): cpu, cpu:strict, npu:0 (CANN installed)")
    parser.addoption("--smoke", action="store_true",
                     help="every case for one round at tiny sizes (a check that each runs, not a measurement)")


def pytest_generate_tests(metafunc):
    # `device`: each device named by --device (the stream synchronised inside every timed call)
    if "device" in metafunc.fixturenames:
        names = [d.strip() for d in metafunc.config.getoption("--device").split(",") if d.strip()]
        metafunc.parametrize("device", names)


@pytest.fixture
def smoke(request):
    return request.config.getoption("--smoke")


@pytest.fixture
def size(smoke):
    """size(n): n elements, or a few hundred under --smoke."""
    return lambda n: min(n, 256) if smoke else n


@pytest.fixture
def run(benchmark, smoke):
    """run(fn, rounds): benchmark.pedantic with one warm-up; one round under --smoke."""
    return lambda fn, rounds: benchmark.pedantic(fn, rounds=1 if smoke else rounds, warmup_rounds=1)
