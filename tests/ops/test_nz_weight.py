"""FRACTAL_NZ weights: aclnnCalculateMatmulWeightSizeV2 (one call) and aclnnTransMatmulWeight
against CANN's rules (hicann/ops-math conversion/trans_data/op_api/
aclnn_trans_matmul_weight.cpp) and a numpy layout of CANN's storage shape; the matrix
products reading an NZ mat2 against the same product with the ND weight, bit for bit."""
import ctypes

import ml_dtypes
import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn
from ascendops.ops.trans_matmul_weight import nz_layout

RNG = np.random.default_rng(11)
BF16 = ml_dtypes.bfloat16


def _status(fn, *args):
    with pytest.raises(ao.AclnnError) as e:
        fn(*args)
    return e.value.status


def test_calculate_matmul_weight_size_v2_values_and_checks():
    """CalculateMatmulWeightSize's alignment (second-last dim to 16; the last to 16 for
    FLOAT16 / BF16, to 32 else); CheckSocValid, CheckShapeDimV2, CheckNonZeroShape."""
    api = ao.registered_single_calls()["calculate_matmul_weight_size_v2"]
    for (shape, dtype), want in api.info["examples"]:
        assert ao.calculate_matmul_weight_size_v2(shape, dtype) == want
    assert ao.calculate_matmul_weight_size_v2([4096, 11008], "float16") == 4096 * 11008
    assert _status(ao.calculate_matmul_weight_size_v2, [16], "float16") == 161002
    assert _status(ao.calculate_matmul_weight_size_v2, [1] * 7, "float16") == 161002
    assert _status(ao.calculate_matmul_weight_size_v2, [16, 0], "float16") == 161002
    assert _status(ao.calculate_matmul_weight_size_v2, None, "float16") == 161001
    assert _status(api.invoke, [16, 16], "float16", None) == 161001      # a null weightTensorSize
    with ao.soc("Ascend910"):                                         # not 310P / 910B / 910_93 / regbase
        assert _status(ao.calculate_matmul_weight_size_v2, [16, 16], "float16") == 361001
    with ao.soc("Ascend310P"):
        assert ao.calculate_matmul_weight_size_v2([16, 16], "float16") == 256


def test_calculate_matmul_weight_size_v2_c_entry_point():
    """aclnnCalculateMatmulWeightSizeV2 in libascendops: the value through the pointer, a null
    pointer 161001."""
    from ascendops import config
    lib = ctypes.CDLL(config.library_path())
    arr = (ctypes.c_int64 * 2)(17, 33)
    lib.aclCreateIntArray.restype = ctypes.c_void_p
    h = lib.aclCreateIntArray(arr, ctypes.c_uint64(2))
    assert h
    out = ctypes.c_uint64(0)
    fn = lib.aclnnCalculateMatmulWeightSizeV2
    fn.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_uint64)]
    assert fn(h, 1, ctypes.byref(out)) == 0 and out.value == 32 * 48      # ACL_FLOAT16
    assert fn(h, 2, ctypes.byref(out)) == 0 and out.value == 32 * 64      # ACL_INT8
    assert fn(h, 1, None) == 161001
    lib.aclDestroyIntArray(ctypes.c_void_p(h))


def _nz_weight(w):
    """A device tensor of w's shape over memory sized for its NZ layout, holding w (ND)."""
    n = ao.calculate_matmul_weight_size_v2(w.shape, w.dtype)
    t = ao.zeros((n,), w.dtype).as_strided(w.shape, [int(np.prod(w.shape[i + 1:])) for i in range(w.ndim)], 0)
    t.copy_(ao.tensor(w))
    return t


def _storage(t, n):
    """The first n elements of t's memory from its view's first element, as numpy."""
    return np.asarray(ao.tensor(t.as_strided((n,), (1,)), format="ND").numpy())


@pytest.mark.parametrize("shape", [(32, 16), (17, 33), (3, 40)])
@pytest.mark.parametrize("dtype", [np.float16, BF16, np.int8])
def test_trans_matmul_weight_layout(shape, dtype):
    """The memory after TransMatmulWeight holds CANN's NZ storage (..., ceil(cols / C0),
    ceil(rows / 16), 16, C0) of the weight, zero padded; the tensor's format is FRACTAL_NZ."""
    w = (RNG.uniform(-4, 4, shape) * (30 if dtype is np.int8 else 1)).astype(dtype)
    t = _nz_weight(w)
    ao.trans_matmul_weight(out=t)
    assert t.format.name == "FRACTAL_NZ" and t.shape == shape
    want = nz_layout(w)
    assert want.shape == ao.ops.nz_storage_shape(shape, dtype)
    got = _storage(t, want.size).reshape(want.shape)
    assert got.view(np.uint8).tobytes() == want.view(np.uint8).tobytes()


