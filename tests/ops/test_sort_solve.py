"""Argsort (an axis reduction with its own row kernel, src/sort.c) and TriangularSolve
(a batched matrix op, src/linalg.c) against numpy float64 / stable-sort references and,
where installed, torch; TriangularSolve's layouts, nulls and two-stage calls (the
generic harness's layouts do not keep its A square)."""
import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn
from ascendops.ops.argsort import reference as argsort_ref
from ascendops.ops.triangular_solve import make_inputs, reference as ts_ref


def _rows(rng, shape, dtype):
    if np.dtype(dtype).kind == "f":
        x = rng.integers(-4, 4, size=shape).astype(dtype) * np.asarray(0.5, dtype)
        flat = x.reshape(-1)
        flat[::7] = np.nan
        flat[1::11] = -0.0
        flat[2::13] = np.inf
        flat[3::17] = -np.inf
        return x
    info = np.iinfo(dtype)
    return rng.integers(max(info.min, -50), min(info.max, 50), size=shape, endpoint=True).astype(dtype)


@pytest.mark.parametrize("dtype", ["float32", "float16", "int8", "int16", "int32", "int64", "uint8"])
@pytest.mark.parametrize("n", [1, 7, 33, 300])
def test_argsort_stable_with_ties_nan_and_zeros(dtype, n):
    """Ties keep index order (both directions), NaN is the largest, -0.0 == +0.0: the
    insertion sort (n <= 32) and the radix sort (longer rows)."""
    rng = np.random.default_rng(n)
    x = _rows(rng, (3, n), dtype)
    for dim in (-1, 0):
        for desc in (False, True):
            got = np.asarray(ao.argsort(x, dim, desc))
            assert got.dtype == np.int64
            np.testing.assert_array_equal(got, argsort_ref(x, dim, desc))


@pytest.mark.parametrize("make, shape, seed", [("rows", (4, 100), 3), ("special", (1, 32000), 6)])
def test_argsort_and_its_reference_match_torch(make, shape, seed):
    """Rows of 100 and a vocabulary-sized row (top-k sampling's; NaN, -0.0, infinities,
    subnormals) in FLOAT: the reference and the op against torch's stable order."""
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(seed)
    x = (_rows if make == "rows" else _special_floats)(rng, shape, "float32")
    for desc in (False, True):
        want = torch.argsort(torch.from_numpy(x), dim=-1, descending=desc, stable=True).numpy()
        np.testing.assert_array_equal(argsort_ref(x, -1, desc), want)
        np.testing.assert_array_equal(np.asarray(ao.argsort(x, -1, desc)), want)


def test_argsort_bf16_and_64bit_keys():
    import ml_dtypes
    rng = np.random.default_rng(4)
    x = _rows(rng, (2, 50), "float32").astype(ml_dtypes.bfloat16)
    np.testing.assert_array_equal(np.asarray(ao.argsort(x, 1, True)), argsort_ref(x, 1, True))
    big = np.array([[2 ** 62, -2 ** 62, 5, -(2 ** 63), 2 ** 63 - 1, 5] * 7], np.int64)
    for desc in (False, True):
        np.testing.assert_array_equal(np.asarray(ao.argsort(big, -1, desc)), argsort_ref(big, -1, desc))


def test_argsort_strided_views_and_many_rows():
    rng = np.random.default_rng(5)
    x = rng.standard_normal((64, 40, 3)).astype(np.float32)
    for view in (x[:, ::2, 1], x.transpose(2, 1, 0), x[::3]):
        for dim in range(view.ndim):
            np.testing.assert_array_equal(np.asarray(ao.argsort(view, dim, False)), argsort_ref(view, dim))
    out = np.zeros((40, 128), np.int64)[:, ::2]
    ao.argsort(x[:, :, 0].T, 1, True, out=out)
    np.testing.assert_array_equal(out, argsort_ref(x[:, :, 0].T, 1, True))


