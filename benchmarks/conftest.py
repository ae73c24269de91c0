"""pytest-benchmark suite: ascendops vs torch vs a numpy composite of the formula.

    pytest benchmarks --benchmark-only

Cases are grouped (group=) by dtype, size and layout; every timed function returns
only when the work is done (ascendops.synchronize(); torch and numpy on the CPU are
synchronous). Rounds are modest so that the default run stays short on 2 cores.
"""


def pytest_addoption(parser):
    parser.addoption("--device", default="cpu",
                     help="comma-separated devices for the device-parametrised benchmarks "
                          "(benchmarks/test_on_device.py): cpu, cpu:strict, npu:0 (CANN installed)")


def pytest_generate_tests(metafunc):
    # `device`: each device named by --device (the stream synchronised inside every timed call)
    if "device" in metafunc.fixturenames:
        names = [d.strip() for d in metafunc.config.getoption("--device").split(",") if d.strip()]
        metafunc.parametrize("device", names)
