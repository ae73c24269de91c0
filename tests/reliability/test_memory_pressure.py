"""Memory: cached calls keep allocator statistics and RSS flat; an out-of-memory
failure mid-plan leaks nothing and the next call succeeds; device memory returns when
Tensors die, through DLPack exchange and through exceptions."""
import gc
import sys

import numpy as np
import pytest

import ascendops
from ascendops import aclnn

LOOP = """
import gc, os, time, numpy as np, ascendops
from ascendops import aclnn
page = os.sysconf("SC_PAGE_SIZE")
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * page
dy = ascendops.full((8, 8), 0.5); x = ascendops.full((8, 8), 1.5); out = ascendops.empty((8, 8))
dyn, xn = np.full(16, 0.5, np.float32), np.full(16, -2.0, np.float32)
def batch(n):
    for i in range(n):
        k = i % 4
        if k == 0:
            ascendops.silu_backward(dy, x, out=out)
        elif k == 1:
            ws, ex = aclnn.silu_backward_get_workspace_size(dy, x, out); aclnn.silu_backward(None, ws, ex)
        elif k == 2:
            ascendops.silu_backward(dyn, xn)          # numpy in, numpy out: output allocated and freed
        else:
            ascendops.silu_backward(dy, x)            # Tensor out allocated and freed
N = int(os.environ["N"])
batch(5000); gc.collect()
a0, r0, s0, info0 = ascendops.memory_allocated(), ascendops.memory_reserved(), rss(), ascendops.cache_info()
t = time.perf_counter()
batch(N); gc.collect()
dt = time.perf_counter() - t
a1, r1, s1, info1 = ascendops.memory_allocated(), ascendops.memory_reserved(), rss(), ascendops.cache_info()
print(a0, a1, r0, r1, s0, s1, info1.hits - info0.hits, info1.misses - info0.misses, round(dt, 2))
"""


def test_100k_cached_calls_flat(run_python):
    n = 100_000
    a0, a1, r0, r1, s0, s1, hits, misses, dt = run_python(LOOP, N=str(n)).split()
    assert a0 == a1, "memory_allocated grew %s -> %s" % (a0, a1)
    assert r0 == r1, "memory_reserved grew %s -> %s" % (r0, r1)
    assert int(s1) - int(s0) < 2 * 1024 * 1024, "RSS grew by %d bytes" % (int(s1) - int(s0))
    assert int(hits) == n and int(misses) == 0
    print("\n100k cached calls: %s s, RSS %s -> %s" % (dt, s0, s1))
    assert float(dt) < 20, "100k calls took %s s" % dt


def _settle():
    gc.collect()
    return ascendops.memory_allocated()


def test_oom_mid_plan_leaves_allocation_and_recovers(capacity):
    dy, x = ascendops.full((256,), 0.5), ascendops.full((256,), 1.0)
    one = ascendops.tensor(np.zeros(1, np.float32)).expand(1 << 20)
    base = _settle()
    capacity(base + 4096)
    with pytest.raises(ascendops.OutOfMemoryError) as info:
        # numpy-like API: the output allocation fails
        ascendops.silu_backward(one, one)
    assert info.value.status == 200000
    del info
    assert _settle() == base
    # workspace allocation fails (phase 1 done, executor bound): output overlapping x
    capacity(1 << 40)
    buf = ascendops.full((4096,), 0.25)
    base = _settle()
    ascendops.empty_cache()          # no cached block may serve the workspace
    capacity(base + 512)
    with pytest.raises(ascendops.OutOfMemoryError):
        ascendops.silu_backward(buf[0:4000], buf[0:4000], out=buf[96:4096])
    assert _settle() == base
    capacity(1 << 40)
    out = ascendops.silu_backward(dy, x)
    np.testing.assert_allclose(out.numpy(), 0.5 * (1 / (1 + np.exp(-1.0))) * (1 + 1.0 * (1 - 1 / (1 + np.exp(-1.0)))),
                               rtol=1e-6)
    ws_out = ascendops.silu_backward(buf[0:4000], buf[0:4000], out=buf[96:4096])
    assert ws_out.shape == (4000,)


def test_device_memory_returns_when_tensors_die():
    base = _settle()
    t = ascendops.empty((1 << 16,))
    v = t[100:200].T if t.ndim == 2 else t[100:200]
    assert ascendops.memory_allocated() > base
    del t
    assert ascendops.memory_allocated() > base      # the view keeps the storage
    del v
    assert _settle() == base


def test_dlpack_exchange_returns_memory():
    torch = pytest.importorskip("torch")
    base = _settle()
    t = ascendops.full((1 << 14,), 2.0)
    tt = torch.from_dlpack(t)
    del t
    gc.collect()
    assert ascendops.memory_allocated() > base      # torch holds it
    assert float(tt[5]) == 2.0
    del tt
    assert _settle() == base
    # numpy -> ascendops via DLPack: borrowed, the array's reference is released
    arr = np.ones((1000,), np.float32)
    refs = sys.getrefcount(arr)
    for _ in range(100):
        a = ascendops.from_dlpack(arr)
        out = ascendops.silu_backward(a, a)
        del a, out
    gc.collect()
    assert sys.getrefcount(arr) == refs
    assert _settle() == base
    # torch -> ascendops -> torch round trip
    src = torch.ones(513)
    refs = sys.getrefcount(src)
    back = torch.from_dlpack(ascendops.silu_backward(ascendops.from_dlpack(src), ascendops.from_dlpack(src)))
    assert back.shape == (513,)
    del back
    gc.collect()
    assert sys.getrefcount(src) == refs
    assert _settle() == base


def test_exceptions_return_memory():
    """A failing phase 1 after the numpy-like API allocated the output; failing
    phase 2 checks; conversion failures: nothing stays allocated."""
    dy16 = ascendops.full((64, 64), 0.5, "float16")
    x32 = ascendops.full((64, 64), 0.5, "float32")
    o = ascendops.empty((64, 64))
    base = _settle()
    for _ in range(50):
        with ascendops.soc("Ascend910B"):
            with pytest.raises(ascendops.AclnnError):
                ascendops.silu_backward(dy16, x32)               # output allocated, phase 1 rejects
        with pytest.raises(ascendops.AclnnError):
            ascendops.silu_backward(np.ones((5, 3), np.float32), np.ones((4, 3), np.float32))
        with pytest.raises(ascendops.AclnnError):
            ascendops.silu_backward(np.ones(3), np.ones(3))      # float64
        ws, ex = aclnn.silu_backward_get_workspace_size(x32, x32, o)
        with pytest.raises(TypeError):
            aclnn.silu_backward(None, ws, ex, stream="s")
    assert _settle() == base
