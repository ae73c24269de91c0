"""The chunked loop's shortcuts for broadcast inputs (src/engine.c ao_run_linear,
ao_run_linear16): chunks stop at row ends where rows are at least AO_ROW_DIRECT_MIN
(256) long and an input is a row (read in place, in 16-bit dtypes too) or a column (one
value a row, filled into its buffer once a row and reused by the row's later chunks) or
one value throughout (filled once). Rows of 1003 and 3000 elements (one and three chunks
of 1024; pieces of the threads' work start mid-row), 1 and 2 threads, a column whose
every row holds another value, a row, both, a 3-D batch of columns, one value, a
transposed operand beside a column (2-D tiles), and an output 16 bytes off a cache line.
Each result equals numpy's float32 arithmetic rounded to the dtype, bit for bit: a value
left over from another row or chunk shows."""
import ml_dtypes
import numpy as np
import pytest

import ascendops as ao
from region_runs import run_in_regions

DTYPES = [np.dtype(np.float32), np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16)]
OPS = {"add": np.add, "mul": np.multiply}


@pytest.fixture
def threads():
    before = ao.get_num_threads()
    yield
    ao.set_num_threads(before)


def off_line(shape, dtype):
    # numpy's own placement: 16 bytes into a 64-byte line
    n = int(np.prod(shape))
    raw = np.empty(n * dtype.itemsize + 128, np.uint8)
    start = (-raw.ctypes.data) % 64 + 16
    return raw[start:start + n * dtype.itemsize].view(dtype).reshape(shape)


@pytest.mark.parametrize("op", sorted(OPS))
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("cols", [1003, 3000])
def test_broadcast_rows_and_columns(op, dtype, cols, threads):
    rng = np.random.default_rng(cols)
    rows = 64
    x = rng.standard_normal((rows, cols)).astype(dtype)
    column = rng.standard_normal((rows, 1)).astype(dtype)
    row = rng.standard_normal((1, cols)).astype(dtype)
    x3 = rng.standard_normal((3, rows, cols)).astype(dtype)
    column3 = rng.standard_normal((3, rows, 1)).astype(dtype)
    scalar = rng.standard_normal((1, 1)).astype(dtype)
    cases = {"column": (x, column), "column first": (column, x), "row": (x, row),
             "row and column": (row, column), "batch of columns": (x3, column3),
             "one value": (x, scalar), "x.T and a column": (x3[0, :, :rows].T, column[:rows])}
    for threads_n in (1, 2):
        ao.set_num_threads(threads_n)
        for name, (a, b) in cases.items():
            want = OPS[op](a.astype(np.float32), b.astype(np.float32)).astype(dtype)
            out = off_line(want.shape, dtype)
            getattr(ao, op)(a, b, out=out)
            bad = np.flatnonzero(out.view(np.uint16 if dtype.itemsize == 2 else np.uint32) !=
                                 want.view(np.uint16 if dtype.itemsize == 2 else np.uint32))
            assert bad.size == 0, "%s %s, %d threads: %d elements differ, first at %s" % (
                op, name, threads_n, bad.size, np.unravel_index(bad[0], want.shape))


REGION_SCRIPT = r"""
import sys
import ml_dtypes
import numpy as np
import ascendops as ao

rng = np.random.default_rng(5)
out = {"isa": np.array(ao.isa())}
for dtype in (np.dtype(np.float32), np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16)):
    x = rng.standard_normal((8, 2053)).astype(dtype)
    column = rng.standard_normal((8, 1)).astype(dtype)
    got = ao.add(x, column)
    want = (x.astype(np.float32) + column.astype(np.float32)).astype(dtype)
    out[dtype.name] = np.array(np.array_equal(got.view(np.uint8), want.view(np.uint8)))
np.savez(sys.argv[1], **out)
"""


def test_broadcast_columns_in_every_region(tmp_path):
    # the column's buffer is filled by the region's own store loop (ao_isa_impl.fill:
    # 64-, 32- and 4-byte stores and a 2-byte tail), in each region this CPU has
    for isa, got in run_in_regions(REGION_SCRIPT, tmp_path).items():
        for name in ("float32", "float16", "bfloat16"):
            assert bool(got[name]), "%s %s: x + a column differs from numpy's" % (isa, name)
