"""The arithmetic reductions and the scan on the axis-reduction kind (ReduceSum, Mean,
ArgMax, Cumsum; src/reduce.c): what the generic harness does not reach. Integer sums
exact and wrapping in the compute dtype (torch's semantics), every dtype cast first,
16-bit floats accumulated wider and rounded once, ArgMax's NaN and tie rules, strided
and overlapping layouts, empty blocks (CANN's fills), the same bits on any thread
count. References: numpy (float64 or exact integers), and torch where installed."""
import numpy as np
import pytest

import ascendops as ao

FLOATS = ("float32", "float16", "bfloat16", "float64")
INTS = ("int8", "int16", "int32", "int64", "uint8")


# -- the grouped order's model ------------------------------------------------------------
CHUNK = 65536       # src/axis_kernels.h AO_AX_CHUNK: a long row's parts, each summed from zero


def _lanes_tree(steps, per):
    """Each row's sum from its addends in 16 float64 lanes, steps[r, k, l] the k-th addend
    of lane l: the lanes from +0 in step order per chunk of `per` steps, the chunks' lanes
    added in order, then the lanes in ao_axis_lanes' tree (l += l + 8, + 4, + 2, + 1)."""
    r = steps.shape[0]
    tot = np.zeros((r, 16))
    for c in range(0, steps.shape[1], per):
        # np.cumsum adds in order; the leading zero is the lanes' +0 start
        lanes = np.cumsum(np.concatenate([np.zeros((r, 1, 16)), steps[:, c:c + per]], 1), axis=1)[:, -1]
        tot = lanes if c == 0 else tot + lanes
    w = 8
    while w >= 1:
        tot = tot[:, :w] + tot[:, w:2 * w]
        w //= 2
    return tot[:, 0]


