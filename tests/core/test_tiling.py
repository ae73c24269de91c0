"""CANN's SiluGrad tiling (aclnn-facts section 3), worked by hand, and the CPU run
covering every element exactly once."""
import numpy as np
import pytest

import ascendops as ao
from ascendops.ops.silu_backward import reference, silu_grad_tiling
from ascendops.tiling import Tiling, TilingError, block_range

UB, CORES = 196608, 48   # Ascend910B as CANN's tests model it


def test_tiny_float32():
    # 6 floats = 24 bytes -> one 32-byte block, one core of 8 (padding counted as data).
    assert silu_grad_tiling(6, 4, UB, CORES) == Tiling(1, 8, 16, 9824, 0, 0)


def test_float16_million_uses_double_buffer():
    # blocks = 2e6 B / 32 = 62500; cores = min(48, 977, 62500) = 48; 62500 = 48 * 1302 + 4
    # small = 1302 * 16 = 20832 > 2 * singleTile (2 * 472 * 16) -> double, tile = 384 * 16.
    assert silu_grad_tiling(10 ** 6, 2, UB, CORES) == Tiling(48, 20832, 20848, 6144, 4, 1)


def test_float32_single_buffer_boundary():
    # n = 2048 floats: 256 blocks over min(48, 2, 256) = 2 cores of 128 blocks = 1024 floats.
    assert silu_grad_tiling(2048, 4, UB, CORES) == Tiling(2, 1024, 1032, 9824, 0, 0)
    # single tile 9824 floats; a core of more than 19648 switches to double buffering (tile 6144).
    t = silu_grad_tiling(48 * 19656, 4, UB, CORES)
    assert t.small_core_data_num == 19656 and t.tiling_key == 1 and t.tile_data_num == 6144


def test_bf16_uses_16bit_units():
    t = silu_grad_tiling(100, 2, UB, CORES)
    assert t == Tiling(1, 112, 128, 7552, 0, 0)   # ceil(200/32) = 7 blocks of 16


def test_zero_elements_is_a_tiling_error():
    with pytest.raises(TilingError):
        silu_grad_tiling(0, 4, UB, CORES)


@pytest.mark.parametrize("n", [1, 7, 8, 9, 1000, 1023, 1025, 49 * 1024 + 3, 200_003])
@pytest.mark.parametrize("b", [2, 4])
def test_blocks_partition_the_padded_range(n, b):
    t = silu_grad_tiling(n, b, UB, CORES)
    ranges = [block_range(t, i) for i in range(t.block_dim)]
    assert ranges[0][0] == 0
    for (s0, e0), (s1, e1) in zip(ranges, ranges[1:]):
        assert e0 == s1
    padded = -(-n * b // 32) * 32 // b
    assert ranges[-1][1] == padded >= n


@pytest.mark.parametrize("n", [1, 5, 17, 1000, 1025, 48 * 1024 + 1, 100_003])
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_cpu_run_covers_every_element_once(n, dtype):
    """Under Ascend910B's 48-block tiling the padded blocks are clamped: every element
    is computed, and nothing past the view (a sentinel region) is touched."""
    rng = np.random.default_rng(n)
    x = ao.tensor(rng.standard_normal(n) * 3, dtype=dtype)
    dy = ao.tensor(rng.standard_normal(n), dtype=dtype)
    base = ao.full((n + 64,), 12345.0, dtype=dtype)
    out = base[:n]
    with ao.soc("Ascend910B"):
        ws, ex = ao.aclnn.silu_backward_get_workspace_size(dy, x, out)
        assert ex.tiling.block_dim == min(48, -(-n // 1024), -(-n * x.itemsize // 32))
        ao.aclnn.silu_backward(None, ws, ex)
    ref = reference(dy.numpy().astype(np.float64), x.numpy().astype(np.float64))
    got = out.numpy().astype(np.float64)
    np.testing.assert_allclose(got, ref, rtol=1e-2 if dtype != "float32" else 1e-5, atol=1e-5)
    sentinel = np.asarray(12345.0).astype(ao.as_dtype(dtype).numpy)
    assert (base.numpy()[n:] == sentinel).all()


def test_unpublished_soc_uses_host_values():
    with ao.soc("Ascend950") as p:
        assert not p.published and "not published" in repr(p)
        assert p.core_num == ao.get_num_threads() and p.ub_size == 196608
    assert "not published" not in repr(ao.SOC_PROFILES["Ascend910B"])
