"""GeGluBackward / GeGluV3Backward (four kernel inputs: gradOutput, self's two halves,
gelu; AO_MAX_INPUTS) and GeluMul (split along its fixed last dim, no dim attribute):
against PyTorch's composition where torch is installed, and facts the registry harness
does not state (the forward's outGelu fed back, CANN's shape rules and their codes)."""
import numpy as np
import pytest

import ascendops as ao
from ascendops.ops import geglu_backward as ggb

F16, BF16 = "float16", "bfloat16"


def _data(shape, dim, seed=0):
    rng = np.random.default_rng(seed)
    full = list(shape)
    full[dim] *= 2
    x = rng.uniform(-4, 4, size=full)
    dy = rng.uniform(-2, 2, size=shape)
    return dy, x


@pytest.mark.parametrize("approximate", [0, 1])
@pytest.mark.parametrize("activate_left", [False, True])
@pytest.mark.parametrize("dim", [-1, 0])
def test_geglu_backward_of_the_forward_s_out_gelu(approximate, activate_left, dim):
    """The backward fed the forward's own outGelu (GeGluV3) equals the float64 reference
    of CANN's formula, and with activateLeft=False GeGluBackward gives the same bits."""
    dy, x = _data((6, 10), dim)
    x32, dy32 = x.astype(np.float32), dy.astype(np.float32)
    _, gelu = ao.ge_glu_v3(x32, dim, approximate, activate_left)
    got = ao.ge_glu_v3_backward(dy32, x32, gelu, dim, approximate, activate_left)
    want = ggb.reference(dy32, x32, gelu, dim, approximate, activate_left)
    np.testing.assert_allclose(got, want, rtol=4e-6, atol=1e-6)
    if not activate_left:
        np.testing.assert_array_equal(ao.ge_glu_backward(dy32, x32, gelu, dim, approximate), got)


def test_geglu_backward_against_torch_autograd():
    """float32 against torch's autograd of GeGlu (lin * gelu(act)) in float64."""
    torch = pytest.importorskip("torch")
    dy, x = _data((5, 12), -1, seed=3)
    for approximate, name in ((0, "none"), (1, "tanh")):
        for left in (False, True):
            tx = torch.tensor(x, dtype=torch.float64, requires_grad=True)
            a, b = tx.chunk(2, -1)
            act, lin = (a, b) if left else (b, a)
            y = lin * torch.nn.functional.gelu(act, approximate=name)
            y.backward(torch.tensor(dy))
            gelu = torch.nn.functional.gelu(act, approximate=name).detach().numpy().astype(np.float32)
            got = ao.ge_glu_v3_backward(dy.astype(np.float32), x.astype(np.float32), gelu, -1, approximate, left)
            np.testing.assert_allclose(got, tx.grad.numpy(), rtol=2e-5, atol=2e-6, err_msg=(approximate, left))


def _bit_rate(got, want):
    got, want = np.asarray(got), np.asarray(want)
    return float(np.mean(got.view(np.uint16) == want.view(np.uint16)))


@pytest.mark.parametrize("dtype", [F16, BF16])
def test_geglu_backward_16bit_rounds_once(dtype):
    """16-bit results are the float64 reference rounded once (CANN's fp32 math, one
    rounding): at least 99.9% bit-identical on 1e5 elements, the rest 1 ulp away."""
    dy, x = _data((100, 1000), -1, seed=5)
    np_dt = ao.as_dtype(dtype).numpy
    dy16, x16 = dy.astype(np_dt), x.astype(np_dt)
    _, gelu = ao.ge_glu(x16, -1, 1)
    for approximate in (0, 1):
        got = ao.ge_glu_backward(dy16, x16, gelu, -1, approximate)
        want = ggb.reference(dy16, x16, np.asarray(gelu), -1, approximate).astype(np_dt)
        assert _bit_rate(got, want) >= 0.999, (dtype, approximate, _bit_rate(got, want))


@pytest.mark.parametrize("dtype", [F16, BF16])
def test_geglu_backward_16bit_against_torch(dtype):
    """16-bit bit identity with PyTorch's composition (gradOutput * gelu, and
    gelu_backward(gradOutput * lin, act)); docs/ops.md states the rates. torch rounds
    gradOutput * lin to the 16-bit dtype before gelu_backward (as CANN's float16 kernel
    does); ascendops rounds once, so grad(act) agrees less often than grad(lin)."""
    torch = pytest.importorskip("torch")
    dy, x = _data((1024, 512), -1, seed=7)
    np_dt = ao.as_dtype(dtype).numpy
    tdt = torch.float16 if dtype == F16 else torch.bfloat16
    dy16, x16 = dy.astype(np_dt), x.astype(np_dt)
    _, gelu = ao.ge_glu(x16, -1, 1)
    got = ao.ge_glu_backward(dy16, x16, gelu, -1, 1)
    t = [torch.from_numpy(np.asarray(v).astype(np.float32)).to(tdt) for v in (dy16, x16, gelu)]
    want = ggb.torch_reference(torch, *t, -1, 1).float().numpy().astype(np_dt)
    lin_rate = _bit_rate(got[:, :512], want[:, :512])
    act_rate = _bit_rate(got[:, 512:], want[:, 512:])
    assert lin_rate == 1.0
    assert act_rate > 0.5, act_rate


