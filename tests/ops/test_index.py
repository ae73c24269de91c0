"""Gathers and scatters (ascendops/_index.pxi IndexOp, src/index.c): GatherV2, IndexSelect,
InplaceIndexCopy against numpy (np.take, fancy assignment), bit for bit, over every dtype,
dims, index dtypes and views; negative indices per CANN; an index out of range stops the
run with 361001 before anything is written (never a read or write outside the tensors);
duplicate indices of a scatter: the last wins, on any thread count; both phases, the
executor cache, the overlap path."""
import os

import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn
from ao_test_helpers import bits

OPS = ao.registered_ops()
RUNTIME = ao.ACLNN_ERR_RUNTIME_ERROR
INVALID, NULLPTR = ao.ACLNN_ERR_PARAM_INVALID, ao.ACLNN_ERR_PARAM_NULLPTR
DTYPES = ["float32", "float16", "bfloat16", "float64", "int8", "uint8", "int16", "int32", "int64", "bool",
          "complex64", "complex128"]


def _data(shape, dtype, rng):
    dt = ao.as_dtype(dtype).numpy
    if np.dtype(dt).kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dt)
    if np.dtype(dt).kind in "iub":
        return rng.integers(0, 2 if np.dtype(dt).kind == "b" else 100, shape).astype(dt)
    x = rng.standard_normal(shape).astype(np.float32).astype(dt)
    return x


def _status(fn, *a, **kw):
    with pytest.raises(ao.AclnnError) as e:
        fn(*a, **kw)
    return e.value.status, str(e.value)


@pytest.mark.parametrize("dtype", DTYPES)
def test_gather_v2_every_dtype(dtype):
    rng = np.random.default_rng(1)
    x = _data((4, 5, 3), dtype, rng)
    index = np.array([[2, -1], [0, -3]], np.int64)
    for dim in (0, 1, -1):
        got = ao.gather_v2(x, index, dim)
        want = np.take(x, index, axis=dim)
        assert got.shape == want.shape and got.dtype == want.dtype
        assert np.array_equal(bits(got), bits(want))


@pytest.mark.parametrize("dtype", ["float32", "float16", "int64", "bool", "complex128"])
def test_index_select_and_copy_every_dtype(dtype):
    rng = np.random.default_rng(2)
    x = _data((6, 4), dtype, rng)
    for dim, index in ((0, np.array([5, 0, 2], np.int32)), (1, np.array([3, 3, 1, 0, 2], np.int64))):
        got = ao.index_select(x, index, dim)
        assert np.array_equal(bits(got), bits(np.take(x, index, axis=dim)))
    src = _data((6, 2), dtype, rng)
    y = x.copy()
    ao.inplace_index_copy(y, np.array([3, 0], np.int64), src, 1)
    want = x.copy()
    want[:, [3, 0]] = src
    assert np.array_equal(bits(y), bits(want))


def test_nan_payloads_are_copied():
    x = np.array([0x7FC00001, 0xFFC12345, 0x7F800001], np.uint32).view(np.float32)
    got = ao.gather_v2(x, np.array([2, 1, 0, 1], np.int32), 0)
    assert got.view(np.uint32).tolist() == [0x7F800001, 0xFFC12345, 0x7FC00001, 0xFFC12345]


@pytest.mark.parametrize("case", range(12))
def test_gather_v2_shapes_and_views(case):
    rng = np.random.default_rng(10 + case)
    nd = int(rng.integers(1, 5))
    shape = tuple(int(v) for v in rng.integers(1, 5, nd))
    dim = int(rng.integers(-nd, nd))
    base = rng.standard_normal(tuple(2 * s for s in shape)).astype(np.float32)
    # a strided, possibly transposed view of self
    x = base[tuple(slice(None, None, 2) for _ in shape)]
    if case % 3 == 1:
        x = x.T
    if case % 3 == 2:
        x = x[::-1]
    ishape = tuple(int(v) for v in rng.integers(1, 4, int(rng.integers(0, 3))))
    n = x.shape[dim]
    index = rng.integers(-n, n, ishape).astype(np.int32 if case % 2 else np.int64)
    if case % 4 == 3 and index.ndim == 2:
        index = index.T
    want = np.take(x, index if index.ndim else index.reshape(1), axis=dim)
    got = ao.gather_v2(x, index, dim)
    np.testing.assert_array_equal(got, want)
    # a non-contiguous out
    out = np.zeros(want.shape[::-1], np.float32).T
    ao.gather_v2(x, index, dim, out=out)
    np.testing.assert_array_equal(out, want)


