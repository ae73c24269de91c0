"""aclnnRReluWithNoise / aclnnInplaceRReluWithNoise beyond the generic harness: the
counter-based generator (Philox4x32-10 against Random123's known answers and an
independent numpy implementation), reproducibility, independence of threads and
layout, the slopes' range and distribution, inference exactness, the noise tensor's
rules (ops-nn@e5c3fa93 activation/leaky_relu/op_api/aclnn_rrelu_with_noise.cpp), and
PyTorch's rrelu in inference."""
import numpy as np
import pytest

import ascendops as ao
from ascendops import _core, aclnn
from ascendops.ops import rrelu_with_noise as decl

# Random123's kat_vectors for philox4x32_10: (counter, key, output), words lowest first
KAT = [
    ((0, 0, 0, 0), (0, 0), (0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8)),
    ((0xffffffff,) * 4, (0xffffffff,) * 2, (0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd)),
    ((0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344), (0xa4093822, 0x299f31d0),
     (0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1)),
]


def rrelu(x, noise, lower=0.125, upper=1 / 3, training=True, seed=0, offset=0, out=None):
    return ao.rrelu_with_noise(x, noise, lower, upper, training, seed, offset, out=out)


@pytest.mark.parametrize("ctr,key,want", KAT)
def test_philox_known_answers(ctr, key, want):
    assert _core.philox4x32_10(ctr, key) == want
    got = decl.philox4x32_10([[c] for c in ctr], key)[:, 0]
    assert tuple(int(v) for v in got) == want


@pytest.mark.parametrize("seed,offset", [(0, 0), (12345, 7), (-1, -1), (2 ** 40 + 3, 2 ** 63 - 2)])
def test_uniforms_are_the_generators(seed, offset):
    """lower 0, upper 1, every x negative: the slope is the uniform itself (u * 1 -
    (u * 0 - 0)); offset -1 (2^64 - 1 as CANN's counter) carries into the next word."""
    n = 1001
    x = -np.ones(n, np.float32)
    noise = np.zeros(n, np.float32)
    rrelu(x, noise, 0.0, 1.0, True, seed, offset)
    np.testing.assert_array_equal(noise, decl.uniforms(n, seed, offset))
    assert noise.min() >= 0.0 and noise.max() < 1.0


def test_offset_counts_blocks_of_four():
    """Counter = offset + i // 4: offset 1 starts four elements further on."""
    x = -np.ones(64, np.float32)
    a, b = np.zeros(64, np.float32), np.zeros(64, np.float32)
    rrelu(x, a, 0.0, 1.0, True, 5, 0)
    rrelu(x, b, 0.0, 1.0, True, 5, 1)
    np.testing.assert_array_equal(a[4:], b[:-4])


