"""The norms (AxisReduceOp: RmsNorm, AddRmsNorm, LayerNorm, GroupNorm, Norm): what the
generic harness (tests/ops/test_registry.py) cannot check for them. LayerNorm's and
GroupNorm's attributes are sizes of their input, so the harness leaves them here: their
values in every dtype, layouts, the two-stage API and its cache, repeatable executors.
For all five: null optional outputs, outputs written in place over an input, empty
blocks (CANN's fills), results independent of the thread count and of the ISA region,
and the kind's own refusals. References: the ops' float64 references (numpy), and
torch where installed."""
import ml_dtypes
import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn
from ascendops.ops import add_rms_norm, group_norm, layer_norm, norm, rms_norm

DTYPES = ("float32", "float16", "bfloat16")
# float32 results within a few float32 ulps of the float64 reference; 16-bit ones rounded once
TOL = {"float32": 2e-6, "float16": 1e-3, "bfloat16": 8e-3}


def _rand(shape, dtype, seed=0, lo=-3.0, hi=3.0):
    return np.random.default_rng(seed).uniform(lo, hi, size=shape).astype(ao.as_dtype(dtype).numpy)


def _close(got, ref, dtype, what=""):
    got = np.asarray(got).astype(np.float64)
    ref = np.asarray(ref, dtype=np.float64)
    assert got.shape == ref.shape, (what, got.shape, ref.shape)
    scale = max(1.0, float(np.max(np.abs(ref)))) if ref.size else 1.0
    np.testing.assert_allclose(got, ref, rtol=TOL[dtype], atol=TOL[dtype] * scale, err_msg=what)


# -- LayerNorm and GroupNorm values (the harness's checks for ops with size attributes) ----
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape,k", [((4, 6, 40), 1), ((3, 5, 7), 2), ((1000,), 1), ((2, 3, 700), 1), ((2, 4500), 1)])
@pytest.mark.parametrize("affine", [(True, True), (True, False), (False, True), (False, False)])
def test_layer_norm_values(dtype, shape, k, affine):
    x = _rand(shape, dtype)
    ns = shape[len(shape) - k:]
    w = _rand(ns, dtype, 1) if affine[0] else None
    b = _rand(ns, dtype, 2) if affine[1] else None
    out, mean, rstd = ao.layer_norm(x, w, b, ns, 1e-5)
    ref = layer_norm.reference(x, w, b, ns, 1e-5)
    assert np.asarray(out).dtype == x.dtype and np.asarray(mean).dtype == np.float32
    assert np.asarray(mean).shape == shape[:len(shape) - k] + (1,) * k
    for name, g, r in zip(("out", "mean", "rstd"), (out, mean, rstd), ref):
        _close(g, r, dtype if name == "out" else "float32", name)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape,group", [((2, 6, 5, 7), 3), ((3, 4), 2), ((2, 8, 300), 1), ((1, 6, 2, 2, 2), 6)])
def test_group_norm_values(dtype, shape, group):
    x = _rand(shape, dtype)
    n, c, hw = shape[0], shape[1], int(np.prod(shape[2:]))
    gamma, beta = _rand((c,), dtype, 1), _rand((c,), dtype, 2)
    out, mean, rstd = ao.group_norm(x, gamma, beta, n, c, hw, group, 1e-5)
    ref = group_norm.reference(x, gamma, beta, n, c, hw, group, 1e-5)
    for got, r in zip((out, mean, rstd), ref):
        assert np.asarray(got).dtype == x.dtype     # CANN: mean and rstd of self's dtype
        _close(got, r, dtype)
    out, mean, rstd = ao.group_norm(x, None, None, n, c, hw, group, 1e-5)
    for got, r in zip((out, mean, rstd), group_norm.reference(x, None, None, n, c, hw, group, 1e-5)):
        _close(got, r, dtype)


