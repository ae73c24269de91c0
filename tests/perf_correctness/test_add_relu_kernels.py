"""AddRelu rounds self + other * alpha once to float32 (src/ops/add_relu.h, a fused
multiply-add in every ISA region), then relu, then the output dtype; with alpha == 1
it runs add_relu_alpha1.h, one float add: the same bits. Checked here against that
formula in numpy (fma32: the exact value's float32 rounding, from float64 and its
error term), in every ISA region this CPU has (one process per ASCENDOPS_ISA), float32
/ float16 / bfloat16, on random values and on the cases a kernel could get wrong if
it rounded differently: sums exactly halfway between two floats (ties to even, up and
down), just off halfway, overflow to inf by a tie at FLT_MAX, subnormal sums, zeros of
both signs, infinities, and a + b alpha whose float64 value is a float32 tie while the
exact value is not (float64 then float32 would round those the other way). The test
data is checked to tell rounding modes apart: the sum rounded toward zero, through
float64, or (for 16-bit) added directly in the 16-bit dtype, gives other bits on them."""

import numpy as np
import pytest
from region_runs import isas, run_script

ml_dtypes = pytest.importorskip("ml_dtypes")

SCRIPT = r"""
import sys
import ml_dtypes
import numpy as np
import ascendops as ao

src = np.load(sys.argv[2])
out = {"isa": np.array(ao.isa())}
for name, dt in (("f32", np.float32), ("f16", np.float16), ("bf16", ml_dtypes.bfloat16)):
    a, b = src[name + "_a"].view(dt), src[name + "_b"].view(dt)
    for alpha in (1.0, 1, 1.0 + 2.0 ** -30,    # each float32(alpha) == 1: add_relu_alpha1
                  2.5, -0.5, 1.0 + 2.0 ** -12, -3.0 - 2.0 ** -20):   # add_relu, the fma
        r = ao.add_relu(a, b, alpha)
        out["%s %r" % (name, alpha)] = np.ascontiguousarray(r).view(np.uint8).copy()
    # in place, into self (inplace_add_relu)
    a2 = a.copy()
    ao.inplace_add_relu(a2, b, 1.0)
    out[name + " inplace"] = a2.view(np.uint8).copy()
np.savez(sys.argv[1], **out)
"""

F32_MAX = np.float32(3.4028235e38)


def _f32_cases(rng):
    """(a, b) float32 pairs: random, ties and near-ties of a + b, overflow, tiny sums."""
    a = [rng.uniform(-8, 8, 20000).astype(np.float32)]
    b = [rng.uniform(-8, 8, 20000).astype(np.float32)]
    # ties: a in [1, 2) has ulp 2^-23; b = k * 2^-24 with k odd puts a + b halfway
    base = (1.0 + rng.integers(0, 1 << 23, 4000) * 2.0 ** -23).astype(np.float32)
    for k in (1, 3, 5, -1, -3):
        a.append(base)
        b.append(np.full(base.size, k * 2.0 ** -24, np.float32))
    # just off halfway: b one of its own ulps above / below 2^-24
    for bb in (np.nextafter(np.float32(2.0 ** -24), np.float32(1)),
               np.nextafter(np.float32(2.0 ** -24), np.float32(0))):
        a.append(base)
        b.append(np.full(base.size, bb, np.float32))
    # scaled ties across the exponent range (a * 2^e, b * 2^e)
    for e in (-120, -60, 30, 100):
        s = np.float32(2.0 ** e)
        a.append(base * s)
        b.append(np.full(base.size, 2.0 ** -24, np.float32) * s)
    # double rounding: b = 1 + odd * 2^-12 times alpha = 1 + 2^-12 (see the script) is
    # b + odd' * 2^-24, exactly halfway between two floats; a = +-2^-80: the float64 sum
    # is that halfway value (then ties to even), the exact sum is not (one rounding
    # goes to a's side)
    bt = (1.0 + (2 * rng.integers(0, 1 << 11, 2000) + 1) * 2.0 ** -12).astype(np.float32)
    for tiny in (2.0 ** -80, -2.0 ** -80):
        a.append(np.full(bt.size, tiny, np.float32))
        b.append(bt)
    edge_a = np.array([F32_MAX, F32_MAX, -F32_MAX, F32_MAX, 0.0, -0.0, -0.0, 0.0, np.inf,
                       -np.inf, np.inf, 1e-45, -1e-45, 1.17549435e-38, 3.0, -3.0], np.float32)
    edge_b = np.array([F32_MAX, 2.0 ** 103, -2.0 ** 103, 2.0 ** 102, -0.0, -0.0, 0.0, 0.0, 1.0,
                       1.0, -1.0, 1e-45, 2e-45, -1e-45, -3.0, 3.0], np.float32)
    a.append(edge_a)
    b.append(edge_b)
    return np.concatenate(a), np.concatenate(b)


