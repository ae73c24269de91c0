"""Rotary position embedding (ascendops/_rope.pxi RotaryOp, src/rope.c):
aclnnRotaryPositionEmbedding against numpy: float64 (within the rounding of fp32 products
and sum), and bit for bit against CANN's kernel steps emulated in numpy float32 (x * cos,
rotate(x) * sin, their sum, one rounding to a 16-bit dtype); both rotations, mode values
other than 1 rotating halves, every broadcast layout the tiling accepts, strided and
transposed views, a strided out, in place, overlap, empty x, both phases."""
import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn
from ascendops.ops.rotary_position_embedding import reference, rotate

DTYPES = ["float32", "float16", "bfloat16"]
# (x shape, cos shape, modes that accept it): the layouts of rope_rotate_half_tiling.cpp
# ChooseTilingMode and rope_interleaved_tiling.cpp TilingSplit
LAYOUTS = [((2, 5, 3, 8), (1, 5, 1, 8), (0, 1)),       # BSND (llama.cpp's)
           ((1, 5, 3, 16), (1, 5, 1, 16), (0, 1)),     # B = 1
           ((2, 3, 5, 32), (1, 1, 5, 32), (0, 1)),     # BNSD (D / 2 a 32-byte multiple)
           ((5, 2, 3, 8), (5, 1, 1, 8), (0, 1)),       # SBND
           ((2, 5, 3, 8), (2, 5, 3, 8), (0,)),         # no broadcast
           ((2, 5, 3, 8), (1, 1, 1, 8), (0,)),         # BND
           ((2, 5, 3, 8), (2, 1, 3, 8), (0,)),         # r B1SD
           ((2, 5, 3, 6), (2, 5, 1, 6), (0,))]         # r BS1D, D / 2 odd


def _np(dtype):
    return np.dtype(ao.as_dtype(dtype).numpy)


def _data(shape, dtype, rng, lo=-4.0, hi=4.0):
    return rng.uniform(lo, hi, shape).astype(np.float32).astype(_np(dtype))


def _emulated(x, c, s, mode, dtype):
    """CANN's kernel in numpy float32: Cast, Mul, Mul, Add, Cast (round to nearest even)."""
    x32, c32, s32 = (np.asarray(a, np.float32) for a in (x, c, s))
    r32 = rotate(x32, mode).astype(np.float32)
    with np.errstate(over="ignore"):        # past the 16-bit range: inf, as the kernel's cast
        return (x32 * c32 + r32 * s32).astype(np.float32).astype(_np(dtype))


def _check(y, x, c, s, mode, dtype):
    np.testing.assert_array_equal(np.asarray(y).view(np.uint8 if _np(dtype).itemsize == 1 else
                                                     "u%d" % _np(dtype).itemsize),
                                  _emulated(x, c, s, mode, dtype).view("u%d" % _np(dtype).itemsize))
    ref = reference(x, c, s, mode)
    x64 = np.asarray(x, np.float64)
    scale = np.abs(x64 * np.asarray(c, np.float64)) + np.abs(rotate(x64, mode) * np.asarray(s, np.float64))
    eps = np.finfo(np.float32).eps if dtype == "float32" else (2.0 ** -10 if dtype == "float16" else 2.0 ** -7)
    assert np.all(np.abs(np.asarray(y, np.float64) - ref) <= 2 * eps * scale + 1e-30)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda l: "x%s-cos%s" % (l[0], l[1]))
def test_rope_against_numpy(layout, dtype):
    xs, rs, modes = layout
    rng = np.random.default_rng(len(xs) + xs[-1])
    x, c, s = _data(xs, dtype, rng), _data(rs, dtype, rng, -1, 1), _data(rs, dtype, rng, -1, 1)
    for mode in modes:
        _check(ao.rotary_position_embedding(x, c, s, mode=mode), x, c, s, mode, dtype)


def test_rope_rotations():
    """The rotations on a row of known values: mode 0 halves, 1 pairs, 2 and 3 halves
    (RopeRotateHalfTilingClass runs every mode other than 1)."""
    x = np.arange(1, 9, dtype=np.float32).reshape(1, 1, 1, 8)
    zero, one = np.zeros_like(x), np.ones_like(x)
    half = [-5, -6, -7, -8, 1, 2, 3, 4]
    for mode in (0, 2, 3, 7):
        np.testing.assert_array_equal(ao.rotary_position_embedding(x, zero, one, mode=mode).ravel(), half)
    np.testing.assert_array_equal(ao.rotary_position_embedding(x, zero, one, mode=1).ravel(),
                                  [-2, 1, -4, 3, -6, 5, -8, 7])
    np.testing.assert_array_equal(ao.rotary_position_embedding(x, one, zero, mode=1), x)


