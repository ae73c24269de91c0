"""The float32 register loops of src/ew_op.h AO_EW_KV_ start a run of at least
AO_EW_ALIGN_MIN elements with a partial register up to the output's next register
boundary: numpy's arrays start 16 bytes into a cache line, and a zmm store
at that offset writes two lines (hardshrink float32 1e6, C harness, 1 thread, CPU time:
0.111 -> 0.098 ns/element). The head is elementwise work like any other, so the bits
must not change with where an operand starts.

One process per ISA region this CPU has (ASCENDOPS_ISA caps it). Each call runs on
operands at every 4-byte offset into a 64-byte line -- the inputs at the output's
offset and at another one, and in place -- long enough that the engine's pieces take
the head (CANN's 48 blocks of about 6250 elements), with NaNs of distinct signs and
payloads among the first elements, where the head computes them. Asserted: every
region and offset gives the bits the x86 baseline region (the block loop, no head)
gives on 64-byte aligned operands."""

import numpy as np
import pytest
from ao_test_helpers import random_nan_bits32
from region_runs import run_in_regions, run_script

SCRIPT = r"""
import sys
import numpy as np
import ascendops as ao

src = np.load(sys.argv[2])
x0, dy0 = src["x"], src["dy"]
n = x0.size
out = {"isa": np.array(ao.isa())}


def at(offset, values):
    # a copy of values whose data starts `offset` bytes past a 64-byte boundary
    buf = np.empty(values.nbytes + 128, np.uint8)
    start = (-buf.ctypes.data) % 64 + offset
    a = buf[start:start + values.nbytes].view(np.float32)
    a[...] = values.view(np.float32)
    assert a.ctypes.data % 64 == offset
    return a


calls = {
    "hardshrink": lambda dy, x, o: ao.hardshrink(x, 0.5, out=o),
    "threshold": lambda dy, x, o: ao.threshold(x, 0.5, -2.0, out=o),
    "threshold_backward": lambda dy, x, o: ao.threshold_backward(dy, x, 0.5, out=o),
    "leaky_relu_backward": lambda dy, x, o: ao.leaky_relu_backward(dy, x, 0.01, False, out=o),
    "hardtanh_backward": lambda dy, x, o: ao.hardtanh_backward(dy, x, -1.0, 1.0, out=o),
    "sigmoid_backward": lambda dy, x, o: ao.sigmoid_backward(dy, x, out=o),
    "relu": lambda dy, x, o: ao.relu(x, out=o),
}
offsets = range(0, 64, 4) if sys.argv[3] == "all" else (0,)
for name, call in calls.items():
    for off in offsets:
        # inputs at the output's offset (aligned with it after the head), and 8 bytes on
        for in_off in (off, (off + 8) % 64):
            dy, x, o = at(in_off, dy0), at(in_off, x0), at(off, np.zeros(n, np.float32))
            call(dy, x, o)
            out["%s out%d in%d" % (name, off, in_off)] = o.view(np.uint32).copy()
        # in place: the result into x itself
        dy, x = at(off, dy0), at(off, x0)
        call(dy, x, x)
        out["%s inplace%d" % (name, off)] = x.view(np.uint32).copy()
np.savez(sys.argv[1], **out)
"""


def _inputs():
    rng = np.random.default_rng(2026)
    n = 300000 + 13                       # 48 blocks of ~6250, each past AO_EW_ALIGN_MIN
    data = {}
    for k, name in enumerate(("x", "dy")):
        v = rng.uniform(-3, 3, n).astype(np.float32)
        v[[3, 100, 200]] = [0.0, -0.0, np.inf]
        bits = v.view(np.uint32).copy()
        # NaNs of both signs, quiet and signalling, distinct payloads: among the first
        # 16 elements of the run and of every block (where a head runs), and elsewhere
        starts = np.arange(0, n, 6250)
        pos = np.unique(np.concatenate([starts + 1 + k, starts + 7 + 2 * k, starts + 14,
                                        rng.choice(n, 200, replace=False)]))
        pos = pos[pos < n]
        bits[pos] = random_nan_bits32(rng, pos.size)
        data[name] = bits
    return data


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("aligned_head")
    src = tmp / "in.npz"
    np.savez(src, **_inputs())
    ref = run_script(SCRIPT, tmp / "ref.npz", src, "aligned", ASCENDOPS_ISA="baseline")
    assert str(ref["isa"]) == "baseline"
    return ref, run_in_regions(SCRIPT, tmp, src, "all", timeout=900)


@pytest.mark.slow     # tier 2: every offset in every region (the op harness runs numpy's own offset)
def test_every_offset_gives_the_aligned_bits(runs):
    ref, got = runs
    assert "baseline" in got
    compared = 0
    for isa, r in got.items():
        for key in r.files:
            if key == "isa":
                continue
            name = key.split(" ")[0]
            want = ref["%s out0 in0" % name] if "inplace" not in key else ref["%s inplace0" % name]
            bad = np.flatnonzero(r[key] != want)
            assert bad.size == 0, "%s %s: %d results differ from the aligned baseline, first [%d] %x vs %x" % (
                isa, key, bad.size, bad[0], r[key][bad[0]], want[bad[0]])
            compared += 1
    assert compared >= 7 * 16 * 3