def test_layer_norm_and_group_norm_layouts():
    """Transposed and strided inputs, strided weights, a non-contiguous out."""
    x = _rand((40, 30), "float32").T                   # normalized dim with stride 30
    w = _rand((80,), "float32", 1)[::2]
    out = np.zeros((30, 80), np.float32)[:, ::2]
    got = ao.layer_norm(x, w, None, (40,), 1e-5, out=(out, np.zeros((30, 1), np.float32),
                                                        np.zeros((30, 1), np.float32)))
    assert got[0] is out
    _close(out, layer_norm.reference(x, w, None, (40,), 1e-5)[0], "float32")
    s = _rand((3, 8, 5, 6), "float32")[:, :, ::-1, ::2]   # reversed and strided H, W
    ref = group_norm.reference(s, None, None, 3, 8, 15, 4, 1e-5)
    for got, r in zip(ao.group_norm(s, None, None, 3, 8, 15, 4, 1e-5), ref):
        _close(got, r, "float32")
    # H and W swapped: the spatial dims do not merge into one HxW stride (CANN makes self
    # contiguous first; the view keeps them apart)
    s = _rand((2, 6, 4, 6), "float32", 3).transpose(0, 1, 3, 2)
    g = _rand((6,), "float32", 4)
    ref = group_norm.reference(s, g, g, 2, 6, 24, 3, 1e-5)
    for got, r in zip(ao.group_norm(s, g, g, 2, 6, 24, 3, 1e-5), ref):
        _close(got, r, "float32")


def test_layer_norm_two_stage_cache_and_repeatable():
    rng = np.random.default_rng(3)
    x = ao.from_numpy(rng.standard_normal((6, 8)).astype(np.float32))
    outs = [ao.empty((6, 8)), ao.empty((6, 1)), ao.empty((6, 1))]
    before = ao.cache_info()
    for _ in range(2):
        ws, ex = aclnn.layer_norm_get_workspace_size(x, (8,), None, None, 1e-5, *outs)
        assert ws == 0
        aclnn.layer_norm(None, ws, ex)
    assert ao.cache_info().hits >= before.hits + 1
    ref = layer_norm.reference(x.numpy(), None, None, (8,), 1e-5)
    for o, r in zip(outs, ref):
        _close(o.numpy(), r, "float32")
    ex.destroy()
    ws, ex = aclnn.group_norm_get_workspace_size(x, None, None, 6, 8, 1, 2, 1e-5, outs[0],
                                                 ao.empty((6, 2)), ao.empty((6, 2)))
    ex.set_repeatable()
    aclnn.group_norm(None, ws, ex)
    x2 = ao.from_numpy(rng.standard_normal((6, 8)).astype(np.float32))
    ex.set_input_tensor_addr(0, x2)
    aclnn.group_norm(None, ws, ex)
    _close(outs[0].numpy(), group_norm.reference(x2.numpy(), None, None, 6, 8, 1, 2, 1e-5)[0], "float32")
    ex.destroy()


# -- null optional outputs -------------------------------------------------------------
def test_layer_norm_null_mean_and_rstd():
    x = ao.from_numpy(_rand((5, 9), "float32"))
    ref = layer_norm.reference(x.numpy(), None, None, (9,), 1e-5)
    for mean, rstd in ((None, None), (ao.empty((5, 1)), None), (None, ao.empty((5, 1)))):
        out = ao.empty((5, 9))
        ws, ex = aclnn.layer_norm_get_workspace_size(x, (9,), None, None, 1e-5, out, mean, rstd)
        aclnn.layer_norm(None, ws, ex)
        _close(out.numpy(), ref[0], "float32")
        for t, r in ((mean, ref[1]), (rstd, ref[2])):
            if t is not None:
                _close(t.numpy(), r, "float32")


@pytest.mark.parametrize("mode", ["add", "pre", "post"])
def test_add_rms_norm_modes(mode):
    """CANN's modes by the null outputs: ADD (all), PRE (no rstdOut: FLOAT16/BF16 only, gamma
    (1, D)), POST (yOut alone)."""
    dtype = "float32" if mode == "add" else "float16"
    gshape = (64,) if mode == "add" else (1, 64)
    x1, x2, g = _rand((3, 64), dtype), _rand((3, 64), dtype, 1), _rand(gshape, dtype, 2)
    y, rstd, xout = ao.empty((3, 64), dtype), ao.empty((3, 1)), ao.empty((3, 64), dtype)
    if mode != "add":
        rstd = None
    if mode == "post":
        xout = None
    ws, ex = aclnn.add_rms_norm_get_workspace_size(*(ao.from_numpy(a) for a in (x1, x2, g)), 1e-6, y, rstd, xout)
    aclnn.add_rms_norm(None, ws, ex)
    ref = add_rms_norm.reference(x1, x2, g, 1e-6)
    _close(y.numpy(), ref[0], dtype)
    if rstd is not None:
        _close(rstd.numpy(), ref[1], "float32")
    if xout is not None:
        _close(xout.numpy(), ref[2], dtype)
    # a null rstdOut with a null xOut given... ADD mode needs both: rstd given, xOut null is 161001
    with pytest.raises(ao.AclnnError) as e:
        aclnn.add_rms_norm_get_workspace_size(*(ao.from_numpy(a) for a in (x1, x2, g)), 1e-6, y,
                                              ao.empty((3, 1)), None)
    assert e.value.status == 161001


