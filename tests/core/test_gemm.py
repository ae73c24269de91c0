"""The engine's matrix product ao_gemm (src/gemm.h), called through ctypes, against numpy
float64: every form of the interface (strides of any sign, zero strides, broadcast batch
dims, 16-bit operands and results, k == 0, empty products) on both engines (the OpenBLAS
numpy ships, the portable kernel), the bfloat16 kernel on AVX512-BF16 and the small-m path
(B read in place) with their edges, results equal bit for bit at 1 and 2 threads, the
BLAS's own thread count left as it was, and a product in a forked child."""
import ctypes
import os

import ml_dtypes
import numpy as np
import pytest

import ascendops
from ascendops import _core

MB = 6
DT = {np.dtype(np.float32): 0, np.dtype(np.float16): 1, np.dtype(ml_dtypes.bfloat16): 27}
TOL = {np.dtype(np.float32): 1e-5, np.dtype(np.float16): 2e-3, np.dtype(ml_dtypes.bfloat16): 1.6e-2}


class Op(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("dtype", ctypes.c_int32), ("rs", ctypes.c_int64),
                ("cs", ctypes.c_int64), ("bs", ctypes.c_int64 * MB)]


class Prob(ctypes.Structure):
    _fields_ = [("m", ctypes.c_int64), ("n", ctypes.c_int64), ("k", ctypes.c_int64), ("bnd", ctypes.c_int32),
                ("bshape", ctypes.c_int64 * MB), ("a", Op), ("b", Op), ("c", Op)]


LIB = ctypes.CDLL(_core.__file__)
LIB.ao_gemm.argtypes = [ctypes.POINTER(Prob), ctypes.c_int]


def _op(x, bnd):
    st = [s // x.itemsize for s in x.strides]
    return Op(x.ctypes.data, DT[x.dtype], st[-2], st[-1], (ctypes.c_int64 * MB)(*st[:bnd]))


def gemm(a, b, c, nthreads=2):
    bnd = c.ndim - 2
    p = Prob(c.shape[-2], c.shape[-1], a.shape[-1], bnd, (ctypes.c_int64 * MB)(*c.shape[:bnd]),
             _op(a, bnd), _op(b, bnd), _op(c, bnd))
    return LIB.ao_gemm(ctypes.byref(p), nthreads)


@pytest.fixture(params=["blas", "portable"])
def engine(request):
    from ascendops.config import blas_library
    path = blas_library()
    if request.param == "blas":
        if path is None or not _core._use_blas(path):
            pytest.skip("no usable OpenBLAS here: %s" % _core.gemm_engine())
    else:
        _core._use_blas(None)
    yield request.param
    _core._use_blas(path)


def _check(a, b, c, nthreads=2):
    c[...] = np.array(7, c.dtype)
    assert gemm(a, b, c, nthreads) == 0
    ref = a.astype(np.float64) @ b.astype(np.float64)
    if not ref.size:
        return
    # float32 sums of products of the operands' values: the bound of a float32 dot product
    # (k * eps * sum |a||b|) plus C's rounding
    mag = np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64))
    tol = (a.shape[-1] * 2.0 ** -23 + TOL[c.dtype]) * mag + 1e-30
    assert np.all(np.abs(c.astype(np.float64) - ref) <= tol)


def _rand(shape, dt, rng):
    return rng.standard_normal(shape).astype(dt)


@pytest.mark.parametrize("dt", [np.float32, np.float16, ml_dtypes.bfloat16], ids=["f32", "f16", "bf16"])
@pytest.mark.parametrize("mnk", [(1, 1, 1), (3, 5, 7), pytest.param((65, 300, 513), marks=pytest.mark.slow), (128, 1, 1100), (1, 257, 64),
                                 (7, 9, 0), (0, 4, 3), (300, 140, 40)])
