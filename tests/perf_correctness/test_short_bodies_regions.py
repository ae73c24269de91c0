"""The elementwise loops of src/ew_op.h AO_EW_KV_: unstaged op bodies run a
register at a time in the AVX2 and AVX-512 regions, in float32 and in float16 /
bfloat16 (inputs widened and results narrowed in registers), where they ran 256-element
blocks through fp32 arrays before. The x86 baseline region still runs the blocks through
arrays, so it is the reference the new loops must equal.

One process per ISA region this CPU has (ASCENDOPS_ISA caps it), the same calls on the
same operands: every float16 and bfloat16 value as x (and as the other operand, in turn),
float32 samples with zeros of both signs, subnormals, infinities and NaNs of distinct
signs and payloads; lengths that leave a tail shorter than a register; results written
in place into an input as well as into a fresh output. Asserted:

- the AVX2 and AVX-512 regions give the same bits for every call (the accuracy target:
  NaN sign and payload included);
- for the bodies without vector math (selects, clamps, products), the baseline region's
  bits too: the old path's, bit for bit;
- every NaN result follows the NaN rule of ew_op.h ("NaN results"): the sign and
  payload of the first NaN input in operand order, quietened as the result was (a
  select passes a signalling NaN through; a NaN made from no NaN input aside), in
  every region."""

import numpy as np
import pytest
from region_runs import isas, run_script

pytest.importorskip("ml_dtypes")

SCRIPT = r"""
import sys
import ml_dtypes
import numpy as np
import ascendops as ao

src = np.load(sys.argv[2])
out = {"isa": np.array(ao.isa())}
for dtname, dt, ut in (("float32", np.float32, np.uint32), ("float16", np.float16, np.uint16),
                       ("bfloat16", ml_dtypes.bfloat16, np.uint16)):
    x = src[dtname + " x"].view(dt)
    dy = src[dtname + " dy"].view(dt)

    def into(k, f):
        # the result written in place into a copy of input k (out= that input)
        ins = [dy.copy(), x.copy()]
        f(*ins, out=ins[k])
        return ins[k]

    def inplace(f, *args):
        t = x.copy()
        f(t, *args)
        return t

    calls = {
        "hardtanh_backward": lambda: ao.hardtanh_backward(dy, x, -1.0, 1.0),
        "hardtanh_backward 0 6": lambda: ao.hardtanh_backward(dy, x, 0.0, 6.0),
        "hardtanh_backward into dy": lambda: into(0, lambda a, b, out: ao.hardtanh_backward(a, b, -1.0, 1.0, out=out)),
        "threshold": lambda: ao.threshold(x, 0.5, -2.0),
        "threshold inplace": lambda: inplace(ao.inplace_threshold, 0.0, 0.0),
        "threshold_backward": lambda: ao.threshold_backward(dy, x, 0.0),
        "threshold_backward into x": lambda: into(1, lambda a, b, out: ao.threshold_backward(a, b, 0.5, out=out)),
        "leaky_relu": lambda: ao.leaky_relu(x, 0.01),
        "leaky_relu inplace": lambda: inplace(ao.inplace_leaky_relu, -1.5),
        "leaky_relu_backward": lambda: ao.leaky_relu_backward(dy, x, 0.01, False),
        "leaky_relu_backward result": lambda: ao.leaky_relu_backward(dy, x, 0.3, True),
        "hardshrink": lambda: ao.hardshrink(x, 0.5),
        "hardshrink_backward": lambda: ao.hardshrink_backward(dy, x, 0.5),
        "softshrink": lambda: ao.softshrink(x, 0.5),
        "softshrink_backward": lambda: ao.softshrink_backward(dy, x, 0.5),
        "hardsigmoid": lambda: ao.hardsigmoid(x),
        "hardsigmoid inplace": lambda: inplace(ao.inplace_hardsigmoid),
        "hardsigmoid_backward": lambda: ao.hardsigmoid_backward(dy, x),
        "hardswish": lambda: ao.hardswish(x),
        "hardswish inplace": lambda: inplace(ao.inplace_hardswish),
        "hardswish_backward": lambda: ao.hardswish_backward(dy, x),
        "sigmoid_backward": lambda: ao.sigmoid_backward(dy, x),
        "selu_backward": lambda: ao.selu_backward(dy, x),
        "relu": lambda: ao.relu(x),
        "relu inplace": lambda: inplace(ao.inplace_relu),
        "add_relu": lambda: ao.add_relu(dy, x, 1.0),
        "add_relu inplace": lambda: inplace(ao.inplace_add_relu, dy, 2.5),
        "heaviside": lambda: ao.heaviside(x, dy),
        "elu_backward result": lambda: ao.elu_backward(dy, x, 1.0, 1.0, 1.0, True),
        "squared_relu": lambda: ao.squared_relu(x),
        "prelu": lambda: ao.prelu(x, np.asarray([0.25], dtype=dt)),
        "glu_backward": lambda: ao.glu_backward(dy[:, None], np.stack([x, dy], -1), -1),
        "sigmoid": lambda: ao.sigmoid(x),
        "gelu_v2 tanh": lambda: ao.gelu_v2(x, 1),
    }
    for name, call in calls.items():
        out[dtname + " " + name] = np.asarray(call()).view(ut)
np.savez(sys.argv[1], **out)
"""

