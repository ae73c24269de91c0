"""`python -m ascendops.bench`'s measuring pieces, at sizes that take milliseconds: the
triad it divides by, its pairing with bandwidth cases, and the table. (The figures
themselves are performance, measured by running the command, not asserted here.)"""
import os
import re
import subprocess
import sys
import threading

import numpy as np
import pytest

from ascendops import bench
from ascendops.ops.silu_backward import reference

PKG_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(bench.__file__)))


@pytest.fixture(params=["torch", "numpy"])
def peer(request, monkeypatch):
    """Runs a test with torch as the peer (when installed) and with numpy alone."""
    if request.param == "torch":
        if bench.torch is None:
            pytest.skip("torch is not installed")
    else:
        monkeypatch.setattr(bench, "torch", None)
    return request.param


def as_numpy(t):
    return t if isinstance(t, np.ndarray) else t.numpy()


def test_triad_reads_two_arrays_and_writes_a_third_in_one_pass(peer):
    triad = bench.Triad(4 * 1000)
    triad.fn()
    a, b, c = (as_numpy(t) for t in triad.arrays)
    scale = 3 if peer == "torch" else 1  # torch's triad; numpy's one-pass b + c
    np.testing.assert_allclose(a, b.astype(np.float64) + scale * c.astype(np.float64), rtol=1e-6)
    assert a.dtype == np.float32 and len({id(t) for t in (a, b, c)}) == 3
    assert triad.nbytes == 3 * 4 * 1000
    assert triad.name == ("torch add alpha=3" if peer == "torch" else "numpy add")


@pytest.mark.parametrize("threads", [2, 3])
def test_numpy_triad_on_several_threads_covers_every_element(monkeypatch, threads):
    monkeypatch.setattr(bench, "torch", None)
    triad = bench.Triad(4 * 1001, threads)  # 1001 elements: unequal slices
    a, b, c = triad.arrays
    a[:] = np.nan
    before = threading.active_count()
    triad.fn()
    np.testing.assert_array_equal(a, b + c)
    assert threading.active_count() > before  # the slices ran on a pool's threads


def test_triad_bandwidth_is_the_median_of_its_samples():
    triad = bench.Triad(4 * 256)
    assert triad.record(1e-3) == pytest.approx(triad.nbytes / 1e-3)
    triad.record(4e-3)
    triad.record(2e-3)
    assert triad.bandwidth() == pytest.approx(triad.nbytes / 2e-3)
    triad.measure(repeats=3, budget=0.001)
    assert len(triad.samples) == 4 and triad.samples[-1] > 0


@pytest.mark.parametrize("dtype", bench.DTYPES)
def test_a_bandwidth_case_divides_by_its_own_paired_triad(peer, dtype):
    triad = bench.Triad(4 * 4096)
    triad.record(1.0)  # a stale reference that the paired measurement must not use
    row = bench.contiguous_case(4096, dtype, 1, triad, False, 3, 0.001, want_frac=0.85)
    assert len(triad.samples) == 2
    assert row.bw == triad.samples[-1] != triad.samples[0]
    itemsize = 4 if dtype == "float32" else 2
    assert row.nbytes == 3 * itemsize * 4096
    assert row.frac == pytest.approx(row.nbytes / row.t / row.bw)
    assert row.ok == (row.frac >= 0.85)
    assert row.target == "bw>=0.85"
    assert (row.ratio is None) == (peer == "numpy")


def test_a_case_without_a_bandwidth_target_pairs_no_triad(peer):
    triad = bench.Triad(4 * 4096)
    triad.record(1e-3)
    row = bench.contiguous_case(1000, "float32", 1, triad, False, 3, 0.001, want_ratio=1.3)
    assert len(triad.samples) == 1
    assert row.bw == pytest.approx(triad.nbytes / 1e-3)
    assert row.target == "torch>=1.3x"
    if peer == "numpy":
        assert row.ratio is None and row.ok is None  # n/a, not a miss
    else:
        assert row.ok == (row.ratio >= 1.3)


