"""Non-temporal output stores for large float32 plans (src/engine.c
AO_STREAM_MIN_BYTES, ao_kernel_fn32s): a contiguous float32 call that moves at least
32 MiB writes its output with streaming stores, from the output's first 64-byte line
on (the elements before it plainly), per thread's piece. The bits must be those of
plain stores: the same call cut into chunks below the threshold (which never stream).

One process per ISA region this CPU has; 1 and 2 threads; outputs at byte offsets 0,
4, 16 (numpy's own) and 60 from a line (so heads of 0, 15, 12 and 1 elements), in
place on an input; a staged body (silu_backward, its stores from an L1 block) and a
register-at-a-time one (hardtanh_backward); inputs with NaNs of distinct signs and
payloads, infinities and zeros sprinkled in, so the NaN rule's fix runs before the
streamed stores."""

import numpy as np
import pytest
from region_runs import isas, run_script

N = 3_000_013       # 3 x 12 MB of float32: above the 32 MiB threshold
CHUNK = 500_000     # 3 x 2 MB: below it, plain stores

SCRIPT = r"""
import sys
import numpy as np
import ascendops as ao

N, CHUNK = int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(13)
dy = rng.standard_normal(N).astype(np.float32)
x = (4 * rng.standard_normal(N)).astype(np.float32)
special = np.array([0x7fc00001, 0xffc12345, 0x7f800001, 0xff800000, 0x7f800000, 0x80000000,
                    0x00000001], dtype=np.uint32).view(np.float32)
for a, step in ((dy, 997), (x, 1009)):
    a[::step] = np.resize(special, a[::step].shape)

calls = {
    "silu_backward": lambda a, b, out: ao.silu_backward(a, b, out=out),
    "hardtanh_backward": lambda a, b, out: ao.hardtanh_backward(a, b, -1.0, 1.0, out=out),
}


def at_offset(offset):
    # a float32 array of N elements starting `offset` bytes past a 64-byte line
    raw = np.empty(N * 4 + 128, dtype=np.uint8)
    start = (-raw.ctypes.data) % 64 + offset
    return raw[start:start + N * 4].view(np.float32)


out = {"isa": np.array(ao.isa())}
for name, f in calls.items():
    ref = np.empty(N, np.float32)
    for s in range(0, N, CHUNK):
        f(dy[s:s + CHUNK], x[s:s + CHUNK], ref[s:s + CHUNK])
    out[name + " ref"] = ref.view(np.uint32)
    for threads in (1, 2):
        ao.set_num_threads(threads)
        for offset in (0, 4, 16, 60):
            o = at_offset(offset)
            o.fill(0)
            f(dy, x, o)
            out["%s %d %d" % (name, threads, offset)] = o.view(np.uint32).copy()
        o = at_offset(16)
        o[:] = x
        f(dy, o, o)  # in place on x
        out["%s %d in place" % (name, threads)] = o.view(np.uint32).copy()
np.savez(sys.argv[1], **out)
"""


@pytest.mark.slow     # tier 2: 32 MiB outputs in every region, offset and thread count
def test_streamed_outputs_equal_plain_stores(tmp_path):
    for isa in isas():
        got = run_script(SCRIPT, tmp_path / ("%s.npz" % isa), N, CHUNK, ASCENDOPS_ISA=isa)
        assert str(got["isa"]) == isa
        for name in ("silu_backward", "hardtanh_backward"):
            ref = got[name + " ref"]
            assert np.isnan(ref.view(np.float32)).any()  # the NaN fix ran
            for key in got.files:
                if key.startswith(name + " ") and key != name + " ref":
                    bad = np.flatnonzero(got[key] != ref)
                    assert bad.size == 0, "%s %s: %d elements differ, first [%d] %08x vs %08x" % (
                        isa, key, bad.size, bad[0], got[key][bad[0]], ref[bad[0]])
