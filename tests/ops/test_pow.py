"""Pow (PowTensorTensor, PowTensorScalar, PowScalarTensor) and EqTensor: the float32 power
against numpy float64 rounded once (random operands over the whole result range, results
near 1, subnormal results), C99 pow's special cases as numpy float64 and torch give them,
the 16-bit and DOUBLE paths, integers exact in their dtype (wrapping, negative exponents
as torch), the compute dtypes CANN's op_api infers for a tensor and an aclScalar, and
EqTensor's comparisons in the promoted dtype. The harness (test_registry.py) checks the
rest from each op's info."""
import ml_dtypes
import numpy as np
import pytest

import ascendops as ao

torch = pytest.importorskip("torch")

SPECIAL = np.array([0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45,
                    3e38, -3e38, 0.3, -1.5, 2.5, 1e8, -1e8, 16777216.0, -16777218.0, 1.0000001, 0.99999994],
                   dtype=np.float32)


def _pow64(x, y):
    with np.errstate(all="ignore"):
        return np.power(np.asarray(x, np.float64), np.asarray(y, np.float64))


def _same_bits(a, b):
    """Equal bit patterns, any NaN equal to any NaN."""
    a, b = np.asarray(a), np.asarray(b)
    u = {2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize]
    return (a.view(u) == b.view(u)) | (np.isnan(a) & np.isnan(b))


def test_float32_pow_is_correctly_rounded_over_the_result_range():
    rng = np.random.default_rng(7)
    n = 200_000
    x = np.exp(rng.uniform(-100.0, 88.0, n)).astype(np.float32)
    lx = np.abs(np.log(x.astype(np.float64)))
    y = (rng.uniform(-1.0, 1.0, n) * np.minimum(110.0 / np.maximum(lx, 1e-3), 1e4)).astype(np.float32)
    with np.errstate(over="ignore"):
        want = _pow64(x, y).astype(np.float32)
    got = ao.pow_tensor_tensor(x, y)
    assert np.array_equal(got.view(np.uint32), want.view(np.uint32))


def test_float32_pow_near_one_and_subnormal_results():
    rng = np.random.default_rng(8)
    x = (1.0 + rng.uniform(-1e-3, 1e-3, 100_000)).astype(np.float32)
    y = rng.uniform(-1e5, 1e5, 100_000).astype(np.float32)
    with np.errstate(over="ignore"):
        want = _pow64(x, y).astype(np.float32)
    assert np.array_equal(ao.pow_tensor_tensor(x, y).view(np.uint32), want.view(np.uint32))
    ys = rng.uniform(126.0, 150.0, 50_000).astype(np.float32)          # 0.5^y: subnormal and zero results
    want = _pow64(0.5, ys).astype(np.float32)
    assert np.array_equal(ao.pow_tensor_tensor(np.full_like(ys, 0.5), ys).view(np.uint32), want.view(np.uint32))


def test_negative_bases_take_integral_exponents_and_refuse_others():
    x = np.array([-2.0, -2.0, -8.0, -0.5, -3.0, -2.0], np.float32)
    y = np.array([3.0, 2.0, 1 / 3, -3.0, 0.5, 127.0], np.float32)
    got = ao.pow_tensor_tensor(x, y)
    with np.errstate(over="ignore"):
        assert np.all(_same_bits(got, _pow64(x, y).astype(np.float32)))
    assert got[0] == -8.0 and got[1] == 4.0 and np.isnan(got[2]) and got[3] == -8.0 and np.isnan(got[4])
    assert got[5] == -np.float32(2.0) ** 127


@pytest.mark.parametrize("x", [-1.5, -1.0000001, -0.75, -0.0, -np.inf, 2.0])
def test_negative_bases_over_a_sweep_of_exponents(x):
    """Integral and odd exponents found from y's bits (every 65537th float32 bit pattern,
    and the integers about 2^23 and 2^24, where one ulp becomes 1 and then 2)."""
    y = np.arange(0, 1 << 32, 65537, dtype=np.uint64).astype(np.uint32).view(np.float32)
    edges = np.array([2 ** 23 - 1, 2 ** 23 - 0.5, 2 ** 23, 2 ** 23 + 1, 2 ** 24 - 1, 2 ** 24, 2 ** 24 + 2,
                      0.5, 1.5, 1.0, 3.0], np.float32)
    y = np.concatenate([y, edges, -edges])
    xs = np.full_like(y, x)
    with np.errstate(all="ignore"):
        want = _pow64(xs, y).astype(np.float32)
    assert np.all(_same_bits(ao.pow_tensor_tensor(xs, y), want))


