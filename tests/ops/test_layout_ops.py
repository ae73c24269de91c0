"""The layout ops (ascendops/_layout.pxi LayoutOp) against numpy: every dtype the Cast
kernel copies (bit-exact), strided and reversed views of self and out, an out overlapping
self (the workspace path), empty tensors."""
import ctypes
import mmap
import os
import sys

import numpy as np
import pytest

import ascendops as ao

try:
    import ml_dtypes
    BF16 = [ml_dtypes.bfloat16]
except ImportError:     # pragma: no cover
    BF16 = []
DTYPES = [np.float32, np.float16, np.float64, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
          np.uint32, np.uint64, np.bool_] + BF16


def _sample(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(shape) * 50).astype(dtype)


def _check(got, want):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape and got.dtype == want.dtype
    assert np.array_equal(got.reshape(-1).view(np.uint8), np.ascontiguousarray(want).reshape(-1).view(np.uint8))


# -- Permute ------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_permute_dtypes_bit_exact(dtype):
    x = _sample((3, 4, 5), dtype)
    _check(ao.permute(x, (2, 0, 1)), np.transpose(x, (2, 0, 1)))


def test_permute_nan_payloads_kept():
    x = np.array([[0x7f800001, 0xffc00123], [0x7fc00000, 1]], np.uint32).view(np.float32)
    _check(ao.permute(x, (1, 0)), x.T)


@pytest.mark.parametrize("dims", [(0, 1, 2, 3), (3, 2, 1, 0), (1, 3, 0, 2), (-1, 0, -2, 1)])
def test_permute_strided_views(dims):
    base = _sample((6, 7, 8, 9), np.float32)
    x = base[::2, 1::3, ::-1, 2:]
    want = np.transpose(x, [d % 4 for d in dims])
    _check(ao.permute(x, dims), want)
    out = np.zeros((2,) + want.shape, np.float32)[1]
    outv = np.swapaxes(np.zeros(want.shape[::-1], np.float32), 0, -1) if want.ndim == 4 else out
    for o in (out, outv[..., :] if outv.shape == want.shape else out):
        ao.permute(x, dims, out=o)
        _check(o, want)


def test_permute_in_place_and_overlap():
    a = np.arange(36, dtype=np.int64).reshape(6, 6)
    want = a.T.copy()
    ao.permute(a, (1, 0), out=a)      # exact alias of another view order: through the workspace
    _check(a, want)
    b = np.arange(40, dtype=np.float32)
    x, out = b[:20].reshape(4, 5), b[5:25].reshape(5, 4)
    want = x.T.copy()
    ao.permute(x, (1, 0), out=out)
    _check(out, want)


def test_permute_rank_8_and_0d_and_empty():
    x = _sample((2, 1, 3, 1, 2, 2, 1, 3), np.float16)
    perm = (7, 0, 6, 1, 5, 2, 4, 3)
    _check(ao.permute(x, perm), np.transpose(x, perm))
    _check(ao.permute(np.float32(2.5), ()), np.float32(2.5))
    assert ao.permute(np.zeros((0, 3), np.float32), (1, 0)).shape == (3, 0)