def _inputs():
    rng = np.random.default_rng(14)
    a32, b32 = _f32_cases(rng)
    data = {"f32_a": a32.view(np.uint32), "f32_b": b32.view(np.uint32)}
    # 16-bit: every pair of a random sample of bit patterns (finite and not), plus sums
    # whose float32 value is a 16-bit tie (a + b exact in float32, halfway in 16 bits)
    for name, dt in (("f16", np.float16), ("bf16", ml_dtypes.bfloat16)):
        bits = rng.integers(0, 1 << 16, 40000, dtype=np.uint32).astype(np.uint16)
        a = bits.view(dt)
        b = rng.permutation(bits).view(dt)
        one = np.ones(3000, dt)
        ulp_half = np.float32(2.0 ** -11 if name == "f16" else 2.0 ** -8)
        halves = (np.arange(3000) % 7 + 1).astype(np.float32) * ulp_half
        small = halves.astype(dt)   # exact: small multiples of a power of two
        data[name + "_a"] = np.concatenate([a, one, -one]).view(np.uint16)
        data[name + "_b"] = np.concatenate([b, small, -small]).view(np.uint16)
    return data


def fma32(a, b, c):
    """The float32 nearest a + b c (ties to even), a, b, c float32 arrays or scalars: one
    rounding of the exact value, as a fused multiply-add. b c is exact in float64; s =
    a + b c rounded to float64 and its error e (TwoSum, exact) give the exact value s + e.
    Rounding s to float32 is right unless s is halfway between two floats and e is not
    zero: then the exact value lies on e's side of the tie."""
    a, b, c = (np.asarray(v, np.float32).astype(np.float64) for v in (a, b, c))
    with np.errstate(over="ignore", invalid="ignore"):
        p = b * c
        s = a + p
        bv = s - a
        e = (a - (s - bv)) + (p - bv)
        r = s.astype(np.float32)
        toward = np.where(np.abs(s) > np.abs(r.astype(np.float64)), np.float32(np.inf), np.float32(0))
        toward = np.copysign(toward, s).astype(np.float32)
        other = np.nextafter(r, toward)
        # the tie between r and other; at the top, FLT_MAX and 2^128 (as float64)
        hi = np.where(np.isinf(r), np.copysign(2.0 ** 128, s), r.astype(np.float64))
        lo = np.where(np.isinf(other), np.copysign(2.0 ** 128, s), other.astype(np.float64))
        tie = np.isfinite(s) & np.isfinite(e) & (s == (hi + lo) / 2) & (e != 0)
        # the exact value s + e is on e's side: the neighbour there (r is ties-to-even's pick)
        side = np.where((e > 0) == (lo > hi), other, r)
        return np.where(tie, side, r).astype(np.float32)


def _reference(a, b, out_dt, alpha=1.0):
    """add_relu.h's formula: a + b alpha rounded once to float32 (fma32) from the float32
    values and alpha as float32, relu (t < 0 ? 0 : t: -0 stays -0, NaN stays), then the
    output dtype."""
    t = fma32(a.astype(np.float32), b.astype(np.float32), np.float32(alpha))
    t = np.where(t < 0, np.float32(0), t).astype(np.float32)
    return t.astype(out_dt)