def test_special_cases_as_numpy_and_torch():
    x, y = (a.ravel() for a in np.meshgrid(SPECIAL, SPECIAL, indexing="ij"))
    got = ao.pow_tensor_tensor(x, y)
    with np.errstate(over="ignore"):
        want = _pow64(x, y).astype(np.float32)
    assert np.all(_same_bits(got, want))
    t = torch.pow(torch.from_numpy(x), torch.from_numpy(y)).numpy()
    special = ~np.isfinite(want) | (want == 0) | (np.abs(want) == 1)      # torch's powf: within 1 ULP elsewhere
    assert np.all(_same_bits(got[special], t[special]))
    # 0^0, NaN^0, 1^NaN, (-1)^inf are 1; 0^-1 is inf, (-0)^-1 is -inf
    assert ao.pow_tensor_tensor(np.float32([0, np.nan, 1, -1, 0, -0.0]),
                                np.float32([0, 0, np.nan, np.inf, -1, -1])).tolist() == [1, 1, 1, 1, np.inf, -np.inf]


@pytest.mark.parametrize("dt", [np.float16, ml_dtypes.bfloat16])
def test_16_bit_pow_rounds_once_from_the_exact_power(dt):
    with np.errstate(over="ignore"):
        x, y = (a.ravel().astype(dt) for a in np.meshgrid(SPECIAL, SPECIAL, indexing="ij"))
    rng = np.random.default_rng(9)
    x = np.concatenate([x, rng.uniform(0.01, 8.0, 5000).astype(dt)])
    y = np.concatenate([y, rng.uniform(-4.0, 4.0, 5000).astype(dt)])
    got = ao.pow_tensor_tensor(x, y)
    with np.errstate(over="ignore"):
        want = _pow64(x.astype(np.float64), y.astype(np.float64)).astype(np.float32).astype(dt)
    assert got.dtype == dt and np.all(_same_bits(got, want))


def test_double_pow_is_libm_pow():
    x, y = (a.ravel().astype(np.float64) for a in np.meshgrid(SPECIAL, SPECIAL, indexing="ij"))
    got = ao.pow_tensor_tensor(x, y)
    want = _pow64(x, y)
    close = np.isclose(got, want, rtol=2.3e-16, atol=0) | _same_bits(got, want)
    assert got.dtype == np.float64 and np.all(close)


@pytest.mark.parametrize("dt", ["int8", "uint8", "int16", "int32", "int64"])
def test_integer_pow_is_exact_and_wraps_as_torch(dt):
    rng = np.random.default_rng(10)
    info = np.iinfo(dt)
    a = rng.integers(max(info.min, -50), min(info.max, 50), 4000, dtype=dt, endpoint=True)
    b = rng.integers(0, min(info.max, 70), 4000, dtype=dt, endpoint=True)
    got = ao.pow_tensor_tensor(a, b)
    want = torch.pow(torch.from_numpy(a), torch.from_numpy(b)).numpy()
    assert got.dtype == np.dtype(dt) and np.array_equal(got, want)


def test_integer_negative_exponents_as_torch():
    a = np.array([2, 1, -1, -1, 0, -7, 3], np.int32)
    b = np.array([-1, -5, -3, -2, -1, -2, 40], np.int32)
    got = ao.pow_tensor_tensor(a, b)
    assert got.tolist() == torch.pow(torch.from_numpy(a), torch.from_numpy(b)).tolist() == [0, 1, -1, 1, 0, 0,
                                                                                            689956897]


