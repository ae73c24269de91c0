"""ASCENDOPS_LUT=auto chooses between the factor table and computing per CPU, from
costs it measures on the op's own calls (src/region.h ao_lut_run): the choice is a
pure function of the two costs (ao_lut_decide), the calls that time both paths give
the computed path's bits, and ascendops.show_config() states the path each kernel took
with the costs behind it. No timing is asserted: only that a choice was made from
measured costs, and which one the rule gives for given costs."""
import io

import numpy as np
import pytest

import ascendops as ao
from ascendops import _core

ml_dtypes = pytest.importorskip("ml_dtypes")

TRIALS = 16  # AO_LUT_TRIALS (src/ao_internal.h): calls timed before the choice
RECHECK = 128  # AO_LUT_RECHECK: then one call in this many per thread


@pytest.mark.parametrize("table, computed, want", [
    (1.0, 2.0, "table"),
    (0.30, 0.38, "table"),          # 0.79 of computing
    (0.9, 1.0, "table"),            # at the margin
    (0.95, 1.0, "computed"),        # too close to call: computing
    (1.0, 1.0, "computed"),
    (0.9, 0.5, "computed"),
    (0.0, 1.0, "computed"),         # unmeasured
    (1.0, 0.0, "computed"),
    (-1.0, 1.0, "computed"),
    (float("nan"), 1.0, "computed"),
])
def test_decision_picks_the_clearly_cheaper_path(table, computed, want):
    assert _core.LUT_MARGIN == pytest.approx(0.9)
    assert _core._lut_decide(table, computed) == want


def test_policy_setter_rejects_unknown_names():
    with pytest.raises(ValueError, match="auto, off, on"):
        _core._lut_policy("sometimes")


@pytest.fixture
def one_thread_policy():
    old_policy, old_threads = _core._lut_policy(), ao.get_num_threads()
    ao.set_num_threads(1)
    yield
    _core._lut_policy(old_policy)
    ao.set_num_threads(old_threads)


def report():
    buf = io.StringIO()
    ao.show_config(file=buf)
    return buf.getvalue()


@pytest.mark.parametrize("dtname, dt", [("float16", np.float16), ("bfloat16", ml_dtypes.bfloat16)])
def test_auto_measures_reports_and_keeps_the_bits(one_thread_policy, dtname, dt):
    x = np.arange(65536, dtype=np.uint16).view(dt)        # every value, NaNs and infs too
    dy = np.random.default_rng(5).standard_normal(65536).astype(dt)
    _core._lut_policy("off")
    ref = ao.silu_backward(dy, x).view(np.uint16)
    _core._lut_policy("on")
    np.testing.assert_array_equal(ao.silu_backward(dy, x).view(np.uint16), ref)
    assert "ASCENDOPS_LUT=on (tables forced)" in report()
    _core._lut_policy("auto")
    # 1 thread: 8 pieces of 8192 per call, each a timed call of the kernel once the
    # table exists (built on the first call at the latest): the choice within 4 calls
    for _ in range(4):
        np.testing.assert_array_equal(ao.silu_backward(dy, x).view(np.uint16), ref)
    # the decided path keeps the bits too
    np.testing.assert_array_equal(ao.silu_backward(dy, x).view(np.uint16), ref)
    # (read with the report, no call between: a call may be a later trial, below)
    row = next(c for c in _core._lut_choices()
               if (c["kernel"], c["dtype"], c["regime"]) == ("silu_backward", dtname, "in cache"))
    assert row["trials"] >= TRIALS, row
    assert row["table_ns"] > 0 and row["computed_ns"] > 0, row
    assert row["path"] == _core._lut_decide(row["table_ns"], row["computed_ns"]), row
    text = report()
    assert "ASCENDOPS_LUT=auto" in text and "kernels %s" % ao.isa() in text
    line = next(ln for ln in text.splitlines() if ln.split()[:3] == ["silu_backward", dtname, "in"])
    assert line.split()[4] == row["path"], text
    assert "%.3f ns" % row["table_ns"] in line and "%.3f ns" % row["computed_ns"] in line, text
    # and one piece in RECHECK is timed again, the choice remade from the least costs
    # (the first trials can fall in a slow spell: a program's first calls after a pause)
    for _ in range(3 * RECHECK // 8):
        np.testing.assert_array_equal(ao.silu_backward(dy, x).view(np.uint16), ref)
    later = next(c for c in _core._lut_choices()
                 if (c["kernel"], c["dtype"], c["regime"]) == ("silu_backward", dtname, "in cache"))
    assert later["trials"] > row["trials"], (row, later)
    assert 0 < later["table_ns"] <= row["table_ns"] and 0 < later["computed_ns"] <= row["computed_ns"], later
    assert later["path"] == _core._lut_decide(later["table_ns"], later["computed_ns"]), later