def test_gather_v2_zero_dim_operands():
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    np.testing.assert_array_equal(ao.gather_v2(x, np.array(2, np.int64), 0), x[2:3])
    np.testing.assert_array_equal(ao.gather_v2(x, np.array(-1, np.int64), 1), x[:, 3:4])
    s = np.array(7.5, np.float32)
    assert ao.gather_v2(s, np.array([0], np.int64), 0).shape == ()
    assert float(ao.gather_v2(s, np.array([-1], np.int64), 0)) == 7.5
    assert _status(ao.gather_v2, s, np.array([0, 0], np.int64), 0)[0] == INVALID


def test_large_rows_run_on_threads():
    rng = np.random.default_rng(3)
    x = rng.standard_normal((4096, 64)).astype(np.float16)
    index = rng.integers(0, 4096, 3000)
    np.testing.assert_array_equal(ao.gather_v2(x, index, 0), x[index])
    np.testing.assert_array_equal(ao.gather_v2(x, index[:40] % 64, 1), x[:, index[:40] % 64])


# -- the gathers' row loops (src/index.c): elements of a fixed size per row, slices by run copies
WIDTH_DTYPES = ["int8", "float16", "float32", "float64", "complex128"]     # 1, 2, 4, 8, 16 bytes


@pytest.mark.parametrize("dtype", WIDTH_DTYPES)
def test_gather_elements_along_the_inner_dim(dtype):
    rng = np.random.default_rng(20)
    x = _data((5, 37), dtype, rng)
    index = rng.integers(-37, 37, 23)
    want = np.take(x, index, axis=1)
    assert np.array_equal(bits(ao.gather_v2(x, index, 1)), bits(want))
    assert np.array_equal(bits(ao.index_select(x, index % 37, 1)), bits(want))
    # out at a step of 2 (the strided row), self strided and transposed, the index a view
    out = np.zeros((5, 46), x.dtype)
    ao.gather_v2(x, index, 1, out=out[:, ::2])
    assert np.array_equal(bits(out[:, ::2]), bits(want)) and not out[:, 1::2].any()
    wide = _data((5, 74), dtype, rng)
    assert np.array_equal(bits(ao.gather_v2(wide[:, ::2], index, 1)), bits(np.take(wide[:, ::2], index, 1)))
    assert np.array_equal(bits(ao.gather_v2(x.T, index, 0)), bits(np.take(x.T, index, 0)))
    long_index = rng.integers(0, 37, 46)
    assert np.array_equal(bits(ao.index_select(x, long_index[::2], 1)), bits(np.take(x, long_index[::2], 1)))


@pytest.mark.parametrize("dtype", ["int8", "float16", "float32", "float64"])
def test_gather_slices_of_every_run_width(dtype):
    # slices of 1 byte to 160 KB: the short, middle (up to 64 KiB) and memcpy run copies,
    # odd tails
    rng = np.random.default_rng(21)
    for width in (1, 3, 17, 40, 101, 1000, 20001):
        x = _data((9, width), dtype, rng)
        index = rng.integers(0, 9, 13)
        assert np.array_equal(bits(ao.index_select(x, index.astype(np.int32), 0)), bits(x[index]))
        assert np.array_equal(bits(ao.gather_v2(x[None], index, 1)), bits(x[None][:, index]))


def test_gather_index_space_walked_in_c_order():
    # a 3-d index and a transposed 2-d one (the index space walked by a counter), the
    # error naming the first bad index in C order
    rng = np.random.default_rng(22)
    x = rng.standard_normal((6, 11)).astype(np.float32)
    index = rng.integers(-11, 11, (2, 3, 4))
    np.testing.assert_array_equal(ao.gather_v2(x, index, 1), np.take(x, index, 1))
    index2 = rng.integers(0, 6, (4, 5)).T
    np.testing.assert_array_equal(ao.gather_v2(x, index2, 0), np.take(x, index2, 0))
    bad = np.zeros((3, 4), np.int64)
    bad[1, 2], bad[2, 0] = 11, 12
    out = np.full((6, 4, 3), 5.0, np.float32)
    status, message = _status(ao.gather_v2, x, bad.T, 1, out=out)
    assert status == RUNTIME and "index 12 (element 2 of" in message and (out == 5.0).all()


