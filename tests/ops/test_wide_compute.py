"""The elementwise engine's wide path (src/wide.c): ops computed in float64 (CANN's
AI-CPU kernels for DOUBLE), in an integer dtype (CANN's integer AI-core kernels: Relu,
Threshold, ReluGrad, AddRelu) or in fp32 with integer operands converted (HardSigmoid,
Selu, SeluGrad, ThresholdGradV2D), and real results written into COMPLEX outputs
(CANN's Cast). Each op's rule is taken from its op_api source in hicann/ops-nn at
e5c3fa93 (named in the op's declaration and below); values against numpy float64 or
exact integer references, and PyTorch where installed."""
import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn

RNG = np.random.default_rng(17)


def _f32(v):
    return float(np.float32(v))


# -- float64: the op body in double --------------------------------------------------
def test_leaky_relu_float64_is_computed_in_double():
    # aclnn_leaky_relu.cpp: DOUBLE goes to the AI-CPU LeakyRelu with the float slope
    x = RNG.uniform(-3, 3, 1000)
    got = ao.leaky_relu(x, 0.01)
    assert got.dtype == np.float64
    want = np.where(x > 0, x, x * _f32(0.01))
    np.testing.assert_array_equal(got, want)     # one double multiply: exact
    # an fp32 computation would be off by ~1e-8 relative
    assert np.max(np.abs(got - want.astype(np.float32))) > 1e-9


def test_elu_float64_close_to_numpy():
    x = RNG.uniform(-6, 6, 1000)
    got = ao.elu(x, 1.0, 1.0, 1.0)
    want = np.where(x > 0, x, np.expm1(x))
    np.testing.assert_allclose(got, want, rtol=4e-16, atol=4e-16)


def test_elu_float64_nonfinite_alpha_runs_in_float32():
    # aclnn_elu.cpp ComputeEluWithInfNan: DOUBLE is Cast to FLOAT, Threshold, Muls, Cast back
    x = RNG.uniform(-3, 3, 100)
    got = ao.elu(x, float("inf"), 1.5, 1.0)
    x32 = x.astype(np.float32)
    want = (np.where(x32 > 0, x32, np.float32(-np.inf)) * np.float32(1.5)).astype(np.float64)
    np.testing.assert_array_equal(got, want)


def test_sigmoid_float64():
    x = RNG.uniform(-20, 20, 1000)
    np.testing.assert_allclose(ao.sigmoid(x), 1.0 / (1.0 + np.exp(-x)), rtol=4e-16, atol=1e-300)


def test_sigmoid_integer_into_float64_out():
    # aclnn_sigmoid.cpp: an integer self is Cast to out's dtype (DOUBLE), then Sigmoid
    x = np.arange(-40, 40, dtype=np.int32)
    out = np.empty(x.shape, np.float64)
    ao.sigmoid(x, out=out)
    np.testing.assert_allclose(out, 1.0 / (1.0 + np.exp(-x.astype(np.float64))), rtol=4e-16, atol=1e-300)


def test_leaky_relu_backward_mixed_float16_double_promotes_to_double():
    # aclnn_leaky_relu_backward.cpp: both Cast to the promoted DOUBLE (UT case_different_dtype)
    g = RNG.uniform(-2, 2, 64).astype(np.float16)
    x = RNG.uniform(-2, 2, 64)
    out = np.empty(64, np.float64)
    ao.leaky_relu_backward(g, x, 0.3, False, out=out)
    np.testing.assert_array_equal(out, np.where(x > 0, g.astype(np.float64), g.astype(np.float64) * _f32(0.3)))


def test_float64_against_torch():
    torch = pytest.importorskip("torch")
    x = RNG.uniform(-5, 5, (7, 9))
    t = torch.from_numpy(x)
    np.testing.assert_allclose(ao.sigmoid(x), torch.sigmoid(t).numpy(), rtol=1e-15)
    np.testing.assert_allclose(ao.elu(x, 0.5, 2.0, 1.5), torch.ops.aten.elu(t, 0.5, 2.0, 1.5).numpy(), rtol=1e-14)
    np.testing.assert_array_equal(ao.leaky_relu(x, 0.25), torch.nn.functional.leaky_relu(t, 0.25).numpy())