def test_int64_pow_does_not_round_through_float():
    a = np.array([3, 7, -5], np.int64)
    b = np.array([39, 22, 27], np.int64)
    assert ao.pow_tensor_tensor(a, b).tolist() == [3 ** 39, 7 ** 22, (-5) ** 27]


def test_pow_tensor_tensor_promotes_and_broadcasts():
    x = np.arange(1, 7, dtype=np.int32).reshape(2, 3)
    e = np.array([0.5, 2.0, -1.0], np.float16)
    got = ao.pow_tensor_tensor(x, e)                     # PromoteType(INT32, FLOAT16) = FLOAT16
    want = _pow64(x.astype(np.float16), e).astype(np.float32).astype(np.float16)
    assert got.dtype == np.float16 and np.array_equal(got, want)


def test_inplace_pow_tensor_tensor_writes_self():
    x = np.array([[1.5, 2.0, -3.0], [4.0, 0.0, 9.0]], np.float32)
    e = np.array([2.0, 0.5, 3.0], np.float32)
    want = _pow64(x, e).astype(np.float32)
    r = ao.inplace_pow_tensor_tensor(x, e)
    assert r is x and np.array_equal(x, want)


def test_pow_scalar_tensor_llama_alibi_slopes():
    """llama.cpp's ALiBi slopes: a FLOAT base, a FLOAT16 exponent from Arange, out FLOAT16:
    InferScalarTensorDtype gives FLOAT16, so the base is converted to FLOAT16 first
    (ConvertToTensor) and the power rounds once to FLOAT16."""
    base = 2.0 ** (-8.0 / 12)                            # m0 for 12 heads, max_bias 8
    e = np.arange(1, 9, dtype=np.float16)
    got = ao.pow_scalar_tensor(e, base)
    b16 = np.float16(np.float32(base))
    want = _pow64(np.float64(b16), e.astype(np.float64)).astype(np.float32).astype(np.float16)
    assert got.dtype == np.float16 and np.array_equal(got, want)
    e32 = np.arange(1, 9, dtype=np.float32)
    got32 = ao.pow_scalar_tensor(e32, base)              # FLOAT exponent: the base as a float
    assert np.array_equal(got32, _pow64(np.float64(np.float32(base)), e32).astype(np.float32))
    assert np.allclose(got32, torch.pow(base, torch.from_numpy(e32)).numpy(), rtol=1.2e-7, atol=0)


def test_pow_scalar_tensor_special_bases():
    e = SPECIAL.copy()
    for base in (0.0, -0.0, 1.0, -1.0, -2.0, np.inf, -np.inf, np.nan, 0.5):
        got = ao.pow_scalar_tensor(e, base)
        with np.errstate(over="ignore"):
            want = _pow64(np.float32(base), e).astype(np.float32)
        assert np.all(_same_bits(got, want)), base


@pytest.mark.parametrize("dt", [np.float32, np.float16, ml_dtypes.bfloat16, np.float64, np.int32, np.int8])
def test_pow_scalar_tensor_base_one_is_one(dt):
    """A base of 1 (CANN's Fill(1) branch on regbase, src/ops/pow_one.h): 1 at every
    exponent, NaN, infinities and negative integers included, any length."""
    with np.errstate(over="ignore"):
        e = (SPECIAL if np.dtype(dt).kind == "f" else np.arange(-20, 17)).astype(dt)
    for n in (len(e), 1, 17):
        got = ao.pow_scalar_tensor(e[:n], 1)
        assert got.dtype == e.dtype and got.astype(np.float64).tolist() == [1.0] * n


def test_pow_scalar_tensor_integers():
    e = np.arange(0, 12, dtype=np.int32)
    assert ao.pow_scalar_tensor(e, 3).tolist() == [3 ** k for k in range(12)]
    assert ao.pow_scalar_tensor(np.int8([7, 8]), 2).tolist() == [-128, 0]          # INT8, wrapping