def test_the_cases_inputs_follow_the_targets_distributions():
    dy, x = bench.inputs(100000, "float32")
    assert x.dtype == np.float32 and dy.shape == x.shape == (100000,)
    assert 3.8 < x.std() < 4.2 and 0.95 < dy.std() < 1.05  # x ~ 4 N(0, 1), dy ~ N(0, 1)
    dy16, x16 = bench.inputs((3, 5), "bfloat16")
    assert x16.dtype == bench._BF16 and x16.shape == (3, 5)


def test_timed_returns_one_median_per_function():
    calls = [0, 0]

    def f():
        calls[0] += 1

    def g():
        calls[1] += 1
        np.ones(1000).sum()

    ts = bench.timed(f, g, repeats=3, budget=0.001)
    assert len(ts) == 2 and all(t > 0 for t in ts)
    assert min(calls) >= 2 + 3  # two calls to size a repeat, then at least one per repeat


def test_the_layout_rows_pair_each_case_with_its_own_torch_call(peer, monkeypatch):
    """layout_cases times ascendops' five cases, then torch's three, in one call of timed;
    each row's ratio divides the right pair, and the bias adds (both libraries) write
    x + dy's first row and x + dy's first column into the output."""
    seen, made = [], []

    def fake_timed(*fns, repeats=7, budget=0.02):
        seen.append(fns)
        return [float(k + 1) for k in range(len(fns))]

    def recording_fresh_array(shape, dtype):
        made.append(np.zeros(shape, dtype))
        return made[-1]

    monkeypatch.setattr(bench, "timed", fake_timed)
    monkeypatch.setattr(bench, "fresh_array", recording_fresh_array)
    rows = {r.case.split(" ", 2)[2].rsplit(" ", 1)[0]: r
            for r in bench.layout_cases(2, 1e10, 3, 0.001, side=64)}
    (fns,) = seen
    with_torch = peer == "torch"
    assert len(fns) == (8 if with_torch else 5)
    assert [rows[k].t for k in ("contiguous", "x.T", "dy(64,1) bcast", "add x + b(1,64)",
                                "add x + c(64,1)")] == [1.0, 2.0, 3.0, 4.0, 5.0]
    if with_torch:
        assert rows["x.T"].ratio == 6.0 / 2.0
        assert rows["add x + b(1,64)"].ratio == 7.0 / 4.0
        assert rows["add x + c(64,1)"].ratio == 8.0 / 5.0
    else:
        assert all(rows[k].ratio is None for k in ("x.T", "add x + b(1,64)", "add x + c(64,1)"))
    assert rows["add x + b(1,64)"].ok is None and rows["add x + c(64,1)"].ok is None
    x, dy, out = made  # inputs() makes x, then dy; then the output
    for k, want in ((3, x + dy[:1]), (4, x + dy[:, :1]), (6, x + dy[:1]), (7, x + dy[:, :1])):
        if k < len(fns):
            out[...] = 0
            fns[k]()
            np.testing.assert_array_equal(out, want)


def test_the_table_in_both_forms():
    rows = [bench.Row("triad", None, note="20.0 GB/s"),
            bench.Row("case a", 2e-3, nbytes=4e7, bw=2.5e10, ratio=1.5, target="bw>=0.85", ok=False),
            bench.Row("case b", 5e-6, ratio=2.0, target="torch>=1.3x", ok=True)]
    md = bench.format_table(rows, markdown=True).splitlines()
    assert md[0].startswith("| case |") and md[1].startswith("|---|")
    assert md[2] == "| triad | 20.0 GB/s | - | - | - | - | - |"
    assert md[3] == "| case a | 2.000 ms | 20.0 | 0.80 | 1.50x | bw>=0.85 | FAIL |"
    assert md[4] == "| case b | 5.00 us | - | - | 2.00x | torch>=1.3x | pass |"
    plain = bench.format_table(rows).splitlines()
    assert len(plain) == 5 and plain[3].split()[:3] == ["case", "a", "2.000"]


def test_the_silu_backward_it_times_is_right():
    # The timed call and the reference agree, so the figures time the real op.
    dy, x = bench.inputs(1000, "float32")
    out = np.empty_like(x)
    bench.ao.silu_backward(dy, x, out=out)
    np.testing.assert_allclose(out, reference(dy, x), rtol=1e-5, atol=1e-6)


