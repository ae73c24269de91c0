"""The ops-math unary ops (Exp, Sqrt, Log, Sin, Cos, Tanh, Abs, Neg, Sign): accuracy of
the float32 kernels against numpy float64 over a sweep of float bit patterns, the special
values (NaN, +-inf, -0) as torch gives them, integers computed exactly (wrapping), and
the complex bodies against numpy. The harness (test_registry.py) checks the rest from
each op's info."""
import numpy as np
import pytest

import ascendops as ao
from ao_test_helpers import bits

STEP = 4099          # every 4099th float32 bit pattern (1.05 million)


def _floats():
    u = np.arange(0, 1 << 32, STEP, dtype=np.uint64).astype(np.uint32)
    return u.view(np.float32)


def _ulp_error(got, exact):
    """|got - exact| in ULPs of float32 at exact (finite, nonzero exact only)."""
    e = np.abs(exact)
    tiny = np.float64(np.finfo(np.float32).tiny)
    ulp = np.spacing(np.maximum(e, tiny).astype(np.float32)).astype(np.float64)
    # np.spacing of a float32 just below a power of two is the smaller ulp: use the one at
    # the float32 nearest to exact, as the rounding does
    return np.abs(got.astype(np.float64) - exact) / ulp


@pytest.mark.parametrize("name,ref,bound", [
    ("sin", np.sin, 0.501), ("cos", np.cos, 0.501), ("tanh", np.tanh, 0.501),
    ("exp", np.exp, 1.0), ("log", np.log, 0.501), ("sqrt", np.sqrt, 0.5)])
def test_float32_accuracy(name, ref, bound):
    x = _floats()
    got = getattr(ao, name)(x)
    with np.errstate(all="ignore"):
        exact = ref(x.astype(np.float64))
    fin = np.isfinite(exact) & (np.abs(exact) < np.float64(np.finfo(np.float32).max))
    # results that round to a float32 (exp's overflow and underflow ends included)
    assert np.array_equal(np.isnan(got), np.isnan(exact)), name
    err = _ulp_error(got[fin], exact[fin])
    assert err.max() <= bound, "%s: %.4f ULP at %r" % (name, err.max(), x[fin][np.argmax(err)])


@pytest.mark.parametrize("dt", ["float16", "bfloat16"])
def test_16_bit_log_over_every_value(dt):
    """Log of a FLOAT16 / BF16 tensor runs in fp32 arithmetic alone (ao_logf_b16, within
    1 ULP of fp32) and rounds once to the dtype: against the float64 log rounded to fp32
    then to the dtype (what the correctly rounded fp32 kernel gives, and CANN's fp32 Log
    then Cast), over all 65536 values: NaN where it is NaN, zeros and infinities with their
    signs, and elsewhere equal but at a few values whose fp32 log lies within an ULP of a
    16-bit rounding boundary, one 16-bit ULP off there. A float64 out is not narrowed to
    16 bits: it gets the correctly rounded fp32 kernel's value."""
    import ml_dtypes
    t = np.float16 if dt == "float16" else ml_dtypes.bfloat16
    x = np.arange(1 << 16, dtype=np.uint16).view(t)
    with np.errstate(all="ignore"):
        f32 = np.log(x.astype(np.float64)).astype(np.float32)
        want = f32.astype(t)
    got = ao.log(x)
    assert got.dtype == x.dtype
    g, w = got.astype(np.float32), want.astype(np.float32)
    assert np.array_equal(np.isnan(g), np.isnan(w))
    fin = ~np.isnan(w)
    gb, wb = bits(got, t)[fin].astype(np.int64), bits(want, t)[fin].astype(np.int64)
    off = gb != wb
    assert off.sum() <= 8 and np.all(np.abs(gb - wb)[off] == 1), (off.sum(), x[fin][off])
    # the fp32 log there is within an ULP of the midpoint between the two 16-bit values
    mid = (g[fin][off].astype(np.float64) + w[fin][off]) / 2
    assert np.all(np.abs(f32[fin][off] - mid) <= np.spacing(np.abs(f32[fin][off])))
    # out FLOAT: the 16-bit result widened (CANN's Cast of l0op::Log's 16-bit result)
    assert np.array_equal(ao.log(x, out=np.zeros(x.shape, np.float32)), g, equal_nan=True)
    # out DOUBLE: no 16-bit rounding, the correctly rounded fp32 kernel
    wide = ao.log(x, out=np.zeros(x.shape, np.float64))
    assert np.array_equal(wide, f32.astype(np.float64), equal_nan=True)


def test_trig_large_arguments():
    """Exact argument reduction: sin and cos of the largest floats and of multiples of
    pi/2 far out match float64 within half an ULP."""
    x = np.array([3.4028235e38, -3.4028235e38, 1e20, 2.0 ** 100, 1e10, 16777216.0, 6.2831855, 1.5707964,
                  3.1415927, 2.0 ** 20, 2.0 ** 20 - 1, 1e6, 1e-30, -1e-45], np.float32)
    for name, ref in (("sin", np.sin), ("cos", np.cos)):
        got = getattr(ao, name)(x)
        assert _ulp_error(got, ref(x.astype(np.float64))).max() <= 0.501, name