# -- ConstantPadNd ------------------------------------------------------------------------
def _pad_ref(x, pad, value):
    """np.pad after the negative pads' crop (torch's constant_pad_nd), value astype x's dtype."""
    pairs = [(0, 0)] * x.ndim
    for i in range(len(pad) // 2):
        pairs[x.ndim - 1 - i] = (pad[2 * i], pad[2 * i + 1])
    y = x[tuple(slice(max(-b, 0), x.shape[d] - max(-e, 0)) for d, (b, e) in enumerate(pairs))]
    return np.pad(y, [(max(b, 0), max(e, 0)) for b, e in pairs], constant_values=np.asarray(value).astype(x.dtype))


@pytest.mark.parametrize("dtype", DTYPES)
def test_constant_pad_nd_dtypes(dtype):
    x = _sample((3, 4), dtype)
    value = True if dtype == np.bool_ else 3
    _check(ao.constant_pad_nd(x, (1, 2, 2, 0), value), _pad_ref(x, (1, 2, 2, 0), value))


@pytest.mark.parametrize("pad", [(), (0, 0), (1, 1), (-1, 2), (2, -1, -1, 1), (-1, -1, 0, 0, 1, 1), (1, 0, 0, 1, 2, 0),
                                 (-4, 0)])
def test_constant_pad_nd_pads(pad):
    base = _sample((5, 6, 8), np.float32)
    x = base[::-1, 1::2, ::2]       # (5, 3, 4)
    want = _pad_ref(x, pad, -1.5)
    _check(ao.constant_pad_nd(x, pad, -1.5), want)
    out = np.zeros(want.shape[::-1], np.float32).T     # a transposed out
    ao.constant_pad_nd(x, pad, -1.5, out=out)
    _check(out, want)


def test_constant_pad_nd_values_and_empty():
    x = np.ones((2, 2), np.float16)
    _check(ao.constant_pad_nd(x, (1, 1), 1e6), _pad_ref(x, (1, 1), np.float16(np.inf)))
    _check(ao.constant_pad_nd(np.ones((2,), np.int8), (1, 0), 2.9), np.array([2, 1, 1], np.int8))
    _check(ao.constant_pad_nd(np.zeros((0, 3), np.int32), (1, 1, 1, 1), 7), np.full((2, 5), 7, np.int32))
    assert ao.constant_pad_nd(np.zeros((2, 3), np.float32), (-3, 0), 1.0).shape == (2, 0)


def test_constant_pad_nd_overlapping_out():
    b = np.arange(30, dtype=np.float64)
    x = b[:12].reshape(3, 4)
    want = _pad_ref(x.copy(), (1, 1), 0.5)
    out = b[2:20].reshape(3, 6)
    ao.constant_pad_nd(x, (1, 1), 0.5, out=out)
    _check(out, want)


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int8, np.float64] + BF16)
@pytest.mark.parametrize("threads", [1, 3])
def test_constant_pad_nd_many_chunks(dtype, threads):
    """Pads whose copy and fills each span many of the kernel's chunks (a task's elements),
    run interleaved over threads: short rows (an image's), long rows, an unaligned value;
    the same bits as the reference whatever the thread count."""
    n = ao.get_num_threads()
    try:
        ao.set_num_threads(threads)
        for shape, pad in [((6, 9, 30, 31), (1, 2, 3, 1)), ((3, 70001), (5, -2, 1, 1)), ((40000,), (-1, 33))]:
            x = _sample(shape, dtype)
            _check(ao.constant_pad_nd(x, pad, 1.75), _pad_ref(x, pad, 1.75))
    finally:
        ao.set_num_threads(n)


def test_constant_pad_nd_matches_torch():
    torch = pytest.importorskip("torch")
    x = _sample((2, 3, 4, 5), np.float32)
    for pad in [(1, 2), (-1, 2, 3, -2), (0, 1, 1, 0, 2, 2, 1, 1)]:
        want = torch.nn.functional.pad(torch.from_numpy(x), pad, value=2.0).numpy()
        _check(ao.constant_pad_nd(x, pad, 2.0), want)


# -- Repeat -------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_repeat_dtypes(dtype):
    x = _sample((2, 3), dtype)
    _check(ao.repeat(x, (2, 1, 3)), np.tile(x, (2, 1, 3)))


@pytest.mark.parametrize("repeats", [(1, 1, 1), (3, 1, 2), (1, 2, 1, 1), (2, 2, 2, 2, 2, 2, 2, 2)])
def test_repeat_views_and_many_dims(repeats):
    base = _sample((4, 6, 5), np.float32)
    x = base[::-2, ::3, 1:]         # (2, 2, 4)
    _check(ao.repeat(x, repeats), np.tile(x, repeats))


def test_repeat_rank_8_both_ways():
    x = _sample((2,) * 8, np.int16)          # 16 dims of (repeat, size): split into runs of 8
    _check(ao.repeat(x, (2,) * 8), np.tile(x, (2,) * 8))


def test_repeat_0d_zero_and_overlap():
    _check(ao.repeat(np.float32(2.0), ()), np.float32(2.0))
    _check(ao.repeat(np.float32(2.0), (3, 1)), np.full((3, 1), 2.0, np.float32))
    assert ao.repeat(np.ones((2, 3), np.float32), (0, 2)).shape == (0, 6)
    b = np.arange(24, dtype=np.float32)
    x = b[:6].reshape(2, 3)
    want = np.tile(x.copy(), (2, 2))
    out = b[:24].reshape(4, 6)
    ao.repeat(x, (2, 2), out=out)
    _check(out, want)