def test_rope_views_and_out():
    """Transposed and stepped x, cos and sin; a strided out; out = x (in place); an out
    partly overlapping x (the workspace path)."""
    rng = np.random.default_rng(3)
    base = _data((3, 6, 2, 16), "float32", rng)
    x = base.transpose(0, 2, 1, 3)[:, :, ::2, :]              # (3, 2, 3, 16): BNSD view
    cb = _data((1, 1, 6, 32), "float32", rng, -1, 1)
    c = cb[:, :, ::2, ::2]                                    # (1, 1, 3, 16), last dim stepped
    s = _data((1, 1, 3, 16), "float32", rng, -1, 1)
    want = _emulated(x, c, s, 0, "float32")
    np.testing.assert_array_equal(ao.rotary_position_embedding(x, c, s, mode=0), want)
    out = np.zeros((3, 2, 3, 32), np.float32)[..., ::2]
    ao.rotary_position_embedding(x, c, s, mode=0, out=out)
    np.testing.assert_array_equal(out, want)
    y = np.ascontiguousarray(x)
    ao.rotary_position_embedding(y, c, s, 0, out=y)
    np.testing.assert_array_equal(y, want)
    buf = np.zeros(x.size + 8, np.float32)
    xin = buf[8:].reshape(x.shape)
    xin[...] = x
    outp = buf[:-8].reshape(x.shape)
    ao.rotary_position_embedding(xin, c, s, 1, out=outp)
    np.testing.assert_array_equal(outp, _emulated(x, c, s, 1, "float32"))


def test_rope_many_rows():
    """Enough rows for several worker chunks: every row rotated with its own position."""
    rng = np.random.default_rng(5)
    x, c, s = _data((2, 64, 8, 128), "float16", rng), _data((1, 64, 1, 128), "float16", rng, -1, 1), \
        _data((1, 64, 1, 128), "float16", rng, -1, 1)
    for mode in (0, 1):
        _check(ao.rotary_position_embedding(x, c, s, mode=mode), x, c, s, mode, "float16")


def test_rope_two_phase_and_empty():
    rng = np.random.default_rng(7)
    xa = _data((2, 5, 3, 8), "float32", rng)
    ca, sa = (_data((1, 5, 1, 8), "float32", rng, -1, 1) for _ in range(2))
    outa = np.zeros((2, 5, 3, 8), np.float32)
    out = ao.tensor(outa)
    ws, ex = aclnn.rotary_position_embedding_get_workspace_size(ao.tensor(xa), ao.tensor(ca), ao.tensor(sa), 1, out)
    aclnn.rotary_position_embedding(None, ws, ex)
    np.testing.assert_array_equal(np.asarray(out), _emulated(xa, ca, sa, 1, "float32"))
    e = np.zeros((2, 0, 3, 8), np.float32)
    assert ao.rotary_position_embedding(e, np.zeros((1, 5, 1, 8), np.float32),
                                        np.zeros((1, 5, 1, 8), np.float32)).shape == (2, 0, 3, 8)


@pytest.mark.parametrize("xs, rs, mode, status", [
    ((2, 5, 3, 8), (1, 5, 3, 8), 0, 561002),      # TILING_MODE_UNKNOWN
    ((2, 5, 3, 8), (2, 5, 3, 8), 1, 561002),      # TilingSplit: no pattern
    ((2, 5, 3, 10), (1, 5, 1, 8), 0, 561002),     # cos's D
    ((5, 3, 8), (1, 5, 1, 8), 0, 561002),         # 3-d x
])
def test_rope_refusals(xs, rs, mode, status):
    x, c = np.zeros(xs, np.float32), np.zeros(rs, np.float32)
    with pytest.raises(ao.AclnnError) as e:
        ao.rotary_position_embedding(x, c, c, mode=mode)
    assert e.value.status == status


def test_rope_numpy_like_call():
    """Keywords by CANN's names (x, cos, sin, mode), Python lists as float32, out= returned
    itself, the docstring's example."""
    x = [[[[1.0, 2.0, 3.0, 4.0]]]]
    c, s = [[[[0.5] * 4]]], [[[[1.0] * 4]]]
    y = ao.rotary_position_embedding(x=x, cos=c, sin=s, mode=0)
    assert isinstance(y, np.ndarray) and y.dtype == np.float32
    np.testing.assert_array_equal(y, [[[[-2.5, -3.0, 2.5, 4.0]]]])
    out = np.empty((1, 1, 1, 4), np.float32)
    assert ao.rotary_position_embedding(np.array(x, np.float32), c, s, 1, out=out) is out
    np.testing.assert_array_equal(out, [[[[-1.5, 2.0, -2.5, 5.0]]]])
    assert "rotary_position_embedding(x, cos, sin, mode=0" in ao.rotary_position_embedding.__doc__