# -- in place over an input --------------------------------------------------------------
@pytest.mark.parametrize("d", [64, 5000])
def test_outputs_exactly_over_an_input(d):
    """An output that is exactly an input (the last output: computed block by block after
    the block was read; others through the workspace) gives the out-of-place result, rows
    longer than one block (AO_AX_BLOCK, 2048 elements) included."""
    x1, x2, g = _rand((3, d), "float32"), _rand((3, d), "float32", 1), _rand((d,), "float32", 2)
    ref = add_rms_norm.reference(x1, x2, g, 1e-6)
    t1 = ao.from_numpy(x1.copy())
    y, rstd = ao.empty((3, d)), ao.empty((3, 1))
    ws, ex = aclnn.add_rms_norm_get_workspace_size(t1, ao.from_numpy(x2), ao.from_numpy(g), 1e-6, y, rstd, t1)
    aclnn.add_rms_norm(ao.empty((ws,), "uint8") if ws else None, ws, ex)
    _close(y.numpy(), ref[0], "float32")
    _close(t1.numpy(), ref[2], "float32")
    x = ao.from_numpy(x1.copy())                         # RmsNorm's yOut over x: the workspace
    ws, ex = aclnn.rms_norm_get_workspace_size(x, ao.from_numpy(g), 1e-6, x, ao.empty((3, 1)))
    assert ws > 0
    aclnn.rms_norm(ao.empty((ws,), "uint8"), ws, ex)
    _close(x.numpy(), rms_norm.reference(x1, g, 1e-6)[0], "float32")
    x = ao.from_numpy(x1.copy())                         # LayerNorm's only output over its input
    ws, ex = aclnn.layer_norm_get_workspace_size(x, (d,), None, None, 1e-5, x, None, None)
    aclnn.layer_norm(ao.empty((ws,), "uint8") if ws else None, ws, ex)
    _close(x.numpy(), layer_norm.reference(x1, None, None, (d,), 1e-5)[0], "float32")


# -- empty blocks: CANN's fills --------------------------------------------------------
def test_empty_blocks():
    # LayerNorm: M == 0 writes nothing; N == 0 writes mean 0 and rstd NaN
    out, mean, rstd = ao.layer_norm(np.zeros((2, 0, 4), np.float32), None, None, (0, 4), 1e-5)
    assert np.asarray(mean).tolist() == [[[0.0]], [[0.0]]] and np.isnan(np.asarray(rstd)).all()
    # GroupNorm: an empty self (HxW == 0) writes mean 0 and rstd NaN
    out, mean, rstd = ao.group_norm(np.zeros((2, 4, 0), np.float32), None, None, 2, 4, 0, 2, 1e-5)
    assert (np.asarray(mean) == 0).all() and np.isnan(np.asarray(rstd)).all() and np.asarray(mean).shape == (2, 2)
    # Norm: an empty reduction is 0 for every p (CANN fills out with 0)
    for p in (2.0, 1.0, float("inf"), float("-inf"), 0.0, 3.0):
        assert np.asarray(ao.norm(np.zeros((3, 0), np.float32), p, (1,), False)).tolist() == [0.0, 0.0, 0.0]
    # RmsNorm: every output empty skips the launch; x with a 0 dim and a non-empty output
    # is the tiling's refusal (561002)
    ws, _ = aclnn.rms_norm_get_workspace_size(ao.zeros((0, 4)), ao.ones((4,)), 1e-6, ao.zeros((0, 4)),
                                              ao.zeros((0, 1)))
    assert ws == 0
    with pytest.raises(ao.AclnnError) as e:
        aclnn.rms_norm_get_workspace_size(ao.zeros((0, 4)), ao.ones((4,)), 1e-6, ao.zeros((0, 4)), ao.zeros((1,)))
    assert e.value.status == 561002


# -- the same bits on any thread count and ISA region -----------------------------------
def _bits_case():
    x = _rand((64, 4096), "float32", 7)
    g = _rand((4096,), "float32", 8)
    return x, g


def test_same_bits_on_any_thread_count():
    x, g = _bits_case()
    runs = []
    old = ao.get_num_threads()
    try:
        for n in (1, 2, 3):
            ao.set_num_threads(n)
            y, r = ao.rms_norm(x, g, 1e-6)
            o, m, s = ao.layer_norm(x, g, None, (4096,), 1e-5)
            runs.append([np.asarray(a).tobytes() for a in (y, r, o, m, s, ao.norm(x, 2.0, (1,), False))])
    finally:
        ao.set_num_threads(old)
    assert runs[0] == runs[1] == runs[2]