def test_reproducible_and_seeded():
    rng = np.random.default_rng(0)
    x = rng.uniform(-2, 2, (33, 65)).astype(np.float32)
    runs = []
    for seed, offset in [(3, 9), (3, 9), (4, 9), (3, 10)]:
        noise = np.zeros_like(x)
        out = rrelu(x, noise, 0.1, 0.5, True, seed, offset)
        runs.append((noise, out))
    np.testing.assert_array_equal(runs[0][0], runs[1][0])
    np.testing.assert_array_equal(runs[0][1], runs[1][1])
    neg = x < 0
    for other in runs[2:]:
        assert (runs[0][0][neg] != other[0][neg]).mean() > 0.99


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_independent_of_threads_and_layout(dtype):
    """Element i's number depends on (seed, offset, i) only: 1, 2 and 7 worker threads
    over 2e5 elements (several parts of the pool), and a transposed self (a different
    walk of memory), give the same bytes."""
    rng = np.random.default_rng(1)
    npdt = ao.as_dtype(dtype).numpy
    x = rng.uniform(-3, 3, (400, 500)).astype(np.float32).astype(npdt)
    before = ao.get_num_threads()
    results = []
    try:
        for threads in (1, 2, 7):
            ao.set_num_threads(threads)
            noise = np.zeros(x.shape, npdt)
            out = rrelu(x, noise, 0.2, 0.4, True, 77, 3)
            results.append((noise.view(np.uint8).copy(), out.view(np.uint8).copy()))
    finally:
        ao.set_num_threads(before)
    for r in results[1:]:
        np.testing.assert_array_equal(r[0], results[0][0])
        np.testing.assert_array_equal(r[1], results[0][1])
    # the same logical tensor stored transposed: the same values, element by element
    xt = np.ascontiguousarray(x.T).T
    noise = np.zeros(x.shape, npdt)
    out = rrelu(xt, noise, 0.2, 0.4, True, 77, 3)
    np.testing.assert_array_equal(noise.view(np.uint8), results[0][0])
    np.testing.assert_array_equal(np.ascontiguousarray(out).view(np.uint8), results[0][1])
    # and the values are the reference's
    np.testing.assert_array_equal(noise.astype(np.float64), decl.slopes(x, 0.2, 0.4, 77, 3))


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_training_matches_the_reference(dtype):
    rng = np.random.default_rng(2)
    npdt = ao.as_dtype(dtype).numpy
    x = rng.uniform(-3, 3, (7, 9, 11)).astype(np.float32).astype(npdt)
    x.reshape(-1)[:5] = np.array([0.0, -0.0, np.nan, np.inf, -np.inf]).astype(npdt)
    noise = np.full(x.shape, 9, npdt)
    out = rrelu(x, noise, 0.1, 0.3, True, 11, 13)
    want_slope = decl.slopes(x, 0.1, 0.3, 11, 13)
    np.testing.assert_array_equal(noise.astype(np.float64), want_slope)
    # CANN's Less(self, 0): slope 1 for 0, -0, NaN and +inf; -inf gets a random one
    np.testing.assert_array_equal(noise.reshape(-1)[:4].astype(np.float64), [1, 1, 1, 1])
    assert 0.1 <= float(noise.reshape(-1)[4]) <= 0.3
    # out = x * slope, rounded once (the slope already in the dtype, as CANN's Mul)
    want = (x.astype(np.float64) * want_slope).astype(np.float32).astype(npdt)
    np.testing.assert_array_equal(out.view(np.uint8), want.view(np.uint8))


def test_slopes_lie_in_range_and_are_uniform():
    """1e6 negative elements: every slope in [lower, upper]; mean and variance of
    U(lower, upper) within 5 standard errors; Kolmogorov-Smirnov distance below the
    0.1% critical value 1.95 / sqrt(n)."""
    n, lo, up = 10 ** 6, 0.1, 0.5
    x = -np.ones(n, np.float32)
    noise = np.zeros(n, np.float32)
    out = rrelu(x, noise, lo, up, True, 2026, 0)
    s = noise.astype(np.float64)
    assert s.min() >= np.float32(lo) and s.max() <= np.float32(up)
    np.testing.assert_array_equal(out, -noise)
    width = up - lo
    assert abs(s.mean() - (lo + up) / 2) < 5 * width / np.sqrt(12 * n)
    var = width ** 2 / 12
    var_se = np.sqrt((width ** 4 / 80 - var ** 2) / n)
    assert abs(s.var() - var) < 5 * var_se
    srt = np.sort(s)
    cdf = (srt - lo) / width
    ks = max(np.max(np.arange(1, n + 1) / n - cdf), np.max(cdf - np.arange(n) / n))
    assert ks < 1.95 / np.sqrt(n), ks


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_inference_is_exact_and_leaves_noise(dtype):
    """out = x > 0 ? x : x * slope, slope = (lower + upper) / 2 in FLOAT, one rounding of
    the product: bit-exact against float64 arithmetic rounded once; noise untouched."""
    rng = np.random.default_rng(3)
    npdt = ao.as_dtype(dtype).numpy
    x = rng.uniform(-5, 5, (50, 40)).astype(np.float32).astype(npdt)
    noise = np.full(x.shape, 7, npdt)
    out = rrelu(x, noise, 0.1, 0.2, False, 5, 6)
    slope = (np.float32(0.1) + np.float32(0.2)) / np.float32(2)
    xf = x.astype(np.float64)
    want = np.where(xf > 0, xf, (xf * np.float64(slope)).astype(np.float32)).astype(npdt)
    np.testing.assert_array_equal(out.view(np.uint8), want.view(np.uint8))
    np.testing.assert_array_equal(noise, np.full(x.shape, 7, npdt))


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_inference_against_torch(dtype):
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(4)
    npdt = ao.as_dtype(dtype).numpy
    x = rng.uniform(-8, 8, 100000).astype(np.float32).astype(npdt)
    got = rrelu(x, np.zeros_like(x), 0.125, 1 / 3, False)
    tx = torch.from_numpy(x.astype(np.float32)).to(getattr(torch, dtype))
    want = torch.nn.functional.rrelu(tx, 0.125, 1 / 3, training=False).float().numpy()
    if dtype == "float32":
        np.testing.assert_allclose(got, want, rtol=2e-7, atol=0)
    else:
        # torch multiplies by its double slope in fp32 and rounds once too: the slope's
        # float rounding (CANN's (lower + upper) / 2 in FLOAT) may differ by an ulp
        same = (got.astype(np.float32) == want).mean()
        assert same >= 0.99, same


