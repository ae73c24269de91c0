"""The op tests' device switch: ASCENDOPS_TEST_DEVICE (default "cpu") names the device
the op harness (test_registry.py, the numpy-like API tests) runs on, e.g. "cpu:strict"
(memory the host cannot dereference, asynchronous streams) or "npu:0". Under a device
other than cpu every test runs with it as the current device (numpy-like calls copy
their host arrays in and their results out; ao.empty/zeros/... allocate there), and
ao.from_numpy makes a device tensor holding the array's spanned elements, viewed with
its strides (from_numpy cannot share host memory with such a device)."""
import contextlib
import os

import numpy as np
import pytest

import ascendops as ao

TEST_DEVICE = os.environ.get("ASCENDOPS_TEST_DEVICE", "cpu").strip() or "cpu"
_host_from_numpy = ao.from_numpy


def device_from_numpy(dev):
    """from_numpy for device `dev`: the array's values in device memory, same view."""
    def from_numpy(array):
        t = _host_from_numpy(array)
        if t.numel == 0:
            return ao.empty(t.shape, t.dtype, device=dev)
        span = 1 + sum((d - 1) * s for d, s in zip(t.shape, t.strides))
        flat = ao.as_strided(t, (span,), (1,), t.offset).to(dev)
        return ao.as_strided(flat, t.shape, t.strides, 0)
    return from_numpy


@contextlib.contextmanager
def on_device(spec, monkeypatch):
    """Runs the body with `spec` as the current device and the device from_numpy."""
    dev = ao.device(spec)
    if dev == "cpu":
        yield dev
        return
    monkeypatch.setattr(ao, "from_numpy", device_from_numpy(dev))
    previous = ao.get_device()
    ao.set_device(dev)
    try:
        yield dev
        ao.synchronize(dev)     # a failure of queued work belongs to the test that queued it
    finally:
        ao.set_device(previous)


@pytest.fixture(autouse=True)
def _test_device(request, monkeypatch):
    with on_device(TEST_DEVICE, monkeypatch) as dev:
        if dev.type == "npu" and request.node.get_closest_marker("own_executor"):
            # On npu the executor is CANN's (NpuExecutor): it has no via_workspace
            # planning to inspect, and an op the test declares at run time has no call
            # trampoline (they are generated at build time from the registered ops).
            pytest.skip("own_executor: the test inspects ascendops' own executor or declares an op "
                        "at run time; on %s the executor is CANN's" % dev)
        yield dev


@pytest.fixture
def run_on_device(monkeypatch):
    """on_device(spec) for a test that picks its device itself (whatever
    ASCENDOPS_TEST_DEVICE says): `with run_on_device("cpu:strict"): ...`."""
    return lambda spec: on_device(spec, monkeypatch)
