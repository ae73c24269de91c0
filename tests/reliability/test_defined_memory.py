"""Every output the numpy-like API returns holds defined values: memory it allocates
and the op does not write is zero-filled (never a reused block's bytes from an earlier
op), and a host out= keeps the values the kernel leaves unwritten on every device, as
on cpu (its device twin is filled from it before the kernel runs)."""
import numpy as np
import pytest

import ascendops


def _dirty_blocks(nbytes=4096, fill=7.5):
    """Leaves freed blocks of the small size classes full of `fill` in the allocator's
    cache (what an earlier op's output leaves behind), on each device used here."""
    for dev in ("cpu", "cpu:strict"):
        for n in (4, 16, 64, nbytes // 4):
            t = ascendops.full((n,), fill, "float32", device=dev)
            del t


@pytest.mark.parametrize("device", ["cpu", "cpu:strict"])
def test_softmax_cross_entropy_with_logits_over_no_features_gives_zero_loss(device):
    features = np.zeros((5, 0), np.float32)
    labels = np.zeros((5, 0), np.float32)
    ref = -(labels.astype(np.float64) * np.zeros((5, 0))).sum(axis=-1)     # empty sums: 0
    _dirty_blocks()
    with ascendops.device(device):
        loss, backprop = ascendops.softmax_cross_entropy_with_logits(features, labels)
    np.testing.assert_array_equal(np.asarray(loss), ref.astype(np.float32))
    assert np.asarray(backprop).shape == (5, 0)


@pytest.mark.parametrize("device", ["cpu", "cpu:strict"])
def test_rrelu_with_noise_beside_an_empty_noise_is_zero_filled(device):
    x = np.linspace(-2, 2, 8, dtype=np.float32)
    _dirty_blocks()
    with ascendops.device(device):
        out = ascendops.rrelu_with_noise(x, np.zeros(0, np.float32), training=False)
    # CANN's op returns before its kernel when noise is empty: nothing is written, and
    # the API's own allocation is zeros
    np.testing.assert_array_equal(np.asarray(out), np.zeros(8, np.float32))


def test_allocated_outputs_of_empty_inputs_are_zero_on_tensors_too():
    _dirty_blocks()
    loss, _ = ascendops.softmax_cross_entropy_with_logits(ascendops.zeros((3, 0)), ascendops.zeros((3, 0)))
    assert isinstance(loss, ascendops.Tensor)
    np.testing.assert_array_equal(loss.numpy(), np.zeros(3, np.float32))


def _swiglu_ref(x, alpha=1.702, limit=7.0, bias=1.0):
    x = x.astype(np.float64)
    a, b = x[:, 0::2], x[:, 1::2]
    a = np.minimum(a, limit)
    b = np.clip(b, -limit, limit)
    return a / (1 + np.exp(-alpha * a)) * (b + bias)


@pytest.mark.parametrize("device", ["cpu", "cpu:strict"])
def test_clipped_swiglu_host_out_keeps_rows_past_the_group_sum(device):
    rng = np.random.default_rng(3)
    x = rng.standard_normal((6, 8)).astype(np.float32)
    out = np.full((6, 4), 42.0, np.float32)
    with ascendops.device(device):
        got = ascendops.clipped_swiglu(x, np.array([1, 2], np.int64), out=out)
    assert got is out
    np.testing.assert_allclose(out[:3], _swiglu_ref(x)[:3], rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(out[3:], 42.0)     # past sum(group_index): kept, as documented


@pytest.mark.parametrize("device", ["cpu", "cpu:strict"])
def test_clipped_swiglu_without_out_zeroes_rows_past_the_group_sum(device):
    x = np.ones((4, 8), np.float32)
    _dirty_blocks()
    with ascendops.device(device):
        got = np.asarray(ascendops.clipped_swiglu(x, np.array([2], np.int64)))
    np.testing.assert_array_equal(got[2:], 0.0)