# Row lengths at the edges of src/sort.c's paths for packed keys: insertion (<= 8), 16-element
# networks and merges (<= 64; <= 32 for 1- and 2-byte keys, a last block padded), radix by
# bytes, radix by 11-bit digits (>= 4096, 4-byte keys).
SORT_EDGES = (8, 9, 15, 16, 17, 31, 32, 33, 47, 63, 64, 65, 4095, 4096, 4100)


def _special_floats(rng, shape, dtype):
    """Distinct values over the whole range (subnormals, both zeros, infinities, NaN of
    either sign) with ties: every bit of the ordered key varies."""
    x = (rng.standard_normal(shape) * np.exp2(rng.integers(-140, 120, size=shape))).astype(np.float32)
    flat = x.reshape(-1)
    flat[10::5] = flat[1]                       # ties
    flat[2::9] = np.float32(-0.0)
    flat[3::11] = np.float32(0.0)
    flat[4::13] = np.inf
    flat[5::17] = -np.inf
    flat[6::19] = np.nan
    flat[7::23] = -np.float32(np.nan)
    if dtype == "bfloat16":
        import ml_dtypes
        return x.astype(ml_dtypes.bfloat16)
    with np.errstate(over="ignore"):
        return x.astype(dtype)              # float16: out of range -> +-inf


@pytest.mark.parametrize("n", SORT_EDGES)
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "int8", "uint8", "int16", "int32", "int64"])
def test_argsort_every_path_contiguous_and_strided(dtype, n):
    """Each row length class, both directions, rows along the last dim (contiguous: the
    radix writes the indices in its last pass) and along dim 0 (strided in and out)."""
    rng = np.random.default_rng(n)
    if dtype in ("float32", "float16", "bfloat16"):
        x = _special_floats(rng, (2, n), dtype)
    else:
        x = _rows(rng, (2, n), dtype)
        x.reshape(-1)[::3] = np.iinfo(dtype).min
        x.reshape(-1)[1::5] = np.iinfo(dtype).max
    for view, dim in ((x, -1), (np.ascontiguousarray(x.T), 0), (x.T[::-1], 0)):
        for desc in (False, True):
            np.testing.assert_array_equal(np.asarray(ao.argsort(view, dim, desc)), argsort_ref(view, dim, desc))
    out = np.full((2, 2 * n), -1, np.int64)
    ao.argsort(x, 1, True, out=out[:, ::2])
    np.testing.assert_array_equal(out[:, ::2], argsort_ref(x, 1, True))
    assert (out[:, 1::2] == -1).all()


def test_argsort_constant_rows_and_one_varying_digit():
    """Rows whose every key digit is constant (no radix pass runs), or where only the
    lowest or the highest digit varies."""
    for n in (40, 300, 5000):
        for x in (np.full((2, n), 1.5, np.float32), np.full((2, n), np.nan, np.float32),
                  np.arange(2 * n, dtype=np.int32).reshape(2, n) % 7,
                  np.where(np.arange(2 * n).reshape(2, n) % 3 == 0, -1.0, 1.0).astype(np.float32)):
            for desc in (False, True):
                np.testing.assert_array_equal(np.asarray(ao.argsort(x, -1, desc)), argsort_ref(x, -1, desc))


@pytest.mark.parametrize("dtype,bits", [(dt, b) for dt in ("int32", "int64")
                                        for b in (1, 8, 9, 11, 12, 16, 17, 22, 23, 31, 32, 33, 64)
                                        if b <= 8 * np.dtype(dt).itemsize])
def test_argsort_key_ranges(dtype, bits):
    """Keys sort as offsets from the row's smallest: as many digits as the range's bits
    (11-bit ones from 4096 elements where that saves a pass); 64-bit keys whose range
    fits in 32 bits as packed keys, wider ones as (key, index) pairs. Rows offset to
    straddle zero, with ties at both ends of the range."""
    rng = np.random.default_rng(bits)
    info = np.iinfo(dtype)
    for n in (9, 40, 100, 4096):
        span = 2 ** bits - 1
        base = max(-(2 ** (bits - 1)), info.min)
        x = rng.integers(base, base + span, size=(2, n), endpoint=True, dtype=dtype)
        x[:, ::7] = base
        x[:, 1::9] = base + span
        for desc in (False, True):
            np.testing.assert_array_equal(np.asarray(ao.argsort(x, -1, desc)), argsort_ref(x, -1, desc))
            np.testing.assert_array_equal(np.asarray(ao.argsort(x.T, 0, desc)), argsort_ref(x.T, 0, desc))


