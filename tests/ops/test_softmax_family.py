"""The softmax family (Softmax, LogSoftmax, LogSoftmaxBackward; row kernels in
src/softmax.c): what the generic harness (test_registry.py) cannot see from the
declarations -- the row kernel's paths (a row kept in L1, long rows in chunks, blocks of
adjacent rows for a non-last dim, strides, in place), CANN's dtype steps, DOUBLE, NaN and
inf rows, the bit-identity of float16/bfloat16 results (docs/ops.md records the rates),
float32 within torch's own error. CANN's example programs of the three ops run in
tests/capi/test_cann_examples.py. Rules are from CANN's hicann/ops-nn@e5c3fa93 (the path
is named per test)."""

import ml_dtypes
import numpy as np
import pytest

import ascendops as ao
from ascendops.ops.log_softmax import reference as log_softmax_ref
from ascendops.ops.log_softmax_backward import reference as log_softmax_backward_ref
from ascendops.ops.softmax import reference as softmax_ref

F16, BF16 = np.float16, ml_dtypes.bfloat16

# (shape, dim): a row kept in L1 (<= 4096), rows in chunks (> 4096), a non-last dim
# (blocks of adjacent rows, converted once into an fp32 buffer), a non-last dim with a
# short inner extent, long columns, columns too long for the block buffer (> 2^20 / 64
# elements: the block's passes line by line).
LAYOUTS = [((64, 1000), -1), ((6, 9000), 1), ((300, 64), 0), ((5, 33, 17), 1), ((5000, 2), 0), ((17000, 3), 0)]


def _inputs(name, shape, dtype, rng):
    x = (rng.normal(size=shape) * 3).astype(np.float32).astype(dtype)
    if name != "log_softmax_backward":
        return (x,)
    g = rng.normal(size=shape).astype(np.float32).astype(dtype)
    y = log_softmax_ref(x.astype(np.float64), -1).astype(dtype)
    return g, y


REFS = {"softmax": softmax_ref, "log_softmax": log_softmax_ref, "log_softmax_backward": log_softmax_backward_ref}
NAMES = sorted(REFS)


def _call(name, ins, dim, **kw):
    return getattr(ao, name)(*ins, dim, **kw)


# -- values against the float64 reference, every path -----------------------------------------
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("shape, dim", LAYOUTS)
@pytest.mark.parametrize("dtype", [np.float32, F16, BF16])
def test_correctly_rounded_on_every_path(name, shape, dim, dtype):
    """16-bit results: the float64 reference rounded once, but for rare near-ties
    (>= 99.9%, every other element within one ulp); float32 within 16 ulps of the row's
    scale."""
    rng = np.random.default_rng(1)
    ins = _inputs(name, shape, dtype, rng)
    got = _call(name, ins, dim)
    ref = REFS[name](*[a.astype(np.float64) for a in ins], dim)
    if dtype is np.float32:
        scale = np.maximum(1.0, np.abs(ref))
        assert np.max(np.abs(got - ref) / scale) <= 16 * 2.0 ** -23
        return
    want = ref.astype(dtype)
    assert (got.view(np.uint16) == want.view(np.uint16)).mean() >= 0.999
    ulp = np.abs(np.nextafter(want, np.array(np.inf, dtype)).astype(np.float64) - want.astype(np.float64))
    assert np.all(np.abs(got.astype(np.float64) - ref) <= ulp)


@pytest.mark.parametrize("name", NAMES)
def test_strided_operands_and_out(name):
    """Transposed and stepped views in, a stepped view as out: the same values as on
    contiguous copies (the row kernel reads and writes along any strides)."""
    rng = np.random.default_rng(2)
    ins = _inputs(name, (40, 5000), np.float32, rng)
    views = [a.T[::2, ::3] for a in ins]                          # (2500, 14), rows strided
    for dim in (0, 1, -1):
        want = _call(name, [np.ascontiguousarray(v) for v in views], dim)
        out = np.zeros((2500, 28), np.float32)[:, ::2]
        assert _call(name, views, dim, out=out) is out
        np.testing.assert_array_equal(out, want)
        np.testing.assert_array_equal(_call(name, views, dim), want)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("shape, dim", [((8, 5000), -1), ((8, 100), -1), ((100, 70), 0), ((17000, 3), 0)])
@pytest.mark.parametrize("dtype", [np.float32, F16])
def test_in_place(name, shape, dim, dtype):
    """out aliasing its first input exactly: every pass reads a chunk before the last
    pass writes it (the whole-row, chunked and block paths)."""
    rng = np.random.default_rng(3)
    ins = _inputs(name, shape, dtype, rng)
    want = _call(name, [a.copy() for a in ins], dim)
    buf = ins[0]
    assert _call(name, ins, dim, out=buf) is buf
    np.testing.assert_array_equal(buf.view(np.uint8), want.view(np.uint8))


