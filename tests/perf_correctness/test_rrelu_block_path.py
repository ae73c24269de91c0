"""RReluWithNoise's block path (src/rrelu.h: contiguous runs of out and self in blocks
of 1024, the region's array conversions, branch-free float32 loops and Philox4x32-10 on
8 / 16 counters at once) against its element path (the same op on strided views of the
same values, element by element), in every ISA region this CPU has (one process per
ASCENDOPS_ISA): the same bytes of out and noise, NaNs included, in inference and in
training, for every dtype; and the values against the numpy reference of the op's
declaration (ascendops/ops/rrelu_with_noise.py: its own Philox, CANN's Muls/Sub order).

The cases reach the block path's edges: sizes that end mid-block and mid-Philox-group,
offsets whose counters carry from the low word into the next inside one vector of
counters (2^32 - 5) and into the third word (offset -3 = 2^64 - 3, CANN's uint64),
NaNs of every kind (16-bit NaN stores go through the scalar rules), infinities, zeros,
subnormals, noise longer than self and noise with a stride, and lower/upper that are
not finite (the element path)."""

import numpy as np
import pytest
from region_runs import isas, run_script

ml_dtypes = pytest.importorskip("ml_dtypes")

SCRIPT = r"""
import sys
import numpy as np
import ascendops as ao

src = np.load(sys.argv[2])
out = {"isa": np.array(ao.isa())}
ao.set_num_threads(int(sys.argv[3]))
CASES = [(0.125, 1 / 3, 0, 0), (0.1, 0.5, 12345, 2 ** 32 - 5), (-0.5, 0.25, -1, -3),
         (0.0, 1.0, 2 ** 40 + 3, 2 ** 63 - 2), (3e38, 3.4e38, 7, 1), (float("inf"), 1.0, 1, 1),
         (0.2, float("nan"), 1, 1)]
for name in ("f32", "f16", "bf16"):
    dt = {"f16": np.float16, "bf16": __import__("ml_dtypes").bfloat16, "f32": np.float32}[name]
    x = src[name].view(dt)
    n = x.size
    xs = np.empty(2 * n, dt)
    xs[::2] = x
    for c, (lower, upper, seed, offset) in enumerate(CASES):
        for training in (False, True):
            key = "%s %d %d " % (name, c, training)
            # contiguous: the block path; noise 3 elements longer than self
            noise = np.full(n + 3, 7, dt)
            o = ao.rrelu_with_noise(x, noise, lower, upper, training, seed, offset)
            out[key + "out"] = np.ascontiguousarray(o).view(np.uint8)
            out[key + "noise"] = noise.view(np.uint8)
            # strided self and out: the element path
            ns = np.full(n + 3, 7, dt)
            os_ = np.empty(2 * n, dt)
            ao.rrelu_with_noise(xs[::2], ns, lower, upper, training, seed, offset, out=os_[::2])
            out[key + "out strided"] = np.ascontiguousarray(os_[::2]).view(np.uint8)
            out[key + "noise strided"] = ns.view(np.uint8)
            # contiguous self and out, noise with a stride (its element-by-element stores)
            nn = np.full(2 * n, 7, dt)
            ao.rrelu_with_noise(x, nn[::2], lower, upper, training, seed, offset)
            out[key + "noise of stride 2"] = np.ascontiguousarray(nn[::2]).view(np.uint8)
            # in place (out is self)
            xi = x.copy()
            ni = np.full(n, 7, dt)
            ao.rrelu_with_noise(xi, ni, lower, upper, training, seed, offset, out=xi)
            out[key + "in place"] = xi.view(np.uint8)
np.savez(sys.argv[1], **out)
"""

CASES = [(0.125, 1 / 3, 0, 0), (0.1, 0.5, 12345, 2 ** 32 - 5), (-0.5, 0.25, -1, -3),
         (0.0, 1.0, 2 ** 40 + 3, 2 ** 63 - 2), (3e38, 3.4e38, 7, 1), (float("inf"), 1.0, 1, 1),
         (0.2, float("nan"), 1, 1)]


