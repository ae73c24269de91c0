"""The matrix products (MatmulOp: Mm, BatchMatMul, Matmul, Mv) against numpy float64
matmul (and torch.matmul where installed), CANN's cubeMathType dtype rules
(matmul_util.cpp Dav2201MatMulRule / DefaultMatMulRule) and its shape and empty-tensor
rules (aclnn_mm.cpp, aclnn_batch_matmul.cpp, aclnn_matmul.cpp, aclnn_mv.cpp)."""
import ml_dtypes
import numpy as np
import pytest

import ascendops as ao

RNG = np.random.default_rng(7)
BF16 = ml_dtypes.bfloat16


def _pair(sa, sb, dtype=np.float32):
    return RNG.uniform(-1, 1, sa).astype(dtype), RNG.uniform(-1, 1, sb).astype(dtype)


def _f64(x):
    return np.asarray(x).astype(np.float64)


@pytest.mark.parametrize("fn,sa,sb", [
    ("mm", (5, 7), (7, 3)), ("mm", (1, 1), (1, 9)),
    ("batch_mat_mul", (4, 3, 6), (4, 6, 2)), ("batch_mat_mul", (1, 3, 6), (5, 6, 2)),
    ("batch_mat_mul", (5, 3, 6), (1, 6, 2)),
    ("mv", (6, 4), (4,)),
    ("matmul", (4,), (4,)), ("matmul", (3, 4), (4,)), ("matmul", (4,), (4, 5)), ("matmul", (2, 1, 3, 4), (5, 4, 6)),
    ("matmul", (7, 3, 4), (4, 2)), ("matmul", (4,), (2, 4, 3)), ("matmul", (2, 3, 4), (4,)),
])
@pytest.mark.parametrize("dtype", [np.float32, np.float16, BF16])
def test_against_float64(fn, sa, sb, dtype):
    a, b = _pair(sa, sb, dtype)
    got = getattr(ao, fn)(a, b)
    want = np.matmul(_f64(a), _f64(b))
    assert got.shape == want.shape and got.dtype == dtype
    tol = {np.float32: 1e-6, np.float16: 2e-3, BF16: 1.6e-2}[dtype] * 8
    np.testing.assert_allclose(_f64(got), want, rtol=tol, atol=tol)


def test_strided_and_transposed_operands():
    a, b = _pair((9, 6), (10, 8))
    av, bv = a[::2, ::-1].T, b[1::2, :7]        # (6, 5) and (5, 7): negative and step strides
    np.testing.assert_allclose(ao.mm(av, bv), _f64(av) @ _f64(bv), rtol=1e-6, atol=1e-6)
    out = np.zeros((6, 14), np.float32)[:, ::2]      # a strided out
    ao.matmul(av, bv, out=out)
    np.testing.assert_allclose(out, _f64(av) @ _f64(bv), rtol=1e-6, atol=1e-6)


def test_mixed_dtypes_promote_to_float():
    """Dav2201MatMulRule: FLOAT + FLOAT16 and FLOAT16 + BF16 are computed in FLOAT (KEEP_DTYPE)."""
    a = RNG.uniform(-1, 1, (4, 5)).astype(np.float32)
    b = RNG.uniform(-1, 1, (5, 3)).astype(np.float16)
    got = ao.mm(a, b)
    assert got.dtype == np.float32
    np.testing.assert_allclose(got, _f64(a) @ _f64(b), rtol=1e-6, atol=1e-6)
    c = RNG.uniform(-1, 1, (4, 5)).astype(BF16)
    got = ao.matmul(c, b)
    assert got.dtype == np.float32
    np.testing.assert_allclose(got, _f64(c) @ _f64(b), rtol=1e-6, atol=1e-6)