# -- CANN's dtype steps and DOUBLE ------------------------------------------------------------
def test_softmax_result_goes_through_self_dtype():
    """aclnn_softmax.cpp: SoftmaxV2 runs in self's dtype, then Cast to out's: a float16
    self with a float32 out holds float16 values."""
    x = (np.random.default_rng(4).normal(size=(7, 300)) * 3).astype(F16)
    out = np.empty((7, 300), np.float32)
    ao.softmax(x, -1, out=out)
    np.testing.assert_array_equal(out, ao.softmax(x, -1).astype(np.float32))
    np.testing.assert_array_equal(ao.softmax(x, 0, out=np.empty((7, 300), np.float32)),
                                  ao.softmax(x, 0).astype(np.float32))


def test_log_softmax_casts_self_to_out_dtype_first():
    """aclnn_log_softmax.cpp: self is Cast to out's dtype before LogSoftmaxV2: a float32
    self with a float16 out is the float16 op on self rounded to float16, which differs
    from rounding the float32 result."""
    x = (np.random.default_rng(5).normal(size=(50, 200)) * 3).astype(np.float32) + np.float32(1e-3)
    for dim in (-1, 0):
        out = np.empty(x.shape, F16)
        ao.log_softmax(x, dim, out=out)
        np.testing.assert_array_equal(out, ao.log_softmax(x.astype(F16), dim))
        assert (out != ao.log_softmax(x, dim).astype(F16)).any()


def test_double():
    """DOUBLE is in Softmax's and LogSoftmax's support lists (CANN's AICPU kernel):
    computed in float64; LogSoftmax's DOUBLE self with a FLOAT out is Cast to float32
    first (its Cast of self to out's dtype); LogSoftmaxBackward casts its float32 result
    to a DOUBLE out (case_008_diff_in_out_dtype_normal)."""
    rng = np.random.default_rng(6)
    x = rng.normal(size=(9, 40)) * 5
    for dim in (-1, 0):
        np.testing.assert_allclose(ao.softmax(x, dim), softmax_ref(x, dim), rtol=1e-14, atol=1e-16)
        np.testing.assert_allclose(ao.log_softmax(x, dim), log_softmax_ref(x, dim), rtol=1e-14, atol=1e-14)
        out = np.empty(x.shape, np.float32)
        ao.log_softmax(x, dim, out=out)
        np.testing.assert_array_equal(out, ao.log_softmax(x.astype(np.float32), dim))
        out64 = np.empty(x.shape, np.float64)
        ao.softmax(x.astype(np.float32), dim, out=out64)
        np.testing.assert_array_equal(out64, ao.softmax(x.astype(np.float32), dim).astype(np.float64))
        g, y = rng.normal(size=x.shape).astype(np.float32), log_softmax_ref(x, dim).astype(np.float32)
        ao.log_softmax_backward(g, y, dim, out=out64)
        np.testing.assert_array_equal(out64, ao.log_softmax_backward(g, y, dim).astype(np.float64))
    with pytest.raises(ao.AclnnError) as e:                   # its inputs' list has no DOUBLE
        ao.log_softmax_backward(x, x)
    assert e.value.status == 161002


def test_bfloat16_from_double_is_rounded_once():
    """A DOUBLE self Cast to a BFLOAT16 out rounds once: a value just above a bfloat16 tie
    whose float32 rounding lands on the tie must round up, not to even."""
    tie = 1.0 + 2.0 ** -8                      # halfway between bfloat16 1 and 1 + 2^-7
    x = np.array([tie + 2.0 ** -40, 0.0])      # float32 rounds it to the tie exactly
    out = np.empty(2, BF16)
    ao.log_softmax(x, out=out)
    xb = np.array([1.0 + 2.0 ** -7, 0.0]).astype(BF16)   # the correctly rounded self
    np.testing.assert_array_equal(out, ao.log_softmax(xb))


def test_softmax_empty_self_returns_first_on_every_soc():
    """aclnn_softmax.cpp CheckParams: an empty self returns success before the dtype
    and shape checks, on every SoC; LogSoftmax checks first (aclnn_log_softmax.cpp)."""
    x = ao.empty((2, 0), "int32")
    for soc in ("Ascend910B", "Ascend310P"):
        with ao.soc(soc):
            ao.aclnn.softmax_get_workspace_size(x, 5, ao.empty((3,), "int32"))
            with pytest.raises(ao.AclnnError) as e:
                ao.aclnn.log_softmax_get_workspace_size(x, 0, ao.empty((2, 0), "int32"))
            assert e.value.status == 161002


