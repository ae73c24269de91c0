"""Doubles rounded once to float16 through float32 rounded to odd (src/round_odd.h in the
AVX2 region, _MM_FROUND_TO_ZERO in AVX-512, scalar in the baseline), in each ISA region
this CPU has: Arange's float16 and float32 fills (region.h ao_arange_f32, its index a
vector of doubles in AVX2) and CumSum's float16 outputs (norm_math.h ao_nm_f64_to_f16),
each against numpy's once-rounded float64, bit for bit. The rows hold sums one rounding
to float32 would turn into a float16 tie (1 + 2^-11 + 2^-24), ties themselves, values
past float16's largest, subnormal halves and a NaN; lengths leave the vector tails."""
import numpy as np

from region_runs import run_in_regions

REGION_SCRIPT = r"""
import sys
import numpy as np
import ascendops as ao

out = {"isa": np.array(ao.isa())}
starts = [(1.0 + 2.0 ** -11 + 2.0 ** -40, 2.0 ** -10), (-(2.0 ** -25) - 2.0 ** -50, -(2.0 ** -24)),
          (65504.0, 2.0 ** -10), (0.1, 1e-7), (-3.7, 0.013)]
for k, (start, step) in enumerate(starts):
    for dtype in (np.float16, np.float32):
        for n in (3000, 7):
            got = np.empty(n, dtype)
            ao.arange(start, start + n * step, step, out=got)
            want = (np.float64(start) + np.arange(n, dtype=np.float64) * np.float64(step)).astype(dtype)
            out["arange_%d_%s_%d" % (k, np.dtype(dtype).name, n)] = np.array(
                np.array_equal(got.view(np.uint8), want.view(np.uint8)))

rng = np.random.default_rng(11)
x = (rng.standard_normal((6, 1029)) * 8).astype(np.float16)
x[0, :3] = [1.0, 2.0 ** -11, 2.0 ** -24]             # 1 + 2^-11 + 2^-24: above the tie
x[1, :2] = [1.0, 2.0 ** -11]                          # the tie itself: to even
x[2, :3] = [65504.0, 8.0, 8.0]                        # 65512 (a tie, to 65504), then inf
x[3, :] = np.float16(2.0 ** -24)                      # subnormal sums
x[4, 5] = np.nan
got = ao.cumsum(x, -1, "float16")
want = np.cumsum(x.astype(np.float64), axis=-1).astype(np.float16)
nan = np.isnan(want)
out["cumsum_nan"] = np.array(np.array_equal(np.isnan(got), nan))
out["cumsum"] = np.array(np.array_equal(got[~nan].view(np.uint16), want[~nan].view(np.uint16)))
np.savez(sys.argv[1], **out)
"""


def test_once_rounded_halves_in_every_region(tmp_path):
    for isa, got in run_in_regions(REGION_SCRIPT, tmp_path).items():
        bad = [k for k in got.files if k != "isa" and not bool(got[k])]
        assert not bad, "%s: %s differ from numpy's once-rounded float64" % (isa, ", ".join(bad))