def _cann_special(x, exponent):
    """CANN's fp32 kernels for the exponents they special-case (math/pow/op_kernel/arch35/
    pow_tensor_scalar_float.h, math/pows/op_kernel/pows_base.h), in numpy float32; None
    for the others (the power rounded once)."""
    x = np.asarray(x, np.float32)
    one = np.float32(1.0)
    with np.errstate(all="ignore"):
        return {0.0: np.ones_like(x), 1.0: x.copy(), 0.5: np.sqrt(x), -0.5: one / np.sqrt(x), 2.0: x * x,
                3.0: (x * x) * x, -1.0: one / x, -2.0: one / (x * x)}.get(float(exponent))


@pytest.mark.parametrize("exponent", [0.5, 2.0, 3.0, -0.5, -1.0, -2.0, 1.0, 0.0, 2.5, np.float64(1 / 3)])
def test_pow_tensor_scalar_floats(exponent):
    x = np.array([0.0, -0.0, 0.25, 1.5, 3.0, -2.0, np.inf, -np.inf, np.nan, 1e-40], np.float32)
    got = ao.pow_tensor_scalar(x, exponent)
    with np.errstate(over="ignore"):
        want = _pow64(x, np.float64(np.float32(exponent))).astype(np.float32)
    if abs(exponent) == 0.5:
        # torch.pow(tensor, +-0.5) is sqrt / 1 / sqrt: -0.0 -> -0.0 / -inf, -inf -> NaN
        want[1], want[7] = (-0.0 if exponent > 0 else -np.inf), np.nan
    cann = _cann_special(x, exponent)
    assert np.all(_same_bits(got, want if cann is None else cann))
    with np.errstate(invalid="ignore"):
        near = np.abs(got.astype(np.float64) - want) <= 1.5 * np.spacing(np.abs(want))
    assert np.all(_same_bits(got, want) | near)                          # within 1.5 ULP of the power
    t = torch.pow(torch.from_numpy(x[:-1]), float(exponent)).numpy()     # torch's powf: 1 ULP (not subnormal x)
    with np.errstate(invalid="ignore"):
        near = np.abs(got[:-1].astype(np.float64) - t) <= np.spacing(np.abs(t))
    assert np.all(_same_bits(got[:-1], t) | near)


@pytest.mark.parametrize("exponent", [0.0, 1.0, 0.5, -0.5, 2.0, 3.0, -1.0, -2.0])
@pytest.mark.parametrize("dt", [np.float32, np.float16, ml_dtypes.bfloat16])
def test_pow_tensor_scalar_special_exponents_as_cann(exponent, dt):
    """The exponents CANN's kernels special-case, every dtype they run in: CANN's fp32
    formula (16-bit inputs widened, the result rounded once to the dtype), bit for bit,
    NaN results NaN, over SPECIAL, random values across the range and lengths with odd
    tails (the register loops' partial last register), in place too; float32 within 1.5
    ULP of the power from float64 where it is a normal float (two roundings: x * x * x,
    1 / sqrt(x), 1 / (x * x); one, within 0.5 ULP, for the others)."""
    rng = np.random.default_rng(11)
    with np.errstate(over="ignore"):
        vals = np.concatenate([SPECIAL, np.float32(np.exp(rng.uniform(-60.0, 60.0, 3000))) *
                               rng.choice(np.float32([-1, 1]), 3000)]).astype(dt)
    wide = vals.astype(np.float32)
    want = _cann_special(wide, exponent)
    if dt is not np.float32:
        with np.errstate(over="ignore"):
            want = want.astype(dt)
    for n in (len(vals), 1, 15, 17, 33, 1001):
        got = ao.pow_tensor_scalar(vals[:n], exponent)
        assert got.dtype == vals.dtype and np.all(_same_bits(got, want[:n])), n
    x = vals.copy()
    assert ao.inplace_pow_tensor_scalar(x, exponent) is x and np.all(_same_bits(x, want))
    with np.errstate(all="ignore"):
        exact = _pow64(wide, exponent)
        ok = np.isfinite(exact) & (np.abs(exact) >= np.finfo(np.float32).tiny) & (np.abs(exact) <= 1e38)
        if exponent == -2.0:
            ok &= np.abs(wide) < 1.8e19                                 # x * x overflows beyond
        if dt is np.float32:
            ulps = np.abs(want[ok].astype(np.float64) - exact[ok]) / np.spacing(np.abs(exact[ok]).astype(np.float32))
            assert ulps.max() <= (1.5 if exponent in (3.0, -0.5, -2.0) else 0.5)


