"""Bodies declared AO_EW_NANSAFE_ (src/ew_op.h): their float32 register
loops skip the NaN test and the rule's fix, because each result is a constant, an
attribute, or an input passed through where no input before it is NaN, so the fix
would give back the same bits. This checks that claim where it could break: NaN
inputs of both signs, quiet and signalling, with distinct payloads, in every operand,
and NaN attributes with payloads of their own (a NaN made from no NaN input is left
as the hardware made it; one that met a NaN input would take that input's bits) --
against the baseline region, whose block loop tests every block and applies the rule.
LeakyReluBackward (dy * slope: two operands that may both be NaN, so not declared)
runs alongside with a NaN slope, the case that declaring it would get wrong whenever
gcc's operand order passes the slope's NaN.

One process per ISA region this CPU has (ASCENDOPS_ISA caps it); operands 16 bytes
into a line (numpy's), so the aligned head of AO_EW_KV_ runs too."""

import struct

import numpy as np
import pytest
from ao_test_helpers import random_nan_bits32
from region_runs import run_in_regions

SCRIPT = r"""
import struct
import sys
import numpy as np
import ascendops as ao

src = np.load(sys.argv[2])
n = src["x"].size
out = {"isa": np.array(ao.isa())}


def at16(bits):
    buf = np.empty(bits.nbytes + 128, np.uint8)
    start = (-buf.ctypes.data) % 64 + 16
    a = buf[start:start + bits.nbytes].view(np.float32)
    a[...] = bits.view(np.float32)
    return a


# NaN attributes with payloads of their own (passed as Python floats: doubles whose
# payload narrows to the float32 one)
nan_a = struct.unpack("<d", struct.pack("<Q", 0x7FF8_0000_0000_0000 | (0x1234 << 29)))[0]
nan_b = struct.unpack("<d", struct.pack("<Q", 0xFFF8_0000_0000_0000 | (0x0567 << 29)))[0]
calls = {
    "hardshrink": lambda dy, x, o: ao.hardshrink(x, 0.5, out=o),
    "threshold": lambda dy, x, o: ao.threshold(x, 0.5, -2.0, out=o),
    "threshold value NaN": lambda dy, x, o: ao.threshold(x, 0.5, nan_a, out=o),
    "threshold NaN NaN": lambda dy, x, o: ao.threshold(x, nan_b, nan_a, out=o),
    "threshold_backward": lambda dy, x, o: ao.threshold_backward(dy, x, 0.5, out=o),
    "threshold_backward NaN": lambda dy, x, o: ao.threshold_backward(dy, x, nan_a, out=o),
    "hardtanh_backward": lambda dy, x, o: ao.hardtanh_backward(dy, x, -1.0, 1.0, out=o),
    "hardtanh_backward NaN": lambda dy, x, o: ao.hardtanh_backward(dy, x, nan_a, nan_b, out=o),
    "hardshrink_backward": lambda dy, x, o: ao.hardshrink_backward(dy, x, 0.5, out=o),
    "softshrink_backward": lambda dy, x, o: ao.softshrink_backward(dy, x, 0.5, out=o),
    "relu": lambda dy, x, o: ao.relu(x, out=o),
    "leaky_relu_backward NaN slope": lambda dy, x, o: ao.leaky_relu_backward(dy, x, nan_a, False, out=o),
}
for name, call in calls.items():
    dy, x, o = at16(src["dy"]), at16(src["x"]), at16(np.zeros(n, np.uint32))
    call(dy, x, o)
    out[name] = o.view(np.uint32).copy()
    call(dy, x, x)      # in place, into x
    out[name + " inplace"] = x.view(np.uint32).copy()
np.savez(sys.argv[1], **out)
"""


def _inputs():
    rng = np.random.default_rng(1313)
    n = 200000 + 7
    data = {}
    for name in ("x", "dy"):
        v = rng.uniform(-3, 3, n).astype(np.float32)
        v[:6] = [0.0, -0.0, np.inf, -np.inf, 0.5, -0.5]
        bits = v.view(np.uint32).copy()
        # NaNs of both signs, quiet and signalling, distinct payloads: in one operand
        # alone, and where both are NaN (the same positions drawn for both, plus others)
        pos = np.concatenate([np.arange(6, 6000, 7), rng.choice(n, 3000, replace=False)])
        bits[pos] = random_nan_bits32(rng, pos.size)
        data[name] = bits
    return data


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("nansafe")
    src = tmp / "in.npz"
    np.savez(src, **_inputs())
    return run_in_regions(SCRIPT, tmp, src)


def test_nansafe_bodies_give_the_rules_bits_in_every_region(runs):
    assert "baseline" in runs
    ref = runs["baseline"]
    names = [k for k in ref.files if k != "isa"]
    assert len(names) == 24
    for isa, r in runs.items():
        for name in names:
            bad = np.flatnonzero(r[name] != ref[name])
            assert bad.size == 0, "%s %s: %d results differ from the baseline region, first [%d] %x vs %x" % (
                isa, name, bad.size, bad[0], r[name][bad[0]], ref[name][bad[0]])


def test_the_nan_attributes_reach_the_kernels(runs):
    """A NaN attribute's payload shows in the results it makes from no NaN input (so
    the cases above test NaN attributes, not a value the binding replaced)."""
    ref = runs["baseline"]
    payload = struct.unpack("<I", struct.pack("<f", struct.unpack(
        "<d", struct.pack("<Q", 0x7FF8_0000_0000_0000 | (0x1234 << 29)))[0]))[0]
    assert payload == 0x7FC01234
    assert (ref["threshold value NaN"] == payload).sum() > 1000