def test_trans_matmul_weight_checks():
    """CheckDtypeValid, CheckFormatValid (a laid-out weight again), CheckShapeDim by SoC, the
    empty return; the memory a layout needs (ascendops' own, never a write past it)."""
    w = RNG.uniform(-1, 1, (16, 16)).astype(np.float32)
    assert _status(aclnn.trans_matmul_weight_get_workspace_size, ao.tensor(w)) == 161002      # FLOAT
    t = _nz_weight(w.astype(np.float16))
    aclnn.trans_matmul_weight_get_workspace_size(t)
    assert t.format.name == "FRACTAL_NZ"
    assert _status(aclnn.trans_matmul_weight_get_workspace_size, t) == 161002                 # not ND any more
    w3 = RNG.uniform(-1, 1, (2, 16, 16)).astype(np.float16)
    assert _status(aclnn.trans_matmul_weight_get_workspace_size, ao.tensor(w3)) == 161002     # 2 dims off 910B
    with ao.soc("Ascend910B"):
        t3 = _nz_weight(w3)
        ao.trans_matmul_weight(out=t3)
    assert (_storage(t3, nz_layout(w3).size).reshape(nz_layout(w3).shape) == nz_layout(w3)).all()
    with ao.soc("Ascend910"):
        assert _status(aclnn.trans_matmul_weight_get_workspace_size, ao.tensor(np.zeros((16, 16), BF16))) == 161002
    e = ao.tensor(np.zeros((0, 16), np.float16))
    aclnn.trans_matmul_weight_get_workspace_size(e)
    assert e.format.name == "ND"
    small = ao.tensor(RNG.uniform(-1, 1, (17, 17)).astype(np.float16))      # ND-sized: the layout needs 32 x 32
    assert _status(aclnn.trans_matmul_weight_get_workspace_size, small) == 161002


def _product(fn, a, w_view, out_dtype):
    out = ao.empty(tuple(a.shape[:-1]) + (w_view.shape[-1],), out_dtype)
    getattr(ao, fn)(a, w_view, out=out)
    return out.numpy()


@pytest.mark.parametrize("transposed", [False, True], ids=["kn", "nk-transposed"])
@pytest.mark.parametrize("dtype,mode", [(np.float16, 0), (BF16, 0), (np.float16, 2), (np.float16, 1)])
@pytest.mark.parametrize("k,n", [(32, 16), (33, 17), (70, 5)])
def test_mm_reads_a_fractal_nz_weight_bit_for_bit(transposed, dtype, mode, k, n):
    """Mm with the weight laid out by TransMatmulWeight: the ND weight's product, bit for
    bit; the weight stored (k, n), or stored (n, k) and viewed transposed (llama.cpp's
    CANN backend: its weights are (n, k), its Mm's mat2 their transpose)."""
    a = ao.tensor(RNG.uniform(-1, 1, (7, k)).astype(dtype))
    stored = RNG.uniform(-1, 1, (n, k) if transposed else (k, n)).astype(dtype)
    nd = ao.tensor(stored)
    nz = _nz_weight(stored)
    ao.trans_matmul_weight(out=nz)
    view = (lambda t: t.as_strided((k, n), (1, k), 0)) if transposed else (lambda t: t)
    want = np.asarray(_product("mm", a, view(nd), dtype))
    got = np.asarray(_product("mm", a, view(nz), dtype))
    assert got.view(np.uint8).tobytes() == want.view(np.uint8).tobytes()
    ref = np.asarray(a.numpy(), np.float64) @ np.asarray(view(nd).numpy(), np.float64)
    np.testing.assert_allclose(np.asarray(got, np.float64), ref, rtol=2e-2, atol=2e-2 * np.sqrt(k))


def test_batch_matmul_and_matmul_read_a_fractal_nz_weight():
    """BatchMatMul (a batch of NZ matrices, laid out on Ascend910B) and Matmul (a 2-d NZ
    weight broadcast over self's batch): the ND weight's product, bit for bit."""
    w = RNG.uniform(-1, 1, (3, 20, 24)).astype(np.float16)
    a = ao.tensor(RNG.uniform(-1, 1, (3, 5, 20)).astype(np.float16))
    with ao.soc("Ascend910B"):
        nz = _nz_weight(w)
        ao.trans_matmul_weight(out=nz)
        got = np.asarray(ao.batch_mat_mul(a, nz).numpy())
        want = np.asarray(ao.batch_mat_mul(a, ao.tensor(w)).numpy())
    assert got.tobytes() == want.tobytes()
    w2 = RNG.uniform(-1, 1, (20, 24)).astype(np.float16)
    nz2 = _nz_weight(w2)
    ao.trans_matmul_weight(out=nz2)
    assert ao.matmul(a, nz2).numpy().tobytes() == ao.matmul(a, ao.tensor(w2)).numpy().tobytes()