def test_forms(engine, dt, mnk):
    m, n, k = mnk
    rng = np.random.default_rng(0)
    a = _rand((2, 3, m, k), dt, rng)
    b = np.broadcast_to(_rand((1, 3, n, k), dt, rng).swapaxes(-1, -2), (2, 3, k, n))   # transposed, broadcast
    _check(a, b, np.empty((2, 3, m, n), dt))
    # C transposed (column-major), A reversed along both axes (negative strides)
    c = np.empty((2, 3, n, m), dt).swapaxes(-1, -2)
    _check(a[..., ::-1, ::-1], b, c)
    # every other element of A and C (no unit stride), B one row repeated (row stride 0)
    a2 = _rand((m, 2 * k), dt, rng)[:, ::2]
    b2 = np.broadcast_to(_rand((1, n), dt, rng), (k, n))
    _check(a2, b2, np.empty((m, 2 * n), dt)[:, ::2])


@pytest.mark.parametrize("dts", [(np.float32, np.float16, np.float32), (ml_dtypes.bfloat16, np.float32, np.float16)])
def test_mixed_dtypes(engine, dts):
    rng = np.random.default_rng(1)
    _check(_rand((70, 90), dts[0], rng), _rand((90, 40), dts[1], rng), np.empty((70, 40), dts[2]))


def test_large_k_chunks(engine):
    # k over the engine's float32 panel chunk: 16-bit operands summed in chunks, in order
    rng = np.random.default_rng(2)
    _check(_rand((3, 5000), np.float16, rng), _rand((5000, 4), np.float16, rng), np.empty((3, 4), np.float32))


@pytest.mark.parametrize("dt", [np.float32, ml_dtypes.bfloat16], ids=["f32", "bf16"])
@pytest.mark.parametrize("shape", [(256, 384, 1500), (2, 100, 700, 300), (3000, 1, 1000), (1, 3000, 1000)])
def test_threads_same_bits(engine, dt, shape):
    """A product's result does not depend on the thread count (the claim in src/gemm.c),
    a matrix times a vector (float32: the BLAS's gemv) in parts of rows or columns too."""
    rng = np.random.default_rng(3)
    *batch, m, n, k = shape
    a, b = _rand((*batch, m, k), dt, rng), _rand((*batch, k, n), dt, rng)
    c1, c2 = np.empty((*batch, m, n), dt), np.empty((*batch, m, n), dt)
    assert gemm(a, b, c1, 1) == 0 and gemm(a, b, c2, 2) == 0
    assert c1.tobytes() == c2.tobytes()


def test_malformed():
    a = np.ones((2, 2), np.float32)
    assert gemm(a, a, a.copy()) == 0
    p = Prob(2, 2, 2, 0, (ctypes.c_int64 * MB)(), _op(a, 0), _op(a, 0), _op(a.copy(), 0))
    p.a.dtype = 3   # INT32: not an operand dtype
    assert LIB.ao_gemm(ctypes.byref(p), 1) == -1
    p.a.dtype, p.k = 0, -1
    assert LIB.ao_gemm(ctypes.byref(p), 1) == -1


def test_engine_reported():
    out = []
    ascendops.show_config(file=type("W", (), {"write": lambda self, s: out.append(s), "flush": lambda self: 0})())
    assert "matrix products: " + _core.gemm_engine() in "".join(out)
    assert _core._use_blas("/nonexistent/libopenblas.so") is False
    assert _core.gemm_engine().startswith("portable (/nonexistent/libopenblas.so:")
    from ascendops.config import blas_library
    _core._use_blas(blas_library())


def test_blas_threads_restored_and_fork(engine):
    """numpy's OpenBLAS keeps its own thread count across our products; a forked child
    runs products (the engine's pool and the BLAS both survive fork)."""
    rng = np.random.default_rng(4)
    a, b = _rand((300, 400), np.float32, rng), _rand((400, 500), np.float32, rng)
    c = np.empty((300, 500), np.float32)
    from ascendops.config import blas_library
    count = None
    if engine == "blas":
        blas = ctypes.CDLL(blas_library())
        count = next((getattr(blas, f) for f in ("scipy_openblas_get_num_threads64_", "openblas_get_num_threads")
                      if hasattr(blas, f)), None)
    before = count() if count else None
    _check(a, b, c, 1)
    if count:
        assert count() == before
    pid = os.fork()
    if pid == 0:
        ok = gemm(a, b, c, 2) == 0 and np.allclose(c, a @ b, rtol=1e-4, atol=1e-4)
        os._exit(0 if ok else 1)
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 0