def _points():
    return [(d, n, 10.0 * k) for d in bench.DTYPES for k, n in enumerate((10 ** 3, 10 ** 4), 1)]


def test_plot_writes_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "throughput.png"
    assert bench.plot(str(path), _points(), 25e9, 2) is True
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_without_matplotlib_says_so_and_writes_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(__import__("sys").modules, "matplotlib", None)  # import fails
    path = tmp_path / "throughput.png"
    assert bench.plot(str(path), _points(), 25e9, 2) is False
    assert not path.exists() and "needs matplotlib" in capsys.readouterr().err


def test_help_speaks_of_targets_not_issues():
    """Regression: --help once showed an internal tracker's number to users."""
    r = subprocess.run([sys.executable, "-m", "ascendops.bench", "--help"], capture_output=True,
                       text=True, timeout=120, env=dict(os.environ, PYTHONPATH=PKG_PARENT))
    assert r.returncode == 0, r.stderr
    assert "targets" in r.stdout and "bandwidth" in r.stdout
    assert not re.search(r"\bissues?\b", r.stdout, re.I), r.stdout


def test_a_torch_ratio_that_bandwidth_forbids_is_reported_as_such():
    # torch at 0.9 of the triad: 1.3x torch would need 1.17 of it, above the triad
    why = bench.bandwidth_bound(1.1, 1.3, 0.9)
    assert why == "torch at 0.90 of triad: 1.3x needs 1.17"
    assert bench.bandwidth_bound(1.1, 1.3, 0.7) is None  # 0.91 of triad: reachable, a plain miss
    assert bench.bandwidth_bound(1.4, 1.3, 0.9) is None  # met
    row = bench.Row("float32 n=1e7 out= 1thr", 5e-3, nbytes=1.2e8, bw=2.7e10, ratio=1.1,
                    target="bw>=0.85, torch>=1.3x", ok=False)
    row.bound = why
    line = bench.format_table([row], markdown=True).splitlines()[2]
    assert line.endswith("| FAIL (bandwidth: torch at 0.90 of triad: 1.3x needs 1.17) |")


def test_a_large_out_case_with_a_ratio_target_knows_torchs_fraction(peer):
    triad = bench.Triad(4 * 4096)
    row = bench.contiguous_case(4096, "float32", 1, triad, False, 3, 0.001, want_frac=0.85,
                                want_ratio=1.3)
    assert row.target == "bw>=0.85, torch>=1.3x"
    if peer == "numpy":
        assert row.bound is None and row.ratio is None
    else:
        # torch's share of the triad from its own median time (the ratio is the paired
        # repeats' median, which timing noise sets apart from the medians' quotient)
        torch_frac = row.nbytes / row.t_torch / row.bw
        assert row.bound == bench.bandwidth_bound(row.ratio, 1.3, torch_frac)


def _all_cases():
    from ascendops import bench_ops
    for op in bench_ops.measured_ops():
        for attrs in bench_ops._attr_variants(op, len(bench_ops._shape(op))):
            for dtype in bench_ops.DTYPES:
                if dtype in op.dtypes:
                    yield op, attrs, dtype


def test_the_per_op_table_covers_every_registered_op_in_every_dtype():
    """Every op but the in-place variants, whose base op's row times their kernel, and
    the ops make_inputs cannot feed (bench_ops.unfed: tensor lists, index tensors, NCHW
    windows) whose declaration does not make its arguments (info["bench"])."""
    from ascendops import bench_ops
    names = {op.snake for op, _, _ in _all_cases()}
    ops = bench_ops.ao.registered_ops().values()
    assert names == {op.snake for op in ops if not op.name.startswith("Inplace") and bench_ops.unfed(op) is None}
    assert {type(op).__name__ for op in ops if bench_ops.unfed(op)} <= {"ConcatOp", "IndexOp", "WindowOp", "InplaceOp",
                                                                        "RotaryOp", "MatmulOp", "AttentionOp",
                                                                        "NzWeightOp", "QuantMatmulOp"}
    assert {"inplace_relu", "inplace_erfinv"} <= {op.snake for op in ops} - names
    assert {"cat", "gather_v2", "max_pool"} <= names      # fed by their declarations
    dtypes = {(op.snake, d) for op, _, d in _all_cases()}
    assert ("silu_backward", "bfloat16") in dtypes and ("cast", "float16") in dtypes
    # each row's largest operand holds 1e6 elements (a split op's output half of them)
    assert {int(np.prod(bench_ops._shape(op))) for op, _, _ in _all_cases()} == {bench_ops.N}