def test_gather_rows_on_threads_and_empty():
    rng = np.random.default_rng(23)
    x = rng.standard_normal((700, 301)).astype(np.float32)
    index = rng.integers(0, 301, 450)
    saved = ao.get_num_threads()
    try:
        for threads in (1, 2, 3):
            ao.set_num_threads(threads)
            np.testing.assert_array_equal(ao.gather_v2(x, index, 1), x[:, index])
            np.testing.assert_array_equal(ao.repeat_interleave_int_with_dim(x, 3, 1, 903), np.repeat(x, 3, 1))
    finally:
        ao.set_num_threads(saved)
    assert ao.gather_v2(np.zeros((0, 5), np.float32), np.array([1, 2]), 1).shape == (0, 2)
    assert ao.gather_v2(x, np.zeros((0,), np.int64), 1).shape == (700, 0)


# -- out of range: a clear error at run time, nothing written, nothing read outside -------------
@pytest.mark.parametrize("name,index", [("gather_v2", [0, 4]), ("gather_v2", [-5, 0]), ("index_select", [4]),
                                        ("index_select", [-1]), ("index_select", [2**40])])
def test_out_of_range_index_is_a_runtime_error(name, index):
    x = np.arange(8, dtype=np.float32).reshape(4, 2)
    out = np.full((len(index), 2), 9.0, np.float32)
    status, message = _status(getattr(ao, name), x, np.array(index, np.int64), 0, out=out)
    assert status == RUNTIME and "out of range" in message and "length 4" in message
    assert (out == 9.0).all()       # nothing written


def test_out_of_range_in_the_two_phases_and_no_access_outside():
    # self is a view into the middle of a guarded buffer: an unchecked index -1 or 4 would
    # read a guard value into out; the run refuses instead, out keeps its fill
    buf = np.full(12, 1e30, np.float32)
    x = ao.tensor(buf)[4:8]
    index = ao.tensor(np.array([1, 4], np.int32))
    out = ao.tensor(np.zeros(2, np.float32))
    ws, ex = aclnn.index_select_get_workspace_size(x, 0, index, out)
    with pytest.raises(ao.AclnnError) as e:
        aclnn.index_select(None, ws, ex)
    assert e.value.status == RUNTIME and "index 4" in str(e.value)
    assert np.asarray(out).tolist() == [0.0, 0.0]
    # scatter: an index past the end would write the guard; refused, nothing changed
    buf = np.zeros(12, np.float32)
    y = ao.tensor(buf)[4:8]
    status, message = _status(ao.inplace_index_copy, y, np.array([0, 4], np.int64), np.ones(2, np.float32), 0)
    assert status == RUNTIME and "index 4" in message
    assert not buf.any()
    status, _ = _status(ao.inplace_index_copy, y, np.array([-1], np.int64), np.ones(1, np.float32), 0)
    assert status == RUNTIME and not buf.any()


# -- scatter: duplicates, views, in place ------------------------------------------------------
def test_index_copy_duplicates_last_wins_on_any_thread_count():
    rng = np.random.default_rng(4)
    index = rng.integers(0, 50, 4000)
    src = rng.standard_normal((4000, 33)).astype(np.float32)
    want = np.zeros((50, 33), np.float32)
    want[index] = src       # numpy: the last assignment of a repeated index stays
    saved = ao.get_num_threads()
    try:
        for threads in (1, 2, 4):
            ao.set_num_threads(threads)
            y = np.zeros((50, 33), np.float32)
            ao.inplace_index_copy(y, index, src, 0)
            np.testing.assert_array_equal(y, want)
    finally:
        ao.set_num_threads(saved)


@pytest.mark.parametrize("dim", [0, 1, 2, -1])
def test_index_copy_views(dim):
    rng = np.random.default_rng(5 + dim)
    base = rng.standard_normal((5, 6, 8)).astype(np.float32)
    y0 = base.copy()
    y = y0.transpose(1, 0, 2)[:, ::-1]          # (6, 5, 8), negative and transposed strides
    n = y.shape[dim]
    index = rng.permutation(n)[: max(1, n - 2)]
    sshape = list(y.shape)
    sshape[dim] = len(index)
    src = rng.standard_normal([2 * s for s in sshape]).astype(np.float32)[::2, ::2, ::2]
    want = y.copy()
    np.moveaxis(want, dim, 0)[index] = np.moveaxis(src, dim, 0)
    ao.inplace_index_copy(y, index.astype(np.int32), src, dim)
    np.testing.assert_array_equal(y, want)


def test_index_copy_source_overlapping_self():
    # source is a view of self itself: read before any write (the executor's overlap path)
    y = np.arange(12, dtype=np.float32).reshape(6, 2)
    src = y[1:3]
    want = y.copy()
    want[[4, 0]] = y[1:3].copy()
    ao.inplace_index_copy(y, np.array([4, 0], np.int64), src, 0)
    np.testing.assert_array_equal(y, want)


