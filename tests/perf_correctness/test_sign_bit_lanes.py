"""Abs and Neg on float16 / bfloat16 compute on the raw 16-bit lanes (src/ops/math_abs.h,
math_neg.h declare AO_EW_RAW16_: x & 0x7fff, x ^ 0x8000; ew_op.h, region.h
ao_raw16_run), and a group of lanes holding a NaN runs the body's register loop, whose
NaN rule keeps the NaN's sign and payload, quietened. Checked here against those rules
on every 16-bit pattern, in every ISA region this CPU has, at lengths around the
group's (0, 1, 63, 64, 65, 127, 129) with a NaN at the groups' edges, in place and on a
non-contiguous view."""
import numpy as np
import pytest
from region_runs import run_in_regions

ml_dtypes = pytest.importorskip("ml_dtypes")

SCRIPT = r"""
import sys
import ml_dtypes
import numpy as np
import ascendops as ao

out = {"isa": np.array(ao.isa())}
bits = np.arange(1 << 16, dtype=np.uint16)
for dname, dt in (("f16", np.float16), ("bf16", ml_dtypes.bfloat16)):
    inf = 0x7c00 if dname == "f16" else 0x7f80
    for op in ("abs", "neg"):
        f = getattr(ao, op)
        out["%s %s all" % (dname, op)] = np.asarray(f(bits.view(dt))).view(np.uint16).copy()
        # odd lengths, a NaN at a group's first or last lane or none
        for n in (0, 1, 63, 64, 65, 127, 129):
            for nan_at in (None, 0, 63, 64, n - 1):
                x = np.random.default_rng(n).integers(0, inf, n, dtype=np.uint16)
                x[::3] |= 0x8000
                if nan_at is not None and 0 <= nan_at < n:
                    x[nan_at] = 0xfc01 if dname == "f16" else 0xff81   # signalling, negative
                key = "%s %s n%d nan%s" % (dname, op, n, nan_at)
                out[key + " in"] = x
                out[key] = np.asarray(f(x.view(dt))).view(np.uint16).copy()
        # in place and a strided view
        x = bits.copy()
        f(x.view(dt), out=x.view(dt))
        out["%s %s inplace" % (dname, op)] = x
        out["%s %s strided" % (dname, op)] = np.asarray(f(bits.view(dt)[1::3])).view(np.uint16).copy()
np.savez(sys.argv[1], **out)
"""


def _want(x, dname, op):
    inf, quiet = (0x7c00, 0x0200) if dname == "f16" else (0x7f80, 0x0040)
    r = (x & 0x7fff) if op == "abs" else (x ^ 0x8000)
    nan = (x & 0x7fff) > inf
    return np.where(nan, x | quiet, r).astype(np.uint16)


def test_abs_neg_16bit_lanes_in_every_region(tmp_path):
    got = run_in_regions(SCRIPT, tmp_path)
    bits = np.arange(1 << 16, dtype=np.uint16)
    for isa, r in got.items():
        for dname in ("f16", "bf16"):
            for op in ("abs", "neg"):
                want = _want(bits, dname, op)
                np.testing.assert_array_equal(r["%s %s all" % (dname, op)], want, err_msg=isa)
                np.testing.assert_array_equal(r["%s %s inplace" % (dname, op)], want, err_msg=isa)
                np.testing.assert_array_equal(r["%s %s strided" % (dname, op)], want[1::3], err_msg=isa)
                for key in [k for k in r.files if k.startswith("%s %s n" % (dname, op)) and not k.endswith(" in")]:
                    np.testing.assert_array_equal(r[key], _want(r[key + " in"], dname, op), err_msg=(isa, key))
