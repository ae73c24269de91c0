"""The npu:N device on the stand-in CANN (python -m ascendops.standin): Tensors in
aclrtMalloc memory, copies through aclrtMemcpy, ops through CANN's symbols on an
aclrtStream, the two-stage API returning CANN's executor. Each case in a subprocess
with the stand-in's environment (the loader's state is per process)."""
import os

import pytest

from npu_env import clean_env, run, run_code


def test_device_npu_without_cann_raises_saying_where_it_looked(tmp_path):
    if os.path.isdir("/usr/local/Ascend/ascend-toolkit/latest/lib64"):
        pytest.skip("CANN is installed on this machine")
    env = clean_env(ASCEND_HOME_PATH=str(tmp_path), HOME=str(tmp_path))
    r = run_code("""
        import ascendops
        try:
            ascendops.device("npu:0")
        except ascendops.npu.NpuUnavailableError as e:
            print(type(e).__mro__[1].__name__); print(e)
        print(ascendops.get_device())
        """, env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("RuntimeError\nCANN not found")
    assert "%s (%s): no lib64/" % (tmp_path, "$ASCEND_HOME_PATH") in r.stdout
    assert r.stdout.rstrip().endswith("cpu")


def test_npu_index_beyond_the_device_count(make_standin):
    root, env = make_standin()
    r = run_code("""
        import ascendops
        try:
            ascendops.device("npu:3")
        except ValueError as e:
            print(e)
        """, env)
    assert r.returncode == 0, r.stderr
    assert "npu:3" in r.stdout and "reports 1 NPU" in r.stdout


def test_tensors_ops_and_copies_on_npu(make_standin):
    """Tensor ops on npu:0 stay there (no synchronisation until the host reads); the
    values equal the CPU device's bit for bit; memory comes from the npu's allocator."""
    root, env = make_standin()
    r = run_code("""
        import numpy as np, ascendops as ao
        from ascendops import _core
        x = np.linspace(-3, 3, 12, dtype=np.float32).reshape(3, 4); dy = np.full_like(x, 0.5)
        t, g = ao.tensor(x, device="npu:0"), ao.tensor(dy, device="npu:0")
        assert str(t.device) == "npu:0" and ao.memory_stats("npu:0")["allocated_bytes"] > 0
        o = ao.silu_backward(g, t)
        assert isinstance(o, ao.Tensor) and str(o.device) == "npu:0"
        assert o.numpy().tobytes() == ao.silu_backward(dy, x).tobytes()
        assert np.asarray(o).tobytes() == o.numpy().tobytes()
        # strided view: transposed input, same values as numpy's transposed input
        assert ao.silu_backward(g.T if hasattr(g, "T") else g.transpose(0, 1), t.transpose(0, 1)).numpy().tobytes() \\
            == ao.silu_backward(dy.T, x.T).tobytes()
        # attributes through aclCreateScalar / bool / char*
        assert ao.leaky_relu(t, 0.25).numpy().tobytes() == ao.leaky_relu(x, 0.25).tobytes()
        assert ao.gelu_backward(g, t, approximate="tanh").numpy().tobytes() == \\
            ao.gelu_backward(dy, x, approximate="tanh").tobytes()
        # out= on the device, and to() back to the host
        out = ao.empty((3, 4), device="npu:0")
        ao.silu_backward(g, t, out=out)
        assert out.to("cpu").numpy().tobytes() == ao.silu_backward(dy, x).tobytes()
        # the second call of a key reuses CANN's repeatable executor
        before = _core._npu_cache_info()
        ao.silu_backward(g, t, out=out)
        after = _core._npu_cache_info()
        assert after.hits == before.hits + 1 and after.misses == before.misses
        # a CANN refusal: the AclnnError of CANN's status
        try:
            ao.silu_backward(ao.tensor(np.ones(3, np.int8), device="npu:0"), ao.tensor(np.ones(3, np.int8), device="npu:0"))
        except ao.AclnnInvalidParamError as e:
            assert e.status == 161002 and "aclnnSiluBackwardGetWorkspaceSize" in str(e), e
            assert e.hint and "astype" in e.hint, e     # the numpy-like API's hint applies to CANN's text
        else:
            raise AssertionError("int8 accepted")
        # tensors on two devices in one call
        try:
            ao.silu_backward(g, ao.tensor(x))
        except ValueError as e:
            assert "npu:0" in str(e) and "cpu" in str(e), e
        else:
            raise AssertionError("mixed devices accepted")
        print("ok")
        """, env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "ok"


def test_two_stage_api_on_npu_uses_canns_executor(make_standin):
    root, env = make_standin()
    r = run_code("""
        import numpy as np, ascendops as ao
        from ascendops import aclnn
        x = np.linspace(-3, 3, 8, dtype=np.float32); dy = np.ones_like(x)
        g, t = ao.tensor(dy, device="npu:0"), ao.tensor(x, device="npu:0")
        out = ao.zeros(8, device="npu:0")
        ws, ex = aclnn.silu_backward_get_workspace_size(g, t, out)
        assert type(ex).__name__ == "NpuExecutor" and ws == ex.workspace_size, ex
        ex.set_repeatable()
        aclnn.silu_backward(None, ws, ex, ao.default_stream("npu:0"))
        ao.synchronize("npu:0")
        assert out.numpy().tobytes() == ao.silu_backward(dy, x).tobytes()
        t2 = ao.tensor(x * 2, device="npu:0")
        ex.set_input_tensor_addr(1, t2)                  # aclSetInputTensorAddr
        aclnn.silu_backward(None, ws, ex)
        assert out.numpy().tobytes() == ao.silu_backward(dy, x * 2).tobytes()
        out2 = ao.zeros(8, device="npu:0")
        ex.set_output_tensor_addr(0, out2)               # aclSetOutputTensorAddr
        aclnn.silu_backward(None, ws, ex)
        assert out2.numpy().tobytes() == out.numpy().tobytes()
        try:
            ex.set_input_tensor_addr(1, ao.tensor(np.ones(4, np.float32), device="npu:0"))
        except ao.AclnnInvalidParamError:
            pass
        else:
            raise AssertionError("a different view accepted")
        ex.destroy()
        try:
            aclnn.silu_backward(None, ws, ex)
        except ao.AclnnError as e:
            assert "destroyed" in str(e)
        # single use: a second run is refused
        ws, ex = aclnn.silu_backward_get_workspace_size(g, t, out)
        aclnn.silu_backward(None, ws, ex)
        try:
            aclnn.silu_backward(None, ws, ex)
        except ao.AclnnError as e:
            assert "already run" in str(e)
        else:
            raise AssertionError("single-use executor ran twice")
        print("ok")
        """, env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "ok"


def test_bench_on_npu(make_standin):
    """python -m ascendops.bench --device npu:0's rows: each op timed on the device with
    Tensors there (the results of the timed calls equal the CPU device's)."""
    root, env = make_standin()
    r = run_code("""
        import numpy as np, ascendops as ao
        from ascendops import bench
        rows = bench.device_rows("npu:0", quick=True, ops=["silu_backward", "cast"])
        print(sorted({(name, dtype) for name, dtype, attrs, t, nbytes in rows}))
        assert all(t > 0 and nbytes > 0 for name, dtype, attrs, t, nbytes in rows)
        print(bench.format_device_rows(rows, "npu:0").splitlines()[0])
        """, env)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == str(sorted((n, d) for n in ("cast", "silu_backward") for d in ("bfloat16", "float16", "float32")))
    assert "npu:0" in lines[1]


def test_python_m_ascendops_runs_on_npu0_with_the_standin(make_standin):
    """python -m ascendops with the stand-in's environment: the device is npu:0, the
    documentation example's values match the float64 reference."""
    root, env = make_standin()
    r = run(["-m", "ascendops"], env)
    assert r.returncode == 0, r.stderr
    assert "device: npu:0 (CANN ascendops-standin-" in r.stdout and root in r.stdout
    err = float(r.stdout.split("float64 reference:")[1].split()[0])
    assert err < 1e-6
