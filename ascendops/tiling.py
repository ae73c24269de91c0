"""Host-side tiling (aclnn-facts section 3): how an op's elements are split into
blocks ("cores") and tiles, as CANN's SiluGrad tiling computes it.

The CPU device executes exactly these blocks on its worker threads, clamping each
to the real element count (CANN counts the 32-byte padding as data; the NPU relies
on allocation padding, a CPU must not)."""
from collections import namedtuple

BLOCK_BYTES = 32
ELEMENTS_PER_CORE = 1024   # CANN's target work per core
SINGLE_BUFFER, DOUBLE_BUFFER = 0, 1

Tiling = namedtuple("Tiling", "block_dim small_core_data_num big_core_data_num "
                              "tile_data_num tail_block_num tiling_key")


class TilingError(ValueError):
    """Raised for n == 0 (the aclnn layer handles empty tensors before tiling)."""


def _ceil_div(a, b):
    return -(-a // b)


def block_tiling(n, dtype_size, ub_size, core_num, single_units, double_units):
    """CANN's elementwise tiling. `single_units`/`double_units` are the UB buffers one
    element needs in single / double-buffer mode (queues plus fp32 temporaries)."""
    if n <= 0:
        raise TilingError("tiling: element count must be > 0, got %d" % n)
    b = dtype_size
    single_tile = ((ub_size // BLOCK_BYTES) // single_units) * BLOCK_BYTES // b
    double_tile = ((ub_size // BLOCK_BYTES) // double_units) * BLOCK_BYTES // b
    blocks = _ceil_div(n * b, BLOCK_BYTES)
    cores = max(1, min(core_num, _ceil_div(n, ELEMENTS_PER_CORE), blocks))
    every, tail = divmod(blocks, cores)
    small = every * BLOCK_BYTES // b
    big = (every + 1) * BLOCK_BYTES // b
    if small <= 2 * single_tile:
        return Tiling(cores, small, big, single_tile, tail, SINGLE_BUFFER)
    return Tiling(cores, small, big, double_tile, tail, DOUBLE_BUFFER)


def block_range(tiling, i):
    """[start, stop) of block i, before clamping to the element count."""
    big, small, tail = tiling.big_core_data_num, tiling.small_core_data_num, tiling.tail_block_num
    if i < tail:
        return big * i, big * (i + 1)
    start = big * i - (big - small) * (i - tail)
    return start, start + small
