"""The numpy-like call's fast path: the generated callables, the cached SoC part of
the cache key, the LRU order, the current stream."""
import inspect
import threading

import numpy as np
import pytest

import ascendops as ao
from ascendops.ops.silu_backward import reference


def t(shape=(2, 3), dtype="float32", seed=0):
    rng = np.random.default_rng(seed)
    return ao.tensor(rng.standard_normal(shape) * 3, dtype=dtype)


def test_generated_function_looks_like_a_function():
    f = ao.silu_backward
    assert f.__name__ == f.__qualname__ == "silu_backward"
    assert f.op is ao.registered_ops()["silu_backward"]
    assert list(inspect.signature(f).parameters) == ["grad_output", "x", "out"]
    assert "silu_backward" in repr(f)
    import copy
    import pickle
    assert pickle.loads(pickle.dumps(f)) is f and copy.deepcopy(f) is f
    sig = inspect.signature(ao.softmax_backward)
    assert sig.parameters["dim"].default == -1 and sig.parameters["out"].kind is inspect.Parameter.KEYWORD_ONLY
    with pytest.raises(TypeError, match="unexpected keyword"):
        f(t(), t(), bogus=1)
    with pytest.raises(TypeError, match="multiple values"):
        ao.softmax_backward(t(), t(), -1, dim=-1)


def test_lru_order_follows_hits():
    ao.clear_cache()
    old = ao.cache_info().maxsize
    try:
        ao.set_cache_size(3)
        a, b, c, d = (t((n,)) for n in (1, 2, 3, 4))
        for x in (a, b, c):
            ao.silu_backward(x, x)
        ao.silu_backward(a, a)            # a: most recently used
        ao.silu_backward(a, a)            # already at the end
        ao.silu_backward(d, d)            # evicts b, the least recently used
        assert ao.cache_info().size == 3
        hits, misses = ao.cache_info().hits, ao.cache_info().misses
        ao.silu_backward(a, a)
        ao.silu_backward(c, c)
        assert (ao.cache_info().hits, ao.cache_info().misses) == (hits + 2, misses)
        ao.silu_backward(b, b)
        assert ao.cache_info().misses == misses + 1
    finally:
        ao.set_cache_size(old)


def test_cache_size_zero_keeps_nothing():
    ao.clear_cache()
    old = ao.cache_info().maxsize
    try:
        ao.set_cache_size(0)
        x = t()
        for _ in range(3):
            np.testing.assert_allclose(ao.silu_backward(x, x).numpy(), reference(x.numpy(), x.numpy()), rtol=1e-5)
        assert ao.cache_info().size == 0 and ao.cache_info().misses == 3
    finally:
        ao.set_cache_size(old)


def test_thread_count_is_in_the_host_soc_key():
    ao.clear_cache()
    old = ao.get_num_threads()
    x = t()
    try:
        ao.set_num_threads(1)
        ao.silu_backward(x, x)
        ao.set_num_threads(2)
        ao.silu_backward(x, x)            # host core_num follows the threads: a miss
        ao.set_num_threads(1)
        ao.silu_backward(x, x)            # back to the first key: a hit
        assert (ao.cache_info().hits, ao.cache_info().misses) == (1, 2)
    finally:
        ao.set_num_threads(old)


def test_changed_profile_changes_the_key():
    ao.clear_cache()
    prof = ao.SocProfile("TestSoc", "DAV_TEST", bf16=True, regbase=True, core_num=4, ub_size=196608)
    x = t()
    with ao.soc(prof):
        ao.silu_backward(x, x)
        ao.silu_backward(x, x)
        prof._core_num = 8                # a new tiling: the old plan must not serve it
        ao.silu_backward(x, x)
        assert ao.silu_backward.op is not None
    assert (ao.cache_info().hits, ao.cache_info().misses) == (1, 2)


def test_current_stream_follows_with_blocks_per_thread():
    s1, s2 = ao.Stream(), ao.Stream()
    assert ao.current_stream() is ao.default_stream()
    seen = {}
    inside, release = threading.Event(), threading.Event()

    def worker():
        with s2:
            seen["worker"] = ao.current_stream()
            inside.set()
            release.wait(30)
        seen["worker_after"] = ao.current_stream()

    th = threading.Thread(target=worker)
    th.start()
    inside.wait(30)
    try:
        assert ao.current_stream() is ao.default_stream()   # another thread's block
        with s1:
            with s2:
                assert ao.current_stream() is s2
                x = t()
                np.testing.assert_allclose(ao.silu_backward(x, x).numpy(), reference(x.numpy(), x.numpy()),
                                           rtol=1e-5)
            assert ao.current_stream() is s1
    finally:
        release.set()
        th.join(30)
    assert seen == {"worker": s2, "worker_after": ao.default_stream()}
    assert ao.current_stream() is ao.default_stream()


def test_small_call_waits_for_a_busy_stream():
    """A small launch keeps the GIL only when its stream is free; else it waits
    for the stream without the GIL, and runs after the work holding it."""
    s = ao.Stream()
    big = t((1 << 21,), seed=1)
    small = t((4,), seed=2)
    results = []

    def busy():
        with s:
            for _ in range(5):
                ao.silu_backward(big, big)

    th = threading.Thread(target=busy)
    th.start()
    with s:
        for _ in range(200):
            results.append(ao.silu_backward(small, small).numpy())
    th.join(60)
    for r in results:
        np.testing.assert_allclose(r, reference(small.numpy(), small.numpy()), rtol=1e-5)