def test_fractal_nz_weight_rules():
    """Matmul's CheckWeightNzDtype (FLOAT16 with a BF16 NZ weight: 161002); an NZ mat2 whose
    memory cannot hold its layout, or whose view the layout cannot address: 161002; an NZ
    self is not computed (561003)."""
    w = RNG.uniform(-1, 1, (16, 16)).astype(BF16)
    nz = _nz_weight(w)
    ao.trans_matmul_weight(out=nz)
    a16 = ao.tensor(RNG.uniform(-1, 1, (2, 16)).astype(np.float16))
    out = ao.empty((2, 16), "float32")
    assert _status(aclnn.matmul_get_workspace_size, a16, nz, out, 0) == 161002
    a, b = RNG.uniform(-1, 1, (2, 3, 4)).astype(np.float32), RNG.uniform(-1, 1, (2, 4, 5)).astype(np.float32)
    out = ao.tensor(np.zeros((2, 3, 5), np.float32))
    tb = ao.tensor(b, format="FRACTAL_NZ")             # ND-sized memory: the layout needs 2 x 16 x 8
    assert _status(aclnn.batch_mat_mul_get_workspace_size, ao.tensor(a), tb, out, 0) == 161002
    big = ao.zeros((4096,), "float16", format="FRACTAL_NZ")
    strided = big.as_strided((16, 16), (64, 2), 0)     # neither C order nor transposed
    assert _status(aclnn.mm_get_workspace_size, ao.tensor(np.zeros((2, 16), np.float16)), strided,
                   ao.empty((2, 16), "float16"), 0) == 161002
    ta = ao.tensor(np.zeros((16, 16), np.float16), format="FRACTAL_NZ")
    assert _status(aclnn.mm_get_workspace_size, ta, ao.tensor(np.zeros((16, 16), np.float16)),
                   ao.empty((16, 16), "float16"), 0) == 561003


def test_llama_cpp_flow_through_the_c_api():
    """llama.cpp's CANN backend's path in C, in this process: a weight (n, k) in memory sized
    by aclnnCalculateMatmulWeightSizeV2 (its storageDims the ND element count), laid out by
    aclnnTransMatmulWeight (aclGetStorageShape then CANN's NZ storage shape, aclGetFormat
    the view's ND), then a new FRACTAL_NZ aclTensor viewing it transposed as aclnnMm's mat2:
    the product of the ND weight, bit for bit."""
    from ascendops import config
    c = ctypes
    lib = c.CDLL(config.library_path())
    assert lib.aclInit(None) in (0, 100002)
    assert lib.aclrtSetDevice(0) == 0
    lib.aclCreateTensor.restype = c.c_void_p
    lib.aclCreateIntArray.restype = c.c_void_p
    n, k, m = 24, 40, 3
    w = RNG.uniform(-1, 1, (n, k)).astype(np.float16)
    x = RNG.uniform(-1, 1, (m, k)).astype(np.float16)
    I64 = c.c_int64

    def arr(*v):
        return (I64 * len(v))(*v)

    shape = lib.aclCreateIntArray(arr(n, k), c.c_uint64(2))
    size = c.c_uint64()
    assert lib.aclnnCalculateMatmulWeightSizeV2(c.c_void_p(shape), 1, c.byref(size)) == 0
    assert size.value == 32 * 48
    lib.aclDestroyIntArray(c.c_void_p(shape))

    def device(a, nbytes):
        p = c.c_void_p()
        assert lib.aclrtMalloc(c.byref(p), c.c_size_t(nbytes), 0) == 0
        if a is not None:
            assert lib.aclrtMemcpy(p, c.c_size_t(nbytes), a.ctypes.data_as(c.c_void_p), c.c_size_t(a.nbytes), 1) == 0
        return p

    wbuf = device(w, max(w.nbytes, size.value * 2))
    xbuf, obuf, ndbuf = device(x, x.nbytes), device(None, m * n * 2), device(w, w.nbytes)
    fmt_nd, fmt_nz = 2, 29
    wt = lib.aclCreateTensor(arr(n, k), c.c_uint64(2), 1, arr(k, 1), I64(0), fmt_nd, arr(n * k), c.c_uint64(1), wbuf)
    ws, ex = c.c_uint64(), c.c_void_p()
    assert lib.aclnnTransMatmulWeightGetWorkspaceSize(c.c_void_p(wt), c.byref(ws), c.byref(ex)) == 0
    assert lib.aclnnTransMatmulWeight(None, ws, ex, None) == 0
    dims, nd_ = c.POINTER(I64)(), c.c_uint64()
    assert lib.aclGetStorageShape(c.c_void_p(wt), c.byref(dims), c.byref(nd_)) == 0
    assert [dims[i] for i in range(nd_.value)] == [3, 2, 16, 16]
    fmt = c.c_int()
    assert lib.aclGetFormat(c.c_void_p(wt), c.byref(fmt)) == 0 and fmt.value == fmt_nd
    lib.aclDestroyTensor(c.c_void_p(wt))
    assert lib.aclrtSynchronizeDevice() == 0

    def mm(weight_buf, fmt_w):
        xt = lib.aclCreateTensor(arr(m, k), c.c_uint64(2), 1, arr(k, 1), I64(0), fmt_nd, arr(m * k), c.c_uint64(1),
                                 xbuf)
        wv = lib.aclCreateTensor(arr(k, n), c.c_uint64(2), 1, arr(1, k), I64(0), fmt_w, arr(n * k), c.c_uint64(1),
                                 weight_buf)
        ot = lib.aclCreateTensor(arr(m, n), c.c_uint64(2), 1, arr(n, 1), I64(0), fmt_nd, arr(m * n), c.c_uint64(1),
                                 obuf)
        ws, ex = c.c_uint64(), c.c_void_p()
        assert lib.aclnnMmGetWorkspaceSize(c.c_void_p(xt), c.c_void_p(wv), c.c_void_p(ot), c.c_int8(2),
                                           c.byref(ws), c.byref(ex)) == 0
        wsp = device(None, ws.value) if ws.value else None
        assert lib.aclnnMm(wsp, ws, ex, None) == 0
        assert lib.aclrtSynchronizeDevice() == 0
        out = np.zeros((m, n), np.float16)
        assert lib.aclrtMemcpy(out.ctypes.data_as(c.c_void_p), c.c_size_t(out.nbytes), obuf, c.c_size_t(out.nbytes),
                               2) == 0
        for h in (xt, wv, ot):
            lib.aclDestroyTensor(c.c_void_p(h))
        return out

    got, want = mm(wbuf, fmt_nz), mm(ndbuf, fmt_nd)
    assert got.tobytes() == want.tobytes()
    np.testing.assert_allclose(got.astype(np.float64), x.astype(np.float64) @ w.astype(np.float64).T,
                               rtol=1e-2, atol=2e-2)
    for p in (wbuf, xbuf, obuf, ndbuf):
        lib.aclrtFree(p)