def test_noise_shapes_and_sizes():
    """Training writes the first numel(self) elements of noise (row-major over noise's
    own shape), the rest keep their values; a smaller noise is 161002 in training and
    ignored in inference; an empty noise returns success without writing out."""
    rng = np.random.default_rng(5)
    x = rng.uniform(-1, 1, (2, 3)).astype(np.float32)
    noise = np.full((5, 7), 4.0, np.float32)
    rrelu(x, noise, 0.1, 0.5, True, 8, 0)
    flat = noise.reshape(-1)
    np.testing.assert_array_equal(flat[:6].astype(np.float64), decl.slopes(x, 0.1, 0.5, 8, 0).reshape(-1))
    np.testing.assert_array_equal(flat[6:], 4.0)
    # a transposed (non-contiguous) noise of another shape: its own row-major order
    base = np.full((7, 5), 4.0, np.float32)
    rrelu(x, base.T, 0.1, 0.5, True, 8, 0)
    np.testing.assert_array_equal(base.T.reshape(-1)[:6], flat[:6])
    np.testing.assert_array_equal(base.T.reshape(-1)[6:], 4.0)
    small = np.zeros((2, 2), np.float32)
    with pytest.raises(ao.AclnnError) as e:
        rrelu(x, small, training=True)
    assert e.value.status == 161002 and "noise" in str(e.value)
    rrelu(x, small, training=False)
    out = np.full(x.shape, 3.0, np.float32)
    rrelu(x, np.zeros((0,), np.float32), training=False, out=out)
    np.testing.assert_array_equal(out, 3.0)        # CANN: IsEmpty(noise) returns first