# bodies that call vector math (exp and what uses it): the baseline region has no FMA
# (vmath.h AO_FMAF), so it rounds them differently; only the FMA regions are compared
VMATH = ("glu_backward", "sigmoid", "gelu_v2 tanh")
# calls whose result is not elementwise in (dy, x) (NaN rule checked per element only on the rest)
NOT_ELEMENTWISE = ("glu_backward", "prelu", "add_relu inplace")

FMT = {"float32": (np.uint32, 0x7F800000, 0x00400000, 0x007FFFFF),
       "float16": (np.uint16, 0x7C00, 0x0200, 0x03FF),
       "bfloat16": (np.uint16, 0x7F80, 0x0040, 0x007F)}


def _f32_bits(rng, n):
    k = n // 4
    mag = 10.0 ** rng.uniform(-45, 38, k)
    x = np.concatenate([rng.uniform(-8, 8, k), rng.normal(0, 3, k),
                        mag * rng.choice([-1.0, 1.0], k), rng.uniform(-1, 7, n - 3 * k)])
    special = np.array([0.0, -0.0, np.inf, -np.inf, 1e-45, -1e-45, 1.17549435e-38, -3.0, 3.0,
                        -1.0, 1.0, 0.5, -0.5, 6.0, -6.0, 3.4e38, -3.4e38], np.float64)
    x[: special.size] = special
    with np.errstate(over="ignore"):
        bits = x.astype(np.float32).view(np.uint32).copy()
    # NaNs: both signs, quiet and signalling, distinct payloads, at every lane position
    nan = rng.choice(np.arange(special.size, n), n // 64, replace=False)
    bits[nan] = ((rng.integers(0, 2, nan.size) << 31) | 0x7F800000
                 | rng.integers(1, 1 << 23, nan.size)).astype(np.uint32)
    return bits


def _inputs():
    rng = np.random.default_rng(1111)
    n16 = 65536 + 13                       # every value, and a tail shorter than a register
    every = np.concatenate([np.arange(65536), rng.integers(0, 65536, 13)]).astype(np.uint16)
    data = {"float32 x": _f32_bits(rng, (1 << 20) + 13),
            "float32 dy": _f32_bits(rng, (1 << 20) + 13)}
    for dtname in ("float16", "bfloat16"):
        data[dtname + " x"] = every
        data[dtname + " dy"] = rng.permutation(every)  # every value too, in another order
    assert data["float16 x"].size == n16
    return data


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("short_bodies")
    data = _inputs()
    src = tmp / "in.npz"
    np.savez(src, **data)
    got = {}
    for isa in isas():
        r = run_script(SCRIPT, tmp / ("%s.npz" % isa), src, timeout=900, ASCENDOPS_ISA=isa)
        if str(r["isa"]) != isa:  # this CPU lacks the region (capped lower)
            break
        got[isa] = r
    return data, got


def _first_diff(a, b):
    bad = np.flatnonzero(a != b)
    return bad.size, (bad[0] if bad.size else -1)


def test_regions_give_the_same_bits(runs):
    _, got = runs
    assert "baseline" in got
    names = [k for k in got["baseline"].files if k != "isa"]
    assert len(names) == 3 * 34
    regions = list(got)
    for name in names:
        call = name.split(" ", 1)[1]
        compared = [r for r in regions if r != "baseline" or call not in VMATH]
        for other in compared[1:]:
            a, b = got[compared[0]][name], got[other][name]
            count, first = _first_diff(a, b)
            assert count == 0, "%s: %s and %s differ in %d results, first [%d] %x vs %x" % (
                name, compared[0], other, count, first, a[first], b[first])


def test_nan_results_follow_the_rule(runs):
    data, got = runs
    checked = 0
    for isa, r in got.items():
        for name in r.files:
            if name == "isa":
                continue
            dtname, call = name.split(" ", 1)
            if call in NOT_ELEMENTWISE:
                continue
            ut, exp, quiet, man = FMT[dtname]
            res = r[name]
            x, dy = data[dtname + " x"], data[dtname + " dy"]
            inputs = [x] if call.split(" ")[0] in ("threshold", "leaky_relu", "hardshrink",
                                                   "softshrink", "hardsigmoid", "hardswish",
                                                   "relu", "squared_relu", "sigmoid",
                                                   "gelu_v2") else [dy, x]
            if call == "heaviside":
                inputs = [x, dy]
            isnan = [((v & exp) == exp) & ((v & man) != 0) for v in inputs]
            first = np.zeros(res.shape, ut)
            have = np.zeros(res.shape, bool)
            for v, nan in zip(inputs, isnan):
                take = nan & ~have
                first[take] = v[take]
                have |= nan
            res_nan = ((res & exp) == exp) & ((res & man) != 0)
            sel = res_nan & have
            # quietened as the result was: an op that passes an input through (a
            # select) keeps a signalling NaN, arithmetic quietens it
            first = first | (res & quiet)
            count, at = _first_diff(res[sel], first[sel])
            assert count == 0, "%s %s: %d NaN results off the rule, first %x vs %x" % (
                isa, name, count, res[sel][at], first[sel][at])
            checked += int(sel.sum())
    assert checked > 10000