@pytest.mark.parametrize("op,attrs,dtype", list(_all_cases()),
                         ids=lambda v: getattr(v, "snake", str(v)))
def test_each_per_op_case_times_the_same_op_in_both_libraries(op, attrs, dtype):
    """The torch call the table pairs with an op computes that op: both outputs agree
    nearly everywhere (a wrong aten op, argument order or attribute would not; the
    ops' documented differences from torch, e.g. HardswishBackward at x = +-3, are a
    few elements)."""
    from ascendops import bench_ops
    n = 64 * 64       # the table's inputs at 1e6 elements, scaled down: the pairing is what is checked
    c = bench_ops.make_case(op, dtype, attrs, n=n)
    c.ao()      # the call the table times runs (with or without torch)
    pytest.importorskip("torch")
    if c.torch is None:
        # the table prints "-" for it: an in-place variant, or an op with no torch
        # reference at all (an aten name, or a callable the table records: bench_ops)
        assert isinstance(op, bench_ops.ao._core.InplaceOp) or op.info.get("torch") is None, \
            "%s has a torch reference the table does not pair" % c.label
        pytest.skip("%s: no torch counterpart in the per-op table" % c.label)
    c.out_ao[...] = 0
    c.out_torch[...] = 0
    c.ao()
    c.torch()
    assert c.torch_how    # the table's "torch call" column: an aten out= overload, or "..., copy_"
    a, t = c.out_ao.astype(np.float64), c.out_torch.astype(np.float64)
    # loose: CANN's formulas differ from torch's (GeluBackwardV2 "tanh" by up to 2e-3)
    tol = 3e-2 if c.out_ao.dtype == bench._BF16 else 1e-2
    close = np.abs(a - t) <= tol * (np.abs(t) + 1e-2)
    assert close.mean() >= 0.95, (c.label, dtype, close.mean())
    # n elements; a split op's output (Glu's) is half of its n-element input; a reduction's
    # (Norm's, ReduceSum's, ArgMax's: one output, per row) one per row of its (64, 64) input
    reduced = isinstance(op, bench_ops.ao._core.AxisReduceOp) and len(op.outputs) == 1 and op.output_params[0].reduced
    if op.info.get("bench"):    # fed by its declaration: its largest operand about n elements
        args = bench_ops._bench_args(op, n)[attrs[0]]
        sizes = [sum(e.size for e in a) if isinstance(a, list) else a.size for a in args
                 if isinstance(a, (np.ndarray, list))]
        assert 0.5 * n <= max(sizes + [c.out_ao.size]) <= 1.5 * n
    elif isinstance(op, bench_ops.ao._core.LayoutOp):     # a layout's output: its mapping's shape
        shape = bench_ops._shape(op, n)
        assert c.out_ao.shape == op.operand_shapes(shape, bench_ops.attrs_for_size(op, attrs, n))[1][0]
    else:
        assert c.out_ao.size == (n // 2 if op.snake == "glu" else 64 if reduced else n)


@pytest.mark.parametrize("name,dtype", [("hardshrink", "float32"), ("threshold_backward", "float32"),
                                        ("cast", "float32"), ("relu", "float16"),
                                        ("ge_glu", "bfloat16"), ("softmax", "float32")])
def test_both_libraries_operands_start_alike_in_a_cache_line(name, dtype):
    """ascendops' output and torch's start LINE_OFFSET (numpy's 16) bytes into a
    64-byte line, whatever the heap gave: they were at 48 and 0 (hardshrink float32),
    and an unaligned output's stores span two lines, a cost one side paid alone."""
    from ascendops import bench_ops
    assert bench_ops.LINE_OFFSET == 16
    op = next(op for op in bench_ops.measured_ops() if op.snake == name)
    # allocations in between, as the table makes between rows, move the heap's offsets
    junk = [np.empty(bench_ops.N + k, np.float32) for k in range(3)]
    c = bench_ops.make_case(op, dtype, bench_ops._attr_variants(op, len(bench_ops._shape(op)))[0])
    del junk
    assert c.out_ao.ctypes.data % 64 == 16
    if c.out_torch is not None:
        assert c.out_torch.ctypes.data % 64 == 16
    c.ao()      # the arrays are usable: the op writes its output in place
    assert np.isfinite(c.out_ao.astype(np.float32)).mean() > 0.5


def test_per_op_rows_ratios_geomean_and_verdicts(monkeypatch):
    from ascendops import bench_ops
    ops = [op for op in bench_ops.ao.registered_ops().values() if op.snake in ("silu", "cast")]
    rows = bench_ops.op_rows(ops, dtypes=("float32",), repeats=1, budget=0.001)
    assert [r.label for r in rows] == ["cast float32->float16", "silu"] or \
        [r.label for r in rows] == ["silu", "cast float32->float16"]
    for r in rows:
        assert r.t_ao > 0
        assert (r.ratio is None) == (bench.torch is None)
    fake = [bench_ops.OpRow("a", "float32", 1.0, 4.0), bench_ops.OpRow("b", "float16", 1.0, 0.9),
            bench_ops.OpRow("c", "bfloat16", 1.0, None)]
    assert bench_ops.geomean([r.ratio for r in fake]) == pytest.approx((4.0 * 0.9) ** 0.5)
    assert [r.ok for r in fake] == [True, False, None]  # no torch: n/a, not a miss
    assert bench_ops.op_verdicts(fake) == (3, 1)  # two rows and the mean (1.90x: pass)
    md = bench_ops.format_op_table(fake, markdown=True).splitlines()
    assert md[2] == "| a | float32 | 1000000.0 us | 4000000.0 us | 4.00x | >=1.0x | pass | - |"
    assert md[4] == "| c | bfloat16 | 1000000.0 us | - | - | >=1.0x | n/a | - |"
    assert md[5] == "| geometric mean |  |  |  | 1.90x | >=1.5x | pass |  |"


def test_a_measured_per_op_row_takes_the_median_of_its_paired_ratios():
    from ascendops import bench_ops
    # medians 1.0 and 1.0 (a ratio of medians would say 1.00x and pass), but the
    # repeats' own ratios are 0.8, 0.9, 0.95, 1.0, 3.0: the row says 0.95x and fails
    ao_s, torch_s = [1.0, 1.0, 2.0, 1.0, 1.0], [0.8, 0.9, 1.9, 1.0, 3.0]
    pairs = bench.paired_ratio(torch_s, ao_s)
    row = bench_ops.OpRow("a", "float32", 1.0, 1.0, family="cast", pairs=pairs)
    assert row.ratio == pytest.approx(0.95) and row.ok is False
    md = bench_ops.format_op_table([row], markdown=True).splitlines()
    assert md[0].startswith("| op | dtype | ascendops | torch | torch/ours [p25-p75] |")
    assert md[2] == "| a | float32 | 1000000.0 us | 1000000.0 us | 0.95x [0.90-1.00] | >=1.0x | FAIL | - |"
    # no torch: no pairs, n/a
    assert bench_ops.OpRow("b", "float32", 1.0, None, pairs=pairs).ratio is None


def test_per_op_table_has_one_summary_row_per_op_family():
    """One row per op family (elementwise forward, gradient-form backward,
    softmax family, gated units) besides the per-op rows; the family is read from the
    declaration's kind."""
    from ascendops import bench_ops
    ops = bench_ops.ao.registered_ops()
    assert [bench_ops.family(ops[n]) for n in ("relu", "inplace_relu", "silu_backward", "swi_glu_grad", "softmax",
                                               "log_softmax_backward", "glu", "cast")] == [
        "elementwise forward", "elementwise forward", "gradient-form backward", "gated units",
        "softmax family", "softmax family", "gated units", "cast"]
    assert {bench_ops.family(op) for op in ops.values()} == set(bench_ops.FAMILIES)
    fake = [bench_ops.OpRow("a", "float32", 1.0, 4.0, family="gated units"),
            bench_ops.OpRow("b", "float16", 1.0, 0.25, family="gated units"),
            bench_ops.OpRow("c", "float32", 1.0, 0.5, family="cast")]
    md = bench_ops.format_op_table(fake, markdown=True).splitlines()
    assert md[5] == "| family: gated units | all |  |  | 1.00x |  | 1 of 2 rows below 1.0x |  |"
    assert md[6] == "| family: cast | all |  |  | 0.50x |  | 1 of 1 rows below 1.0x |  |"


def test_callpath_script_prints_the_cached_call_figures():
    """benchmarks/callpath.py (the cached-call check): runs from the checkout and
    prints one ns figure per case, after the machine line."""
    import os
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    script = os.path.join(root, "benchmarks", "callpath.py")
    if not os.path.exists(script):
        pytest.skip("no benchmarks/ in this layout (an installed package)")
    proc = subprocess.run([sys.executable, script, "--reps", "1", "--calls", "10"], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "isa " in lines[0]
    figures = [ln for ln in lines if ln.strip().endswith("]") and " ns " in ln]
    assert [ln.split("  ")[1].strip() for ln in figures[:2]] == ["Tensor in, out= Tensor", "numpy in, out= numpy"]
    assert len(figures) == 4


@pytest.mark.slow
def test_argsort_script_prints_one_row_per_case():
    """benchmarks/argsort.py (Argsort against torch.argsort): runs from the checkout and
    prints a machine line, a header and one ratio row per shape, dtype, thread count and
    direction."""
    import os
    import subprocess
    import sys
    pytest.importorskip("torch")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    script = os.path.join(root, "benchmarks", "argsort.py")
    if not os.path.exists(script):
        pytest.skip("no benchmarks/ in this layout (an installed package)")
    proc = subprocess.run([sys.executable, script, "--reps", "1", "--threads", "1", "--shapes", "2x40",
                           "--dtypes", "float32", "int64"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "isa() = " in lines[0] and lines[1].split()[:2] == ["shape", "dtype"]
    rows = [ln.split() for ln in lines[2:]]
    assert [(r[0], r[1], r[3]) for r in rows] == [("2x40", "float32", "0"), ("2x40", "float32", "1"),
                                                  ("2x40", "int64", "0"), ("2x40", "int64", "1")]
    assert all(r[-1].endswith("x") and float(r[-1][:-1]) > 0 for r in rows)


@pytest.mark.slow
def test_attention_script_compares_with_torch():
    """benchmarks/attention.py --smoke: FusedInferAttentionScoreV2 against torch's
    scaled_dot_product_attention on small decode, prefill and causal prefill shapes (it asserts the two
    agree), one row each."""
    import os
    import subprocess
    import sys
    pytest.importorskip("torch")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    script = os.path.join(root, "benchmarks", "attention.py")
    if not os.path.exists(script):
        pytest.skip("no benchmarks/ in this layout (an installed package)")
    proc = subprocess.run([sys.executable, script, "--smoke"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("isa() = ") and [ln.split()[0] for ln in lines[1:]] == ["decode", "prefill", "causal"]


@pytest.mark.slow
def test_conv_pad_script_compares_with_torch():
    """benchmarks/conv_pad.py --smoke: Convolution (forward, depthwise, transposed; float32
    and float16) and ConstantPadNd against torch on small shapes (it asserts the results
    agree), one row per case, dtype and thread count."""
    import os
    import subprocess
    import sys
    pytest.importorskip("torch")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    script = os.path.join(root, "benchmarks", "conv_pad.py")
    if not os.path.exists(script):
        pytest.skip("no benchmarks/ in this layout (an installed package)")
    proc = subprocess.run([sys.executable, script, "--smoke"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 1 + (4 + 2) * 2 * 2 + 1 and lines[-1].startswith("geometric mean"), proc.stdout


def test_the_16bit_roofline_target():
    """The roofline target: a large 16-bit call within 1.15x of max(memory time, in-cache compute
    time); where the kernel outruns memory, also 0.85 of the triad."""
    # compute-bound: 10 ms of compute, 6 ms of memory -> the bound is 11.5 ms
    text, ok = bench.roofline_target(11.4e-3, 6e-3, 10e-3, 0.85)
    assert ok and text == "<=1.15x roofline (10.000 ms, compute)"
    assert not bench.roofline_target(11.6e-3, 6e-3, 10e-3, 0.85)[1]
    # memory-bound: 1.15x of 10 ms would allow 11.5 ms, but 0.85 of the triad is 11.76 ms
    # and the stricter 1.15x holds; with want_frac 0.9 (11.1 ms) the fraction decides
    text, ok = bench.roofline_target(11.4e-3, 10e-3, 4e-3, 0.85)
    assert ok and text == "<=1.15x roofline (10.000 ms, memory), bw>=0.85"
    assert not bench.roofline_target(11.4e-3, 10e-3, 4e-3, 0.9)[1]


def test_the_in_cache_rows_compare_16bit_with_float32_elements_per_second():
    """The in-cache 16-bit target: 16-bit in cache at >= 0.9x float32's elements per second, the median of
    the repeats' paired ratios (each repeat's float32 block against the 16-bit block
    timed beside it), not the ratio of the medians."""
    us = 1e-6
    samples = {
        ("float32", 10 ** 4): [9 * us, 9 * us, 9 * us],
        ("float16", 10 ** 4): [9.9 * us, 9.9 * us, 9.9 * us],
        ("bfloat16", 10 ** 4): [10.1 * us, 10.1 * us, 10.1 * us],
        # a slow spell over the second repeat slows both dtypes' blocks alike: the
        # pairs say 2.0 in every repeat, the medians 90 / 60 = 1.5
        ("float32", 10 ** 5): [90 * us, 180 * us, 180 * us],
        ("float16", 10 ** 5): [45 * us, 90 * us, 60 * us]}
    out = bench.in_cache_rows(samples, 2)
    assert [(r.case, r.ok) for r in out] == [
        ("float16 n=1e4 in cache vs float32 2thr", True),
        ("float16 n=1e5 in cache vs float32 2thr", True),
        ("bfloat16 n=1e4 in cache vs float32 2thr", False)]   # 9 / 10.1 = 0.89; no bf16 1e5 row
    assert out[1].note == "2.00 (60.00 us vs 180.00 us)"


def test_paired_ratio_divides_each_repeat_by_its_neighbour():
    med, lo, hi = bench.paired_ratio([2.0, 4.0, 8.0, 2.0], [1.0, 4.0, 2.0, 1.0])
    assert (med, lo, hi) == (2.0, 1.75, 2.5)   # ratios 2, 1, 4, 2


def test_in_cache_samples_time_the_three_dtypes_alternately(monkeypatch):
    seen = []

    def fake(*fns, repeats, budget):
        for f in fns:
            f()
        seen.append(len(fns))
        return [[1e-6 * (k + 1)] * repeats for k in range(len(fns))]

    monkeypatch.setattr(bench, "timed_samples", fake)
    s = bench.in_cache_samples(1, 3, 0.001)
    assert seen == [3, 3]   # one run per size, the three dtypes in it
    assert set(s) == {(d, n) for d in bench.DTYPES for n in bench.IN_CACHE_SIZES}
    assert s["bfloat16", 10 ** 5] == [3e-6] * 3


def test_the_large_rows_report_their_operands_huge_page_share(tmp_path):
    # a mapping holding the array (Rss 6144 kB, 4096 kB of it on huge pages), one
    # overlapping its end (2048 kB, none), one elsewhere (its huge pages do not count)
    a = np.zeros(1024, np.float32)
    lo, hi = a.ctypes.data, a.ctypes.data + a.nbytes
    fake = tmp_path / "smaps"
    fake.write_text(
        "%x-%x rw-p 00000000 00:00 0\nRss:  6144 kB\nAnonHugePages:  4096 kB\nVmFlags: rd wr hg\n"
        "%x-%x rw-p 00000000 00:00 0\nRss:  2048 kB\nAnonHugePages:  0 kB\n"
        "%x-%x rw-p 00000000 00:00 0 [heap]\nRss:  2048 kB\nAnonHugePages:  2048 kB\n"
        % (lo - 4096, lo + 64, lo + 64, hi + 4096, hi + 8192, hi + 12288))
    assert bench.huge_page_share(a, smaps=str(fake)) == pytest.approx(4096 / 8192)
    assert bench.huge_page_share(a, smaps=str(tmp_path / "missing")) is None
    share = bench.huge_page_share(a)  # this process's own smaps: a share, or None off Linux
    assert share is None or 0.0 <= share <= 1.0
    row = bench.Row("float32 n=1e7 out= 1thr", 5e-3, nbytes=1.2e8, bw=2.7e10, ratio=1.4,
                    target="bw>=0.85", ok=True)
    row.pages = 0.5
    line = bench.format_table([row], markdown=True).splitlines()[2]
    assert line.endswith("| pass [huge pages 50%] |")


def test_only_the_large_rows_measure_the_page_share(peer):
    triad = bench.Triad(4 * 4096)
    assert bench.contiguous_case(1000, "float32", 1, triad, False, 3, 0.001,
                                 want_ratio=1.3).pages is None
    row = bench.contiguous_case(4096, "float32", 1, triad, True, 3, 0.001, want_frac=0.85)
    assert row.pages is None or 0.0 <= row.pages <= 1.0


def _owner(a):
    """The object at the end of a's base chain (the memory's owner)."""
    while isinstance(a, np.ndarray):
        a = a.base
    return a.obj if isinstance(a, memoryview) else a


def _vm_flags(addr, smaps="/proc/self/smaps"):
    """The VmFlags of the mapping holding addr, or None where smaps is not readable."""
    try:
        lines = open(smaps).read().splitlines()
    except OSError:
        return None
    inside = False
    for line in lines:
        head = line.split(None, 1)[0] if line else ""
        if not head.endswith(":"):
            lo, _, hi = head.partition("-")
            try:
                inside = int(lo, 16) <= addr < int(hi, 16)
            except ValueError:
                inside = False
        elif inside and head == "VmFlags:":
            return line.split()[1:]
    return None


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_fresh_arrays_are_own_mappings_advised_onto_huge_pages(dtype):
    """Large bench operands each get an anonymous mapping of their own, advised with
    MADV_HUGEPAGE (smaps' "hg" flag), starting FRESH_OFFSET bytes into it as a large
    numpy array from glibc does; small ones stay plain numpy arrays."""
    import mmap
    n = bench.FRESH_MIN_BYTES // 2 + 3        # 2-byte dtypes: just past the threshold
    a = bench.fresh_array((n,), dtype)
    b = bench.fresh_array((n,), dtype)
    assert a.shape == (n,) and a.dtype == bench._np_dtype(dtype) and a.flags.writeable
    assert isinstance(_owner(a), mmap.mmap) and a.ctypes.data % mmap.PAGESIZE == bench.FRESH_OFFSET
    a[...] = 1
    b[...] = 2
    assert (a == 1).all() and (b == 2).all()   # two arrays, two memories
    flags = _vm_flags(a.ctypes.data)
    if flags is not None and hasattr(mmap, "MADV_HUGEPAGE"):
        # advised, and private: a shared anonymous mapping is shmem ("sd"), whose huge
        # pages the advice does not bring
        assert "hg" in flags and "sh" not in flags
    small = bench.fresh_array((1000,), dtype)
    assert small.shape == (1000,) and not isinstance(_owner(small), mmap.mmap)


def test_inputs_come_from_fresh_arrays():
    import mmap
    n = bench.FRESH_MIN_BYTES // 4 + 1
    dy, x = bench.inputs(n, "float32")
    assert isinstance(_owner(dy), mmap.mmap) and isinstance(_owner(x), mmap.mmap)
    assert 0.9 < np.std(dy) < 1.1 and 3.6 < np.std(x) < 4.4


def test_ops_named_picks_by_registry_or_aclnn_name_and_refuses_an_unknown_one():
    from ascendops import bench_ops
    assert bench_ops.ops_named(None) is None
    picked = bench_ops.ops_named(["upsample_nearest_2d", "PowTensorScalar", "CAT"])
    assert [op.name for op in picked] == ["UpsampleNearest2d", "PowTensorScalar", "Cat"]
    with pytest.raises(SystemExit, match="'no_such_op'"):
        bench_ops.ops_named(["cat", "no_such_op"])