@pytest.mark.filterwarnings("ignore:overflow encountered")
@pytest.mark.filterwarnings("ignore:invalid value encountered")
def test_add_relu_rounds_once_in_every_region(tmp_path):
    src = _inputs()
    src_path = tmp_path / "src.npz"
    np.savez(src_path, **src)
    dts = {"f32": np.float32, "f16": np.float16, "bf16": ml_dtypes.bfloat16}
    uint = {"f32": np.uint32, "f16": np.uint16, "bf16": np.uint16}
    ran = 0
    for isa in isas():
        got = run_script(SCRIPT, tmp_path / ("out_%s.npz" % isa), src_path, ASCENDOPS_ISA=isa)
        assert str(got["isa"]) == isa
        for name, dt in dts.items():
            a, b = src[name + "_a"].view(dt), src[name + "_b"].view(dt)
            for key in [k for k in got.files if k.split(" ")[0] == name]:
                alpha = key.split(" ", 1)[1]
                want = _reference(a, b, dt, 1.0 if alpha == "inplace" else float(alpha))
                nan = np.isnan(want.astype(np.float32))
                want_bits = want.view(uint[name])
                val = got[key].view(uint[name])
                val_nan = np.isnan(val.view(dt).astype(np.float32))
                assert np.array_equal(val_nan, nan), (isa, key)   # NaN bits: the NaN rule's tests
                bad = np.flatnonzero(~nan & (val != want_bits))
                assert bad.size == 0, (isa, key, a[bad[:4]], b[bad[:4]], val.view(dt)[bad[:4]],
                                       want[bad[:4]])
                ran += 1
    assert ran >= 3 * 8


def test_the_data_tells_rounding_modes_apart():
    # the float32 cases would catch a float add that rounds otherwise (here: toward
    # zero); the 16-bit ones hold float32 sums halfway between two 16-bit values, where
    # the narrowing's ties-to-even decides (a float add is exact on most 16-bit pairs,
    # and adding in the 16-bit dtype directly would give the same bits: 24 >= 2 * 11 + 2)
    src = _inputs()
    a, b = src["f32_a"].view(np.float32), src["f32_b"].view(np.float32)
    exact = a.astype(np.float64) + b.astype(np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        near = exact.astype(np.float32)
        toward0 = np.where(np.abs(near.astype(np.float64)) > np.abs(exact),
                           np.nextafter(near, np.float32(0)), near)
    finite = np.isfinite(exact)
    assert np.count_nonzero(finite & (toward0 != near)) > 1000
    # alpha = 1 + 2^-12: pairs where one rounding of the exact b * alpha + a differs
    # from float64 then float32, by exact rationals; fma32 gives the one rounding
    from fractions import Fraction
    al = np.float32(1.0 + 2.0 ** -12)
    double_rounded = 0
    idx = np.flatnonzero(np.abs(a) == np.float32(2.0 ** -80))[:400]
    once_model = fma32(a[idx], b[idx], al)
    for k, i in enumerate(idx):
        ex = Fraction(float(b[i])) * Fraction(float(al)) + Fraction(float(a[i]))
        twice = np.float32(float(b[i]) * float(al) + float(a[i]))
        lo = np.float32(float(ex))
        # the float32 nearest the exact value (one rounding): the nearest of the float32
        # values around the double-rounded one, by exact distance
        cands = [lo, np.nextafter(lo, np.float32(np.inf)), np.nextafter(lo, np.float32(-np.inf))]
        once = min(cands, key=lambda c: (abs(Fraction(float(c)) - ex), int(c.view(np.uint32)) & 1))
        assert once == once_model[k], (a[i], b[i])
        double_rounded += once != twice
    assert double_rounded > 50
    for name, dt in (("f16", np.float16), ("bf16", ml_dtypes.bfloat16)):
        a, b = src[name + "_a"].view(dt), src[name + "_b"].view(dt)
        with np.errstate(over="ignore", invalid="ignore"):
            t = a.astype(np.float32) + b.astype(np.float32)
            r16 = t.astype(dt)
            r = r16.astype(np.float32)
            # r's 16-bit neighbour on t's side (sign-magnitude bits: +1 is away from 0)
            step = np.where(np.abs(t) > np.abs(r), 1, -1).astype(np.int32)
            other = (r16.view(np.uint16).astype(np.int32) + step).astype(np.uint16).view(dt).astype(np.float32)
            tie = np.isfinite(t) & (r != 0) & (t != r) & (np.abs(t - r) == np.abs(other - t))
        assert np.count_nonzero(tie) > 500, name