# -- Slice --------------------------------------------------------------------------------
SLICE_DTYPES = [np.float32, np.float16, np.int64, np.int8, np.int32, np.uint8, np.bool_] + BF16


@pytest.mark.parametrize("dtype", SLICE_DTYPES)
def test_slice_dtypes(dtype):
    x = _sample((4, 7), dtype)
    _check(ao.slice(x, 1, 1, 6, 2), x[:, 1:6:2])


@pytest.mark.parametrize("args", [(0, 0, 2, 1), (1, -3, -1, 1), (2, 1, 100, 2), (-1, -100, 100, 3), (2, 4, 1, 1),
                                  (0, 5, 9, 1), (1, 0, 4, 5)])
def test_slice_bounds_like_python(args):
    base = _sample((6, 8, 10), np.float32)
    x = base[::2, ::-2, 1:6]        # (3, 4, 5)
    dim, start, end, step = args
    want = x[(slice(None),) * (dim % 3) + (slice(start, end, step),)]
    _check(ao.slice(x, *args), want)
    out = np.zeros(want.shape[::-1], np.float32).T
    ao.slice(x, *args, out=out)
    _check(out, want)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.int32, np.uint8] + BF16)
def test_slice_step2_last_dim_runs(dtype):
    # step 2 on the last dim: each row a run from every other element (layout.c's vectorised
    # 2- and 4-byte loops), at run lengths around the register widths, odd tails, an
    # odd start, NaN payloads kept; 1-byte and misaligned bases take the element loop
    for cols in (1, 2, 3, 31, 32, 33, 64, 65, 199):
        x = _sample((3, cols), dtype)
        for start in (0, 1):
            _check(ao.slice(x, -1, start, cols, 2), x[:, start::2])
    x = _sample((5, 101), dtype)
    _check(ao.slice(x[1:], 1, 1, 100, 2), x[1:, 1:100:2])
    if np.dtype(dtype) == np.float16:
        x = np.arange(1 << 16, dtype=np.uint16).view(np.float16).reshape(256, 256)
        _check(ao.slice(x, 1, 1, 256, 2), x[:, 1::2])


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.int32, np.int8, np.int64] + BF16)
@pytest.mark.parametrize("threads", [1, 2])
def test_slice_whole_rows(dtype, threads):
    # slices along the last dim of several rows: layout.c moves a block of whole rows in
    # one go (row pitches of self and out their own, either sign): contiguous rows by the
    # run copy (widths around its 64- and 256-byte choices), step 2 by vector steps of 16
    # and 32 elements with odd tails, other steps element by element; a chunk of the work
    # that starts or ends mid-row (over 65536 elements); self's last element the last one
    # read; an out that overlaps self (the workspace path)
    n = ao.get_num_threads()
    try:
        ao.set_num_threads(threads)
        for cols in (1, 2, 17, 33, 63, 65, 101, 300):
            base = _sample((7, 5, cols), dtype)
            for x in (base, base[::-1, ::-2], base[2:, 1:4]):
                for step in (1, 2, 3):
                    want = x[..., ::step]
                    _check(ao.slice(x, -1, 0, cols, step), want)
                    _check(ao.slice(x, 2, 1, cols, step), x[..., 1::step])
                    wide = np.zeros(want.shape[:-1] + (want.shape[-1] + 3,), dtype)
                    ao.slice(x, 2, 0, cols, step, out=wide[..., 1:1 + want.shape[-1]])
                    _check(np.ascontiguousarray(wide[..., 1:1 + want.shape[-1]]), want)
                    assert not wide[..., 0].any() and not wide[..., 1 + want.shape[-1]:].any()
                    for rev in (np.zeros(want.shape, dtype)[::-1], np.zeros(want.shape, dtype)[:, ::-1]):
                        ao.slice(x, 2, 0, cols, step, out=rev)
                        _check(np.ascontiguousarray(rev), want)
        x = _sample((3, 701, 101), dtype)
        for step in (1, 2, 3):
            _check(ao.slice(x, -1, 1, 101, step), x[..., 1::step])
            _check(ao.slice(x[:, ::-3], -1, 0, 101, step), x[:, ::-3, ::step])
        b = _sample((6, 40), dtype)
        want = b[:, 1::2].copy()
        ao.slice(b, 1, 1, 40, 2, out=b[:, :20])
        _check(np.ascontiguousarray(b[:, :20]), want)
    finally:
        ao.set_num_threads(n)


