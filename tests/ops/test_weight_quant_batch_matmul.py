"""WeightQuantBatchMatmulV2 (ascendops/ops/weight_quant_batch_matmul_v2.py) against numpy
float64: the weight dequantised as CANN's antiquant does it (each step rounded to x's dtype)
and multiplied exactly. INT8 and INT4 (two per byte) weights, per-tensor, per-channel and
per-group scales, offsets, biases, transposed weights and x, float16 and bfloat16; the INT4
tensors themselves; and the statuses of what is not computed."""
import ml_dtypes
import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn
from ascendops.ops.weight_quant_batch_matmul_v2 import dequantise, reference

f = ao.weight_quant_batch_matmul_v2


def call(x, w, scale, offset=None, bias=None, group=0, **kw):
    return f(x, w, scale, offset, None, None, bias, group, **kw)


def close(got, want, dtype):
    got = np.asarray(got).astype(np.float64)
    assert got.shape == want.shape
    # the sums exact in float32 (k terms of 16-bit products), y rounded once to its dtype
    tol = 2.0 ** -10 if dtype == np.float16 else 2.0 ** -7
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol * np.abs(want).max() * 1e-2 + 1e-6)


def data(rng, m, k, n, dtype=np.float16, lo=-128, hi=127, group=0):
    x = rng.standard_normal((m, k)).astype(dtype)
    w = rng.integers(lo, hi + 1, (k, n)).astype(np.int8)
    rows = -(-k // group) if group else 1
    scale = (rng.uniform(0.5, 1.5, (rows, n)) / max(abs(lo), hi)).astype(dtype)
    return x, w, scale


@pytest.mark.parametrize("dtype", [np.float16, ml_dtypes.bfloat16])
@pytest.mark.parametrize("group", [0, 32, 64])
def test_int8(dtype, group):
    rng = np.random.default_rng(group + 7)
    x, w, scale = data(rng, 5, 128, 24, dtype, group=group)
    s = scale if group else scale.reshape(-1)
    close(call(x, w, s, group=group), reference(x, w, s, group_size=group), dtype)


@pytest.mark.parametrize("group", [0, 32])
def test_int4_packing_and_product(group):
    rng = np.random.default_rng(3)
    x, w, scale = data(rng, 3, 64, 16, lo=-8, hi=7, group=group)
    w4 = ao.int4_tensor(w)
    assert w4.dtype == ao.as_dtype("int4") and w4.shape == (64, 16) and w4.nbytes == 64 * 16 // 2
    np.testing.assert_array_equal(w4.numpy(), w)
    # CANN's nibble order: element 2i in the low nibble of byte i (what llama.cpp's CANN backend writes)
    raw = np.frombuffer(w4.__reduce__()[1][0], dtype=np.uint8)
    flat = w.reshape(-1).astype(np.int64) & 0xF
    np.testing.assert_array_equal(raw, flat[0::2] | (flat[1::2] << 4))
    s = scale if group else scale.reshape(1, -1)
    close(call(x, w4, s, group=group), reference(x, w, s, group_size=group), np.float16)


def test_int4_view_of_bytes():
    """An INT4 view over bytes written by hand: byte 0x9F holds element 0 (low nibble 0xF: -1)
    and element 1 (high nibble 0x9: -7)."""
    w4 = ao.int4_tensor(np.array([-1, -7, 7, -8]))
    np.testing.assert_array_equal(w4.numpy(), [-1, -7, 7, -8])
    np.testing.assert_array_equal(ao.int4_tensor(np.array([[1, 2], [3, 4]])).T.numpy(), [[1, 3], [2, 4]])
    with pytest.raises(ValueError, match="even"):
        w4.as_strided((2,), (1,), 1)
    with pytest.raises(ValueError):
        ao.int4_tensor(np.array([8]))


def test_other_ops_refuse_int4():
    w4 = ao.int4_tensor(np.zeros((2, 4), np.int8))
    with pytest.raises(ao.AclnnError) as e:
        ao.abs(w4)
    assert e.value.status == 161002


@pytest.mark.parametrize("wdtype", ["int8", "int4"])
def test_transposed_weight_and_scale(wdtype):
    """llama.cpp's form: the weight (n, k) stored row by row, viewed (k, n) with strides
    (1, k); the per-group scales (n, k / 32) viewed (k / 32, n) likewise."""
    rng = np.random.default_rng(11)
    m, k, n = 2, 96, 10
    x, w, scale = data(rng, m, k, n, lo=-8, hi=7, group=32)
    wt = np.ascontiguousarray(w.T)
    w_t = (ao.int4_tensor(wt) if wdtype == "int4" else ao.tensor(wt)).T
    s_t = ao.tensor(np.ascontiguousarray(scale.T)).T
    with ao.soc("Ascend910B"):
        close(call(x, w_t, s_t, group=32), reference(x, w, scale, group_size=32), np.float16)


def test_transposed_x_on_ascend910b():
    rng = np.random.default_rng(5)
    x, w, scale = data(rng, 6, 64, 8)
    xt = ao.tensor(np.ascontiguousarray(x.T)).T
    with ao.soc("Ascend910B"):
        close(call(xt, w, scale.reshape(-1)), reference(x, w, scale.reshape(-1)), np.float16)
    with pytest.raises(ao.AclnnError) as e:
        with ao.soc("Ascend950"):
            call(xt, w, scale.reshape(-1))
    assert e.value.status == 161002


@pytest.mark.parametrize("dtype,bias_dtype", [(np.float16, np.float16), (ml_dtypes.bfloat16, np.float32)])
def test_offset_and_bias(dtype, bias_dtype):
    rng = np.random.default_rng(9)
    x, w, scale = data(rng, 4, 64, 12, dtype, group=32)
    offset = rng.uniform(-3, 3, scale.shape).astype(dtype)
    bias = rng.standard_normal(12).astype(bias_dtype)
    with ao.soc("Ascend910B"):
        got = call(x, w, scale, offset, bias, group=32)
    close(got, reference(x, w, scale, offset, bias=bias, group_size=32), dtype)


def test_dequantisation_rounds_each_step():
    """(w + offset) is rounded to float16 before the scale multiplies it: 1 + 2^-11 is 1
    in float16, so the scale 3 gives 3, not 3 + 3 * 2^-11."""
    x = np.ones((1, 32), np.float16)
    w = np.zeros((32, 2), np.int8)
    w[0, :] = 1
    scale = np.array([3.0, 3.0], np.float16)
    offset = np.array([2.0 ** -11, 0.0], np.float16)
    got = np.asarray(call(x, w, scale, offset)).astype(np.float64)
    want = reference(x, w, scale, offset).astype(np.float16).astype(np.float64)     # y rounded once
    np.testing.assert_array_equal(got, want)
    assert dequantise(w, scale, offset)[0, 0] == 3.0


def test_per_tensor_scale():
    rng = np.random.default_rng(1)
    x, w, _ = data(rng, 3, 32, 8)
    for scale in (np.array([0.01], np.float16), np.array([[0.02]], np.float16)):
        close(call(x, w, scale), reference(x, w, scale), np.float16)


def test_two_stage_with_storage_offset():
    """The two-stage API on views at an offset into shared storage (llama.cpp's splits of
    a weight over 65535 rows): an INT4 view starting at byte 8."""
    rng = np.random.default_rng(4)
    k, n = 32, 6
    w = rng.integers(-8, 8, (2 * n, k)).astype(np.int8)
    whole = ao.int4_tensor(w)
    second = whole.as_strided((k, n), (1, k), n * k)           # rows n..2n-1 of (2n, k), transposed
    x = ao.tensor(rng.standard_normal((2, k)).astype(np.float16))
    # llama.cpp's per-channel scale: (1, n) with strides (1, 1), "transposed" as the weight is
    scale = ao.tensor(np.full(n, 0.125, np.float16)).as_strided((1, n), (1, 1), 0)
    y = ao.empty((2, n), "float16")
    ws, ex = aclnn.weight_quant_batch_matmul_v2_get_workspace_size(x, second, scale, None, None, None, None, 0, y)
    aclnn.weight_quant_batch_matmul_v2(None if ws == 0 else ao.empty((ws,), "uint8"), ws, ex)
    ao.synchronize()
    close(y, reference(x.numpy(), w[n:].T, scale.numpy()), np.float16)


def _status(*args, soc="Ascend910B", **kw):
    with pytest.raises(ao.AclnnError) as e:
        with ao.soc(soc):
            f(*args, **kw)
    return e.value.status


def test_not_computed_forms():
    rng = np.random.default_rng(2)
    x, w, scale = data(rng, 2, 64, 8)
    s = scale.reshape(-1)
    y8 = ao.empty((2, 8), "int8")
    qs = np.ones(8, np.uint64)
    assert _status(x, w, s, None, qs, None, None, 0, out=y8) == 561103
    assert _status(x, w, np.ones(8, np.uint64), None, None, None, None, 0) == 561103
    nz = ao.empty((64, 8), "int8", format="FRACTAL_NZ")
    assert _status(x, nz, s, None, None, None, None, 0) == 561103


# -- the kernel's ways: streaming (m <= 8, the weight's k contiguous) and panels ----------
def _weight(rng, k, n, wdtype, transposed):
    """An INT8 / INT4 weight (k, n) as numpy and as ascendops' tensor, stored (n, k) and
    viewed transposed where `transposed` (llama.cpp's form), else row-major."""
    w = rng.integers(-8, 8, (k, n)).astype(np.int8) if wdtype == "int4" else \
        rng.integers(-128, 128, (k, n)).astype(np.int8)
    make = ao.int4_tensor if wdtype == "int4" else ao.tensor
    return w, (make(np.ascontiguousarray(w.T)).T if transposed else make(w))


def _like(a, transposed):
    return ao.tensor(np.ascontiguousarray(a.T)).T if transposed and a.ndim == 2 else ao.tensor(a)


@pytest.mark.parametrize("wdtype", ["int8", "int4"])
@pytest.mark.parametrize("transposed", [True, False], ids=["k-contiguous", "n-contiguous"])
@pytest.mark.parametrize("dtype", [np.float16, ml_dtypes.bfloat16])
def test_dequantisation_is_exact_in_every_way(wdtype, transposed, dtype):
    """x of one-hot rows picks rows of the dequantised weight: y is it exactly (each step
    rounded to x's dtype, nothing else). m = 8 streams the columns (a transposed weight),
    m = 9 takes the panels; per-group scales and offsets, 37 columns and 72 rows (vector
    bodies and scalar tails; 38 for INT4 row-major, whose n CANN wants even)."""
    rng = np.random.default_rng(21)
    k, n, group = 72, 38 if wdtype == "int4" else 37, 32
    w, wt = _weight(rng, k, n, wdtype, transposed)
    rows = -(-k // group)
    scale = rng.uniform(0.001, 0.2, (rows, n)).astype(dtype)
    offset = rng.uniform(-4, 4, (rows, n)).astype(dtype)
    want = dequantise(w, scale, offset, group, "bfloat16" if dtype != np.float16 else "float16")
    for m in (8, 9):
        picks = rng.permutation(k)[:m]
        x = np.zeros((m, k), dtype)
        x[np.arange(m), picks] = 1
        with ao.soc("Ascend910B"):
            got = call(x, wt, _like(scale, transposed), _like(offset, transposed), group=group)
        np.testing.assert_array_equal(np.asarray(got).astype(np.float64), want[picks])


@pytest.mark.parametrize("m", [1, 3, 8, 9])
@pytest.mark.parametrize("wdtype", ["int8", "int4"])
def test_decode_shaped_products(m, wdtype):
    """llama.cpp's Q8_0 / Q4_0 form (transposed weight and scales, groups of 32) and a
    per-channel scale over a k of no multiple of 16 (the streaming way's padded tail),
    with a bias, against numpy float64."""
    rng = np.random.default_rng(m)
    for k, group in ((160, 32), (46 if wdtype == "int4" else 45, 0)):     # INT4: CANN wants k even
        n = 21
        w, wt = _weight(rng, k, n, wdtype, True)
        x = rng.standard_normal((m, k)).astype(np.float16)
        rows = -(-k // group) if group else 1
        scale = (rng.uniform(0.5, 1.5, (rows, n)) / 100).astype(np.float16)
        bias = rng.standard_normal(n).astype(np.float16)
        s = _like(scale, True) if group else ao.tensor(scale.reshape(-1))
        with ao.soc("Ascend910B"):
            got = call(x, wt, s, None, bias, group=group)
        close(got, reference(x, w, scale if group else scale.reshape(-1), bias=bias, group_size=group), np.float16)


@pytest.mark.parametrize("m", [1, 8, 20])
def test_same_bits_on_any_thread_count(m):
    rng = np.random.default_rng(3)
    k, n = 256, 300
    _, wt = _weight(rng, k, n, "int8", True)
    x = rng.standard_normal((m, k)).astype(np.float16)
    scale = ao.tensor(np.ascontiguousarray(rng.uniform(0.001, 0.01, (n, k // 32)).astype(np.float16))).T
    runs = []
    old = ao.get_num_threads()
    try:
        for t in (1, 2, 3):
            ao.set_num_threads(t)
            with ao.soc("Ascend910B"):
                runs.append(np.asarray(call(x, wt, scale, group=32)).tobytes())
    finally:
        ao.set_num_threads(old)
    assert runs[0] == runs[1] == runs[2]


@pytest.mark.slow
def test_same_bits_in_every_isa_region(run_python):
    """The dequantisation rounds alike in every region and the streaming way's lanes are
    the same: the same bits from baseline, AVX2 and AVX-512 (the panel way's sums are
    ao_gemm's, the dequantised weight under them the same)."""
    code = """
import hashlib, numpy as np, ascendops as ao
rng = np.random.default_rng(5)
h = hashlib.sha256()
for m, wdt in ((1, "int8"), (8, "int4"), (3, "int8")):
    k, n = 200, 50
    w = rng.integers(-8, 8, (n, k)).astype(np.int8)
    wt = (ao.int4_tensor(w) if wdt == "int4" else ao.tensor(w)).T
    for dt in ("float16", "bfloat16"):
        x = ao.cast(ao.tensor(rng.standard_normal((m, k)).astype(np.float32)), dt)
        s = ao.cast(ao.tensor(rng.uniform(0.001, 0.1, (n, 7)).astype(np.float32)), dt).T
        o = ao.cast(ao.tensor(rng.uniform(-2, 2, (n, 7)).astype(np.float32)), dt).T
        with ao.soc("Ascend910B"):
            y = ao.weight_quant_batch_matmul_v2(x, wt, s, o, None, None, None, 32)
        h.update(np.asarray(y.numpy()).tobytes())
print(ao.isa(), h.hexdigest())
"""
    runs = [run_python(code, ASCENDOPS_ISA=isa).split() for isa in ("baseline", "avx2", "avx512")]
    assert len({r[1] for r in runs}) == 1, runs