@pytest.mark.parametrize("d", [2, 46], ids=["scalar", "vector"])
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_rope_16bit_every_finite_value(dtype, d):
    """Every finite 16-bit x (subnormals and signed zeros included), scaled into the
    16-bit subnormal range and past its largest value: the result's bits those of CANN's
    steps in numpy float32 (widening, fp32 products and sum, one rounding to nearest even).
    Rows of 2 take the scalar conversions, rows of 46 the ISA region's vectors and their
    tails (32 + 8 + 6 on AVX-512)."""
    npd = _np(dtype)
    bits = np.arange(1 << 16, dtype=np.uint16)
    x = bits.view(npd)
    x = x[np.isfinite(x.astype(np.float32))]
    x = x[: x.size // d * d].reshape(1, -1, 1, d)
    for cval, sval in ((1e-3, 0.25), (3.0, 0.5), (1.0, -1.0)):
        c = np.full((1, 1, 1, d), cval, np.float32).astype(npd)
        s = np.full((1, 1, 1, d), sval, np.float32).astype(npd)
        for mode in (0, 1):
            y = ao.rotary_position_embedding(x, c, s, mode=mode)
            np.testing.assert_array_equal(np.asarray(y).view(np.uint16),
                                          _emulated(x, c, s, mode, dtype).view(np.uint16))


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_rope_16bit_nan_and_infinity(dtype):
    """NaN and infinite x and cos in contiguous rows (the vector conversions): a NaN
    result is the quiet NaN of its sign alone (sign | 0x7e00 in float16, the top bits of
    the float32 NaN with the quiet bit in bfloat16, as the scalar rounding gives it); the
    rest CANN's steps in numpy float32, bit for bit."""
    npd = _np(dtype)
    rng = np.random.default_rng(13)
    d = 46
    x = _data((2, 3, 2, d), dtype, rng)
    c, s = _data((1, 3, 1, d), dtype, rng, -1, 1), _data((1, 3, 1, d), dtype, rng, -1, 1)
    x.reshape(-1)[::7] = np.float32(np.nan).astype(npd)
    x.reshape(-1)[3::11] = -x.reshape(-1)[::7][0]
    x.reshape(-1)[5::13] = np.float32(np.inf).astype(npd)
    x.reshape(-1)[6::17] = np.float32(-np.inf).astype(npd)
    c.reshape(-1)[4::9] = np.float32(np.nan).astype(npd)
    for mode in (0, 1):
        y = np.asarray(ao.rotary_position_embedding(x, c, s, mode=mode))
        with np.errstate(invalid="ignore"):
            want = _emulated(x, c, s, mode, dtype)
        nan = np.isnan(want.astype(np.float32))
        assert nan.any() and np.array_equal(np.isnan(y.astype(np.float32)), nan)
        u = y.view(np.uint16)
        np.testing.assert_array_equal(u[~nan], want.view(np.uint16)[~nan])
        quiet = 0x7e00 if dtype == "float16" else 0x7fc0
        assert np.all(u[nan] & 0x7fff == quiet) or dtype == "bfloat16" and np.all(u[nan] & 0x7fc0 == 0x7fc0)


def test_docstring_example_runs():
    import doctest
    f = ao.rotary_position_embedding
    test = doctest.DocTestParser().get_doctest(f.__doc__, {}, "rotary_position_embedding", None, 0)
    assert len(test.examples) >= 3
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test, out=lambda s: None)
    assert runner.failures == 0


@pytest.mark.slow
def test_rope_same_bits_in_every_isa_region(run_python):
    """The 16-bit rows' vector conversions and the products in each region's width: the
    same bits from baseline, AVX2 and AVX-512, NaN and infinities included."""
    code = """
import hashlib, numpy as np, ascendops as ao
rng = np.random.default_rng(3)
h = hashlib.sha256()
for dt in ("float16", "bfloat16", "float32"):
    x = ao.cast(ao.tensor(rng.uniform(-70000, 70000, (2, 5, 3, 46)).astype(np.float32)), dt).numpy()
    x.reshape(-1)[::9] = np.nan
    c = ao.cast(ao.tensor(rng.uniform(-1, 1, (1, 5, 1, 46)).astype(np.float32)), dt).numpy()
    s = ao.cast(ao.tensor(rng.uniform(-1, 1, (1, 5, 1, 46)).astype(np.float32)), dt).numpy()
    for mode in (0, 1):
        h.update(np.asarray(ao.rotary_position_embedding(x, c, s, mode=mode)).tobytes())
print(ao.isa(), h.hexdigest())
"""
    runs = [run_python(code, ASCENDOPS_ISA=isa).split() for isa in ("baseline", "avx2", "avx512")]
    assert len({r[1] for r in runs}) == 1, runs
