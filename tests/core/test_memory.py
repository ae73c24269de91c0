"""The CPU device's caching allocator: alignment, reuse, stats, capacity, OOM."""
import gc
import os
import sys

import numpy as np
import pytest

import ascendops as ao


@pytest.fixture(autouse=True)
def _collect():
    gc.collect()
    yield
    gc.collect()


@pytest.mark.parametrize("nbytes", [0, 1, 3, 63, 64, 65, 511, 513, 4096, 1 << 20, (1 << 20) + 7])
def test_blocks_are_aligned(nbytes):
    ts = [ao.empty((nbytes,), "uint8") for _ in range(3)]
    for t in ts:
        assert t.storage.ptr_int % 64 == 0
        assert t.storage.nbytes == nbytes


def _vm_flags(addr):
    """VmFlags of the mapping of this process that holds addr (Linux)."""
    with open("/proc/self/smaps") as f:
        inside = False
        for line in f:
            head = line.split()[0]
            if "-" in head and all(c in "0123456789abcdef-" for c in head):
                lo, hi = (int(v, 16) for v in head.split("-"))
                inside = lo <= addr < hi
            elif inside and line.startswith("VmFlags:"):
                return line.split()[1:]
    return None


def test_large_blocks_are_huge_page_aligned_and_advised():
    t = ao.empty((3 << 20,), "uint8")
    ptr = t.storage.ptr_int
    assert ptr % (1 << 21) == 0
    if not (sys.platform.startswith("linux") and os.path.exists("/sys/kernel/mm/transparent_hugepage")):
        pytest.skip("no transparent huge pages here")
    flags = _vm_flags(ptr)
    assert flags is not None and "hg" in flags   # madvise(MADV_HUGEPAGE) took


def test_freed_blocks_are_cached_and_reused():
    ao.empty_cache()
    base_alloc, base_res = ao.memory_allocated(), ao.memory_reserved()
    t = ao.empty((1000,), "float32")
    addr = t.storage.ptr_int
    assert ao.memory_allocated() >= base_alloc + 4000
    assert ao.memory_reserved() >= base_res + 4000
    del t
    assert ao.memory_allocated() == base_alloc
    assert ao.memory_reserved() > base_res              # cached, not returned
    hits = ao.memory_stats()["num_cache_hits"]
    u = ao.empty((1000,), "float32")
    assert u.storage.ptr_int == addr                   # the same block comes back
    assert ao.memory_stats()["num_cache_hits"] == hits + 1
    del u
    ao.empty_cache()
    assert ao.memory_reserved() == base_res
    assert ao.memory_allocated() == base_alloc


def test_stats_and_peak():
    s = ao.memory_stats()
    for key in ("allocated_bytes", "reserved_bytes", "peak_allocated_bytes", "capacity_bytes",
                "num_allocs", "num_cache_hits"):
        assert key in s
    t = ao.empty((1 << 16,), "uint8")
    assert ao.max_memory_allocated() >= ao.memory_allocated() >= 1 << 16
    assert ao.memory_reserved() >= ao.memory_allocated()
    del t


def test_capacity_raises_out_of_memory(capacity):
    base_alloc = ao.memory_allocated()
    capacity(ao.memory_reserved() + (1 << 20))
    assert ao.get_device_capacity() == ao.memory_reserved() + (1 << 20)
    a = ao.empty((1 << 19,), "uint8")
    with pytest.raises(ao.OutOfMemoryError) as e:
        ao.empty((1 << 20,), "uint8")
    assert e.value.status == 200000 == ao.ACL_ERROR_BAD_ALLOC
    assert isinstance(e.value, ao.AclError) and isinstance(e.value, MemoryError)
    assert "out of memory" in str(e.value)
    # consistent afterwards
    assert ao.memory_allocated() == base_alloc + a.storage.nbytes   # a's block only
    assert ao.memory_reserved() <= ao.get_device_capacity()
    del a
    assert ao.memory_allocated() == base_alloc
    b = ao.empty((1 << 19,), "uint8")          # the next allocation succeeds
    assert b.numel == 1 << 19
    del b
    capacity(None)
    assert ao.get_device_capacity() is None
    c = ao.empty((1 << 21,), "uint8")
    del c


def test_oom_empties_the_cache_and_retries(capacity):
    ao.empty_cache()
    base_res = ao.memory_reserved()
    capacity(base_res + (4 << 20))
    cached = [ao.empty((1 << 20,), "uint8") for _ in range(2)]   # two 2 MiB blocks
    del cached
    assert ao.memory_reserved() == base_res + (4 << 20)         # both kept in the cache
    # a different size class (4 MiB): fits only once the cached blocks are freed
    t = ao.empty((3 << 20,), "uint8")
    assert ao.memory_reserved() == base_res + (4 << 20)
    assert ao.memory_stats()["num_cache_hits"] >= 0
    del t


def test_oom_from_ops_and_creation_leaves_allocator_consistent(capacity):
    ao.empty_cache()
    base_alloc, base_res = ao.memory_allocated(), ao.memory_reserved()
    capacity(base_res + (4 << 20))
    for make in (lambda: ao.zeros((1 << 23,), "uint8"), lambda: ao.tensor(np.zeros(1 << 21, np.float32)),
                 lambda: ao.full((1 << 21,), 1.0)):
        with pytest.raises(ao.OutOfMemoryError):
            make()
        assert ao.memory_allocated() == base_alloc
    ok = ao.zeros((1 << 10,), "float32")
    assert ok.numpy().sum() == 0


def test_host_refusal_is_out_of_memory():
    with pytest.raises(ao.OutOfMemoryError):
        ao.empty((1 << 55,), "uint8")
    t = ao.empty((4,), "uint8")
    assert t.numel == 4


@pytest.mark.parametrize("bad", ["-5", -1, "lots"])
def test_bad_capacity(capacity, bad):
    with pytest.raises(ValueError):
        capacity(bad)


def test_capacity_strings(capacity):
    capacity("8G")
    assert ao.get_device_capacity() == 8 << 30
    capacity("512k")
    assert ao.get_device_capacity() == 512 << 10


def test_capacity_env_var(run_python):
    out = run_python("""
        import ascendops as ao
        print(ao.get_device_capacity())
        try:
            ao.empty((2 << 20,), "uint8")
        except ao.OutOfMemoryError as e:
            print(e.status)
        t = ao.empty((1000,), "uint8")
        print(t.numel)
    """, ASCENDOPS_DEVICE_CAPACITY="1M")
    assert out.split() == [str(1 << 20), "200000", "1000"]
    assert run_python("import ascendops as ao; print(ao.get_device_capacity())") == "None"


def test_memory_outlives_interpreter_globals(run_python):
    """Tensors alive at interpreter exit must not crash the shutdown."""
    out = run_python("""
        import ascendops as ao, numpy as np
        keep = ao.zeros((100,)); view = keep[::2]
        cycle = [ao.ones((10,))]; cycle.append(cycle)
        print("ok")
    """)
    assert out == "ok"
