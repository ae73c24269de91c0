"""Scalar attributes: a bfloat16 aclScalar is a number like a float16 one (through the
C ABI and from Python), following each op's CANN rule for its scalars' dtypes; NaN
attributes are refused or computed as the op's float64 reference does, never ignored."""
import ctypes

import ml_dtypes
import numpy as np
import pytest

import ascendops
from _fuzz_driver import c_abi

P, I64 = ctypes.c_void_p, ctypes.c_int64
DT_FLOAT, DT_FLOAT16, DT_BF16 = 0, 1, 27


@pytest.fixture(scope="module")
def lib():
    lib = c_abi()
    lib.aclInit(None)
    lib.aclrtSetDevice(0)
    return lib


def _scalar(lib, value, dtype_code):
    np_type = {DT_FLOAT: np.float32, DT_FLOAT16: np.float16, DT_BF16: ml_dtypes.bfloat16}[dtype_code]
    buf = np.array([value], np_type)
    h = lib.aclCreateScalar(buf.ctypes.data, dtype_code)
    assert h, lib.aclGetRecentErrMsg()
    return h


def _tensor(lib, host, dtype_code=DT_FLOAT):
    """A 1-d device tensor of `dtype_code` holding the host array's bytes."""
    host = np.ascontiguousarray(host)
    dev = P()
    assert lib.aclrtMalloc(ctypes.byref(dev), host.nbytes, 0) == 0
    assert lib.aclrtMemcpy(dev, host.nbytes, host.ctypes.data, host.nbytes, 1) == 0
    dims = (I64 * 1)(host.size)
    strides = (I64 * 1)(1)
    t = lib.aclCreateTensor(dims, 1, dtype_code, strides, 0, 2, dims, 1, dev)
    assert t, lib.aclGetRecentErrMsg()
    return t, dev


X = np.array([-3.0, -0.5, 0.0, 0.25, 2.0, 30.0], np.float32)

# op, its scalars (value of each), extra C arguments after the scalars, tensors (self, [noise])
OPS = [
    ("LeakyRelu", [0.5], [], 1),
    ("Softplus", [0.5, 20.0], [], 1),
    ("Threshold", [0.5, -1.0], [], 1),
    ("Elu", [0.5, 1.0, 1.0], [], 1),
    ("RReluWithNoise", [0.125, 0.5], [ctypes.c_bool(False), I64(0), I64(0)], 2),
]


def _run(lib, name, values, extra, ntensors, dtype_code):
    keep = []
    tensors = []
    for _ in range(ntensors):
        t, d = _tensor(lib, X)
        tensors.append(t)
        keep.append(d)
    out, out_dev = _tensor(lib, np.zeros_like(X))
    scalars = [_scalar(lib, v, dtype_code) for v in values]
    ws, ex = ctypes.c_uint64(), P()
    phase1 = getattr(lib, "aclnn%sGetWorkspaceSize" % name)
    phase1.restype = ctypes.c_int32
    args = [P(tensors[0])] + ([P(tensors[1])] if ntensors > 1 else []) + [P(s) for s in scalars] + extra
    status = phase1(*args, P(out), ctypes.byref(ws), ctypes.byref(ex))
    msg = lib.aclGetRecentErrMsg()
    result = None
    if status == 0:
        run = getattr(lib, "aclnn%s" % name)
        run.argtypes = [P, ctypes.c_uint64, P, P]
        assert run(None, 0, ex, None) == 0
        lib.aclrtSynchronizeDevice()
        result = np.zeros_like(X)
        assert lib.aclrtMemcpy(result.ctypes.data, result.nbytes, out_dev, result.nbytes, 2) == 0
    for s in scalars:
        lib.aclDestroyScalar(s)
    for t in tensors + [out]:
        lib.aclDestroyTensor(t)
    for d in keep + [out_dev]:
        lib.aclrtFree(d)
    return status, msg, result


@pytest.mark.parametrize("name, values, extra, ntensors", OPS, ids=[o[0] for o in OPS])
def test_bfloat16_scalar_through_the_c_abi_as_float16(lib, name, values, extra, ntensors):
    # every value here is exact in bfloat16 and float16: the results must agree bit for bit
    s16, m16, r16 = _run(lib, name, values, extra, ntensors, DT_FLOAT16)
    sbf, mbf, rbf = _run(lib, name, values, extra, ntensors, DT_BF16)
    assert s16 == 0, m16
    assert sbf == 0, mbf          # CANN: castable to FLOAT / in the scalar list (see the op's docs)
    np.testing.assert_array_equal(rbf, r16)


