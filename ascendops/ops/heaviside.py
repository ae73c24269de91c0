"""aclnnHeaviside(input, values, out): out = 0 where input < 0, values where input == 0,
1 where input > 0.

CANN (hicann/ops-nn e5c3fa93, activation/heaviside/op_host/op_api/aclnn_heaviside.cpp):
input, values and out each FLOAT, FLOAT16 or BF16; input and values broadcast (rank <= 8
each); out has the broadcast shape; empty -> success. The inputs have one dtype here
(CANN's l0 kernel takes one). A NaN input gives 0 (torch's rule). Math:
src/ops/heaviside.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops._activation import tiling2


def reference(x, values):
    x = np.asarray(x, dtype=np.float64)
    v = np.asarray(values, dtype=np.float64)
    return np.where(x == 0, v, np.where(x > 0, 1.0, 0.0))


HEAVISIDE = register(ElementwiseOp(
    name="Heaviside", snake="heaviside", params=(Input("input"), Input("values"), Output("out")),
    dtypes=("float32", "float16", "bfloat16"), kernel="heaviside", tiling=tiling2, broadcast="always",
    mixed="never",
    info={"reference": reference, "specials": [(0.0, -0.0, 1.0, -1.0), None],
          "torch": lambda t, x, v: t.heaviside(x, v)},
    doc=__doc__,
))