def _grouped_sums(rows):
    """numpy's model of src/reduce.c's grouped order over each row of rows (float32 values,
    shape (r, n)), as float64: groups of 64 elements; in group g, lane l's float32 partial
    (x[64g + l] + x[64g + 16 + l]) + (x[64g + 32 + l] + x[64g + 48 + l]) (past the end +0),
    added in group order into the lanes per chunk of CHUNK elements (_lanes_tree)."""
    rows = np.asarray(rows, np.float32)
    r, n = rows.shape
    g = -(-n // 64)
    t = np.zeros((r, g * 64), np.float32)
    t[:, :n] = rows
    a = t.reshape(r, g, 4, 16)
    part = (a[:, :, 0] + a[:, :, 1]) + (a[:, :, 2] + a[:, :, 3])          # float32 adds
    return _lanes_tree(part.astype(np.float64), CHUNK // 64)


def _lane_sums(rows):
    """numpy's model of the double lanes (a DOUBLE compute dtype's sums, Norm(2)'s squares)
    over each row of rows (float64 values, shape (r, n)): element i into lane i % 16 in
    element order, per chunk of CHUNK elements (_lanes_tree)."""
    rows = np.asarray(rows, np.float64)
    r, n = rows.shape
    t = np.zeros((r, -(-n // 16) * 16))
    t[:, :n] = rows
    return _lanes_tree(t.reshape(r, -1, 16), CHUNK // 16)


def _round_to(v, dtype):
    """float64 values rounded once to dtype as the Cast kernel does (bfloat16 through float32)."""
    npdt = ao.as_dtype(dtype).numpy
    with np.errstate(over="ignore", invalid="ignore"):
        return v.astype(np.float32).astype(npdt) if dtype == "bfloat16" else v.astype(npdt)


def _model(x, dims, keepdim, dtype, mean=False):
    """The model's ReduceSum (Mean) of x over dims in dtype: the block in C order of the
    reduced dims, each element cast to dtype, the grouped sums rounded once."""
    x = np.asarray(x)
    dims = sorted(d % x.ndim for d in dims) if dims else list(range(x.ndim))
    kept = [d for d in range(x.ndim) if d not in dims]
    blocks = np.transpose(x, kept + dims).reshape(int(np.prod([x.shape[d] for d in kept])), -1)
    blocks = blocks.astype(ao.as_dtype(dtype).numpy).astype(np.float32)
    s = _grouped_sums(blocks)
    if mean:        # an empty block's mean: NaN (the default quiet NaN, sign clear)
        s = s / blocks.shape[1] if blocks.shape[1] else np.full_like(s, np.nan)
    out = _round_to(s, dtype)
    shape = [1 if d in dims else x.shape[d] for d in range(x.ndim)] if keepdim else [x.shape[d] for d in kept]
    return out.reshape(shape)


def _rand(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    dt = ao.as_dtype(dtype).numpy
    if dtype == "bool":
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    if np.issubdtype(dt, np.integer):
        info = np.iinfo(dt)
        return rng.integers(info.min, int(info.max) + 1, size=shape, dtype=np.int64).astype(dt)
    return rng.uniform(-3, 3, size=shape).astype(dt)


# -- ReduceSum --------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", INTS)
def test_integer_sum_wraps_in_its_width(dtype):
    x = _rand((5, 300), dtype, 1)
    got = np.asarray(ao.reduce_sum(x, [1], False, dtype))
    want = x.astype(np.int64).sum(axis=1).astype(x.dtype)       # two's complement wrap
    assert got.dtype == x.dtype and np.array_equal(got, want)


def test_int64_sum_wraps():
    x = np.array([[2 ** 62, 2 ** 62, 2 ** 62]], np.int64)
    assert np.asarray(ao.reduce_sum(x, [1], False, "int64")).tolist() == [(3 * 2 ** 62) - 2 ** 64]


@pytest.mark.parametrize("src,dst", [("int8", "int64"), ("bool", "int64"), ("uint8", "int32"), ("float32", "int32"),
                                     ("int32", "float32"), ("float32", "float16"), ("float16", "float32"),
                                     ("float64", "float32"), ("int16", "float64"), ("bfloat16", "bfloat16")])
def test_sum_casts_self_to_dtype_first(src, dst):
    x = _rand((3, 4, 70), src, 2)
    if src == "float32" and dst == "int32":
        x = x * 10
    got = np.asarray(ao.reduce_sum(x, [0, 2], True, dst))
    cast = x.astype(ao.as_dtype(dst).numpy)
    if np.issubdtype(cast.dtype, np.integer):
        want = cast.astype(np.int64).sum(axis=(0, 2), keepdims=True).astype(cast.dtype)
        assert np.array_equal(got, want)
    elif src in ("float32", "float16", "bfloat16") and dst in (src, "float32"):
        # the grouped order's float32 partials (the fp32 path)
        assert got.tobytes() == _model(x, [0, 2], True, dst).tobytes()
    else:
        want = cast.astype(np.float64).sum(axis=(0, 2), keepdims=True)
        # rounded once: the float64 sum rounded to dst
        assert np.array_equal(got.astype(np.float64), want.astype(cast.dtype).astype(np.float64))


def test_bool_dtype_is_any():
    x = np.array([[0, 0, 0], [0, 3, 0], [-1, 2, 0]], np.int32)
    assert np.asarray(ao.reduce_sum(x, [1], False, "bool")).tolist() == [False, True, True]


def test_float16_sum_accumulates_wider():
    # 4096 ones: a float16 accumulator stalls at 2048; the sum is exact here
    x = np.ones(4096, np.float16)
    assert float(np.asarray(ao.reduce_sum(x, [], False, "float16"))) == 4096.0


def test_sum_every_dim_and_0d():
    x = _rand((3, 5, 7), "float32", 3)
    got = np.asarray(ao.reduce_sum(x, [], False, "float32"))
    assert got.shape == () and got.tobytes() == _model(x, [], False, "float32").tobytes()
    assert float(np.asarray(ao.reduce_sum(np.float32(2.5), [], False, "float32"))) == 2.5


def test_sum_strided_and_transposed():
    base = _rand((6, 9, 8), "float64", 4)
    x = base[::2, :, ::-3].transpose(2, 0, 1)           # reversed, strided, transposed
    for dims in ([0], [1], [2], [0, 2], []):
        got = np.asarray(ao.reduce_sum(x, dims, False, "float64"))
        np.testing.assert_allclose(got, x.sum(axis=tuple(dims) or None), rtol=1e-14, atol=1e-13)
        i = (x * 100).astype(np.int32)
        assert np.array_equal(np.asarray(ao.cumsum(i, -1, "int32")), np.cumsum(i, axis=-1))


def test_empty_self_sums_to_zero():
    got = np.asarray(ao.reduce_sum(np.zeros((2, 0, 4), np.int32), [1], False, "int32"))
    assert got.shape == (2, 4) and not got.any()


# -- Mean -------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ("float32", "float16", "bfloat16", "float64"))
def test_mean_rounded_once(dtype):
    x = _rand((4, 33, 5), dtype, 5)
    got = np.asarray(ao.mean(x, [1], True, dtype))
    want = x.astype(np.float64).mean(axis=1, keepdims=True).astype(x.dtype)
    assert got.dtype == x.dtype
    if dtype == "float64":      # summed in double: a few ulps from numpy's pairwise sum
        np.testing.assert_allclose(got, want, rtol=1e-15, atol=1e-16)
    else:                       # the grouped order's sum / n, rounded once
        assert got.tobytes() == _model(x, [1], True, dtype, mean=True).tobytes()


def test_mean_of_ints_in_float_and_empty_nan():
    x = np.arange(12, dtype=np.int32).reshape(3, 4)
    assert np.asarray(ao.mean(x, [1], False, "float32")).tolist() == [1.5, 5.5, 9.5]
    e = np.asarray(ao.mean(np.zeros((3, 0), np.float32), [1], False, "float32"))
    assert e.shape == (3,) and np.isnan(e).all()


def test_mean_integer_dtype_is_refused():
    with pytest.raises(ao.AclnnError) as e:
        ao.mean(np.ones((2, 3), np.int32), [1], False, "int32")
    assert e.value.status == 561103


# -- ArgMax -----------------------------------------------------------------------------
def test_argmax_first_max_and_first_nan():
    x = np.array([[1, 3, 3, 0], [np.nan, 5, np.nan, 9], [2, 2, 2, 2], [-np.inf, -np.inf, -5, np.inf]], np.float32)
    assert np.asarray(ao.arg_max(x, 1, False)).tolist() == [1, 0, 0, 3]
    y = np.array([[7, np.nan], [9, 1]], np.float16)
    assert np.asarray(ao.arg_max(y, 0, True)).tolist() == [[1, 0]]


@pytest.mark.parametrize("dtype", ("int8", "int64", "uint8", "bfloat16", "float64"))
def test_argmax_dtypes(dtype):
    x = _rand((6, 50), dtype, 6)
    got = np.asarray(ao.arg_max(x, -1, False))
    assert got.dtype == np.int64
    assert np.array_equal(got, np.argmax(x.astype(np.float64) if dtype == "bfloat16" else x, axis=-1))


def test_argmax_int64_extremes_compare_exactly():
    x = np.array([2 ** 62 + 1, 2 ** 62 + 3, 2 ** 62 + 2], np.int64)     # equal as doubles
    assert int(np.asarray(ao.arg_max(x, 0, False))) == 1


# -- Cumsum -----------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", FLOATS)
def test_cumsum_float_rounded_once(dtype):
    x = _rand((3, 200), dtype, 7)
    got = np.asarray(ao.cumsum(x, 1, dtype))
    want = np.cumsum(x.astype(np.float64), axis=1).astype(x.dtype)
    assert np.array_equal(got.astype(np.float64), want.astype(np.float64))


@pytest.mark.parametrize("dtype", INTS)
def test_cumsum_integer_wraps(dtype):
    x = _rand((4, 130), dtype, 8)
    got = np.asarray(ao.cumsum(x, 1, dtype))
    assert np.array_equal(got, np.cumsum(x.astype(np.int64), axis=1).astype(x.dtype))


def test_cumsum_dim0_and_cast():
    x = _rand((50, 3, 2), "int16", 9)
    got = np.asarray(ao.cumsum(x, 0, "float32"))
    assert got.dtype == np.float32
    assert np.array_equal(got, np.cumsum(x.astype(np.float64), axis=0).astype(np.float32))


# -- the same bits on any thread count ---------------------------------------------------
def test_same_bits_on_any_thread_count():
    x = _rand((64, 4099), "float32", 10)
    runs = []
    old = ao.get_num_threads()
    try:
        for n in (1, 2, 3):
            ao.set_num_threads(n)
            runs.append([np.asarray(a).tobytes() for a in (
                ao.reduce_sum(x, [1], False, "float32"), ao.reduce_sum(x, [0], False, "float32"),
                ao.reduce_sum(x, [], False, "float32"), ao.mean(x, [0, 1], False, "float32"),
                ao.arg_max(x, 1, False), ao.cumsum(x, 1, "float32"), ao.cumsum(x, 0, "float32"))])
    finally:
        ao.set_num_threads(old)
    assert runs[0] == runs[1] == runs[2]


# -- torch as a second reference ----------------------------------------------------------
def test_against_torch():
    torch = pytest.importorskip("torch")
    x = _rand((7, 31, 9), "float32", 11)
    t = torch.from_numpy(x)
    np.testing.assert_allclose(np.asarray(ao.reduce_sum(x, [1], False, "float32")), torch.sum(t, 1).numpy(),
                               rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(np.asarray(ao.mean(x, [0, 2], True, "float32")),
                               torch.mean(t, (0, 2), True).numpy(), rtol=1e-5, atol=1e-6)
    assert np.array_equal(np.asarray(ao.arg_max(x, 1, False)), torch.argmax(t, 1).numpy())
    np.testing.assert_allclose(np.asarray(ao.cumsum(x, 1, "float32")), torch.cumsum(t, 1).numpy(),
                               rtol=1e-5, atol=1e-5)
    i = _rand((5, 40), "int8", 12)
    assert np.array_equal(np.asarray(ao.reduce_sum(i, [1], False, "int64")),
                          torch.sum(torch.from_numpy(i), 1).numpy())


def test_columns_together_give_each_columns_bits():
    """Neighbouring rows reduced together (src/reduce.c's rows functions: a reduction over
    an outer dim) give the bits of the one-row path over the same elements."""
    x = _rand((3000, 70), "float32", 13)
    xt = np.ascontiguousarray(x.T)           # each column a contiguous row
    for f in (lambda a, d: ao.reduce_sum(a, [d], False, "float32"), lambda a, d: ao.mean(a, [d], False, "float32"),
              lambda a, d: ao.reduce_sum(a, [d], False, "float64")):
        assert np.asarray(f(x, 0)).tobytes() == np.asarray(f(xt, 1)).tobytes()
    assert np.asarray(ao.cumsum(x, 0, "float32")).tobytes() == np.ascontiguousarray(
        np.asarray(ao.cumsum(xt, 1, "float32")).T).tobytes()


@pytest.mark.slow
def test_same_bits_in_every_isa_region(run_python):
    code = """
import hashlib, numpy as np, ascendops as ao
x = np.random.default_rng(7).uniform(-3, 3, (300, 4099)).astype(np.float32)
h = hashlib.sha256()
for a in (ao.reduce_sum(x, [1], False, "float32"), ao.reduce_sum(x, [0], False, "float32"),
          ao.mean(x, [0], True, "float64"), ao.cumsum(x, 0, "float32"), ao.arg_max(x, 0, False)):
    h.update(np.asarray(a).tobytes())
print(ao.isa(), h.hexdigest())
"""
    runs = [run_python(code, ASCENDOPS_ISA=isa).split() for isa in ("baseline", "avx2", "avx512")]
    assert len({r[1] for r in runs}) == 1, runs


def test_long_rows_in_chunks_on_any_thread_count():
    """A row longer than two chunks (src/axis.c's parts: rows fewer than threads) sums its
    chunks on several threads, in chunk order: the same bits on 1-3 threads, and the
    bits of the rows path (the same elements as neighbouring columns)."""
    x = _rand((200000,), "float32", 14)
    cols = _rand((150000, 3), "float32", 15)
    runs = []
    old = ao.get_num_threads()
    try:
        for n in (1, 2, 3):
            ao.set_num_threads(n)
            runs.append([np.asarray(a).tobytes() for a in (
                ao.reduce_sum(x, [], False, "float32"), ao.mean(x, [0], False, "float64"),
                ao.reduce_sum(x.astype(np.float16), [0], False, "float32"),
                ao.reduce_sum(cols, [0], False, "float32"))])
    finally:
        ao.set_num_threads(old)
    assert runs[0] == runs[1] == runs[2]
    np.testing.assert_allclose(float(np.asarray(ao.reduce_sum(x, [], False, "float64"))),
                               x.astype(np.float64).sum(), rtol=1e-13)
    t = np.ascontiguousarray(cols.T)
    assert np.asarray(ao.reduce_sum(cols, [0], False, "float32")).tobytes() == \
        np.asarray(ao.reduce_sum(t, [1], False, "float32")).tobytes()


# -- the last dim's rows summed several at a time ------------------------------------------
def _row_by_row(f, x):
    """f over each row of x alone (a one-row block: the row function)."""
    return b"".join(np.asarray(f(x[r:r + 1])).tobytes() for r in range(x.shape[0]))


@pytest.mark.parametrize("dtype", ("float32", "float16", "bfloat16"))
@pytest.mark.parametrize("rows,n", [(9, 1000), (5, 17), (4, 16), (3, 15), (6, 1), (70, 33), (4, 70000)])
def test_last_dim_rows_together_give_each_rows_bits(dtype, rows, n):
    """Neighbouring contiguous rows reduced together (src/reduce.c's ao_rd_sum_rows_inner,
    several rows at a time, the tail of a row masked; a row longer than a chunk) give the
    bits of each row reduced alone, within a float32 ulp or a rounding of numpy's float64,
    also where the rows are apart (a slice of a wider array) or strided within."""
    rng = np.random.default_rng(20 + n)
    # exponents far apart, so that the double lanes round and the order of the adds shows
    lo, hi = (-20, 4) if dtype == "float16" else (-40, 40)
    wide = (rng.uniform(-3, 3, (rows, n + 3)) * 2.0 ** rng.integers(lo, hi, (rows, n + 3))).astype(
        ao.as_dtype(dtype).numpy)
    wide[0, :n] = -0.0              # a row of negative zeros sums to +0
    for x in (np.ascontiguousarray(wide[:, :n]), wide[:, :n], wide[:, 1:n + 1][:, ::1], wide[:, ::2]):
        for f in (lambda a: ao.reduce_sum(a, [1], False, dtype), lambda a: ao.mean(a, [1], False, dtype),
                  lambda a: ao.reduce_sum(a, [1], True, "float64"), lambda a: ao.norm(a, 2.0, (1,), False)):
            assert np.asarray(f(x)).tobytes() == _row_by_row(f, x)
        # the grouped order's model (its float32 partials round here: exponents far apart)
        assert np.asarray(ao.reduce_sum(x, [1], False, dtype)).tobytes() == _model(x, [1], False, dtype).tobytes()
        assert np.asarray(ao.mean(x, [1], False, dtype)).tobytes() == \
            _model(x, [1], False, dtype, mean=True).tobytes()
        got = np.asarray(ao.reduce_sum(x, [1], False, "float64"))
        x64 = x.astype(np.float64)
        ref = x64.sum(axis=1)
        assert (np.abs(got - ref) <= 1e-12 * np.abs(x64).sum(axis=1)).all()
        # the double lanes' model (the exponents far apart round them), which also pins
        # where a region's widening puts each element
        assert got.tobytes() == _lane_sums(x64).tobytes()
        norm = np.asarray(ao.norm(x, 2.0, (1,), False))
        squares = x64 ** 2      # exact: a 16- or 32-bit float's square fits a double
        assert norm.tobytes() == _round_to(np.sqrt(_lane_sums(squares)), dtype).tobytes()
        norm = norm.astype(np.float64)
        ref = np.sqrt(squares.sum(axis=1))
        np.testing.assert_allclose(norm, ref, rtol={"float32": 2e-7, "float16": 1e-3, "bfloat16": 8e-3}[dtype])
    assert np.signbit(np.asarray(ao.reduce_sum(wide[:, :n], [1], False, "float32"))[0]) == 0


GROUPED_LENGTHS = (0, 1, 15, 16, 17, 63, 64, 65, 1000, 2048 + 5, CHUNK + 70, 2 * CHUNK + 70)


@pytest.mark.parametrize("dtype", ("float32", "float16", "bfloat16"))
def test_grouped_order_matches_its_model(dtype):
    """ReduceSum and Mean of a FLOAT, FLOAT16 or BFLOAT16 compute dtype give the grouped
    order's model bit for bit on every path that sums such a row: the last-dim rows
    (sum_rows), one row alone (the row function over fp32 blocks, 16-bit ones widened
    into scratch), the outer-dims rows vectorised across rows (FLOAT) and a long row's
    parts on several threads (2 rows of 2 * CHUNK + 70 elements, 3 threads): lengths at
    and across the group (64), block (2048) and chunk boundaries; contiguous, sliced and
    strided rows; keepdim; 1, 2 and 3 threads."""
    rng = np.random.default_rng(50)
    npdt = ao.as_dtype(dtype).numpy
    lo, hi = (-24, 12) if dtype == "float16" else (-30, 30)      # partials that round
    old = ao.get_num_threads()
    try:
        for n in GROUPED_LENGTHS:
            rows = 2 if n > 5000 else 5
            wide = (rng.uniform(-3, 3, (rows, 2 * n + 3)) * 2.0 ** rng.integers(lo, hi, (rows, 2 * n + 3))).astype(npdt)
            h = n // 2          # row 1 cancels (its sum is the order's rounding errors): -its first half shuffled
            wide[1, h:2 * h] = -wide[1, rng.permutation(h)]
            cols = np.ascontiguousarray(wide.T)                     # (2n + 3, rows): rows side by side
            last = (np.ascontiguousarray(wide[:, :n]), wide[:, 1:n + 1], wide[:, ::2][:, :n])
            outer = (cols[:n], cols[1:n + 1, :], cols[::2][:n])
            for threads in (1, 2, 3):
                ao.set_num_threads(threads)
                for x, dim in [(a, 1) for a in last] + [(a, 0) for a in outer] + [(last[0][:1], 1)]:
                    for keep in (False, True):
                        for cd in (dtype, "float32"):      # a 16-bit self summed in FLOAT too
                            assert np.asarray(ao.reduce_sum(x, [dim], keep, cd)).tobytes() == \
                                _model(x, [dim], keep, cd).tobytes(), (n, threads, x.strides, dim, keep, cd)
                        assert np.asarray(ao.mean(x, [dim], keep, dtype)).tobytes() == \
                            _model(x, [dim], keep, dtype, mean=True).tobytes(), (n, threads, x.strides, dim, keep)
    finally:
        ao.set_num_threads(old)


@pytest.mark.parametrize("dtype", ("float32", "float16", "bfloat16"))
def test_grouped_order_over_several_dims(dtype):
    """A block of several dims (the walker's runs: the row function's fp32 blocks, and for
    FLOAT the outer-dims rows path's groups gathered across runs) in the grouped order."""
    lo, hi = (-24, 12) if dtype == "float16" else (-20, 20)      # partials that round, in range
    x = (_rand((6, 9, 50), "float32", 51) * 2.0 ** np.random.default_rng(52).integers(lo, hi, (6, 9, 50))).astype(
        ao.as_dtype(dtype).numpy)
    for dims in ([0, 2], [0, 1], [1, 2], []):
        for keep in (False, True):
            assert np.asarray(ao.reduce_sum(x, dims, keep, dtype)).tobytes() == _model(x, dims, keep, dtype).tobytes()
            assert np.asarray(ao.mean(x, dims, keep, dtype)).tobytes() == \
                _model(x, dims, keep, dtype, mean=True).tobytes()
    if dtype != "float32":      # a 16-bit self summed in FLOAT: the same order
        assert np.asarray(ao.reduce_sum(x, [0, 2], False, "float32")).tobytes() == \
            _model(x, [0, 2], False, "float32").tobytes()


def test_grouped_order_error_bound():
    """The grouped order's error: each float32 partial is two rounded adds deep (at most
    2 * 2^-24 of its elements' magnitudes), the double lanes add next to nothing, and the
    result rounds once more: |sum - exact| <= 4 * 2^-24 * sum |x| (float32), here on sums
    that cancel and on exponents far apart."""
    rng = np.random.default_rng(53)
    for n in (64, 1000, 4096, 100000):
        x = (rng.uniform(-1, 1, (4, n)) * 2.0 ** rng.integers(-24, 24, (4, n))).astype(np.float32)
        x[1] = np.abs(x[1])
        x[2, n // 2:] = -x[2, :n - n // 2]                  # most of it cancels
        got = np.asarray(ao.reduce_sum(x, [1], False, "float32")).astype(np.float64)
        exact = np.array([float(sum(map(__import__("fractions").Fraction, r.astype(np.float64)))) for r in x]) \
            if n <= 4096 else x.astype(np.float64).sum(axis=1)        # float64: exact to 2^-29 here
        bound = 4 * 2.0 ** -24 * np.abs(x.astype(np.float64)).sum(axis=1)
        assert (np.abs(got - exact) <= bound).all(), (n, np.abs(got - exact) / bound)


def test_grouped_partials_overflow_as_float32_sums_do():
    """A float32 partial overflows where its four elements' sum passes FLOAT's range (as
    CANN's float32 sums do): +-3e38 twice in one lane's group is inf - inf = NaN, the
    same elements in four lanes sum to 0 in the double lanes, and DOUBLE sums them all
    in double."""
    x = np.zeros((2, 64), np.float32)
    x[0, [0, 16, 32, 48]] = [3e38, 3e38, -3e38, -3e38]     # lane 0's partial
    x[1, [0, 1, 2, 3]] = [3e38, 3e38, -3e38, -3e38]        # lanes 0..3, one each
    got = np.asarray(ao.reduce_sum(x, [1], False, "float32"))
    assert np.isnan(got[0]) and got[1] == 0.0
    assert np.asarray(ao.reduce_sum(x, [1], False, "float64")).tolist() == [0.0, 0.0]


def test_last_dim_rows_empty_and_special_values():
    e = np.zeros((5, 0), np.float32)
    assert np.asarray(ao.reduce_sum(e, [1], False, "float32")).tolist() == [0.0] * 5
    assert np.isnan(np.asarray(ao.mean(e, [1], False, "float32"))).all()
    x = _rand((8, 40), "float32", 30)
    x[1, 7], x[2, 39], x[3, 0], x[3, 5] = np.inf, np.nan, np.inf, -np.inf
    got = np.asarray(ao.reduce_sum(x, [1], False, "float32"))
    assert got.tobytes() == _row_by_row(lambda a: ao.reduce_sum(a, [1], False, "float32"), x)
    assert got[1] == np.inf and np.isnan(got[2]) and np.isnan(got[3])


def _same_bits_but_nan_payloads(a, b):
    """a and b bit for bit where not NaN, NaN at the same places (which NaN's payload a
    NaN + NaN add keeps is the compiler's choice of operand order)."""
    a, b = np.asarray(a), np.asarray(b)
    nan = np.isnan(a.astype(np.float32))
    assert (nan == np.isnan(b.astype(np.float32))).all()
    bits = np.uint32 if a.dtype.itemsize == 4 else np.uint16
    assert np.array_equal(a.view(bits)[~nan], b.view(bits)[~nan])


@pytest.mark.parametrize("dtype", ("float32", "float16", "bfloat16"))
@pytest.mark.parametrize("rows,n", [(11, 300), (8, 129), (9, 1), (3, 7), (16, 256)])
def test_cumsum_last_dim_rows_together_give_each_rows_bits(dtype, rows, n):
    """Rows scanned together along the last dim (src/reduce.c's ao_rd_cumsum_rows_inner:
    blocks converted by the region's array loops) give each row's bits scanned alone, and
    numpy's float64 running sums rounded once (bfloat16: through float32, as the Cast
    kernel rounds); NaN, infinities, overflow to inf and subnormal sums included."""
    rng = np.random.default_rng(40 + n)
    npdt = ao.as_dtype(dtype).numpy
    wide = rng.uniform(-3, 3, (rows, n + 5)) * 2.0 ** rng.integers(-14 if dtype == "float16" else -40, 12,
                                                                     (rows, n + 5))
    wide[1, ::3] = 2.0 ** -24 if dtype == "float16" else 1e-39        # subnormal sums
    wide[2, : n // 2] = 6e4                                            # overflows float16
    wide = wide.astype(npdt)
    wide[0, n // 2] = np.nan
    if dtype == "float16":
        wide[3 % rows, 0] = np.array(0x7e55, np.uint16).view(np.float16)   # a NaN with a payload
    wide[rows - 1, n - 1] = -np.inf
    for x in (np.ascontiguousarray(wide[:, :n]), wide[:, 2:n + 2]):
        got = np.asarray(ao.cumsum(x, 1, dtype))
        _same_bits_but_nan_payloads(got, np.concatenate([np.asarray(ao.cumsum(x[r:r + 1], 1, dtype))
                                                         for r in range(rows)]))
        ref = np.cumsum(x.astype(np.float64), axis=1)
        with np.errstate(over="ignore", invalid="ignore"):     # the sums past float16's range: inf
            ref = ref.astype(np.float32).astype(npdt) if dtype == "bfloat16" else ref.astype(npdt)
        assert np.array_equal(got.astype(np.float64), ref.astype(np.float64), equal_nan=True)
    if dtype == "float16":   # float16 input, float32 sums
        x = np.ascontiguousarray(wide[:, :n])
        _same_bits_but_nan_payloads(ao.cumsum(x, 1, "float32"), np.concatenate(
            [np.asarray(ao.cumsum(x[r:r + 1], 1, "float32")) for r in range(rows)]))


def test_cumsum_float16_sums_rounded_once():
    """1 + 2^-11 + 2^-24 is just above a float16 tie: rounded once it is 1 + 2^-10, but
    through float32 to nearest (a tie there) it would come out 1."""
    x = np.zeros((8, 24), np.float16)
    x[:, 0], x[:, 1], x[:, 2] = 1.0, 2.0 ** -11, 2.0 ** -24
    got = np.asarray(ao.cumsum(x, 1, "float16"))
    assert got[:, :2].tolist() == [[1.0, 1.0]] * 8
    assert (got[:, 2:] == np.float16(1 + 2.0 ** -10)).all()


@pytest.mark.parametrize("n", [1, 15, 16, 17, 40, 1000])
def test_argmax_contiguous_float_rows(n):
    """A contiguous float32 row (src/norm_math.h's argmax_f32: the maxima of 16 lanes, then
    the first element equal to theirs): the first maximum, the first NaN, -0 == +0, rows of
    -inf, each as numpy's argmax (and the strided rows' one-by-one path) finds it."""
    rng = np.random.default_rng(50 + n)
    x = rng.integers(-3, 4, (12, n)).astype(np.float32)        # many ties
    x[1] = -np.inf
    x[2, n // 2] = np.nan
    x[3, n - 1] = np.nan
    x[3, 0] = np.inf
    x[4] = -0.0
    x[4, n - 1] = 0.0
    x[5, :] = np.float32(7)
    x[6, n // 3] = np.nan
    x[6, n - 1] = np.nan
    want = np.argmax(x, axis=1)
    assert np.asarray(ao.arg_max(x, 1, False)).tolist() == want.tolist()
    wide = np.repeat(x, 2, axis=1)[:, ::2]                      # the same rows, strided
    assert np.asarray(ao.arg_max(wide, 1, False)).tolist() == want.tolist()


@pytest.mark.slow
def test_last_dim_rows_paths_same_bits_in_every_isa_region(run_python):
    """The last-dim rows paths (AVX-512 only: sum_rows, the staged LayerNorm rows, the
    float16 round to odd, argmax_f32) against the row functions of the other regions."""
    code = """
import hashlib, numpy as np, ascendops as ao
rng = np.random.default_rng(8)
h = hashlib.sha256()
for dt in ("float32", "float16", "bfloat16"):
    x = (rng.uniform(-3, 3, (37, 1001)) * 2.0 ** rng.integers(-12, 4, (37, 1001))).astype(ao.as_dtype(dt).numpy)
    w, b = x[0].copy(), x[1].copy()
    for a in (ao.reduce_sum(x, [1], False, "float64"), ao.mean(x, [1], False, dt), ao.norm(x, 2.0, (1,), False),
              ao.cumsum(x, 1, dt), ao.arg_max(x, 1, False)) + tuple(ao.layer_norm(x, w, b, (1001,), 1e-5)):
        h.update(np.asarray(a).tobytes())
print(ao.isa(), h.hexdigest())
"""
    runs = [run_python(code, ASCENDOPS_ISA=isa).split() for isa in ("baseline", "avx2", "avx512")]
    assert len({r[1] for r in runs}) == 1, runs