# -- integers: the op's integer body, exact ------------------------------------------
def test_relu_int64_exact_beyond_double():
    # relu_apt.cpp: INT64 runs Maxs(x, 0) in int64; values past 2^53 stay exact
    x = np.array([2**62 + 1, -2**62 - 1, 2**53 + 1, -1, 0, 2**63 - 1, -2**63], dtype=np.int64)
    got = ao.relu(x)
    assert got.dtype == np.int64
    np.testing.assert_array_equal(got, np.maximum(x, 0))


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int32", "int64"])
def test_relu_integers_against_torch(dtype):
    torch = pytest.importorskip("torch")
    info = np.iinfo(dtype)
    x = RNG.integers(info.min, info.max, (5, 13), dtype=dtype, endpoint=True)
    np.testing.assert_array_equal(ao.relu(x), torch.relu(torch.from_numpy(x)).numpy())


def test_threshold_integer_scalars_converted_to_the_dtype():
    # threshold.cpp: ConvertToTensor(threshold / value, self's dtype): truncation, then wrap
    x = np.array([-3, -1, 0, 1, 2, 3, 100], dtype=np.int8)
    np.testing.assert_array_equal(ao.threshold(x, 2.9, -7), np.where(x <= 2, -7, x).astype(np.int8))
    np.testing.assert_array_equal(ao.threshold(x, 0, 300), np.where(x <= 0, np.int8(44), x))   # 300 -> int8 44
    u = np.array([0, 5, 200, 255], dtype=np.uint8)
    # -1 as uint8 is 255: every element is <= it
    np.testing.assert_array_equal(ao.threshold(u, -1, 7), np.full(4, 7, np.uint8))


def test_threshold_int16_computes_in_int32():
    # aclnn_threshold.cpp: INT16 is Cast to INT32 below DAV_3510, then the result to out
    x = np.array([-5, 0, 5, 30000], dtype=np.int16)
    got = ao.threshold(x, 40000, 300)     # 40000 as int32: everything is <= it
    np.testing.assert_array_equal(got, np.full(4, 300, np.int16))


def test_threshold_int64_exact_and_against_torch():
    x = np.array([2**60 + 3, 2**60 + 1, -5, 2**60 + 2], dtype=np.int64)
    got = ao.threshold(x, 2**60 + 2, -(2**59))
    np.testing.assert_array_equal(got, np.where(x <= 2**60 + 2, -(2**59), x))
    torch = pytest.importorskip("torch")
    y = RNG.integers(-100, 100, (4, 6)).astype(np.int32)
    np.testing.assert_array_equal(ao.threshold(y, 3, -9), torch.threshold(torch.from_numpy(y), 3, -9).numpy())


def test_add_relu_int8_wraps_before_relu():
    # aclnn_add_relu.cpp DoAdd in the promoted INT8, then Relu: 100 + 100 wraps to -56 -> 0
    a = np.array([100, 100, -100, 50], dtype=np.int8)
    b = np.array([100, 27, -100, 10], dtype=np.int8)
    got = ao.add_relu(a, b, 1)
    assert got.dtype == np.int8
    np.testing.assert_array_equal(got, np.array([0, 127, 56, 60], dtype=np.int8))


def test_add_relu_int32_alpha_and_promotion():
    a = np.array([2**31 - 1, 5, -7], dtype=np.int32)
    b = np.array([1, 3, 2], dtype=np.int8)
    got = ao.add_relu(a, b, 2)          # promoted INT32; 2^31 - 1 + 2 wraps negative -> 0
    assert got.dtype == np.int32
    np.testing.assert_array_equal(got, np.array([0, 11, 0], dtype=np.int32))


def test_add_relu_float_alpha_with_integer_promotion_is_refused():
    # CheckPromoteType: CanCast(alpha's dtype, promoted) (a float alpha, an INT32 promotion)
    a = ao.from_numpy(np.ones(4, np.int32))
    with pytest.raises(ao.AclnnError) as e:
        aclnn.add_relu_get_workspace_size(a, a, 2.5, ao.empty((4,), "int32"))
    assert e.value.status == 161002


def test_threshold_backward_integer_relu_grad_exact():
    # threshold 0: ReluGrad in the dtype (relu_grad_dag.h): dy or 0, exactly
    g = np.array([2**31 - 1, -2**31, 16777217, 7], dtype=np.int32)
    x = np.array([1, 1, 5, -1], dtype=np.int32)
    np.testing.assert_array_equal(ao.threshold_backward(g, x, 0.0), np.where(x > 0, g, 0))


def test_threshold_backward_integer_nonzero_threshold_goes_through_float32():
    # threshold_grad_v2_d_dag.h ThresholdGradV2DInt32Dag: int32 -> float32 (RINT), select,
    # float32 -> int32: a gradient past 2^24 rounds as CANN's kernel does
    g = np.array([16777217, 5, 9], dtype=np.int32)
    x = np.array([3, 1, 2], dtype=np.int32)
    got = ao.threshold_backward(g, x, 1.5)
    np.testing.assert_array_equal(got, np.array([16777216, 0, 9], dtype=np.int32))


