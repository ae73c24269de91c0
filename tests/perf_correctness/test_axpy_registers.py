"""Add, Sub and AddRelu with alpha != 1 round a + b c once to float32 (c = alpha, Sub
-alpha: src/ops/add.h, sub.h, add_relu.h, ew_op.h ao_axpyf: vfmadd in the vector
regions, libm's fmaf in the baseline region), then to the output dtype. Checked here
against test_add_relu_kernels.fma32 (the exact value's rounding, from float64 and its
error term), in every ISA region this CPU has, float32 / float16 / bfloat16, on:
test_add_relu_kernels' data (random values, ties, near-ties, the double-rounding
pairs, overflow, subnormals, zeros, infinities); pairs whose exponent difference
sweeps from a far below b c to far above, with and without a float32 tie of the
float64 sum; lengths around the four-register block (0, 1, 63, 64, 65, 129); in place
and non-contiguous."""
import numpy as np
import pytest
from region_runs import run_in_regions
from test_add_relu_kernels import _inputs, fma32

ml_dtypes = pytest.importorskip("ml_dtypes")

ALPHAS = (2.5, 1.0 + 2.0 ** -12, -3.0 - 2.0 ** -20, 1e-30, 3e30)

SCRIPT = r"""
import sys
import ml_dtypes
import numpy as np
import ascendops as ao

src = np.load(sys.argv[2])
alphas = [float(a) for a in sys.argv[3].split(",")]
out = {"isa": np.array(ao.isa())}
for name, dt in (("f32", np.float32), ("f16", np.float16), ("bf16", ml_dtypes.bfloat16)):
    for part in ("", "sweep_"):
        a, b = src[part + name + "_a"].view(dt), src[part + name + "_b"].view(dt)
        for alpha in alphas:
            for op in ("add", "sub", "add_relu"):
                r = getattr(ao, op)(a, b, alpha)
                out["%s%s %s %r" % (part, name, op, alpha)] = np.ascontiguousarray(r).view(np.uint8).copy()
    a, b = src[name + "_a"].view(dt), src[name + "_b"].view(dt)
    for n in (0, 1, 63, 64, 65, 129):
        out["%s add n%d" % (name, n)] = np.ascontiguousarray(ao.add(a[:n], b[:n], 2.5)).view(np.uint8).copy()
    out["%s sub strided" % name] = np.ascontiguousarray(ao.sub(a[1::3], b[::3][:a[1::3].size], 2.5)).view(np.uint8).copy()
    x = a.copy()
    ao.inplace_add(x, b, -0.5)
    out["%s add inplace" % name] = x.view(np.uint8).copy()
np.savez(sys.argv[1], **out)
"""


def _sweep(name, dt, rng):
    """a = m 2^d b with m in [1, 2) random and d from -60 to 40 (and a = +-2^d |b|): the
    exponent difference of a and b c from where a is lost in b c's rounding to where b c
    is; float32 also (last) the double-rounding pairs at every d from -80 to -20, where
    the float64 sum is a float32 tie and the exact sum is not."""
    s = {"f32": 24, "f16": 11, "bf16": 8}[name]
    lo_e, hi_e = {"f32": (-120, 120), "f16": (-24, 15), "bf16": (-120, 120)}[name]
    a, b = [], []
    for d in range(-60, 41):
        e_lo, e_hi = max(lo_e, lo_e - d), min(hi_e, hi_e - d)
        if e_lo > e_hi:   # a and b both in range: none at this distance
            continue
        bb = (rng.uniform(1, 2, 120) * 2.0 ** rng.integers(e_lo, e_hi + 1, 120))
        bb = (bb * rng.choice([-1, 1], 120)).astype(dt)
        aa = (rng.uniform(1, 2, 120) * 2.0 ** d * bb.astype(np.float64) * rng.choice([-1, 1], 120)).astype(dt)
        a.append(aa)
        b.append(bb)
        # a single-bit a at the same distance: sums whose bits run past 53 where d is extreme
        a.append((np.sign(rng.standard_normal(120)) * 2.0 ** d * np.abs(bb.astype(np.float64))).astype(dt))
        b.append(bb)
    if name == "f32":
        # b c = b (1 + 2^-12) halfway between two floats for b = 1 + odd 2^-12; a = +-2^d:
        # the double sum is that halfway value (ties to even) where d < -53, and a one-
        # rounding fma would round toward a's side
        bt = (1.0 + (2 * rng.integers(0, 1 << 11, 50) + 1) * 2.0 ** -12).astype(np.float32)
        for d in range(-80, -19):
            for sign in (1, -1):
                a.append(np.full(bt.size, sign * 2.0 ** d, np.float32))
                b.append(bt)
    a, b = np.concatenate(a), np.concatenate(b)
    keep = np.isfinite(a.astype(np.float32)) & np.isfinite(b.astype(np.float32))
    uint = np.uint32 if name == "f32" else np.uint16
    return a[keep].view(uint), b[keep].view(uint)