def test_checks_in_cann_order():
    x = ao.zeros((2, 3), "float32")
    n = ao.zeros((2, 3), "float32")
    o = ao.zeros((2, 3), "float32")
    phase1 = aclnn.rrelu_with_noise_get_workspace_size

    def status(*args):
        with pytest.raises(ao.AclnnError) as e:
            phase1(*args)
        return e.value.status, e.value.message
    assert status(x, None, 0.1, 0.3, True, 0, 0, o)[0] == 161001
    assert status(x, ao.zeros((2, 3), "float16"), 0.1, 0.3, True, 0, 0, o)[0] == 161002
    # lower/upper: FLOAT, FLOAT16, BF16 or DOUBLE aclScalars only
    for bad in (1, True, np.int32(1), 1j):
        st, msg = status(x, n, bad, 0.3, True, 0, 0, o)
        assert st == 161002 and "lower" in msg
    phase1(x, n, np.float16(0.1), np.float32(0.3), True, 0, 0, o)
    # 32 dims allowed, 33 refused (OP_CHECK_MAX_DIM(self, 32))
    phase1(ao.zeros((1,) * 32), ao.zeros((1,) * 32), 0.1, 0.3, True, 0, 0, ao.zeros((1,) * 32))
    assert status(ao.zeros((1,) * 33), ao.zeros((1,) * 33), 0.1, 0.3, True, 0, 0, ao.zeros((1,) * 33))[0] == 161002
    # format: self's and noise's must be out's
    nchw = ao.zeros((1, 2, 3, 1), "float32", format="NCHW")
    st, msg = status(nchw, ao.zeros((1, 2, 3, 1)), 0.1, 0.3, True, 0, 0, ao.zeros((1, 2, 3, 1)))
    assert st == 161002 and "format" in msg


def test_noise_sharing_memory_with_self():
    """CANN computes both results before its ViewCopy into noise, then out's: noise
    partially overlapping self gets the slopes, out is computed from self's values as
    they were (src/rrelu.h's staged mode)."""
    rng = np.random.default_rng(6)
    n = 1000
    buf = rng.uniform(-1, 1, n + 1).astype(np.float32)
    x0 = buf[:n].copy()
    want_slope = decl.slopes(x0, 0.1, 0.5, 1, 2)
    out = np.empty(n, np.float32)
    rrelu(buf[:n], buf[1:], 0.1, 0.5, True, 1, 2, out=out)
    np.testing.assert_array_equal(out, (x0 * want_slope).astype(np.float32))
    np.testing.assert_array_equal(buf[1:].astype(np.float64), want_slope)
    # out is self (in place) and noise overlaps both: out's ViewCopy comes last
    buf = np.concatenate([x0, [0.5]]).astype(np.float32)
    ao.inplace_rrelu_with_noise(buf[:n], buf[1:], 0.1, 0.5, True, 1, 2)
    np.testing.assert_array_equal(buf[:n], (x0 * want_slope).astype(np.float32))
    assert buf[n] == np.float32(want_slope[-1])


def test_inplace_variant_writes_self_and_noise():
    rng = np.random.default_rng(7)
    x = rng.uniform(-1, 1, (4, 6)).astype(np.float32)
    x0 = x.copy()
    noise = np.zeros_like(x)
    assert ao.inplace_rrelu_with_noise(x, noise, 0.1, 0.5, True, 3, 4) is x
    s = decl.slopes(x0, 0.1, 0.5, 3, 4)
    np.testing.assert_array_equal(noise.astype(np.float64), s)
    np.testing.assert_array_equal(x, (x0 * s).astype(np.float32))


def test_noise_is_written_back_to_the_callers_array():
    """noise is an input CANN writes: a numpy array aclTensor cannot view (negative
    strides, copied in) gets its new values back; a read-only one is refused."""
    x = -np.ones(8, np.float32)
    store = np.zeros(8, np.float32)
    rrelu(x, store[::-1], 0.0, 1.0, True, 9, 0)
    np.testing.assert_array_equal(store[::-1], decl.uniforms(8, 9, 0))
    ro = np.zeros(8, np.float32)
    ro.flags.writeable = False
    with pytest.raises(ao.AclnnError) as e:
        rrelu(x, ro, training=True)
    assert e.value.status == 161002 and "noise" in str(e.value)


def test_noise_written_back_from_a_strict_device():
    """On a device the host cannot read (cpu:strict), host arrays are copied in and
    noise, like out, is copied back."""
    x = -np.ones(8, np.float32)
    noise = np.zeros(8, np.float32)
    with ao.device("cpu:strict"):
        out = rrelu(x, noise, 0.0, 1.0, True, 9, 0)
    np.testing.assert_array_equal(noise, decl.uniforms(8, 9, 0))
    np.testing.assert_array_equal(out, -noise)