# -- integers read into fp32 --------------------------------------------------------
def test_hardsigmoid_int32_truncates():
    # arch35/hard_sigmoid.cpp: RINT to fp32, affine + clamp, TRUNC back
    x = np.arange(-6, 7, dtype=np.int32)
    np.testing.assert_array_equal(ao.hardsigmoid(x), (x >= 3).astype(np.int32))


def test_selu_int32_truncates_toward_zero():
    x = np.arange(-50, 51, dtype=np.int32)
    alpha, scale = 1.6732632423543772, 1.0507009873554805
    want = np.trunc(scale * np.where(x > 0, x, alpha * np.expm1(np.minimum(x, 0)))).astype(np.int32)
    np.testing.assert_array_equal(ao.selu(x), want)


def test_selu_backward_int32_rounds_to_nearest():
    # arch35/selu_grad.h: the result written with CAST_RINT
    g = np.array([1, 2, 3, 4, -3], dtype=np.int32)
    y = np.array([1, 1, 1, 1, 1], dtype=np.int32)
    # scale * g = 1.05, 2.10, 3.15, 4.20, -3.15: nearest, not truncated toward zero
    np.testing.assert_array_equal(ao.selu_backward(g, y), np.array([1, 2, 3, 4, -3], dtype=np.int32))
    g = np.array([10, 20, -10], dtype=np.int32)      # 10.507, 21.014, -10.507 -> 11, 21, -11
    np.testing.assert_array_equal(ao.selu_backward(g, np.ones(3, np.int32)), np.array([11, 21, -11], np.int32))


def test_softplus_backward_integer_self_cast_to_float():
    # aclnn_softplus_backward.cpp: self outside the kernels' list is Cast to FLOAT
    g = RNG.uniform(-2, 2, 50).astype(np.float32)
    x = np.arange(-25, 25, dtype=np.int32)
    got = ao.softplus_backward(g, x, 1.0, 20.0)
    assert got.dtype == np.float32
    want = np.where(x > 20.0, g, g / (1.0 + np.exp(-x.astype(np.float64))))
    np.testing.assert_allclose(got, want, rtol=3e-6, atol=1e-7)
    with pytest.raises(ao.AclnnError) as e:     # gradOutput keeps the narrow list
        aclnn.softplus_backward_get_workspace_size(ao.from_numpy(x), ao.from_numpy(g), 1.0, 20.0,
                                                   ao.empty((50,), "float32"))
    assert e.value.status == 161002


def test_softplus_backward_double_computes_in_float():
    g = RNG.uniform(-2, 2, 50)
    x = RNG.uniform(-4, 4, 50)
    got = ao.softplus_backward(g, x, 1.0, 20.0)
    assert got.dtype == np.float64
    g32, x32 = g.astype(np.float32), x.astype(np.float32)
    assert np.array_equal(got, got.astype(np.float32).astype(np.float64))   # an fp32 result, Cast
    np.testing.assert_allclose(got, g32 / (1.0 + np.exp(-x32.astype(np.float64))), rtol=3e-6)


# -- complex outputs: the real result, imaginary 0 ------------------------------------
def test_celu_complex64_out():
    x = RNG.uniform(-3, 3, (2, 3, 4)).astype(np.float32)
    out = np.full(x.shape, 9 + 9j, np.complex64)
    ao.celu(x, 1.0, out=out)
    real = ao.celu(x, 1.0)
    np.testing.assert_array_equal(out.real, real)
    np.testing.assert_array_equal(out.imag, 0)


def test_elu_backward_complex128_grad_input():
    g = RNG.uniform(-2, 2, 30).astype(np.float32)
    x = RNG.uniform(-2, 2, 30).astype(np.float32)
    out = np.full(30, 1 + 1j, np.complex128)
    ao.elu_backward(g, x, 1.0, 1.0, 1.0, False, out=out)
    np.testing.assert_array_equal(out.real, ao.elu_backward(g, x, 1.0, 1.0, 1.0, False).astype(np.float64))
    np.testing.assert_array_equal(out.imag, 0)


def test_complex_out_not_castable_from_complex_input_list():
    # Celu's self stays in its list: COMPLEX64 self is 161002 (UT l2_celu_abnormal_self_COMPLEX64)
    z = ao.empty((2,), "complex64")
    with pytest.raises(ao.AclnnError) as e:
        aclnn.celu_get_workspace_size(z, 1.0, ao.empty((2,), "complex64"))
    assert e.value.status == 161002