def _inputs():
    """5003 elements of each dtype (4 blocks and a tail that ends mid-group): random
    values of both signs, NaNs scattered into some blocks (not the first), and the
    special values."""
    rng = np.random.default_rng(11)
    n = 5003
    f32 = rng.uniform(-4, 4, n).astype(np.float32)
    f32[1500:1600] = rng.uniform(-1e-40, 1e-40, 100).astype(np.float32)   # subnormals
    special = np.array([0.0, -0.0, np.inf, -np.inf, 65504.0, -70000.0, 1e-8, -1e-8], np.float32)
    f32[2000:2008] = special
    nan32 = np.array([0x7FC00000, 0x7F800001, 0x7FBFFFFF, 0x7FC12345, 0xFFC00000, 0xFF812345],
                     np.uint32).view(np.float32)
    f32[2100:2106] = nan32
    f32[4999] = nan32[3]
    nan16 = np.array([0x7E00, 0x7C01, 0x7DFF, 0xFE00, 0xFC11, 0x7E35], np.uint16)
    f16 = f32.astype(np.float16)
    f16[2100:2106] = nan16.view(np.float16)
    f16[4999] = nan16.view(np.float16)[5]
    nanb = np.array([0x7FC0, 0x7F81, 0x7FBF, 0xFFC0, 0xFF81, 0x7FC5], np.uint16)
    bf16 = f32.astype(ml_dtypes.bfloat16)
    bf16[2100:2106] = nanb.view(ml_dtypes.bfloat16)
    bf16[4999] = nanb.view(ml_dtypes.bfloat16)[5]
    return {"f32": f32.view(np.uint32), "f16": f16.view(np.uint16), "bf16": bf16.view(np.uint16)}


def _every_pattern():
    """Every float16 and every bfloat16 bit pattern, in order (65536 elements: 64
    blocks; inference's one-pass register path, rrelu.h ao_rrelu_leaky16_*, rounds
    each product by RNE, overflows to inf, keeps subnormals and hands each step with a
    NaN to the buffered path), and float32 patterns spread over every exponent."""
    k = np.arange(65536, dtype=np.uint32)
    return {"f32": (k << 16) | (k * 40503 & 0xFFFF), "f16": k.astype(np.uint16), "bf16": k.astype(np.uint16)}


@pytest.mark.filterwarnings("ignore:invalid value encountered")
@pytest.mark.filterwarnings("ignore:overflow encountered")
# every 16-bit pattern (and float32 patterns over every exponent) in tier 2
@pytest.mark.parametrize("inputs", [_inputs, pytest.param(_every_pattern, marks=pytest.mark.slow)],
                         ids=["mixed", "every_pattern"])
def test_block_path_matches_the_element_path_in_every_region(tmp_path, inputs):
    from ascendops.ops import rrelu_with_noise as decl
    src = inputs()
    src_path = tmp_path / "src.npz"
    np.savez(src_path, **src)
    dtypes = {"f32": np.float32, "f16": np.float16, "bf16": ml_dtypes.bfloat16}
    first = None
    for isa in isas():
        for threads in (1, 3):
            got = run_script(SCRIPT, tmp_path / ("out_%s_%d.npz" % (isa, threads)), src_path, threads,
                             ASCENDOPS_ISA=isa)
            assert str(got["isa"]) == isa
            for name, dt in dtypes.items():
                x = src[name].view(dt)
                n = x.size
                for c, (lower, upper, seed, offset) in enumerate(CASES):
                    for training in (0, 1):
                        key = "%s %d %d " % (name, c, training)
                        where = (isa, threads, key)
                        o, nz = got[key + "out"], got[key + "noise"]
                        assert np.array_equal(o, got[key + "out strided"]), where
                        assert np.array_equal(nz, got[key + "noise strided"]), where
                        assert np.array_equal(o, got[key + "in place"]), where
                        assert np.array_equal(nz[: n * x.itemsize], got[key + "noise of stride 2"]), where
                        if not training:   # inference leaves noise as it was
                            assert np.array_equal(nz, np.full(n + 3, 7, dt).view(np.uint8)), where
                        # noise's elements past self's are never written
                        assert np.array_equal(nz[n * x.itemsize:], np.full(3, 7, dt).view(np.uint8)), where
                        # the values: the declaration's numpy reference (NaNs aside)
                        if not (np.isfinite(lower) and np.isfinite(upper)):
                            continue
                        val = o.view(dt).astype(np.float64)
                        want = decl.reference(x, None, lower, upper, bool(training), seed, offset)
                        want = want.astype(np.float32).astype(dt).astype(np.float64)
                        ok = ~np.isnan(want)
                        assert np.array_equal(np.isnan(val), ~ok), where
                        bad = np.flatnonzero(ok & (val != want))
                        assert bad.size == 0, (where, bad[:5], val[bad[:5]], want[bad[:5]])
                        if training:
                            want_s = decl.slopes(x, lower, upper, seed, offset)
                            s = nz.view(dt)[:n].astype(np.float64)
                            assert np.array_equal(s, want_s), where
            # the same bytes in every region and thread count
            if first is None:
                first = got
            else:
                for k in first.files:
                    if k != "isa":
                        assert np.array_equal(got[k], first[k]), (isa, threads, k)
