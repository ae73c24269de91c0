"""Streams (ordering, current stream, synchronize) and worker threads."""
import threading

import numpy as np
import pytest

import ascendops as ao


def test_stream_basics():
    s = ao.Stream()
    assert s.device == "cpu" and s.device is ao.device("cpu") and not s.destroyed
    assert "Stream" in repr(s)
    assert ao.current_stream() is ao.default_stream()
    with s as entered:
        assert entered is s
        assert ao.current_stream() is s
        s.synchronize()
        ao.synchronize()
    assert ao.current_stream() is ao.default_stream()
    s.destroy()
    assert s.destroyed
    with pytest.raises(ao.AclError) as e:
        ao.Stream(device=1)
    assert e.value.status == 100000


def test_nested_streams():
    s, t = ao.Stream(), ao.Stream()
    with s:
        with t:
            with s:
                assert ao.current_stream() is s
            assert ao.current_stream() is t
        assert ao.current_stream() is s
    assert ao.current_stream() is ao.default_stream()


def test_stream_exit_on_exception():
    s = ao.Stream()
    with pytest.raises(KeyError):
        with s:
            raise KeyError
    assert ao.current_stream() is ao.default_stream()


def test_current_stream_is_per_thread():
    s = ao.Stream()
    seen = {}
    inside, release = threading.Event(), threading.Event()

    def other():
        inside.wait()
        seen["other"] = ao.current_stream()
        release.set()

    th = threading.Thread(target=other)
    th.start()
    with s:
        inside.set()
        release.wait(30)
        assert ao.current_stream() is s
    th.join()
    assert seen["other"] is ao.default_stream()


def test_work_has_finished_when_the_call_returns():
    x = np.linspace(-3, 3, 1000).astype(np.float32)
    dy = np.ones_like(x)
    s = ao.Stream()
    out = ao.empty(x.shape, "float32")
    with s:
        ao.silu_backward(dy, x, out=out)
    s.synchronize()
    sig = 1 / (1 + np.exp(-x.astype(np.float64)))
    np.testing.assert_allclose(out.numpy(), sig * (1 + x * (1 - sig)), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("explicit_stream", [False, True])
def test_dependent_chain_from_several_threads_is_serial(explicit_stream):
    """Each step rewrites dy in place (dy <- silu_backward(dy, x)); steps on one stream
    run whole and in order, so N threads x K steps give the serial result bit-exactly."""
    n, threads, steps = 1 << 16, 4, 8
    rng = np.random.default_rng(0)
    x = ao.tensor(rng.uniform(-0.5, 0.5, n).astype(np.float32))
    dy0 = rng.standard_normal(n).astype(np.float32)

    serial = ao.tensor(dy0)
    for _ in range(threads * steps):
        ao.silu_backward(serial, x, out=serial)
    expected = serial.numpy()

    dy = ao.tensor(dy0)
    stream = ao.Stream()
    barrier = threading.Barrier(threads)
    errors = []

    def worker():
        try:
            barrier.wait()
            for _ in range(steps):
                if explicit_stream:
                    ws, ex = ao.aclnn.silu_backward_get_workspace_size(dy, x, dy)
                    ao.aclnn.silu_backward(None if not ws else ao.empty((ws,), "uint8"), ws, ex, stream)
                else:
                    with stream:
                        ao.silu_backward(dy, x, out=dy)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    ths = [threading.Thread(target=worker) for _ in range(threads)]
    for th in ths:
        th.start()
    for th in ths:
        th.join()
    stream.synchronize()
    assert not errors
    assert dy.numpy().tobytes() == expected.tobytes()


def test_synchronize_waits_for_other_threads():
    n = 1 << 18
    x = ao.tensor(np.full(n, 0.25, np.float32))
    dy = ao.tensor(np.ones(n, np.float32))
    stream = ao.Stream()
    started = threading.Event()

    def worker():
        with stream:
            started.set()
            for _ in range(20):
                ao.silu_backward(dy, x, out=dy)

    th = threading.Thread(target=worker)
    th.start()
    started.wait()
    stream.synchronize()     # must not deadlock or crash while work runs
    th.join()
    stream.synchronize()
    ref = ao.tensor(np.ones(n, np.float32))
    for _ in range(20):
        ao.silu_backward(ref, x, out=ref)
    assert dy.numpy().tobytes() == ref.numpy().tobytes()


def test_num_threads():
    old = ao.get_num_threads()
    try:
        ao.set_num_threads(3)
        assert ao.get_num_threads() in (3, 1)     # 1 when built without OpenMP
        with pytest.raises(ValueError):
            ao.set_num_threads(0)
        with pytest.raises(TypeError):
            ao.set_num_threads("4")
    finally:
        ao.set_num_threads(old)
    assert ao.get_num_threads() == old
    assert isinstance(ao.isa(), str) and ao.isa()


def test_omp_num_threads_is_honoured(run_python):
    code = "import ascendops as ao; print(ao.get_num_threads())"
    openmp = run_python("import ascendops as ao; ao.set_num_threads(2); print(ao.get_num_threads())")
    if openmp != "2":
        pytest.skip("built without OpenMP")
    assert run_python(code, OMP_NUM_THREADS="3") == "3"
    assert run_python(code, OMP_NUM_THREADS="1") == "1"
    assert run_python("import ascendops as ao; ao.set_num_threads(5); print(ao.get_num_threads())",
                      OMP_NUM_THREADS="3") == "5"