def test_use_fp16_rounds_inputs_and_result():
    """cubeMathType 2 (USE_FP16): FLOAT inputs read as FLOAT16, the product written in
    FLOAT16 and then cast to out's FLOAT (UpdateOutputDtype): 1 + 2^-12 reads as 1, and
    300 * 300 overflows FLOAT16."""
    a = np.array([[1 + 2.0 ** -12]], np.float32)
    assert ao.mm(a, a, 2)[0, 0] == 1.0
    assert ao.mm(a, a, 0)[0, 0] == np.float32(a[0, 0]) * np.float32(a[0, 0])
    big = np.array([[300.0]], np.float32)
    assert np.isinf(ao.mm(big, big, 2)[0, 0]) and ao.mm(big, big, 0)[0, 0] == 90000.0
    # BatchMatMul and Matmul take the same table; Mv too
    assert np.isinf(ao.batch_mat_mul(big[None], big[None], 2)).all()
    assert np.isinf(ao.matmul(big[0], big[0], 2))
    assert np.isinf(ao.mv(big, big[0], 2)).all()
    # two FLOAT16 inputs into a FLOAT out: NeedEnableFp32Output, no FLOAT16 result
    h = big.astype(np.float16)
    out = np.empty((1, 1), np.float32)
    assert ao.mm(h, h, 2, out=out)[0, 0] == 90000.0


def test_use_fp16_matches_reference():
    a, b = _pair((8, 33), (33, 5))
    got = ao.mm(a, b, 2)
    want = (_f64(a.astype(np.float16)) @ _f64(b.astype(np.float16))).astype(np.float16)
    np.testing.assert_allclose(got, want.astype(np.float64), rtol=1e-3, atol=1e-3)


def test_bfloat16_pair_into_float16_out_rounds_twice():
    """BF16 x BF16 into a FLOAT16 out: the cube writes BF16 (the upper dtype), then Cast."""
    a = np.array([[1.0 + 2.0 ** -7]], BF16)
    b = np.array([[1.0 + 2.0 ** -7]], BF16)
    out = np.empty((1, 1), np.float16)
    ao.mm(a, b, out=out)
    exact = (1 + 2.0 ** -7) ** 2
    assert float(out[0, 0]) == float(np.float16(float(BF16(exact))))


def test_fp32_add_routes_to_keep_dtype():
    a, b = _pair((2, 3, 4), (2, 4, 5))
    np.testing.assert_array_equal(ao.batch_mat_mul(a, b, 4), ao.batch_mat_mul(a, b, 0))


def test_rules_refused():
    a, b = _pair((3, 4), (4, 5))
    for call in (lambda: ao.mm(a, b[:3]), lambda: ao.mm(a[None], b), lambda: ao.batch_mat_mul(a, b),
                 lambda: ao.batch_mat_mul(np.zeros((2, 3, 4), np.float32), np.zeros((3, 4, 5), np.float32)),
                 lambda: ao.mv(a, b), lambda: ao.matmul(np.zeros((2, 3, 4), np.float32), np.zeros((3, 4, 5),
                                                                                                   np.float32)),
                 lambda: ao.matmul(np.zeros((1,) * 7, np.float32), np.zeros((1, 1), np.float32)),
                 lambda: ao.mm(a, b, 5), lambda: ao.mm(a.astype(np.float64), b.astype(np.float64))):
        with pytest.raises(ao.AclnnInvalidParamError) as e:
            call()
        assert e.value.status == 161002
    with pytest.raises(ao.AclnnInvalidParamError) as e:       # CheckDtypeSame: self's dtype vec's
        ao.mv(a, b[:, 0].astype(np.float16))
    assert e.value.status == 161002


def test_default_rule_soc():
    """DefaultMatMulRule (Ascend910): FLOAT16 only in the cube; a FLOAT input with
    KEEP_DTYPE is refused, with ALLOW_FP32_DOWN_PRECISION read as FLOAT16."""
    a = np.array([[1 + 2.0 ** -12]], np.float32)
    with ao.soc("Ascend910"):
        with pytest.raises(ao.AclnnInvalidParamError, match="does not support FP32"):
            ao.mm(a, a, 0)
        assert ao.mm(a, a, 1)[0, 0] == 1.0
        with pytest.raises(ao.AclnnInvalidParamError):
            ao.mm(a.astype(BF16), a.astype(BF16), 1)