def _before_a_guard_page(nbytes):
    """(mapping, uint8 array of nbytes) whose last byte is the last before a page that
    cannot be read: a read past the array's end faults."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    page = mmap.PAGESIZE
    npages = (nbytes + page - 1) // page + 1
    m = mmap.mmap(-1, npages * page)
    end = ctypes.addressof(ctypes.c_char.from_buffer(m)) + (npages - 1) * page
    if libc.mprotect(end, page, 0) != 0:
        pytest.skip("mprotect: errno %d" % ctypes.get_errno())
    return m, np.frombuffer(m, np.uint8, count=nbytes, offset=(npages - 1) * page - nbytes)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="mprotect through libc")
@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.int8])
def test_slice_rows_read_nothing_past_self(dtype):
    # the row copies read whole registers of self (step 2: two per vector step; contiguous
    # rows: two overlapping moves): self's last element the last byte before an
    # unreadable page, at run lengths around the moves' widths
    maps = []
    for cols in (1, 2, 3, 15, 16, 17, 31, 32, 33, 34, 63, 64, 65, 66, 127, 130):
        m, buf = _before_a_guard_page(2 * cols * np.dtype(dtype).itemsize)
        maps.append(m)
        x = buf.view(dtype).reshape(2, cols)
        x[...] = _sample((2, cols), dtype)
        for start in (0, 1):
            for step in (1, 2, 3):
                _check(ao.slice(x, 1, start, cols, step), x[:, start::step])
                _check(ao.slice(x[::-1], 1, start, cols, step), x[::-1, start::step])


@pytest.mark.slow       # an interpreter's start per region: seconds
@pytest.mark.parametrize("isa", ["baseline", "avx2"])
def test_slice_rows_in_the_other_isa_regions(run_python, isa):
    """The row copies (src/layout.c) of the regions the machine's own does not run: the
    baseline's element loop and memcpy, avx2's packs and 32-byte moves."""
    code = """
import sys
sys.path.insert(0, %r)
import numpy as np
import ascendops
import test_layout_ops as t
for dt in [np.float16, np.float32, np.int32, np.int8, np.int64] + t.BF16:
    for threads in (1, 2):
        t.test_slice_whole_rows(dt, threads)
    if dt in (np.float16, np.float32, np.int8):
        t.test_slice_rows_read_nothing_past_self(dt)
for dt in [np.float16, np.float32, np.int32] + t.BF16:
    t.test_slice_step2_last_dim_runs(dt)