def test_argsort_0d_and_empty():
    assert np.asarray(ao.argsort(np.float32(2.0), 0, False)) == 0
    assert np.asarray(ao.argsort(np.zeros((3, 0), np.float32), 1, False)).shape == (3, 0)


# -- TriangularSolve -------------------------------------------------------------------------
def _system(rng, bshape, ashape, dtype):
    b, _ = make_inputs(rng, bshape, dtype)
    _, a = make_inputs(rng, ashape[:-1] + (1,), dtype)
    return b, a


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("shapes", [((3, 4), (3, 3)), ((2, 5, 7), (2, 5, 5)), ((2, 1, 6, 3), (1, 4, 6, 6)),
                                    ((70, 130), (70, 70)), ((1, 1), (1, 1))])
def test_triangular_solve_values(dtype, shapes):
    rng = np.random.default_rng(6)
    b, a = _system(rng, *shapes, dtype)
    tol = 1e-5 if dtype == "float32" else 1e-12
    for upper in (True, False):
        for transpose in (False, True):
            x, m = ao.triangular_solve(b, a, upper, transpose, False)
            rx, rm = ts_ref(b, a, upper, transpose, False)
            assert np.asarray(x).dtype == np.dtype(dtype)
            np.testing.assert_allclose(np.asarray(x), rx, rtol=tol, atol=tol)
            np.testing.assert_array_equal(np.asarray(m), rm)


@pytest.mark.parametrize("m, n", [(64, 1), (65, 17), (150, 70), (129, 64)])
def test_triangular_solve_float32_blocks(m, n):
    """FLOAT solves by blocks of 64 rows, the blocks between them by the engine's matrix
    product: one block and a row more, tails of blocks and of the 64-column tiles, a
    column-major and a row-major A whose other triangle is NaN (never read, not even by
    the products), a batch broadcasting A, strided self and out, unitriangular."""
    rng = np.random.default_rng(11)
    b, a = _system(rng, (2, m, n), (1, m, m), "float32")
    for upper in (True, False):
        for transpose in (False, True):
            junk = a.copy()
            junk[0][np.tril_indices(m, -1) if upper else np.triu_indices(m, 1)] = np.nan
            want = ts_ref(b, a, upper, transpose)[0]
            for av in (junk, np.asfortranarray(junk[0])[None]):
                x = np.asarray(ao.triangular_solve(b, av, upper, transpose, False)[0])
                np.testing.assert_allclose(x, want, rtol=1e-5, atol=1e-5)
    wide = np.zeros((2, m, 2 * n), np.float32)
    wide[:, :, ::2] = b
    out = np.zeros((2, m, 2 * n), np.float32)[:, :, ::2]
    ao.triangular_solve(wide[:, :, ::2], a, False, True, True, out=(out, np.zeros((2, m, m), np.float32)))
    np.testing.assert_allclose(out, ts_ref(b, a, False, True, True)[0], rtol=1e-5, atol=1e-5)


def test_triangular_solve_unitriangular_reads_one_triangle():
    """The other triangle is never read; unitriangular's diagonal is A_ii * 0 + 1 (CANN's
    A * (1 - eye) + eye): NaN where A_ii is inf."""
    rng = np.random.default_rng(7)
    b, a = _system(rng, (4, 3), (4, 4), "float32")
    a_junk = a.copy()
    a_junk[np.tril_indices(4, -1)] = np.nan
    np.testing.assert_allclose(np.asarray(ao.triangular_solve(b, a_junk, True, False, False)[0]),
                               ts_ref(b, a, True)[0], rtol=1e-5, atol=1e-5)
    x = np.asarray(ao.triangular_solve(b, a, False, True, True)[0])
    np.testing.assert_allclose(x, ts_ref(b, a, False, True, True)[0], rtol=1e-5, atol=1e-5)
    a_inf = a.copy()
    a_inf[0, 0] = np.inf
    x = np.asarray(ao.triangular_solve(b, a_inf, True, False, True)[0])
    assert np.isnan(x).any() and np.isnan(ts_ref(b, a_inf, True, False, True)[0]).any()