def test_empty_and_zero_k():
    z = ao.mm(np.zeros((3, 0), np.float32), np.zeros((0, 2), np.float32))
    np.testing.assert_array_equal(z, np.zeros((3, 2)))
    assert ao.mm(np.zeros((0, 4), np.float32), np.zeros((4, 2), np.float32)).shape == (0, 2)
    np.testing.assert_array_equal(ao.mv(np.zeros((3, 0), np.float32), np.zeros((0,), np.float32)), np.zeros(3))
    assert ao.batch_mat_mul(np.zeros((0, 2, 3), np.float32), np.zeros((0, 3, 4), np.float32)).shape == (0, 2, 4)
    # CheckShape wants a batch of max(0, 1) = 1; CheckBmmResIsEmpty then returns with nothing written
    out = np.full((1, 2, 4), 7.0, np.float32)
    ao.batch_mat_mul(np.zeros((0, 2, 3), np.float32), np.zeros((1, 3, 4), np.float32), out=out)
    assert (out == 7.0).all()
    np.testing.assert_array_equal(ao.matmul(np.zeros((0,), np.float32), np.zeros((0,), np.float32)), 0.0)


def test_out_overlapping_an_input():
    a = RNG.uniform(-1, 1, (4, 4)).astype(np.float32)
    want = _f64(a) @ _f64(a)
    ao.mm(a, a, out=a)
    np.testing.assert_allclose(a, want, rtol=1e-6, atol=1e-6)


def test_against_torch():
    torch = pytest.importorskip("torch")
    a, b = _pair((2, 3, 5, 6), (3, 6, 4))
    np.testing.assert_allclose(ao.matmul(a, b), torch.matmul(torch.from_numpy(a), torch.from_numpy(b)).numpy(),
                               rtol=1e-5, atol=1e-5)
    a, b = _pair((5, 6), (6,))
    np.testing.assert_allclose(ao.mv(a, b), torch.mv(torch.from_numpy(a), torch.from_numpy(b)).numpy(),
                               rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("mode", [-1, 0, 1, 2, 3, 4])
def test_every_dtype_triple_and_mode_against_the_rule_reference(mode):
    """Every (self, mat2, out) dtype triple of FLOAT, FLOAT16, BF16 under each cubeMathType
    on Ascend910B against numpy float64 of the inputs rounded to CANN's upper dtype, the
    result rounded to the cube's output dtype and then out's (matmul_compute_dtypes)."""
    from ascendops.ops._matmul_common import reference
    names = {"float32": np.float32, "float16": np.float16, "bfloat16": BF16}
    with ao.soc("Ascend910B"):
        soc = ao.get_soc()
        for an, ad in names.items():
            for bn, bd in names.items():
                a = RNG.uniform(-2, 2, (3, 17)).astype(ad)
                b = RNG.uniform(-2, 2, (17, 4)).astype(bd)
                for on, od in names.items():
                    out = np.empty((3, 4), od)
                    ao.mm(a, b, mode, out=out)
                    want = reference(a, b, mode, out_dtype=on, soc=soc).astype(od).astype(np.float64)
                    # float32 sums against float64 ones: k * eps * |a| |b| apart at most; a 16-bit
                    # result within one rounding of it
                    eps = float(ml_dtypes.finfo(od).eps)
                    atol = 17 * 4 * 1.2e-7 if od == np.float32 else 4 * eps
                    np.testing.assert_allclose(out.astype(np.float64), want, rtol=2 * eps, atol=atol,
                                               err_msg="%s %s -> %s mode %d" % (an, bn, on, mode))