# -- NaN and inf rows, against torch ----------------------------------------------------------
@pytest.mark.parametrize("dim, long", [(-1, False), (0, False), (-1, True), (0, True)])
def test_nan_and_inf_rows_like_torch(dim, long):
    """Every row path: short rows, chunked rows (> 4096), the buffered block, the
    line-by-line block (columns > 16384)."""
    torch = pytest.importorskip("torch")
    x = np.array([[1.0, np.nan, 2.0, 3.0], [np.inf, 1.0, 2.0, 3.0], [-np.inf] * 4, [-np.inf, 0.0, 1.0, 2.0],
                  [np.inf, np.inf, 0.0, 1.0]], np.float32)
    if long:
        x = np.concatenate([x, np.zeros((5, 17000), np.float32)], axis=1)
    x = x if dim == -1 else np.ascontiguousarray(x.T)
    t = torch.from_numpy(x)
    for ours, theirs, ref in ((ao.softmax(x, dim), torch.softmax(t, dim).numpy(), softmax_ref(x, dim)),
                              (ao.log_softmax(x, dim), torch.log_softmax(t, dim).numpy(), log_softmax_ref(x, dim))):
        np.testing.assert_array_equal(np.isnan(ours), np.isnan(theirs))
        np.testing.assert_array_equal(np.isinf(ours), np.isinf(theirs))
        np.testing.assert_array_equal(ours == 0, theirs == 0)
        # the finite values against float64 (torch's float32 column sums of 17000 terms
        # are off by 4e-5 relative; ours are double)
        np.testing.assert_allclose(ours, ref, rtol=1e-6, atol=0)


# -- PyTorch: float32 error, 16-bit bit-identity ---------------------------------------------
def _torch_call(torch, name, ins, dim):
    t = [torch.from_numpy(np.asarray(a.astype(np.float32))).to(
        {np.dtype(np.float32): torch.float32, np.dtype(F16): torch.float16,
         np.dtype(BF16): torch.bfloat16}[np.dtype(a.dtype)]) for a in ins]
    if name == "softmax":
        r = torch.softmax(t[0], dim)
    elif name == "log_softmax":
        r = torch.log_softmax(t[0], dim)
    else:
        r = torch.ops.aten._log_softmax_backward_data(t[0], t[1], dim, t[0].dtype)
    return r.float().numpy().astype(ins[0].dtype)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("shape, dim", [((64, 1000), -1), ((300, 64), 0), ((6, 9000), 1)])
def test_float32_within_torch_error(name, shape, dim):
    torch = pytest.importorskip("torch")
    ins = _inputs(name, shape, np.float32, np.random.default_rng(7))
    ref = REFS[name](*[a.astype(np.float64) for a in ins], dim)
    ours = np.abs(_call(name, ins, dim) - ref).max()
    theirs = np.abs(_torch_call(torch, name, ins, dim) - ref).max()
    assert ours <= max(theirs, 2.0 ** -24 * np.abs(ref).max())


# Rates against torch 2.13 CPU (docs/ops.md). torch's Half/BFloat16 kernels round some
# intermediates to the 16-bit dtype (log_softmax along the last dim: the row sum and its
# log; softmax along another dim with a short inner extent), so there its results are not
# the correctly rounded ones that test_correctly_rounded_on_every_path checks, and the
# rate is lower: those cases assert the measured floor.
TORCH_RATE = {("softmax", -1): 0.999, ("softmax", 0): 0.999, ("softmax", 1): 0.70,
              ("log_softmax", -1): 0.90, ("log_softmax", 0): 0.999, ("log_softmax", 1): 0.999,
              ("log_softmax_backward", -1): 0.999, ("log_softmax_backward", 0): 0.999,
              ("log_softmax_backward", 1): 0.999}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("shape, dim", [((256, 1000), -1), ((1000, 256), 0), ((8, 33, 17), 1)])
@pytest.mark.parametrize("dtype", [F16, BF16])
def test_bit_identity_with_torch(name, shape, dim, dtype):
    torch = pytest.importorskip("torch")
    ins = _inputs(name, shape, dtype, np.random.default_rng(8))
    got, want = _call(name, ins, dim), _torch_call(torch, name, ins, dim)
    rate = (got.view(np.uint16) == want.view(np.uint16)).mean()
    assert rate >= TORCH_RATE[name, dim], rate