def test_pow_tensor_scalar_compute_dtypes():
    # an INT32 self with a float exponent computes in FLOAT (PromoteType(INT32, FLOAT))
    got = ao.pow_tensor_scalar(np.array([4, 9], np.int32), 0.5, out=np.zeros(2, np.float32))
    assert got.tolist() == [2.0, 3.0]
    # integers exact in their dtype
    assert ao.pow_tensor_scalar(np.array([3, -2], np.int64), 39).tolist() == [3 ** 39, (-2) ** 39]
    # a DOUBLE self with a double exponent: the exponent whole (not rounded to float)
    x = np.array([2.0, 10.0])
    assert np.array_equal(ao.pow_tensor_scalar(x, np.float64(1 / 3)), _pow64(x, 1 / 3))
    # a BOOL self with an int exponent computes in INT64
    assert ao.pow_tensor_scalar(np.array([True, False]), 3, out=np.zeros(2, np.int64)).tolist() == [1, 0]


def test_pow_tensor_scalar_negative_integer_exponent_on_regbase_and_elsewhere():
    x = np.array([2, 1, -1], np.int32)
    with pytest.raises(ao.AclnnError) as e:
        ao.pow_tensor_scalar(x, -1)                      # the host profile: regbase rules
    assert e.value.status == 161002
    with ao.soc("Ascend910B"):
        assert ao.pow_tensor_scalar(x, -1).tolist() == [0, 1, -1]


def test_inplace_pow_tensor_scalar():
    x = np.array([1.5, -2.0, 4.0], np.float32)
    r = ao.inplace_pow_tensor_scalar(x, 2.0)
    assert r is x and x.tolist() == [2.25, 4.0, 16.0]


def test_eq_tensor_compares_in_the_promoted_dtype():
    a = np.array([np.nan, 0.0, -0.0, 1.0, np.inf], np.float32)
    b = np.array([np.nan, -0.0, 0.0, 1.0000001, np.inf], np.float32)
    assert ao.eq_tensor(a, b, out=np.zeros(5, bool)).tolist() == [False, True, True, False, True]
    # INT64 exactly: values 2^53 + 1 and 2^53 differ
    big = np.array([2 ** 53 + 1, -(2 ** 62) - 1], np.int64)
    assert ao.eq_tensor(big, big - 1, out=np.zeros(2, bool)).tolist() == [False, False]
    # INT32 with FLOAT promotes to FLOAT: 16777217 becomes 16777216.0f
    got = ao.eq_tensor(np.array([16777217], np.int32), np.array([16777216.0], np.float32), out=np.zeros(1, bool))
    assert got.tolist() == [True]
    assert torch.eq(torch.tensor([16777217], dtype=torch.int32), torch.tensor([16777216.0])).tolist() == [True]


def test_eq_tensor_broadcasts_and_writes_any_castable_out():
    a = np.arange(6, dtype=np.int16).reshape(2, 3)
    b = np.array([0, 4, 2], np.int16)
    want = (a == b)
    assert np.array_equal(ao.eq_tensor(a, b, out=np.zeros((2, 3), bool)), want)
    assert np.array_equal(ao.eq_tensor(a, b, out=np.zeros((2, 3), np.float16)), want.astype(np.float16))
    c = np.array([1 + 2j, 3j], np.complex64)
    assert ao.eq_tensor(c, np.array([1 + 2j, 3], np.complex128), out=np.zeros(2, bool)).tolist() == [True, False]


def test_inplace_eq_tensor_writes_one_or_zero_in_self_s_dtype():
    x = np.array([[1.0, 2.0, 3.0], [3.0, 2.0, 1.0]], np.float32)
    r = ao.inplace_eq_tensor(x, np.array([1.0, 2.0, 1.0], np.float32))
    assert r is x and x.tolist() == [[1.0, 1.0, 0.0], [0.0, 1.0, 1.0]]
