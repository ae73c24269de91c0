"""NaN sign and payload do not depend on the ISA region or the kernel path (part of
the accuracy target): the same calls, with NaNs of distinct signs and payloads in dy, in x and
in both, in one process per region this CPU has (ASCENDOPS_ISA caps the region) and
per ASCENDOPS_LUT policy (tables off / on), give the same NaN bits everywhere, and the
bits follow the rule of src/ew_op.h: a NaN result is the first NaN
input's (dy before x), quietened. Reference: the input bits, with numpy."""

import numpy as np
import pytest
from region_runs import isas, run_script

pytest.importorskip("ml_dtypes")

SCRIPT = r"""
import sys
import ml_dtypes
import numpy as np
import ascendops as ao

dts = {"float32": (np.float32, np.uint32), "float16": (np.float16, np.uint16),
       "bfloat16": (ml_dtypes.bfloat16, np.uint16)}
src = np.load(sys.argv[2])
out = {"isa": np.array(ao.isa())}
for dtname, (dt, ut) in dts.items():
    dy = src[dtname + " dy"].view(dt)
    x = src[dtname + " x"].view(dt)
    calls = {
        "silu_backward": lambda: ao.silu_backward(dy, x),
        "gelu_backward": lambda: ao.gelu_backward(dy, x),
        "gelu_backward tanh": lambda: ao.gelu_backward(dy, x, approximate="tanh"),
        "hardswish_backward": lambda: ao.hardswish_backward(dy, x),
        "sigmoid_backward": lambda: ao.sigmoid_backward(dy, x),
        "silu_backward odd": lambda: ao.silu_backward(dy[:1003], x[:1003]),
        "silu_backward strided": lambda: ao.silu_backward(dy[::2], x[::2]),
    }
    for name, call in calls.items():
        for rep in range(2):  # the second call runs on the table where tables are on
            r = np.asarray(call()).view(ut)
        out[dtname + " " + name] = r
    out[dtname + " silu"] = np.asarray(ao.silu(x)).view(ut)
np.savez(sys.argv[1], **out)
"""

# (all-ones exponent, quiet bit, payload mask) per dtype
FMT = {"float32": (0x7F800000, 0x00400000, 0x007FFFFF, np.uint32),
       "float16": (0x7C00, 0x0200, 0x03FF, np.uint16),
       "bfloat16": (0x7F80, 0x0040, 0x007F, np.uint16)}
N = 4099


def _inputs():
    """dy and x bits: finite values, and NaNs with distinct signs and payloads (quiet and
    signalling), each combination of finite / NaN across dy and x many times, at every
    position modulo the vector widths."""
    rng = np.random.default_rng(20)
    data = {}
    for dtname, (exp, quiet, man, ut) in FMT.items():
        for k, name in enumerate(("dy", "x")):
            vals = rng.uniform(-4, 4, N).astype(np.float32)
            if dtname == "float32":
                bits = vals.view(np.uint32).copy()
            elif dtname == "float16":
                bits = vals.astype(np.float16).view(np.uint16).copy()
            else:
                bits = (vals.view(np.uint32) >> 16).astype(np.uint16)
            cls = (np.arange(N) // (3 ** k)) % 3          # 0 finite, 1 and 2 NaNs
            signbit = 0x80000000 if dtname == "float32" else 0x8000
            sign = rng.integers(0, 2, N).astype(np.int64) * signbit
            nan1 = exp | rng.integers(1, quiet, N) | sign             # signalling
            nan2 = exp | quiet | rng.integers(0, quiet, N) | (signbit - sign)  # quiet
            bits = np.where(cls == 1, nan1, np.where(cls == 2, nan2, bits.astype(np.int64)))
            data[dtname + " " + name] = bits.astype(ut)
    return data


def _is_nan(bits, dtname):
    exp, _, man, _ = FMT[dtname]
    return ((bits & exp) == exp) & ((bits & man) != 0)


def test_nan_bits_same_in_every_region_and_path(tmp_path):
    src = tmp_path / "in.npz"
    data = _inputs()
    np.savez(src, **data)
    runs = {}
    for isa in isas():
        for lut in ("off", "on"):
            got = run_script(SCRIPT, tmp_path / ("%s-%s.npz" % (isa, lut)), src, ASCENDOPS_ISA=isa,
                             ASCENDOPS_LUT=lut)
            if str(got["isa"]) != isa:  # this CPU lacks the region (capped lower)
                break
            runs[(isa, lut)] = got
    assert ("baseline", "off") in runs
    ref_key = ("baseline", "off")
    ref = runs[ref_key]
    checked = 0
    for name in ref.files:
        if name == "isa":
            continue
        dtname, op = name.split(" ", 1)
        exp, quiet, man, ut = FMT[dtname]
        a = ref[name]
        for key, got in runs.items():
            b = got[name]
            # NaN bits only: finite float32 results may differ by an ulp from the
            # baseline region, which has no FMA (vmath.h AO_FMAF)
            bad = np.flatnonzero((a != b) & (_is_nan(a, dtname) | _is_nan(b, dtname)))
            assert bad.size == 0, "%s %s vs %s: %d differ, first [%d] %x vs %x" % (
                name, key, ref_key, bad.size, bad[0], a[bad[0]], b[bad[0]])
        # the rule, against the input bits
        if op == "silu":
            first = [data[dtname + " x"]]
        else:
            first = [data[dtname + " dy"], data[dtname + " x"]]
        if op.endswith("odd"):
            first = [f[:1003] for f in first]
        elif op.endswith("strided"):
            first = [f[::2] for f in first]
        want = np.zeros_like(a)
        have = np.zeros(a.shape, bool)
        for f in first:
            nan = _is_nan(f, dtname) & ~have
            want = np.where(nan, f | ut(quiet), want)
            have |= nan
        res_nan = _is_nan(a, dtname) & have
        checked += int(res_nan.sum())
        bad = np.flatnonzero(res_nan & (a != want))
        assert bad.size == 0, "%s: %d NaNs break the rule, first [%d] %x, want %x" % (
            name, bad.size, bad[0], a[bad[0]], want[bad[0]])
        # every NaN input gives a NaN result for these ops
        assert np.array_equal(_is_nan(a, dtname), _is_nan(a, dtname) | have), name
    assert checked > 10000