def test_triangular_solve_torch():
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(8)
    b, a = _system(rng, (3, 5, 4), (3, 5, 5), "float64")
    for flags in ((True, False, False), (False, True, False), (True, True, False)):
        upper, transpose, unit = flags
        ta = torch.from_numpy(a)
        want = torch.linalg.solve_triangular(ta.mT if transpose else ta, torch.from_numpy(b),
                                             upper=upper != transpose, unitriangular=unit).numpy()
        np.testing.assert_allclose(np.asarray(ao.triangular_solve(b, a, *flags)[0]), want, rtol=1e-12, atol=1e-12)


def test_triangular_solve_layouts_and_overlap():
    rng = np.random.default_rng(9)
    b, a = _system(rng, (2, 6, 4), (2, 6, 6), "float32")
    want = ts_ref(b, a, False, True)[0]
    # strided inputs, non-contiguous outputs
    x = np.zeros((2, 6, 8), np.float32)[:, :, ::2]
    m = np.zeros((2, 6, 6), np.float32).transpose(0, 2, 1)
    ao.triangular_solve(np.asfortranarray(b), a.transpose(0, 2, 1).copy().transpose(0, 2, 1), False, True, False,
                        out=(x, m))
    np.testing.assert_allclose(x, want, rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(m, a)
    # xOut is self (in place), then xOut overlapping A: the inputs' values before the call
    bt, at = ao.tensor(b.copy()), ao.tensor(a.copy())
    ao.triangular_solve(bt, at, False, True, False, out=(bt, ao.empty((2, 6, 6), "float32")))
    np.testing.assert_allclose(bt.numpy(), want, rtol=1e-5, atol=1e-5)
    buf = np.concatenate([a.reshape(-1), np.zeros(8, np.float32)])
    view_a, view_x = buf[:72].reshape(2, 6, 6), buf[4:52].reshape(2, 6, 4)
    ao.triangular_solve(b, view_a, False, True, False, out=(view_x, np.zeros((2, 6, 6), np.float32)))
    np.testing.assert_allclose(view_x, want, rtol=1e-5, atol=1e-5)


def test_triangular_solve_two_stage_nulls_and_dtypes():
    rng = np.random.default_rng(10)
    b, a = _system(rng, (3, 2), (3, 3), "float32")
    tb, ta, tx, tm = ao.tensor(b), ao.tensor(a), ao.empty((3, 2), "float32"), ao.empty((3, 3), "float32")
    ws, ex = aclnn.triangular_solve_get_workspace_size(tb, ta, True, False, False, tx, None)
    assert ws == 0
    aclnn.triangular_solve(None, ws, ex)
    np.testing.assert_allclose(tx.numpy(), ts_ref(b, a)[0], rtol=1e-5, atol=1e-5)
    for args in ((None, ta, tx), (tb, None, tx), (tb, ta, None)):
        with pytest.raises(ao.AclnnError) as e:
            aclnn.triangular_solve_get_workspace_size(args[0], args[1], True, False, False, args[2], tm)
        assert e.value.status == 561103      # CANN's CheckNotNull: ACLNN_ERR_INNER_NULLPTR
    with pytest.raises(ao.AclnnError) as e:
        ao.triangular_solve(b.astype(np.float64), a.astype(np.float64), True, False, True)
    assert e.value.status == 161002          # unitriangular: FLOAT only
    with pytest.raises(ao.AclnnError) as e:
        ao.triangular_solve(b.astype(np.complex64), a.astype(np.complex64))
    assert e.value.status == 561103          # CANN takes it; no complex kernel here