def _thread_ticks():
    ticks = {}
    for tid in os.listdir("/proc/self/task"):
        try:
            with open("/proc/self/task/%s/stat" % tid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            ticks[int(tid)] = int(fields[11]) + int(fields[12])   # utime + stime
        except (OSError, IndexError, ValueError):
            pass
    return ticks


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs /proc")
def test_one_thread_is_one_thread(engine):
    """nthreads=1 runs on the calling thread alone: neither the engine's workers nor the
    BLAS's own threads accrue CPU time (OpenBLAS's count here is numpy's, often more)."""
    import threading
    rng = np.random.default_rng(5)
    a, b = _rand((384, 384), np.float32, rng), _rand((384, 384), np.float32, rng)
    c = np.empty((384, 384), np.float32)
    gemm(a, b, c, 2)   # the pools exist
    me = threading.get_native_id()
    # let threads still busy from earlier work settle (OpenBLAS's spin after numpy's
    # products, a strict stream's worker): up to 2 s for a 50 ms window where none runs
    import time
    for _ in range(40):
        t0 = _thread_ticks()
        time.sleep(0.05)
        t1 = _thread_ticks()
        if all(t1[k] == t0.get(k, t1[k]) for k in t1 if k != me):
            break
    before = _thread_ticks()
    t = 0
    while _thread_ticks()[me] - before[me] < 8 and t < 600:
        gemm(a, b, c, 1)
        t += 1
    after = _thread_ticks()
    mine = after[me] - before[me]
    others = {k: after[k] - before.get(k, 0) for k in after if k != me}
    assert mine >= 8
    # another thread in the product would accrue about as much as this one
    assert sum(others.values()) <= max(1, mine // 4), (mine, others)


def _cpu_flags():
    try:
        with open("/proc/cpuinfo") as f:
            return next((line.split() for line in f if line.startswith("flags")), [])
    except OSError:
        return []


def test_bf16_dot_kernel_chosen():
    """The AVX512-BF16 kernel runs where the CPU has it and the ISA in use is avx512."""
    want = "avx512_bf16" in _cpu_flags() and ascendops.isa() == "avx512"
    assert LIB.ao_gemm_bf16_dot_usable() == int(want)


def test_bf16_tiles_and_threads():
    """bfloat16 products over every edge of the packed kernel (rows past a 12-row register
    tile and a 96-row task tile, columns past 32 and 512 and a pack of 4 panels, an odd k
    over two 1024-long k blocks), two products at once (one task each) and one at a time (packing and tiles
    shared by the threads): the same bits, within float32 summation of float64's result."""
    rng = np.random.default_rng(6)
    bf = ml_dtypes.bfloat16
    a, b = _rand((2, 110, 1031), bf, rng), _rand((2, 1031, 545), bf, rng)
    c = np.empty((2, 110, 545), np.float32)
    _check(a, b, c, 2)
    for nthreads in (1, 2):
        one = np.empty((110, 545), np.float32)
        for i in range(2):
            assert gemm(a[i], b[i], one, nthreads) == 0
            assert one.tobytes() == c[i].tobytes()
    # B transposed (a weight stored as rows of k), A column-major, C bfloat16 and strided
    bt = _rand((545, 1031), bf, rng).T
    ct = np.empty((545, 110), bf).T
    _check(np.asfortranarray(a[0]), bt, ct, 2)
    c1 = np.empty_like(ct)
    assert gemm(np.asfortranarray(a[0]), bt, c1, 1) == 0
    assert c1.tobytes() == ct.tobytes()


@pytest.mark.parametrize("mnk", [(13, 40, 2), (110, 545, 514), (25, 33, 2050), (12, 32, 257)])
def test_bf16_a_read_in_place(mnk):
    """A row-major bfloat16 A with an even k is read in place by the register tile (its
    pairs are 32-bit words), other A's are packed first: the same bits either way, at 1
    and 2 threads, one product and two at once. Rows past a 12-row panel's last (m = 13,
    25, 110), k over three 1024-long k blocks, A starting at an odd element (unaligned
    pairs), rows 2048 elements (4 KiB) apart (packed: L1 set conflicts), 2050 (in place),
    an odd k (packed), a batch."""
    m, n, k = mnk
    rng = np.random.default_rng(11)
    bf = ml_dtypes.bfloat16
    b = _rand((2, k, n), bf, rng)
    base = _rand((2, m, 2051), bf, rng)
    bs, strided = m * 2051 * 2, np.lib.stride_tricks.as_strided
    forms = {"contiguous": _rand((2, m, k), bf, rng), "odd start": base[:, :, 1:k + 1],
             "4 KiB rows": strided(base[:, :, 2:], (2, m, k), (bs, 4096, 2)),
             "2050 apart": strided(base[:, :, 1:], (2, m, k), (bs, 4100, 2))}
    for name, a in forms.items():
        packed = np.asfortranarray(a[0])
        want = np.empty((m, n), np.float32)
        assert gemm(packed, b[0], want, 1) == 0
        _check(a[0], b[0], np.empty((m, n), np.float32), 2)
        for nthreads in (1, 2):
            got = np.empty((m, n), np.float32)
            assert gemm(a[0], b[0], got, nthreads) == 0
            assert got.tobytes() == want.tobytes(), (name, nthreads)
        both = np.empty((2, m, n), np.float32)
        assert gemm(a, b, both, 2) == 0
        assert both[0].tobytes() == want.tobytes(), name
        assert gemm(np.asfortranarray(a[1]), b[1], want, 1) == 0
        assert both[1].tobytes() == want.tobytes(), name


@pytest.mark.parametrize("k", [100, 1031])
def test_bf16_c_rounded_in_registers(k):
    """The bfloat16 kernel's last k block writes a bfloat16 or float32 C (unit column
    stride) from its registers: the float32 C holds the sums, the bfloat16 C them rounded
    to nearest even (ml_dtypes' rounding) bit for bit, at the tile edges (110 rows, 545
    columns: partial register tiles, masked), with one k block and several; a NaN comes out
    a NaN, an infinity stays; a strided bfloat16 C (rounded through the float32 buffer)
    holds the same bits."""
    rng = np.random.default_rng(10)
    bf = ml_dtypes.bfloat16
    a, b = _rand((110, k), bf, rng), _rand((k, 545), bf, rng)
    a[3, 7] = np.nan
    a[50, :] = bf(3e38)
    b[:, 40] = bf(3e38)
    c32, c16 = np.empty((110, 545), np.float32), np.empty((110, 545), bf)
    cs = np.empty((545, 110), bf).T
    for c in (c32, c16, cs):
        assert gemm(a, b, c, 2) == 0
    want = c32.astype(bf)
    nan = np.isnan(c32)
    assert nan[3].all() and np.isinf(c32[50, 40])
    assert np.array_equal(np.isnan(c16.astype(np.float32)), nan)
    assert c16.view(np.uint16)[~nan].tobytes() == want.view(np.uint16)[~nan].tobytes()
    assert cs.tobytes() == c16.tobytes()
    fin = np.isfinite(c32)
    fin[50, :] = fin[:, 40] = False
    _check(a[np.ix_(fin.all(1), range(k))], b[:, fin.all(0)], np.empty((fin.all(1).sum(), fin.all(0).sum()), bf), 2)


@pytest.mark.parametrize("dt", [np.float32, np.float16, ml_dtypes.bfloat16], ids=["f32", "f16", "bf16"])
@pytest.mark.parametrize("layout", ["rows", "dots"])
def test_small_m(engine, dt, layout):
    """m <= 8 (decode's products): B read in place by its unit-stride rows (B row-major)
    or columns (B = W.T, a weight stored as rows of k), every row count 1..8 (register
    groups of 4), k over a 64-row block and not a multiple of 16 (masked tails), n over
    several 128-column tasks and not a multiple of 4 or 64; a batch with B broadcast; the
    same bits at 1 and 2 threads. (float32 rows go to OpenBLAS where it is in use.)"""
    rng = np.random.default_rng(7)
    k, n = 101, 301
    b = _rand((k, n), dt, rng) if layout == "rows" else _rand((n, k), dt, rng).T
    for m in range(1, 9):
        a = _rand((m, k), dt, rng)
        c = np.empty((m, n), dt)
        _check(a, b, c, 2)
        c1 = np.empty_like(c)
        assert gemm(a, b, c1, 1) == 0
        assert c1.tobytes() == c.tobytes()
    # batched, B broadcast (batch stride 0), A with no unit stride, C float32 strided
    a = _rand((3, 5, 2 * k), dt, rng)[:, :, ::2]
    _check(a, np.broadcast_to(b, (3, k, n)), np.empty((3, 5, 2 * n), np.float32)[:, :, ::2], 2)


@pytest.mark.parametrize("dt", [np.float32, np.float16, ml_dtypes.bfloat16], ids=["f32", "f16", "bf16"])
@pytest.mark.parametrize("layout", ["rows", "cols"])
def test_small_n(engine, dt, layout):
    """n <= 8 with m > 8 (a matrix times a vector): C^T = B^T A^T on the small-m path, A
    read in place by its unit-stride rows (the 8-row dot products, 16-bit rows
    prefetched) or columns; every column count 1..8, m over several 128-row tasks and not a
    multiple of 8, k not a multiple of 16; C strided and transposed, a batch with A
    broadcast, a vector B with no unit stride; the same bits at 1 and 2 threads. (float32
    A goes to OpenBLAS where it is in use.)"""
    rng = np.random.default_rng(9)
    m, k = 301, 203
    a = _rand((m, k), dt, rng) if layout == "rows" else _rand((k, m), dt, rng).T
    for n in range(1, 9):
        b = _rand((k, n), dt, rng)
        c = np.empty((m, n), dt)
        _check(a, b, c, 2)
        c1 = np.empty_like(c)
        assert gemm(a, b, c1, 1) == 0
        assert c1.tobytes() == c.tobytes()
    ct = np.empty((2, m), dt).T
    _check(a, _rand((2 * k, 2), dt, rng)[::2], ct, 2)
    # one column: float32 by the BLAS's gemv, the vector 3 elements apart, C's column too;
    # a row times a matrix, the row 2 apart
    _check(a, _rand((3 * k, 1), dt, rng)[::3], np.empty((m, 2), dt)[:, :1], 2)
    _check(_rand((1, 2 * m), dt, rng)[:, ::2], a, np.empty((1, k), dt), 2)
    _check(np.broadcast_to(a, (3, m, k)), _rand((3, k, 1), dt, rng), np.empty((3, m, 2), np.float32)[:, :, ::2], 2)


def test_small_m_and_bf16_other_isas(run_python):
    """The small-m path's AVX2 kernels and its portable loops, and bfloat16 products
    without the AVX-512 kernels (ASCENDOPS_ISA=avx2, baseline), against float64: k past
    the 8-lane blocks, columns past the 32-column and 4-column blocks, 1 and 6 rows."""
    code = """
import sys
sys.path.insert(0, %r)
import ml_dtypes, numpy as np
import ascendops
from test_gemm import _check, _rand
rng = np.random.default_rng(8)
for dt in (np.float16, ml_dtypes.bfloat16, np.float32):
    for m in (1, 6):
        _check(_rand((m, 70), dt, rng), _rand((70, 90), dt, rng), np.empty((m, 90), dt))
        _check(_rand((m, 70), dt, rng), _rand((90, 70), dt, rng).T, np.empty((m, 90), np.float32))
        _check(_rand((90, 70), dt, rng), _rand((70, m), dt, rng), np.empty((90, m), dt))
bf = ml_dtypes.bfloat16
_check(_rand((40, 301), bf, rng), _rand((301, 50), bf, rng), np.empty((40, 50), bf))
print(ascendops.isa())
""" % os.path.dirname(os.path.abspath(__file__))
    for isa in ("avx2", "baseline"):
        assert run_python(code, ASCENDOPS_ISA=isa) == isa
