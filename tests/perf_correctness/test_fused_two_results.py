"""Two-result elementwise ops (AO_EW_OP*_2OUT: GluBackward, SwiGluGrad, GeGluBackward,
ClippedSwigluGrad) run by one fused pass (src/ew_op.h AO_EW_K2_, engine.c
ao_ew_run_fused2) where every operand's rows are contiguous and of one dtype, and by one
pass per output otherwise (as every plan ran before). The fused pass must
give the passes' bits, NaN sign and payload included.

One process per ISA region this CPU has (ASCENDOPS_ISA caps it). The same values are
given twice: C-ordered (rows contiguous: the fused pass) and as Fortran-ordered copies
(the plan's inner stride is not 1: the passes). Inputs hold NaNs of both signs, quiet
and signalling, with distinct payloads, infinities and signed zeros; row lengths leave
a tail shorter than a register. Asserted: fused == passes bit for bit in every region,
and the AVX2 and AVX-512 regions agree (the baseline region rounds the vector math
without FMA, so it is compared only with itself)."""

import numpy as np
import pytest
from region_runs import run_in_regions

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
    x = src[dtname + " x"].view(dt)      # (R, 2C)
    dy = src[dtname + " dy"].view(dt)    # (R, C)
    g = src[dtname + " g"].view(dt)      # (R, C)
    c = dy.shape[1]
    x0 = np.concatenate([x[:, :c], x[:, c:]])  # the halves along dim 0
    calls = {
        "glu_backward": lambda dy, x, x0, g: ao.glu_backward(dy, x, -1),
        "glu_backward dim 0": lambda dy, x, x0, g: ao.glu_backward(dy, x0, 0),
        "swi_glu_grad": lambda dy, x, x0, g: ao.swi_glu_grad(dy, x, -1),
        "ge_glu_backward tanh": lambda dy, x, x0, g: ao.ge_glu_backward(dy, x, g, -1, 1),
        "ge_glu_backward erf": lambda dy, x, x0, g: ao.ge_glu_backward(dy, x, g, -1, 0),
        "clipped_swiglu_grad": lambda dy, x, x0, g: ao.clipped_swiglu_grad(
            dy, x, None, -1, 1.702, 7.0, 1.0, False),
    }
    for name, call in calls.items():
        out[dtname + " " + name + " fused"] = np.asarray(call(dy, x, x0, g)).view(ut)
        f = [np.asfortranarray(a) for a in (dy, x, x0, g)]
        out[dtname + " " + name + " passes"] = np.asarray(call(*f)).view(ut)
np.savez(sys.argv[1], **out)
"""


def _bits(rng, shape, ut, exp, quiet, mant, width):
    n = int(np.prod(shape))
    vals = rng.uniform(-9, 9, n).astype(np.float32)
    if ut == np.uint32:
        bits = vals.view(np.uint32).copy()
    else:
        bits = vals.astype(np.float16 if exp == 0x7C00 else np.float32)
        bits = bits.view(np.uint16).copy() if exp == 0x7C00 else (vals.view(np.uint32) >> 16).astype(np.uint16)
    special = np.array([0, 1 << (width - 1), exp, exp | (1 << (width - 1))], ut)
    idx = rng.choice(n, n // 16, replace=False)
    bits[idx[: special.size * 8]] = np.tile(special, 8)
    nan = idx[special.size * 8:]
    payload = rng.integers(1, mant + 1, nan.size).astype(ut)
    sign = (rng.integers(0, 2, nan.size).astype(ut) << (width - 1)).astype(ut)
    bits[nan] = sign | exp | payload                 # quiet and signalling, both signs
    bits[nan[::3]] |= quiet
    return bits.reshape(shape)


def _inputs():
    rng = np.random.default_rng(2026)
    rows, cols = 7, 203                              # 203: 25 ymm + 3, 12 zmm + 11
    data = {}
    for dtname, ut, exp, quiet, mant, width in (
            ("float32", np.uint32, 0x7F800000, 0x00400000, 0x007FFFFF, 32),
            ("float16", np.uint16, 0x7C00, 0x0200, 0x03FF, 16),
            ("bfloat16", np.uint16, 0x7F80, 0x0040, 0x007F, 16)):
        data[dtname + " x"] = _bits(rng, (rows, 2 * cols), ut, exp, quiet, mant, width)
        data[dtname + " dy"] = _bits(rng, (rows, cols), ut, exp, quiet, mant, width)
        data[dtname + " g"] = _bits(rng, (rows, cols), ut, exp, quiet, mant, width)
    return data


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fused2")
    src = tmp / "in.npz"
    np.savez(src, **_inputs())
    return run_in_regions(SCRIPT, tmp, src)


def test_fused_pass_equals_one_pass_per_output(runs):
    checked = 0
    for isa, r in runs.items():
        for key in r.files:
            if not key.endswith(" fused"):
                continue
            base = key[: -len(" fused")]
            fused, passes = r[key], r[base + " passes"]
            assert fused.shape == passes.shape
            diff = np.flatnonzero(fused.ravel() != passes.ravel())
            assert diff.size == 0, "%s %s: %d elements differ, first at %d: %#x vs %#x" % (
                isa, base, diff.size, diff[0], fused.ravel()[diff[0]], passes.ravel()[diff[0]])
            checked += 1
    assert checked >= 18


def test_fma_regions_agree(runs):
    fma = [isa for isa in runs if isa != "baseline"]
    if len(fma) < 2:
        pytest.skip("one FMA region on this CPU")
    a, b = runs[fma[0]], runs[fma[1]]
    for key in a.files:
        if key == "isa":
            continue
        assert np.array_equal(a[key], b[key]), key
