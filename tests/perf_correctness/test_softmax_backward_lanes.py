"""SoftmaxBackward's contiguous rows (src/row_math.h ao_rm_smb_row) against
an independent numpy model of the orders the kernels document: out = p - fs * y with
p = fl32(dy * y), fs = fl32(sum), every step rounded to float32, the result rounded to
out's dtype (round to nearest even). The sum: float32 rows in ReduceSum's grouped order
(groups of 64, lane l's float32 partial (p[64g + l] + p[64g + 16 + l]) +
(p[64g + 32 + l] + p[64g + 48 + l]), past the end +0, added in group order into 16
double lanes, the lanes in the tree l += l + 8, + 4, + 2, + 1; a NaN sum takes the
element-by-element path's one double sum); 16-bit rows in 32 double lanes (element j
into lane j mod 32, each lane in element order), the lanes added in order 0..31.

How 16-bit rows of 256 elements or more (float16: up to 2048)
reach those bits: they keep p and y in fp32 scratch between the two passes, bfloat16
rows sum their products in the unpack order ([0-3, 8-11], [4-7, 12-15] of each 16) and
put the lanes back in place, the n mod 32 tail goes through 8-wide vectors into lanes
j mod 32 .. +7, and the lanes add by a fused multiply-add acc + p * 1. The rows here
make those choices visible: each row holds one +B and one -B product (B = 2^k, large)
in two random lanes, and small products whose low bits a double (for float32: a float32
partial) loses when added to B, so the row sum depends on which lane every element
lands in and on the order the lanes are added (checked below: the same model with
bfloat16's unpack order left in the lanes, or with the tails in lane 0, gives other
bits; for float32, the 32 double lanes, or the grouped lanes added in order, do). Every
row length class mod 32 (and mod 16, the bfloat16 groups; mod 64, the float32 groups),
rows of 1 to 8200 elements (past 4096: read in chunks of 4096, softmax.c
ao_sm_row_contig), in every ISA region this CPU has; rows with inf (a NaN
or -inf result under a finite or infinite sum) compare as NaN-or-equal."""
import numpy as np
import pytest

from ao_test_helpers import bits
from region_runs import run_in_regions

ml_dtypes = pytest.importorskip("ml_dtypes")

# the two-widening rows (below 256, float16 over 2048, float32) and the buffered
# 16-bit rows (ao_rm_smb_row), each in every class mod 32 that has its own code
LENGTHS = [1, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 40, 47, 48, 56, 63, 64, 72, 88, 95, 100,
           255, 256, 257, 263, 272, 280, 300, 1000, 1016, 2047, 2048, 2049, 4088, 4095, 4096, 4097, 8200]