print(ascendops.isa())
""" % os.path.dirname(os.path.abspath(__file__))
    assert run_python(code, ASCENDOPS_ISA=isa) == isa


def test_slice_int64_overflow_as_cann():
    # sliceNum = (end - start + step - 1) / step wraps in int64: a huge step gives 0 elements
    assert ao.slice(np.ones((5,), np.float32), 0, 0, 5, (1 << 63) - 1).shape == (0,)


def test_slice_overlapping_out():
    b = np.arange(20, dtype=np.int32)
    want = b[1:20:2].copy()
    ao.slice(b, 0, 1, 20, 2, out=b[:10])
    _check(b[:10], want)


# -- ReflectionPad1d ----------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_reflection_pad1d_dtypes(dtype):
    x = _sample((2, 3, 6), dtype)
    _check(ao.reflection_pad1d(x, (2, 3)), np.pad(x, ((0, 0), (0, 0), (2, 3)), mode="reflect"))


@pytest.mark.parametrize("padding", [(0, 0), (1, 0), (0, 4), (4, 4), (3, 1)])
def test_reflection_pad1d_views(padding):
    base = _sample((4, 9, 10), np.float32)
    for x in (base[::2, ::-3, 1::2], base[1, :, ::-2]):
        want = np.pad(x, [(0, 0)] * (x.ndim - 1) + [padding], mode="reflect")
        _check(ao.reflection_pad1d(x, padding), want)
        out = np.zeros(want.shape[::-1], np.float32).T
        ao.reflection_pad1d(x, padding, out=out)
        _check(out, want)


def test_reflection_pad1d_matches_torch_and_empty_batch():
    torch = pytest.importorskip("torch")
    x = _sample((2, 3, 7), np.float32)
    want = torch.nn.functional.pad(torch.from_numpy(x), (3, 6), mode="reflect").numpy()
    _check(ao.reflection_pad1d(x, (3, 6)), want)
    assert ao.reflection_pad1d(np.zeros((0, 3, 4), np.float32), (1, 1)).shape == (0, 3, 6)


def test_reflection_pad1d_overlapping_out():
    b = np.arange(40, dtype=np.float32)
    x = b[:10].reshape(2, 5)
    want = np.pad(x.copy(), ((0, 0), (2, 2)), mode="reflect")
    out = b[3:21].reshape(2, 9)
    ao.reflection_pad1d(x, (2, 2), out=out)
    _check(out, want)


# -- Roll ---------------------------------------------------------------------------------
ROLL_DTYPES = [np.float32, np.float16, np.int8, np.uint8, np.int32, np.uint32, np.bool_, np.int64, np.int16] + BF16


@pytest.mark.parametrize("dtype", ROLL_DTYPES)
def test_roll_dtypes(dtype):
    x = _sample((3, 5), dtype)
    _check(ao.roll(x, (2, -1), (0, 1)), np.roll(x, (2, -1), (0, 1)))


@pytest.mark.parametrize("shifts,dims", [((1,), (0,)), ((2, -1), (1, 3)), ((7,), ()), ((-13,), ()), ((3, 3), (2, 2)),
                                         ((0,), ()), ((119,), ()), ((1 << 40,), (-1,)), ((5, 1, 2, 3), (0, 1, 2, 3))])
def test_roll_views(shifts, dims):
    base = _sample((4, 6, 5, 10), np.float32)
    x = base[::2, ::-2, 1:, ::2]        # (2, 3, 4, 5)
    want = np.roll(x, shifts[0]) if not dims else np.roll(x, shifts, dims)
    _check(ao.roll(x, shifts, dims), want)
    out = np.zeros(want.shape[::-1], np.float32).T
    ao.roll(x, shifts, dims, out=out)
    _check(out, want)


def test_roll_in_place_0d_and_empty():
    a = np.arange(12, dtype=np.int64).reshape(3, 4)
    want = np.roll(a, 5)
    ao.roll(a, (5,), (), out=a)           # exact alias: through the workspace
    _check(a, want)
    _check(ao.roll(np.float32(3.0), (4,), ()), np.float32(3.0))
    assert ao.roll(np.zeros((0, 3), np.float32), (1,), (1,)).shape == (0, 3)


def test_roll_matches_torch():
    torch = pytest.importorskip("torch")
    x = _sample((3, 4, 5), np.float32)
    for shifts, dims in [((2,), ()), ((1, -2), (0, 2)), ((3, 1), (1, 1))]:
        _check(ao.roll(x, shifts, dims), torch.roll(torch.from_numpy(x), shifts, dims).numpy())


def test_bad_attributes_get_cann_status_from_the_numpy_like_call():
    # the output is allocated from the mapping only where its shape is one: else CANN's check decides
    x = np.ones((2, 3), np.float32)
    for call in (lambda: ao.constant_pad_nd(x, (-10, 0), 0.0), lambda: ao.slice(x, 5, 0, 1, 1),
                 lambda: ao.permute(x, (0, 5)), lambda: ao.roll(x, (1,), (7,)), lambda: ao.repeat(x, (-1, 1)),
                 lambda: ao.reflection_pad1d(x, (3, 0))):
        with pytest.raises(ao.AclnnInvalidParamError) as e:
            call()
        assert e.value.status == 161002


def test_kind_is_declared():
    ops = ao.registered_ops()
    for name in ("permute", "constant_pad_nd", "repeat", "slice", "reflection_pad1d", "roll"):
        assert isinstance(ops[name], ao.ops.LayoutOp)
