"""The op harness (tests/ops, ASCENDOPS_TEST_DEVICE=npu:0) on the npu:0 device through
the strict stand-in CANN (ASCENDOPS_STRICT_DEVICE=1: device memory PROT_NONE for the
host, asynchronous streams), and that the stand-in catches a missing synchronisation and
a host dereference of npu memory."""
import os

import pytest

from npu_env import run, run_code

# the checkout's tests/ops beside this folder (not the imported package's parent: CI
# imports an installed ascendops from site-packages, which has no tests)
OPS_TESTS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ops")


def test_registry_harness_subset_on_npu(make_standin):
    root, env = make_standin(strict=True)
    env["ASCENDOPS_TEST_DEVICE"] = "npu:0"
    r = run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", os.path.join(OPS_TESTS, "test_registry.py"),
             "-k", "silu_backward or gelu_backward or leaky_relu or cast or softmax_backward"], env, timeout=900)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert " passed" in r.stdout and "failed" not in r.stdout


@pytest.mark.slow
def test_whole_registry_harness_on_npu(make_standin):
    root, env = make_standin(strict=True)
    env["ASCENDOPS_TEST_DEVICE"] = "npu:0"
    r = run(["-m", "pytest", "-q", "-p", "no:cacheprovider", os.path.join(OPS_TESTS, "test_registry.py")],
            env, timeout=1800)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]


def test_readme_example_on_npu_with_strict_standin(make_standin):
    root, env = make_standin(strict=True)
    r = run_code("""
        import numpy as np, ascendops
        x = np.array([[1, 2, 3], [4, 5, 6]], np.float32)
        dy = np.ones_like(x)
        with ascendops.device("npu:0"):
            got = ascendops.silu_backward(dy, x)
        assert isinstance(got, np.ndarray)
        assert got.tobytes() == ascendops.silu_backward(dy, x).tobytes()
        print("ok")
        """, env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "ok"


def test_strict_standin_catches_a_missing_synchronisation(make_standin):
    """An op on npu:0 Tensors is queued on the stand-in's stream: reading its output with
    aclrtMemcpy (which does not wait, as on CANN) before aclrtSynchronizeStream sees the
    old values; Tensor.numpy() synchronises and sees the result."""
    root, env = make_standin(strict=True)
    env["ASCENDOPS_STRICT_STREAM_DELAY_US"] = "200000"
    r = run_code("""
        import numpy as np, ascendops as ao
        from ascendops import _core
        x = np.linspace(-2, 2, 16, dtype=np.float32)
        g, t = ao.tensor(np.ones_like(x), device="npu:0"), ao.tensor(x, device="npu:0")
        out = ao.zeros(16, device="npu:0")
        ao.silu_backward(g, t, out=out)
        raw = np.full(16, 7, np.float32)
        _core._npu_memcpy_raw(raw.ctypes.data, raw.nbytes, out.data_ptr, raw.nbytes, 2)   # no sync
        print(np.all(raw == 0))
        print(out.numpy().tobytes() == ao.silu_backward(np.ones_like(x), x).tobytes())
        """, env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["True", "True"]


def test_strict_standin_catches_a_host_dereference_of_npu_memory(make_standin):
    root, env = make_standin(strict=True)
    r = run_code("""
        import ctypes, numpy as np, ascendops as ao
        t = ao.tensor(np.ones(4, np.float32), device="npu:0")
        print(t.numpy().sum(), flush=True)
        ctypes.c_float.from_address(t.data_ptr).value      # the host reads device memory
        print("not caught")
        """, env)
    assert r.returncode == -11, (r.returncode, r.stdout, r.stderr)   # SIGSEGV
    assert r.stdout.strip() == "4.0"