def test_gather_out_overlapping_self():
    x = np.arange(16, dtype=np.float32)
    want = x[np.array([3, 2, 1, 0, 7, 6, 5, 4])].copy()
    ao.gather_v2(x, np.array([3, 2, 1, 0, 7, 6, 5, 4]), 0, out=x[:8])
    np.testing.assert_array_equal(x[:8], want)


# -- CANN's phase-1 rules ------------------------------------------------------------------------
def test_phase1_rules():
    x = np.zeros((3, 4), np.float32)
    i64 = np.array([0], np.int64)
    assert _status(ao.gather_v2, x, np.array([0.0], np.float32), 0)[0] == INVALID      # index dtype
    assert _status(ao.gather_v2, x, i64, 2)[0] == INVALID                               # dim
    assert _status(ao.gather_v2, x, i64, 0, out=np.zeros((2, 4), np.float32))[0] == INVALID
    assert _status(ao.gather_v2, x, i64, 0, out=np.zeros((1, 4), np.float16))[0] == INVALID
    assert _status(ao.index_select, x, np.zeros((1, 1), np.int64), 0)[0] == INVALID    # index 2-d
    status, message = _status(aclnn.gather_v2_get_workspace_size, ao.tensor(x), 0, None, ao.tensor(x))
    assert status == NULLPTR and "index" in message
    y = np.zeros((3, 4), np.float32)
    assert _status(ao.inplace_index_copy, y, np.array([0, 1], np.int64), np.zeros((1, 4), np.float32), 0)[0] \
        == INVALID                                                                   # numel(index) != source's
    assert _status(ao.inplace_index_copy, y, np.array([0], np.int64), np.zeros((1, 3), np.float32), 0)[0] \
        == INVALID                                                                   # slice shapes
    assert _status(ao.inplace_index_copy, y, np.array([0], np.int64), np.zeros((1, 4), np.float16), 0)[0] \
        == INVALID                                                                   # source dtype
    assert _status(ao.inplace_index_copy, y, np.array([[0]], np.int64), np.zeros((1, 4), np.float32), 0)[0] \
        == INVALID                                                                   # index 2-d
    # empty self or index: success, nothing run
    assert ao.gather_v2(x, np.zeros(0, np.int64), 0).shape == (0, 4)
    assert ao.index_select(np.zeros((0, 4), np.float32), i64, 1).shape == (0, 1)


def test_executor_cache_and_repeat():
    x = ao.tensor(np.arange(6, dtype=np.float32).reshape(3, 2))
    ibuf = np.array([2, 0], np.int64)
    index = ao.from_numpy(ibuf)            # shares ibuf's memory
    out = ao.tensor(np.zeros((2, 2), np.float32))
    for _ in range(2):
        ws, ex = aclnn.gather_v2_get_workspace_size(x, 0, index, out)
        aclnn.gather_v2(None, ws, ex)
    assert np.asarray(out).tolist() == [[4.0, 5.0], [0.0, 1.0]]
    # the index's values are read at run time: a new value through the same executor key
    ibuf[:] = [1, 1]
    ws, ex = aclnn.gather_v2_get_workspace_size(x, 0, index, out)
    aclnn.gather_v2(None, ws, ex)
    assert np.asarray(out).tolist() == [[2.0, 3.0], [2.0, 3.0]]


def test_torch_agrees():
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(6)
    x = rng.standard_normal((7, 5, 3)).astype(np.float32)
    idx = rng.integers(0, 5, 4)
    np.testing.assert_array_equal(ao.index_select(x, idx, 1),
                                  torch.index_select(torch.from_numpy(x), 1, torch.from_numpy(idx)).numpy())
    y = np.zeros((7, 5, 3), np.float32)
    src = rng.standard_normal((7, 4, 3)).astype(np.float32)
    perm = rng.permutation(5)[:4]
    ao.inplace_index_copy(y, perm, src, 1)
    t = torch.zeros(7, 5, 3).index_copy_(1, torch.from_numpy(perm), torch.from_numpy(src))
    np.testing.assert_array_equal(y, t.numpy())


# -- RepeatInterleaveIntWithDim: the gather with the implicit index x // repeats -------------------
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "int8", "int64", "bool", "uint32"])
def test_repeat_interleave_every_dtype(dtype):
    rng = np.random.default_rng(7)
    x = _data((3, 4, 2), dtype, rng)
    for repeats, dim in ((2, 0), (3, 1), (1, -1), (4, 2)):
        got = ao.repeat_interleave_int_with_dim(x, repeats, dim, x.shape[dim] * repeats)
        assert np.array_equal(bits(got), bits(np.repeat(x, repeats, axis=dim)))