def test_special_values_as_torch():
    torch = pytest.importorskip("torch")
    x = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, -1.0, 100.0, -100.0], np.float32)
    for name in ("exp", "sqrt", "log", "sin", "cos", "tanh", "abs", "neg", "sign"):
        with np.errstate(all="ignore"):
            want = getattr(torch, name)(torch.from_numpy(x)).numpy()
        got = getattr(ao, name)(x)
        nan = np.isnan(want)
        assert np.array_equal(np.isnan(got), nan), name
        # zeros and infinities with their signs, bit for bit (NaN payloads aside)
        exact = ~nan & ((want == 0) | np.isinf(want))
        assert np.array_equal(bits(got, np.float32)[exact], bits(want, np.float32)[exact]), name
        assert np.allclose(got[~nan], want[~nan], rtol=2e-7, atol=0), name


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "int64"])
def test_abs_integers_exact(dtype):
    info = np.iinfo(dtype)
    x = np.array([info.min, info.min + 1, -1, 0, 1, info.max], dtype)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(ao.abs(x), np.abs(x))     # |min| wraps to min, as torch


@pytest.mark.parametrize("dtype", ["int8", "int32", "int64"])
def test_neg_integers_exact(dtype):
    info = np.iinfo(dtype)
    x = np.array([info.min, info.min + 1, -1, 0, 1, info.max], dtype)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(ao.neg(x), -x)


def test_sign_integers_bool_and_nan():
    x = np.array([np.iinfo(np.int64).min, -5, 0, 7, np.iinfo(np.int64).max], np.int64)
    np.testing.assert_array_equal(ao.sign(x), np.sign(x))
    np.testing.assert_array_equal(ao.sign(x.astype(np.int32)), np.sign(x.astype(np.int32)))
    np.testing.assert_array_equal(ao.sign(np.array([True, False])), [True, False])
    # CANN's kernel (and torch.sign): NaN -> 0, -0 -> +0
    got = ao.sign(np.array([np.nan, -0.0, -np.inf], np.float32))
    assert bits(got, np.float32).tolist() == bits([0.0, 0.0, -1.0], np.float32).tolist()


def test_abs_passes_uint8_and_bool_through():
    np.testing.assert_array_equal(ao.abs(np.arange(256, dtype=np.uint8)), np.arange(256, dtype=np.uint8))
    np.testing.assert_array_equal(ao.abs(np.array([True, False])), [True, False])


def test_integer_inputs_compute_in_float():
    """Exp/Log/Sin/Cos/Tanh of BOOL and integers: cast to FLOAT first (Sqrt's INT64: to
    DOUBLE), the result in FLOAT."""
    x = np.array([0, 1, 2, 3, 20], np.int64)
    for name, ref in (("exp", np.exp), ("sqrt", np.sqrt), ("sin", np.sin), ("cos", np.cos), ("tanh", np.tanh)):
        got = getattr(ao, name)(x)
        # the numpy-like call allocates the compute dtype: Sqrt's INT64 runs in DOUBLE
        assert got.dtype == (np.float64 if name == "sqrt" else np.float32), name
        np.testing.assert_allclose(got, ref(x.astype(np.float64)), rtol=2e-7)
    got = ao.log(np.array([1, 2, 3], np.int32))
    assert got.dtype == np.float32
    np.testing.assert_allclose(got, np.log([1.0, 2.0, 3.0]), rtol=2e-7)
    # Sqrt of INT64 runs in DOUBLE: 2^53 + 1 keeps its last bit there
    out = np.zeros(1, np.float64)
    ao.sqrt(np.array([(1 << 60) + (1 << 8)], np.int64), out=out)
    assert out[0] == np.sqrt(np.float64((1 << 60) + (1 << 8)))


@pytest.mark.parametrize("name", ["exp", "sqrt", "log", "sin", "cos", "neg", "sign"])
def test_complex(name):
    rng = np.random.default_rng(1)
    z = (rng.uniform(-3, 3, 64) + 1j * rng.uniform(-3, 3, 64)).astype(np.complex128)
    z[0] = 0
    if name == "sign":
        want = np.where(z == 0, 0, z / np.where(z == 0, 1, np.abs(z)))
    else:
        with np.errstate(divide="ignore"):
            want = getattr(np, {"neg": "negative"}.get(name, name))(z)
    for dt, tol in ((np.complex128, 1e-14), (np.complex64, 2e-6)):
        np.testing.assert_allclose(getattr(ao, name)(z.astype(dt)), want, rtol=tol, atol=tol)


def test_double():
    x = np.linspace(0.1, 20, 101)
    for name in ("exp", "sqrt", "log", "sin", "cos", "abs", "neg", "sign"):
        want = getattr(np, {"neg": "negative"}.get(name, name))(x)
        np.testing.assert_allclose(getattr(ao, name)(x), want, rtol=1e-15, atol=0)


def test_abs_complex64_gives_float32():
    """aclnnAbs of COMPLEX64 (ComplexAbs on Ascend910B): a FLOAT out, |z| rounded once."""
    z = np.array([3 + 4j, -1e30 + 1e30j, 0j, complex(np.inf, 1.0)], np.complex64)
    got = ao.abs(z)
    assert got.dtype == np.float32
    np.testing.assert_array_equal(got, np.abs(z.astype(np.complex128)).astype(np.float32))
