"""GeluMul: a split along its fixed last dim (Input(split=-1), no dim attribute), CANN's
tiling checks as 561002 (tiling_check), against PyTorch's composition where installed."""
import numpy as np
import pytest

import ascendops as ao
from ascendops.ops import gelu_mul as gm


def test_splits_the_last_dim_and_a_null_approximate_is_none():
    x = np.random.default_rng(0).uniform(-4, 4, size=(3, 5, 8)).astype(np.float32)
    for approximate in ("none", "tanh"):
        np.testing.assert_allclose(ao.gelu_mul(x, approximate), gm.reference(x, approximate),
                                   rtol=4e-6, atol=1e-6)
    np.testing.assert_array_equal(ao.gelu_mul(x, None), ao.gelu_mul(x, "none"))
    np.testing.assert_array_equal(ao.gelu_mul(x), ao.gelu_mul(x, "none"))
    # a transposed view: the last dim of the view is split, whatever the memory order
    xt = np.ascontiguousarray(x.transpose(2, 1, 0)).transpose(2, 1, 0)
    np.testing.assert_array_equal(ao.gelu_mul(xt, "tanh"), ao.gelu_mul(x, "tanh"))


def test_tiling_checks_are_561002():
    """gelu_mul_tiling.cpp: approximate, rank >= 2, last dim not 0, even and <= 1024, the
    other dims' product <= 200000; the rank cap (8) and the out shape rule are 161002;
    empty input: success."""
    f32 = np.float32
    for x, approximate in ((np.ones((2, 4), f32), "gelu"),
                           (np.ones((2, 5), f32), "none"), (np.ones((2, 1026), f32), "none"),
                           (np.ones((200001, 2), f32), "none"), (np.ones((4,), f32), "none"),
                           (np.ones((2, 0), f32), "none")):
        with pytest.raises(ao.AclnnError) as e:
            ao.gelu_mul(x, approximate)
        assert e.value.status == 561002, (x.shape, approximate)
    assert ao.gelu_mul(np.ones((200000, 2), f32)).shape == (200000, 1)
    with pytest.raises(ao.AclnnError) as e:
        ao.aclnn.gelu_mul_get_workspace_size(ao.ones((2, 4), "float32"), "none", ao.empty((2, 4), "float32"))
    assert e.value.status == 161002
    with pytest.raises(ao.AclnnError) as e:    # the doc's rank cap, 8
        ao.gelu_mul(np.ones((1,) * 8 + (4,), f32))
    assert e.value.status == 161002
    ws, _ = ao.aclnn.gelu_mul_get_workspace_size(ao.empty((0, 4), "float32"), None, ao.empty((0, 2), "float32"))
    assert ws == 0


@pytest.mark.parametrize("soc", ["Ascend910", "Ascend310P"])
def test_no_kernel_on_socs_without_an_ai_core_config(soc):
    with ao.soc(soc):
        with pytest.raises(ao.AclnnError) as e:
            ao.gelu_mul(np.ones((2, 4), np.float32))
    assert e.value.status == 161002


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
@pytest.mark.parametrize("approximate", ["none", "tanh"])
def test_16bit_against_torch(dtype, approximate):
    """16-bit bit identity with torch's gelu(x1) * x2 (docs/ops.md states the rates):
    torch rounds gelu(x1) to the 16-bit dtype before the product, ascendops rounds once."""
    torch = pytest.importorskip("torch")
    x = np.random.default_rng(2).uniform(-6, 6, size=(1024, 1024)).astype(ao.as_dtype(dtype).numpy)
    got = np.asarray(ao.gelu_mul(x, approximate))
    tx = torch.from_numpy(x.astype(np.float32)).to(torch.float16 if dtype == "float16" else torch.bfloat16)
    want = gm.torch_reference(torch, tx, approximate).float().numpy().astype(got.dtype)
    rate = float(np.mean(got.view(np.uint16) == want.view(np.uint16)))
    assert rate > 0.5, rate
    # against CANN's formula in float64, rounded once, where float32 can hold it: the erf
    # form's 1 + erf(x / sqrt 2) cancels for x < -3 (docs/ops.md). The rounding to
    # bfloat16 is written out (round to nearest even on float64's own bits): ml_dtypes
    # 0.6 rounds float64 -> bfloat16 through float32 (twice, as an fp32 kernel does),
    # 0.7 once, and the rate must not depend on which is installed.
    inner = x[:, :512] >= -3.0
    once = _round_once(gm.reference(x, approximate), got.dtype)
    rate_once = float(np.mean((got.view(np.uint16) == once.view(np.uint16))[inner]))
    # fp32 math then one rounding to 16 bits (CANN's): bfloat16's 8-bit products land on
    # a rounding boundary more often (measured: tanh 0.9985, none 0.9991; float16 0.9995+)
    assert rate_once >= (0.999 if dtype == "float16" else 0.998), rate_once


def _round_once(v, dtype):
    """float64 values rounded once (to nearest even) to the 16-bit `dtype`."""
    v = np.asarray(v, np.float64)
    if dtype == np.float16:
        return v.astype(np.float16)         # numpy converts float64 -> float16 directly
    m, e = np.frexp(v)                      # bfloat16: 8 significant bits (normal range)
    return np.ldexp(np.rint(np.ldexp(m, 8)), e - 8).astype(np.float32).astype(dtype)
