"""Shared pieces of the gated-unit declarations (Glu, SwiGlu, GeGlu, ...):
the float64 halves of a split input, the tiling. Not an op module (the leading
underscore keeps ascendops.ops from importing it as one)."""
import numpy as np

from ascendops.tiling import block_tiling

# CANN (ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921) lists DOUBLE for some gated ops;
# the fp32 engine has no DOUBLE path, so the declarations list the float types it runs.
DTYPES = ("float32", "float16", "bfloat16")


def halves(x, dim):
    """x in float64, split into its first and second half along dim (CANN's SplitV)."""
    x = np.asarray(x, dtype=np.float64)
    a, b = np.split(x, 2, axis=dim)
    return a, b


def sigmoid(x):
    with np.errstate(over="ignore"):
        return 1.0 / (1.0 + np.exp(-x))


def tiling(n, size, ub, cores):
    # two inputs (the halves), one output, an fp32 temporary
    return block_tiling(n, size, ub, cores, 4, 7)


def tiling3(n, size, ub, cores):
    # three inputs or two outputs
    return block_tiling(n, size, ub, cores, 5, 8)