@pytest.mark.parametrize("soc,shape,dtype,fmt,status", [
    ("Ascend910B", (16, 32), np.float16, "ND", 0),                      # ascend910B2_test_normal_dim2_input
    ("Ascend910B", (16, 16, 32), np.float16, "ND", 0),                  # ascend910B2_test_normal_dim3_input
    ("Ascend910B", (16, 0), np.float16, "ND", 0),                       # ascend910B2_test_empty
    ("Ascend910B", (16, 16, 16, 16, 16, 16, 32), np.float16, "ND", 161002),   # dim_larger_than_6
    ("Ascend910B", (16, 32), np.int8, "FRACTAL_NZ", 161002),            # ascend910B2_invalid_format
    ("Ascend950", (16, 16, 32), np.float16, "ND", 161002),              # ascend950_dim_larger_than_2
    ("Ascend310P", (16, 32), np.int8, "ND", 0),                         # ascend310P_test_normal_input_int8
])
def test_cann_unit_tests_of_trans_matmul_weight(soc, shape, dtype, fmt, status):
    """CANN's op_api unit tests of aclnnTransMatmulWeight (hicann/ops-math c41933244,
    conversion/trans_data/tests/ut/op_api/test_aclnn_trans_matmul_weight_l2.cpp): phase 1's
    status, the weight in memory its layout fits."""
    n = ao.calculate_matmul_weight_size_v2(shape, dtype) if 0 not in shape and len(shape) <= 6 else 1
    base = ao.zeros((max(n, int(np.prod(shape))),), dtype, format=fmt)
    t = base.as_strided(shape, [int(np.prod(shape[i + 1:])) for i in range(len(shape))], 0)
    with ao.soc(soc):
        if status:
            assert _status(aclnn.trans_matmul_weight_get_workspace_size, t) == status
        else:
            aclnn.trans_matmul_weight_get_workspace_size(t)


def test_cann_unit_tests_of_calculate_matmul_weight_size_v2():
    """ascend310P_test_nullptr (a null tensorShape) and ascend310P_test_nullptr_2 (a null
    weightTensorSize): 161001."""
    api = ao.registered_single_calls()["calculate_matmul_weight_size_v2"]
    with ao.soc("Ascend310P"):
        assert _status(api.invoke, None, "int8", True) == 161001
        assert _status(api.invoke, (32, 16), "int8", None) == 161001