ROWS = 24
DTYPES = {"float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16}
# The products that make a row sum order-sensitive: +-B (B = 2^60) and small ones of
# about 2^10 whose low bits a double loses when added to B (2^60 / 2^53 = 2^7), so that
# fs moves by far more than one float32 or bfloat16 step when an element lands in
# another lane. float16 cannot show it (its products stay below 2^16: a double loses
# nothing a float16 result could hold); its rows still check the model.
BIG = {"float32": 2.0 ** 60, "float16": 2.0 ** 15, "bfloat16": 2.0 ** 60}


def make_inputs(dtn, n, seed):
    """(dy, y) of dtype dtn, (ROWS, n): order-sensitive row sums (module docstring)."""
    dt = DTYPES[dtn]
    rng = np.random.default_rng(seed)
    y = rng.uniform(0.05, 1.0, (ROWS, n)).astype(np.float32).astype(dt)
    lo = -3 if dtn == "float16" else 8
    dy = (rng.uniform(1, 2, (ROWS, n)) * 2.0 ** rng.integers(lo, lo + 4, (ROWS, n))
          * rng.choice([-1.0, 1.0], (ROWS, n))).astype(np.float32).astype(dt)
    if n >= 2:
        for r in range(ROWS - 2):
            i, j = rng.choice(n, 2, replace=False)
            y[r, i] = y[r, j] = dt(1.0)
            dy[r, i], dy[r, j] = dt(BIG[dtn]), dt(-BIG[dtn])
    # the last two rows: an inf in dy (infinite sum: NaN / inf results) and, where y
    # can be large, a finite sum whose fs * y overflows to -inf
    dy[-2, n // 2] = dt(np.inf)
    if dtn != "float16":
        dy[-1] = dt(1e-30)
        y[-1, n - 1] = dt(3e38)
    return dy, y


def grouped_sum(p, tree=True):
    """ReduceSum's grouped order over the float32 products p (rows, n), as float64; tree
    False: the 16 lanes added in order instead (the sensitivity check)."""
    rows, n = p.shape
    g = -(-n // 64)
    t = np.zeros((rows, g * 64), np.float32)
    t[:, :n] = p
    q = t.reshape(rows, g, 4, 16)
    part = (q[:, :, 0] + q[:, :, 1]) + (q[:, :, 2] + q[:, :, 3])     # float32 adds
    lanes = np.zeros((rows, 16))
    for k in range(g):                              # group order, from +0
        lanes += part[:, k].astype(np.float64)
    if not tree:
        s = np.zeros(rows)
        for k in range(16):
            s += lanes[:, k]
        return s
    w = 8
    while w >= 1:
        lanes = lanes[:, :w] + lanes[:, w:2 * w]
        w //= 2
    return lanes[:, 0]


def model(dy, y, dtn, lane_of=None, order=None):
    """The documented order in numpy (float64 lanes, float32 steps). lane_of(j, n): the
    lane of element j in the 32 double lanes (default j mod 32); order (float32 rows:
    "grouped" by default) "lanes32" or "grouped_in_order", for the sensitivity check."""
    a, b = dy.astype(np.float32), y.astype(np.float32)
    rows, n = a.shape
    order = order or ("grouped" if dtn == "float32" and lane_of is None else "lanes32")
    lane_of = lane_of or (lambda j, n: j % 32)
    lanes = np.array([lane_of(j, n) for j in range(n)])
    with np.errstate(all="ignore"):
        p = a * b                                   # float32 products, rounded once
        if order == "lanes32":
            acc = np.zeros((rows, 32))
            for c in range(0, n, 32):               # each lane in element order
                for j in range(c, min(n, c + 32)):
                    acc[:, lanes[j]] += p[:, j].astype(np.float64)
            s = np.zeros(rows)
            for k in range(32):                     # the lanes in order
                s += acc[:, k]
        else:
            s = grouped_sum(p, tree=order == "grouped")
            chain = np.zeros(rows)                  # a NaN sum: one double sum in order
            for j in range(n):
                chain += p[:, j].astype(np.float64)
            s = np.where(np.isnan(s), chain, s)
        fs = s.astype(np.float32)
        out = p - fs[:, None] * b                   # float32 steps
    return out.astype(DTYPES[dtn])


def _same(got, want):
    """Equal bits, NaN for NaN (the NaN payloads are the region tests' business)."""
    gn, wn = np.isnan(got.astype(np.float32)), np.isnan(want.astype(np.float32))
    return np.array_equal(gn, wn) and np.array_equal(bits(got)[~gn], bits(want)[~wn])


SCRIPT = r"""
import os
import sys
import numpy as np
import ascendops as ao
sys.path[:0] = [sys.argv[2], os.path.dirname(sys.argv[2])]   # this folder, tests/ (ao_test_helpers)
from ao_test_helpers import bits
from test_softmax_backward_lanes import LENGTHS, DTYPES, make_inputs

out = {"isa": np.array(ao.isa())}
for dtn in DTYPES:
    for n in LENGTHS:
        dy, y = make_inputs(dtn, n, n)
        key = "%s:%d" % (dtn, n)
        out[key] = bits(ao.softmax_backward(dy, y, -1))
        inplace = dy.copy()
        ao.softmax_backward(inplace, y, -1, out=inplace)
        out[key + " in place"] = bits(inplace)
np.savez(sys.argv[1], **out)
"""


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    import os
    tmp = tmp_path_factory.mktemp("smb_lanes")
    here = os.path.dirname(os.path.abspath(__file__))
    return run_in_regions(SCRIPT, tmp, here)


@pytest.mark.parametrize("dtn", list(DTYPES))
def test_rows_equal_the_documented_order(results, dtn):
    for n in LENGTHS:
        dy, y = make_inputs(dtn, n, n)
        want = model(dy, y, dtn)
        for isa, got in results.items():
            key = "%s:%d" % (dtn, n)
            for k in (key, key + " in place"):
                g = got[k].view(want.dtype)
                assert _same(g, want), "%s %s: rows %s differ from the model" % (
                    isa, k, [r for r in range(ROWS) if not _same(g[r], want[r])])


@pytest.mark.parametrize("dtn", ["float32", "bfloat16"])
def test_rows_are_order_sensitive(dtn):
    """The inputs can tell the orders apart: the model with bfloat16's unpack order left
    in the lanes, or with the last n mod 32 elements in lane 0, gives other bits; for
    float32, the 32 double lanes, or the grouped order's lanes added in order, do."""
    def unpack_order(j, n):
        if j >= n - n % 32:
            return j % 32
        g, i = divmod(j % 32, 16)       # position i of a 16-group -> its unpack slot
        slot = (i // 4) % 2             # [0-3, 8-11] -> slot 0, [4-7, 12-15] -> slot 1
        return 16 * g + 8 * slot + (i % 4) + 4 * (i // 8)

    def tails_in_lane0(j, n):
        return 0 if j >= n - n % 32 else j % 32

    if dtn == "float32":
        wrongs = ((lambda dy, y: model(dy, y, dtn, order="lanes32"), "lanes32", [n for n in LENGTHS if n >= 32]),
                  (lambda dy, y: model(dy, y, dtn, order="grouped_in_order"), "lanes in order",
                   [n for n in LENGTHS if n >= 32]))
    else:
        wrongs = ((lambda dy, y: model(dy, y, dtn, unpack_order), "unpack order", [n for n in LENGTHS if n >= 32]),
                  (lambda dy, y: model(dy, y, dtn, tails_in_lane0), "tails in lane 0",
                   [n for n in LENGTHS if n % 32 >= 2]))
    for wrong, name, lengths in wrongs:
        differ = 0
        for n in lengths:
            dy, y = make_inputs(dtn, n, n)
            differ += not _same(wrong(dy, y), model(dy, y, dtn))
        assert differ >= len(lengths) // 2, (name, differ, len(lengths))


def _at(buf_elems, k, shape, dt):
    """A zeroed array of shape starting k elements past a 64-byte boundary."""
    buf = np.zeros(buf_elems + 64, dt)
    s = (-buf.ctypes.data % 64) // np.dtype(dt).itemsize + k
    return buf[s:s + int(np.prod(shape))].reshape(shape)


def test_float32_rows_at_every_offset_in_a_line():
    """The float32 result loop starts at out's first 64-byte boundary (the elements before
    it and the last n mod 16 under masks): out, dy and y at each of the 16 offsets in a
    line, apart and in place, rows of every head and tail length, equal the model."""
    import ascendops as ao
    for n in (1, 3, 15, 16, 17, 31, 33, 100):
        dy0, y0 = make_inputs("float32", n, 100 + n)
        want = model(dy0, y0, "float32")
        for k in range(16):
            dy, y = _at(dy0.size, k, dy0.shape, np.float32), _at(y0.size, (k * 5) % 16, y0.shape, np.float32)
            dy[...], y[...] = dy0, y0
            out = _at(dy0.size, (k * 3) % 16, dy0.shape, np.float32)
            ao.softmax_backward(dy, y, -1, out=out)
            assert _same(out, want), (n, k)
            ao.softmax_backward(dy, y, -1, out=dy)
            assert _same(dy, want), (n, k, "in place")


def test_float32_partials_overflowing_to_nan_take_one_double_sum():
    """Float32 partials of +inf and -inf make the grouped sum NaN where every product is
    finite: such a row takes the element-by-element path, whose one double sum is 0
    here, so out = dy * y, finite (documented in docs/fidelity.md)."""
    import ascendops as ao
    for n in (64, 100, 5000):
        dy = np.full((2, n), 0.5, np.float32)
        y = np.ones((2, n), np.float32)
        dy[0, [0, 16]] = 3e38      # lane 0's partial: +inf
        dy[0, [1, 17]] = -3e38     # lane 1's partial: -inf
        dy[0, 2], dy[0, 3] = 0.25, -0.25
        dy[0, 4:] = 0.0
        got = ao.softmax_backward(dy, y, -1)
        want = model(dy, y, "float32")
        assert _same(got, want), n
        np.testing.assert_array_equal(got[0], dy[0])    # the double sum is exactly 0
        assert np.isfinite(got).all()