@pytest.mark.slow
def test_same_bits_in_every_isa_region(run_python):
    code = """
import hashlib, numpy as np, ascendops as ao
rng = np.random.default_rng(7)
x = rng.uniform(-3, 3, (64, 4099)).astype(np.float32)
g = rng.uniform(-3, 3, (4099,)).astype(np.float32)
h = hashlib.sha256()
for a in ao.rms_norm(x, g, 1e-6) + ao.layer_norm(x, g, g, (4099,), 1e-5) + (ao.norm(x, 2.0, (1,), True),):
    h.update(np.asarray(a).tobytes())
print(ao.isa(), h.hexdigest())
"""
    runs = [run_python(code, ASCENDOPS_ISA=isa).split() for isa in ("baseline", "avx2", "avx512")]
    assert len({r[1] for r in runs}) == 1, runs


# -- torch as a second reference ---------------------------------------------------------
def test_against_torch():
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    x, g = _rand((4, 6, 32), "float32"), _rand((32,), "float32", 1)
    tx, tg = torch.from_numpy(x).double(), torch.from_numpy(g).double()
    _close(ao.rms_norm(x, g, 1e-6)[0], F.rms_norm(tx, (32,), tg, 1e-6).numpy(), "float32")
    _close(ao.layer_norm(x, g, g, (32,), 1e-5)[0], F.layer_norm(tx, (32,), tg, tg, 1e-5).numpy(), "float32")
    c = _rand((6,), "float32", 2)
    _close(ao.group_norm(x, c, c, 4, 6, 32, 3, 1e-5)[0],
           F.group_norm(tx, 3, torch.from_numpy(c).double(), torch.from_numpy(c).double(), 1e-5).numpy(), "float32")
    for p in (2.0, 1.0, float("inf"), 3.0):
        _close(ao.norm(x, p, (1, 2), False), torch.linalg.vector_norm(tx, p, (1, 2)).numpy(), "float32")


# -- the kind's own refusals ---------------------------------------------------------------
def test_refusals_of_the_kind():
    # an rstd CANN's tiling accepts (dims of 1) but with fewer elements than rows: the
    # kernel writes one per row (CANN's kernel would write past it)
    with pytest.raises(ao.AclnnError) as e:
        aclnn.rms_norm_get_workspace_size(ao.ones((4, 8)), ao.ones((8,)), 1e-6, ao.empty((4, 8)), ao.empty((1, 1)))
    assert e.value.status == 161002 and "rstdOut" in e.value.message
    # a dtype the kernels do not load (Norm of DOUBLE, which CANN computes off regbase)
    with ao.soc("Ascend910B"):
        with pytest.raises(ao.AclnnError) as e:
            ao.norm(np.ones((2, 3)), 2.0, (1,), False)
    assert e.value.status == 561103


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("rows,n", [(9, 1000), (5, 17), (6, 1), (3, 2049)])
@pytest.mark.parametrize("affine", [(True, True), (False, True), (False, False)])
def test_layer_norm_rows_together_give_each_rows_bits(dtype, rows, n, affine):
    """Neighbouring contiguous rows normalised together (norm.c's ao_layer_norm_rows: their
    sums several rows at a time, a 16-bit row widened once, a shared weight and bias
    widened once) give each row's bits normalised alone, also for rows apart in memory."""
    rng = np.random.default_rng(60 + n)
    wide = (rng.uniform(-3, 3, (rows, n + 2)) * 2.0 ** rng.integers(-8, 8, (rows, n + 2))).astype(
        ao.as_dtype(dtype).numpy)
    w = _rand((n,), dtype, 1) if affine[0] else None
    b = _rand((n,), dtype, 2) if affine[1] else None
    for x in (np.ascontiguousarray(wide[:, :n]), wide[:, 1:n + 1]):
        got = [np.asarray(a) for a in ao.layer_norm(x, w, b, (n,), 1e-5)]
        alone = [ao.layer_norm(x[r:r + 1], w, b, (n,), 1e-5) for r in range(rows)]
        for i in range(3):
            assert got[i].tobytes() == np.concatenate([np.asarray(a[i]) for a in alone]).tobytes()
        ref = layer_norm.reference(x, w, b, (n,), 1e-5)
        _close(got[0], ref[0], dtype, "out")
        _close(got[1], ref[1], "float32", "mean")