def test_bfloat16_scalar_from_python():
    x = X.copy()
    got = ascendops.leaky_relu(x, ml_dtypes.bfloat16(0.5))
    np.testing.assert_array_equal(got, ascendops.leaky_relu(x, np.float16(0.5)))
    np.testing.assert_array_equal(got, np.where(x > 0, x, x * np.float32(0.5)))


def test_refused_scalar_message_names_its_type():
    with pytest.raises(ascendops.AclnnError) as err:
        ascendops.leaky_relu(X, "0.5")
    assert err.value.status == 161002
    assert "str" in str(err.value)


# aclCreateScalar copies the bytes of its dtype: each value below, filled through the C ABI
# into a tensor of the scalar's own dtype (aclnnInplaceFillScalar: a cast to the same
# dtype), comes back with the same bits
SCALAR_VALUES = [("float32", 0, 0.1), ("float16", 1, -65504.0), ("bfloat16", 27, 3.140625),
                 ("float64", 11, 0.1), ("int8", 2, -128), ("uint8", 4, 255), ("int16", 6, -32768),
                 ("int32", 3, -(1 << 31)), ("int64", 9, -(1 << 63) + 5), ("bool", 12, True)]


@pytest.mark.parametrize("name, code, value", SCALAR_VALUES, ids=[v[0] for v in SCALAR_VALUES])
def test_create_scalar_keeps_the_bits_of_its_dtype(lib, name, code, value):
    np_type = ml_dtypes.bfloat16 if name == "bfloat16" else np.dtype(name)
    buf = np.array([value], np_type)
    scalar = lib.aclCreateScalar(buf.ctypes.data, code)
    assert scalar, lib.aclGetRecentErrMsg()
    host = np.zeros(5, np_type)
    t, dev = _tensor(lib, host, code)
    ws, ex = ctypes.c_uint64(), P()
    lib.aclnnInplaceFillScalarGetWorkspaceSize.restype = ctypes.c_int32
    assert lib.aclnnInplaceFillScalarGetWorkspaceSize(P(t), P(scalar), ctypes.byref(ws), ctypes.byref(ex)) == 0, \
        lib.aclGetRecentErrMsg()
    lib.aclnnInplaceFillScalar.argtypes = [P, ctypes.c_uint64, P, P]
    assert lib.aclnnInplaceFillScalar(None, 0, ex, None) == 0
    lib.aclrtSynchronizeDevice()
    assert lib.aclrtMemcpy(host.ctypes.data, host.nbytes, dev, host.nbytes, 2) == 0
    lib.aclDestroyTensor(t)
    lib.aclDestroyScalar(scalar)
    lib.aclrtFree(dev)
    np.testing.assert_array_equal(host.view(np.uint8), np.full(5, buf[0], np_type).view(np.uint8))


# -- NaN attributes ---------------------------------------------------------------------
NAN = float("nan")


@pytest.mark.parametrize("soc", ["host", "Ascend910B"])
def test_clipped_swiglu_nan_limit_is_refused(soc):
    x = np.random.default_rng(2).standard_normal((4, 8)).astype(np.float32)
    with ascendops.soc(soc):
        with pytest.raises(ascendops.AclnnError) as err:
            ascendops.clipped_swiglu(x, None, limit=NAN)
        assert "limit" in str(err.value)
        dy = np.ones((4, 4), np.float32)
        with pytest.raises(ascendops.AclnnError):
            ascendops.clipped_swiglu_grad(dy, x, None, limit=NAN)


def test_shrink_nan_lambd_follows_cann_in_both_directions():
    # CANN's CheckLambdValue: lambd->ToFloat() < 0 refuses; NaN passes, forward and backward alike
    x = np.array([-3.0, -0.25, 0.0, 0.5, 4.0, np.nan], np.float32)
    g = np.ones_like(x)
    ops = ascendops.registered_ops()
    with np.errstate(invalid="ignore"):
        ref = ops["softshrink"].info["reference"](x, NAN)
        ref_grad = ops["softshrink_backward"].info["reference"](g, x, NAN)
    np.testing.assert_array_equal(ascendops.softshrink(x, NAN), ref.astype(np.float32))
    np.testing.assert_array_equal(ascendops.softshrink_backward(g, x, NAN), ref_grad.astype(np.float32))
    for f in (lambda: ascendops.softshrink(x, -0.5), lambda: ascendops.softshrink_backward(g, x, -0.5)):
        with pytest.raises(ascendops.AclnnError) as err:
            f()
        assert err.value.status == 161002