def _reference(a, b, out_dt, alpha, op):
    c = np.float32(-alpha if op == "sub" else alpha)
    t = fma32(a.astype(np.float32), b.astype(np.float32), c)
    if op == "add_relu":
        t = np.where(t < 0, np.float32(0), t).astype(np.float32)
    return t.astype(out_dt)


def _same(got, want, dt, uint, what):
    want_nan = np.isnan(want.astype(np.float32))
    val = got.view(uint)
    assert val.size == want.size, what
    assert np.array_equal(np.isnan(val.view(dt).astype(np.float32)), want_nan), what  # NaN bits: the NaN rule's tests
    bad = np.flatnonzero(~want_nan & (val != want.view(uint)))
    assert bad.size == 0, (what, bad.size, val.view(dt)[bad[:4]], want[bad[:4]])


@pytest.mark.filterwarnings("ignore:overflow encountered")
@pytest.mark.filterwarnings("ignore:invalid value encountered")
def test_axpy_rounds_once_in_every_region(tmp_path):
    rng = np.random.default_rng(21)
    src = _inputs()
    dts = {"f32": np.float32, "f16": np.float16, "bf16": ml_dtypes.bfloat16}
    uint = {"f32": np.uint32, "f16": np.uint16, "bf16": np.uint16}
    for name, dt in dts.items():
        with np.errstate(over="ignore", under="ignore"):
            src["sweep_%s_a" % name], src["sweep_%s_b" % name] = _sweep(name, dt, rng)
    src_path = tmp_path / "src.npz"
    np.savez(src_path, **src)
    got = run_in_regions(SCRIPT, tmp_path, src_path, ",".join(repr(a) for a in ALPHAS))
    for isa, r in got.items():
        for name, dt in dts.items():
            for part in ("", "sweep_"):
                a, b = src[part + name + "_a"].view(dt), src[part + name + "_b"].view(dt)
                for alpha in ALPHAS:
                    for op in ("add", "sub", "add_relu"):
                        key = "%s%s %s %r" % (part, name, op, alpha)
                        _same(r[key], _reference(a, b, dt, alpha, op), dt, uint[name], (isa, key))
            a, b = src[name + "_a"].view(dt), src[name + "_b"].view(dt)
            for n in (0, 1, 63, 64, 65, 129):
                _same(r["%s add n%d" % (name, n)], _reference(a[:n], b[:n], dt, 2.5, "add"), dt, uint[name], (isa, n))
            sa = a[1::3]
            _same(r["%s sub strided" % name], _reference(sa, b[::3][:sa.size], dt, 2.5, "sub"), dt, uint[name], isa)
            _same(r["%s add inplace" % name], _reference(a, b, dt, -0.5, "add"), dt, uint[name], isa)


def test_the_sweep_holds_double_rounding_cases():
    # pairs where one rounding of the exact a + b c (a float fma) differs from the
    # float64-then-float32 value, so a kernel that went through float64 would fail
    from fractions import Fraction
    rng = np.random.default_rng(21)
    a, b = _sweep("f32", np.float32, rng)
    a, b = a.view(np.float32), b.view(np.float32)
    c = np.float32(1.0 + 2.0 ** -12)
    twice = (b.astype(np.float64) * np.float64(c) + a.astype(np.float64)).astype(np.float32)
    model = fma32(a, b, c)
    differ = 0
    for i in range(a.size - 61 * 2 * 50, a.size):
        ex = Fraction(float(b[i])) * Fraction(float(c)) + Fraction(float(a[i]))
        t = twice[i]
        cands = [t, np.nextafter(t, np.float32(np.inf)), np.nextafter(t, np.float32(-np.inf))]
        once = min(cands, key=lambda v: (abs(Fraction(float(v)) - ex), int(v.view(np.uint32)) & 1))
        assert once == model[i], (a[i], b[i])
        differ += once != t
    assert differ > 0
