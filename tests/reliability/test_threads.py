"""8 Python threads calling SiluBackward at once: bitwise the serial results, cache
statistics consistent, no deadlock between the GIL, stream locks and OpenMP."""
import threading

import numpy as np
import pytest

import ascendops
from ascendops import aclnn
from ao_test_helpers import bits

NTHREADS = 8
JOIN_TIMEOUT = 120


def _inputs(shape, dtype, seed):
    rng = np.random.default_rng(seed)
    dy = ascendops.tensor(rng.uniform(-4, 4, shape).astype(np.float32), dtype=dtype)
    x = ascendops.tensor(rng.uniform(-9, 9, shape).astype(np.float32), dtype=dtype)
    return dy, x


def _run_threads(target, n=NTHREADS):
    errors, threads = [], []
    barrier = threading.Barrier(n)

    def wrap(i):
        try:
            barrier.wait(timeout=JOIN_TIMEOUT)
            target(i)
        except BaseException as e:  # noqa: B902 - reported below
            errors.append((i, e))
    for i in range(n):
        th = threading.Thread(target=wrap, args=(i,), daemon=True)
        th.start()
        threads.append(th)
    for th in threads:
        th.join(JOIN_TIMEOUT)
    assert not any(th.is_alive() for th in threads), "deadlock: threads still running after %ds" % JOIN_TIMEOUT
    assert not errors, errors


# shared shapes (all threads plan the same key), separate shapes, and large sizes so
# the engine's OpenMP team engages while other Python threads hold or wait for the GIL
CASES = {
    "shared_small": [((33, 17), "float32")] * NTHREADS,
    "separate": [((5 + i, 7), ("float32", "float16", "bfloat16")[i % 3]) for i in range(NTHREADS)],
    "large_openmp": [((1 << 18,), ("float32", "float16")[i % 2]) for i in range(NTHREADS)],
}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("api", ["numpy_like", "two_stage"])
def test_threads_bitwise_equal_serial(case, api):
    specs = CASES[case]
    iters = 3 if case == "large_openmp" else 40
    inputs = [_inputs(shape, dt, seed=i) for i, (shape, dt) in enumerate(specs)]
    # results compared through numpy(): a copy without the dispatcher (astype would run
    # Cast and count in cache_info)
    serial = []
    for dy, x in inputs:
        serial.append(bits(ascendops.silu_backward(dy, x).numpy()))
    outs = [ascendops.empty(dy.shape, dy.dtype) for dy, _ in inputs]
    ascendops.clear_cache()
    calls = [0] * NTHREADS

    def work(i):
        dy, x = inputs[i]
        for _ in range(iters):
            if api == "numpy_like":
                ascendops.silu_backward(dy, x, out=outs[i])
            else:
                ws, ex = aclnn.silu_backward_get_workspace_size(dy, x, outs[i])
                aclnn.silu_backward(None, ws, ex)
            calls[i] += 1
            assert np.array_equal(bits(outs[i].numpy()), serial[i]), "thread %d differs from the serial run" % i
    _run_threads(work)
    info = ascendops.cache_info()
    assert info.hits + info.misses == sum(calls) == NTHREADS * iters
    distinct = len({(shape, dt) for shape, dt in specs})
    # a miss per distinct key at least; concurrent first calls may each miss once
    assert distinct <= info.misses <= distinct + NTHREADS
    assert info.size == distinct


def test_threads_repeatable_executors_and_streams():
    """Each thread owns a repeatable executor and a stream, re-pointing inputs."""
    shape = (64, 65)
    results = {}

    def work(i):
        dy, x = _inputs(shape, "float32", seed=100 + i)
        dy2, _ = _inputs(shape, "float32", seed=200 + i)
        out = ascendops.empty(shape)
        ws, ex = aclnn.silu_backward_get_workspace_size(dy, x, out)
        ex.set_repeatable()
        stream = ascendops.Stream() if hasattr(ascendops, "Stream") else None
        for k in range(30):
            ex.set_input_tensor_addr(0, dy if k % 2 == 0 else dy2)
            aclnn.silu_backward(None, ws, ex, stream)
        ascendops.synchronize()
        ex.destroy()
        results[i] = (out.numpy().tobytes(), ascendops.silu_backward(dy2, x).numpy().tobytes())
    _run_threads(work)
    for got, want in results.values():
        assert got == want


def test_threads_with_omp_thread_changes():
    """set_num_threads from one thread while others run large ops: no deadlock."""
    dy, x = _inputs((1 << 17,), "float32", seed=7)
    want = bits(ascendops.silu_backward(dy, x).numpy())
    before = ascendops.get_num_threads()

    def work(i):
        out = ascendops.empty(dy.shape)
        for k in range(4):
            if i == 0:
                ascendops.set_num_threads(1 + k % 2)
            ascendops.silu_backward(dy, x, out=out)
            assert np.array_equal(bits(out.numpy()), want)
    try:
        _run_threads(work)
    finally:
        ascendops.set_num_threads(before)


def test_soc_context_is_per_thread():
    """Regression: `with ascendops.soc(...)` switched the profile of the whole process:
    a thread under Ascend910B rules made another thread's host broadcast fail with
    161002, and interleaved enter/exit left the process on the wrong profile."""
    dy, x = _inputs((8, 1), "float32", seed=3)
    xb, _ = _inputs((1, 8), "float32", seed=4)
    want = ascendops.silu_backward(dy, xb).numpy().tobytes()
    default = ascendops.get_soc().name

    def work(i):
        for _ in range(200):
            if i % 2:
                with ascendops.soc("Ascend910B" if i % 4 == 1 else "Ascend950") as prof:
                    assert ascendops.get_soc() is prof
                    with pytest.raises(ascendops.AclnnError) if prof.name == "Ascend910B" else _null():
                        ascendops.silu_backward(dy, xb)
            else:
                assert ascendops.get_soc().name == default
                assert ascendops.silu_backward(dy, xb).numpy().tobytes() == want
    _run_threads(work)
    assert ascendops.get_soc().name == default


class _null:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