# -- layouts: the one strided walker, the pool, the overlap path ---------------------
@pytest.mark.parametrize("dtype", ["int8", "int32", "int64", "float64"])
def test_strided_inputs_and_outputs(dtype):
    base = (RNG.integers(-100, 100, (40, 30)) if dtype != "float64" else RNG.uniform(-3, 3, (40, 30)))
    base = base.astype(dtype)
    x = base.T[::2, 1::3]                    # transposed, stepped
    out_buf = np.zeros((30, 40), dtype)
    out = out_buf[::2, ::-3][:, :x.shape[1]]
    ao.relu(x, out=out) if dtype != "float64" else ao.leaky_relu(x, 0.5, out=out)
    want = np.maximum(x, 0) if dtype != "float64" else np.where(x > 0, x, x * 0.5)
    np.testing.assert_array_equal(out, want)
    untouched = np.ones_like(out_buf, bool)
    untouched[::2, ::-3][:, :x.shape[1]] = False
    assert not out_buf[untouched].any()


def test_broadcast_integer_add_relu():
    a = RNG.integers(-50, 50, (6, 1, 5)).astype(np.int16)
    b = RNG.integers(-50, 50, (4, 1)).astype(np.int16)
    got = ao.add_relu(a, b, 3)
    np.testing.assert_array_equal(got, np.maximum(a + b * np.int16(3), 0).astype(np.int16))


@pytest.mark.parametrize("threads", [1, 2])
def test_large_integer_and_double_runs_on_the_pool(threads):
    n = 300_001                            # past the parallel threshold; CANN's blocks cover it
    x = RNG.integers(-2**40, 2**40, n).astype(np.int64)
    y = RNG.uniform(-9, 9, n)
    old = ao.get_num_threads()
    ao.set_num_threads(threads)
    try:
        np.testing.assert_array_equal(ao.relu(x), np.maximum(x, 0))
        np.testing.assert_allclose(ao.sigmoid(y), 1 / (1 + np.exp(-y)), rtol=4e-16)
    finally:
        ao.set_num_threads(old)


def test_partial_overlap_goes_through_the_workspace_bit_exact():
    # out overlapping self partially: computed into the workspace, copied back bit for bit
    # (not through the fp32 ViewCopy, which would round int64)
    buf = ao.from_numpy(np.array([2**60 + 1, -3, 2**55 + 7, -2**58, 9, 2**61 + 5], dtype=np.int64))
    x = buf[0:5]
    out = buf[1:6]
    want = np.maximum(np.array(x.numpy()), 0)
    ws, ex = aclnn.relu_get_workspace_size(x, out)
    assert ws > 0
    aclnn.relu(ao.empty((ws,), "uint8"), ws, ex)
    np.testing.assert_array_equal(out.numpy(), want)


def test_in_place_integer():
    x = np.array([-5, 3, -2**40, 2**62], dtype=np.int64)
    t = ao.from_numpy(x.copy())
    ao.inplace_relu(t)
    np.testing.assert_array_equal(t.numpy(), np.maximum(x, 0))


# -- complex: Sigmoid's complex body -------------------------------------------------
@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_sigmoid_complex(dtype):
    # aclnn_sigmoid.cpp: COMPLEX64/128 self stays complex (DTYPE_OUT_LIST) and runs the
    # AI-CPU Sigmoid; computed in double complex here
    z = (RNG.uniform(-4, 4, 300) + 1j * RNG.uniform(-4, 4, 300)).astype(dtype)
    got = ao.sigmoid(z)
    assert got.dtype == dtype
    want = 1.0 / (1.0 + np.exp(-z.astype(np.complex128)))
    np.testing.assert_allclose(got, want.astype(dtype), rtol=2e-7 if dtype == "complex64" else 1e-15)
    torch = pytest.importorskip("torch")
    np.testing.assert_allclose(got, torch.sigmoid(torch.from_numpy(z)).numpy(),
                               rtol=2e-6 if dtype == "complex64" else 1e-14)


def test_sigmoid_complex_strided_into_real_out():
    # out may be any dtype of DTYPE_OUT_LIST: the complex result Cast to it (real part)
    zbuf = (RNG.uniform(-3, 3, (6, 8)) + 1j * RNG.uniform(-3, 3, (6, 8))).astype(np.complex128)
    z = zbuf.T[::2]
    out = np.empty(z.shape, np.float32)
    ao.sigmoid(z, out=out)
    np.testing.assert_allclose(out, (1.0 / (1.0 + np.exp(-z))).real.astype(np.float32), rtol=1e-6)
