"""Op calls through CANN's symbols (the npu backend's raw path) against the stand-in:
every op the registry harness feeds, its attributes marshalled as CANN objects through the generated
trampolines, views with strides and offsets, cached repeatable executors re-pointed
(tests/npu/raw_harness.py), and CANN's statuses as AclnnError."""
import os

import pytest

from npu_env import HERE, run, run_code


def test_raw_harness_subset(make_standin):
    root, env = make_standin()
    r = run([os.path.join(HERE, "raw_harness.py"), "--quick", "--device", "npu:0"], env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "FAIL" not in r.stdout and "ok silu_backward" in r.stdout


@pytest.mark.slow
def test_raw_harness_every_op(make_standin):
    root, env = make_standin()
    r = run([os.path.join(HERE, "raw_harness.py"), "--device", "npu:0"], env, timeout=1200)
    assert r.returncode == 0, r.stdout + r.stderr


def test_raw_harness_split_layout(make_standin):
    root, env = make_standin("split")
    r = run([os.path.join(HERE, "raw_harness.py"), "--quick"], env)
    assert r.returncode == 0, r.stdout + r.stderr


def test_cann_status_becomes_aclnn_error_with_recent_message(make_standin):
    """A phase-1 refusal from CANN (an int8 tensor where the op takes floats) raises the
    AclnnError class of CANN's status, with aclGetRecentErrMsg's text."""
    root, env = make_standin()
    r = run_code("""
        import ascendops
        from ascendops import _core
        op = ascendops.registered_ops()["silu_backward"]
        addr = _core._npu_malloc_raw(64)
        t = _core._npu_tensor_at(addr, 64, (4,), "int8")
        try:
            _core._npu_call_raw(op, (t, t, t), (), [addr] * 3)
        except ascendops.AclnnInvalidParamError as e:
            print(e.status); print(e)
        """, env)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "161002"
    # CANN's message first, then the function that failed
    assert lines[1].startswith("Tensor gradOutput not implemented for DT_INT8"), lines[1]
    assert "(aclnnSiluBackwardGetWorkspaceSize on the npu)" in lines[1]