def test_geglu_backward_cann_checks():
    """aclnn_geglu_backward.cpp CheckParams: 161002 for a gelu not of gradOutput's shape,
    a gradOutput not half of self along dim, dim out of range, approximate not 0/1; no
    rank cap (9-d runs); an empty gradOutput returns success."""
    f32 = np.float32
    dy, x, g = np.ones((2, 3), f32), np.ones((2, 6), f32), np.ones((2, 3), f32)
    for args in ((dy, x, np.ones((2, 4), f32), -1, 1), (np.ones((2, 4), f32), x, np.ones((2, 4), f32), -1, 1),
                 (dy, x, g, 2, 1), (dy, x, g, -3, 1), (dy, x, g, -1, 2)):
        with pytest.raises(ao.AclnnError) as e:
            ao.ge_glu_backward(*args)
        assert e.value.status == 161002
    nine = (1,) * 8
    out = ao.ge_glu_backward(np.ones(nine + (2,), f32), np.ones(nine + (4,), f32), np.ones(nine + (2,), f32))
    assert out.shape == nine + (4,)
    ws, ex = ao.aclnn.ge_glu_backward_get_workspace_size(
        ao.empty((0, 2), "float32"), ao.empty((0, 4), "float32"), ao.empty((0, 2), "float32"), -1, 1,
        ao.empty((0, 4), "float32"))
    assert ws == 0


def test_geglu_backward_erf_float32_cdf_does_not_cancel():
    """approximate 0: gelu'(x) = Phi(x) + x pdf(x) with Phi from ao_normal_cdff
    (src/ops/geglu_backward_erf.h): for x in [-5.6, -2] grad(act) (dy = lin = 1) is within
    16 float32 ulps of float64 Phi(x) + x pdf(x), Phi by erfc. CANN's and torch's cdf,
    0.5 erf(x / sqrt 2) + 0.5 in float32, cancels there (3% off near -5.6,
    2.7e5 ulps)."""
    import math
    act = np.linspace(-5.6, -2.0, 4097, dtype=np.float32)
    a64 = act.astype(np.float64)
    phi = np.array([0.5 * math.erfc(-v / math.sqrt(2.0)) for v in a64])
    want = phi + a64 * np.exp(-0.5 * a64 * a64) / math.sqrt(2.0 * math.pi)
    # activateLeft: (act, lin) = (first half, second); rows of 4097 run the fused
    # two-result kernel, rows of 1 the one-result kernels
    for dim in (-1, 0):
        x = np.stack([act, np.ones_like(act)], axis=dim)
        dy = np.ones((1, act.size) if dim == 0 else (act.size, 1), np.float32)
        got = np.asarray(ao.ge_glu_v3_backward(dy, x, np.zeros_like(dy), dim, 0, True))
        got = (got[0] if dim == 0 else got[:, 0]).astype(np.float64)
        assert np.max(np.abs(got - want) / np.abs(want)) < 16 * 2.0 ** -23, dim


@pytest.mark.parametrize("dtype", ["float32", F16, BF16])
@pytest.mark.parametrize("approximate", [0, 1])
def test_geglu_backward_fused_rows_equal_the_one_result_passes(dtype, approximate):
    """The same elements as rows of 517 (the fused two-result kernel; approximate 0 runs
    its whole-register form in the vector regions, region.h ao_geglu_backward_erf_vform)
    and as rows of 1 (one pass per result, the scalar body): the same bits, activateLeft
    either way, NaNs and infinities included. tests/c test_fused_two_results checks
    activateLeft only (its attrs[0] is nonzero)."""
    rng = np.random.default_rng(11)
    np_dt = ao.as_dtype(dtype).numpy
    act, lin, dy, gelu = (rng.uniform(-7, 7, size=517) for _ in range(4))
    act[[3, 100, 200]] = [np.nan, np.inf, -np.inf]
    lin[[5, 300]] = [np.nan, np.inf]
    dy[[7, 400]] = [-np.nan, 0.0]
    for left in (False, True):
        halves = (act, lin) if left else (lin, act)
        rows = np.stack(halves, axis=0).astype(np_dt)            # dim 0: rows of 517
        ones = np.stack(halves, axis=-1).astype(np_dt)           # dim -1: rows of 1
        d, g = dy.astype(np_dt), gelu.astype(np_dt)
        fused = np.asarray(ao.ge_glu_v3_backward(d[None, :], rows, g[None, :], 0, approximate, left))
        passes = np.asarray(ao.ge_glu_v3_backward(d[:, None], ones, g[:, None], -1, approximate, left))
        np.testing.assert_array_equal(fused.view(np.uint8), passes.T.copy().view(np.uint8), err_msg=str(left))