@pytest.mark.parametrize("dtype", ["int8", "float16", "float32", "int64"])
def test_repeat_interleave_along_the_inner_dim(dtype):
    rng = np.random.default_rng(24)
    x = _data((7, 13), dtype, rng)
    for repeats in (1, 2, 3):
        got = ao.repeat_interleave_int_with_dim(x, repeats, -1, 13 * repeats)
        assert np.array_equal(bits(got), bits(np.repeat(x, repeats, -1)))
    wide = _data((7, 26), dtype, rng)[:, ::2]
    assert np.array_equal(bits(ao.repeat_interleave_int_with_dim(wide, 2, 1, 26)), bits(np.repeat(wide, 2, 1)))


def test_repeat_interleave_views_and_rules():
    x = np.arange(24, dtype=np.float32).reshape(4, 6)[::-1, ::2]
    out = np.zeros((3, 8), np.float32).T
    ao.repeat_interleave_int_with_dim(x, 2, 0, 8, out=out)
    np.testing.assert_array_equal(out, np.repeat(x, 2, axis=0))
    # outputSize 0: success, out untouched (CANN's early return)
    out = np.full((2, 3), 5.0, np.float32)
    ao.repeat_interleave_int_with_dim(np.ones((2, 3), np.float32), 2, 1, 0, out=out)
    assert (out == 5.0).all()
    assert _status(ao.repeat_interleave_int_with_dim, x, -1, 0, 0)[0] == INVALID
    assert _status(ao.repeat_interleave_int_with_dim, np.float32(1), 2, 0, 2)[0] == INVALID
    # an outputSize other than len * repeats: refused (CANN's kernel has no defined result)
    assert _status(ao.repeat_interleave_int_with_dim, x, 2, 0, 7, out=np.zeros((7, 3), np.float32))[0] == INVALID
    torch = pytest.importorskip("torch")
    np.testing.assert_array_equal(ao.repeat_interleave_int_with_dim(x, 3, 1, 9),
                                  torch.repeat_interleave(torch.from_numpy(x.copy()), 3, dim=1).numpy())


@pytest.mark.parametrize("name", ["gather_v2", "index_select", "inplace_index_copy",
                                  "repeat_interleave_int_with_dim"])
def test_docstring_example_runs(name):
    import doctest
    f = getattr(ao, name)
    test = doctest.DocTestParser().get_doctest(f.__doc__, {}, name, None, 0)
    assert len(test.examples) == 3
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test, out=lambda s: None)
    assert runner.failures == 0


@pytest.mark.slow       # an interpreter's start: seconds
def test_torch_is_never_imported_without_a_torch_argument(run_python):
    code = """
import sys
import numpy as np
import ascendops as ao
x = np.arange(6, dtype=np.float32).reshape(3, 2)
ao.gather_v2(x, np.array([1, -1]), 0)
ao.index_select(ao.tensor(x), [2, 0], 0)
ao.inplace_index_copy(x, np.array([0]), np.ones((1, 2), np.float32), 0)
ao.repeat_interleave_int_with_dim(x.tolist(), 2, 1, 4)
print("torch" in sys.modules)
"""
    assert run_python(code).splitlines()[-1] == "False"


@pytest.mark.slow       # an interpreter's start per region: seconds
@pytest.mark.parametrize("isa", ["baseline", "avx2"])
def test_run_copies_in_the_other_isa_regions(run_python, isa):
    """The gathers' and the concatenation's run copies (src/copy_runs.h) of the regions the
    machine's own does not run: the baseline's memcpy, avx2's moves."""
    code = """
import sys
sys.path.insert(0, %r)
sys.path.insert(0, %r)
import numpy as np
import ascendops
import test_index, test_cat_tril_triu
for dt in test_index.WIDTH_DTYPES:
    test_index.test_gather_elements_along_the_inner_dim(dt)
for dt in test_cat_tril_triu.WIDTH_DTYPES:
    test_index.test_gather_slices_of_every_run_width(dt)
    test_cat_tril_triu.test_cat_row_segments_every_width(dt)
test_cat_tril_triu.test_cat_row_segments_views_and_empty_pieces()
test_cat_tril_triu.test_cat_row_segments_on_threads()
print(ascendops.isa())
""" % (os.path.dirname(os.path.abspath(__file__)), os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert run_python(code, ASCENDOPS_ISA=isa) == isa
