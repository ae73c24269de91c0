"""The max pass of the float32 Softmax / LogSoftmax rows (src/row_math.h ao_rm_max_t:
one zmm of max / min / NaN flags in the AVX-512 region, two 8-float select lanes in the
others), rows of every length 1..67 around the vector widths, and 1000, with the row's
maximum at every position, in every ISA region this CPU has (one process each).

Independent of the kernels' exps: LogSoftmax's result is fl(fl(x - max) - ls), and at
the maximum x - max is 0, so ls = -out[argmax]; the model takes numpy's max and that ls
and must give every bit of the row (a max off by one element, or a lane or tail left
out, moves the row). NaN rows: out[j] is x[j] quieted where x[j] is NaN, else the row's
first NaN quieted (x - max keeps its first operand's NaN), whatever the other NaNs'
payloads. The AVX2 and AVX-512 regions also agree bit for bit on Softmax."""
import numpy as np
import pytest
from region_runs import run_in_regions

LENGTHS = list(range(1, 68)) + [1000]


def make_rows(n, seed):
    """(rows, n) float32: row r's maximum (unique) at position r mod n; then a row with
    two NaNs of distinct payloads, a row with -inf and +inf, and a row of equal values."""
    rng = np.random.default_rng(seed)
    rows = max(n, 2) + 3
    x = rng.uniform(-30, 30, (rows, n)).astype(np.float32)
    for r in range(rows - 3):
        x[r, r % n] = np.float32(31.0 + rng.uniform(0, 1))
    u = x.view(np.uint32)
    # rows from 32: both NaNs inside the vector body, the first in a later lane of the
    # exp sums (16 lanes: element k into lane k mod 16) than the second, so that a max
    # pass that missed them would give the second NaN's payload (the sum's), not the first's
    i, j = (14, 17) if n >= 32 else ((n - 1) // 2, n - 1)
    u[rows - 3, i] = 0x7FC00000 | (0x1234 + n)         # quiet NaN, payload
    u[rows - 3, j] = 0x7F800000 | (0x5 + n)             # signalling NaN, other payload
    x[rows - 2, 0] = -np.inf
    x[rows - 2, n // 2] = np.inf if n > 1 else -np.inf
    x[rows - 1] = np.float32(2.5)
    return x


SCRIPT = r"""
import sys
import numpy as np
import ascendops as ao
sys.path.insert(0, sys.argv[2])
from test_row_max_pass import LENGTHS, make_rows

out = {"isa": np.array(ao.isa())}
for n in LENGTHS:
    x = make_rows(n, n)
    out["log_softmax:%d" % n] = np.asarray(ao.log_softmax(x, -1)).view(np.uint32)
    out["softmax:%d" % n] = np.asarray(ao.softmax(x, -1)).view(np.uint32)
np.savez(sys.argv[1], **out)
"""


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    import os
    tmp = tmp_path_factory.mktemp("row_max")
    here = os.path.dirname(os.path.abspath(__file__))
    return run_in_regions(SCRIPT, tmp, here)


def _quiet(bits):
    return bits | np.uint32(0x00400000)


def test_log_softmax_rows_follow_the_max_model(results):
    for isa, got in results.items():
        for n in LENGTHS:
            x = make_rows(n, n)
            o = got["log_softmax:%d" % n]
            rows = x.shape[0]
            with np.errstate(all="ignore"):
                for r in list(range(rows - 3)) + [rows - 1]:      # finite rows
                    mx = x[r].max()
                    ls = -o[r].view(np.float32)[int(np.argmax(x[r]))]
                    want = (x[r] - mx).astype(np.float32) - np.float32(ls)
                    assert np.array_equal(o[r], want.view(np.uint32)), (isa, n, r)
            # the NaN row: each NaN keeps its own payload, the rest take the first NaN's
            xb = x.view(np.uint32)[rows - 3]
            nan = np.isnan(x[rows - 3])
            first = xb[np.flatnonzero(nan)[0]]
            want = np.where(nan, _quiet(xb), _quiet(first))
            assert np.array_equal(o[rows - 3], want), (isa, n)
            # -inf and +inf: +inf is the max, (x - inf) is -inf or NaN, never finite
            inf_row = o[rows - 2].view(np.float32)
            assert not np.isfinite(inf_row).any(), (isa, n)


def test_avx2_and_avx512_rows_are_equal(results):
    if not {"avx2", "avx512"} <= set(results):
        pytest.skip("needs the AVX2 and AVX-512 regions")
    for n in LENGTHS:
        for op in ("log_softmax", "softmax"):
            k = "%s:%d" % (op, n)
            assert np.array_equal(results["avx2"][k], results["avx512"][k]), k
