"""aclnnMish: out = self * tanh(softplus(self)) = self * tanh(log(1 + exp(self))).

CANN (hicann/ops-nn e5c3fa93, activation/mish/op_api/aclnn_mish.cpp): FLOAT, FLOAT16, BF16
(BF16 on Ascend910B/910_93/950); out has self's dtype and shape; rank <= 8; empty ->
success. The kernel follows CANN's (activation/mish/op_kernel/arch35/mish_dag.h): tanh of
softplus as a ratio of exponentials, one form per sign of x. Math: src/ops/mish.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops._activation import tiling


def reference(x):
    x = np.asarray(x, dtype=np.float64)
    return x * np.tanh(np.logaddexp(0.0, x))


MISH = register(ElementwiseOp(
    name="Mish", snake="mish", params=(Input("self"), Output("out")), inplace=True,
    dtypes=("float32", "float16", "bfloat16"), kernel="mish", tiling=tiling, broadcast="never", mixed="never",
    info={"reference": reference, "domain": (-12.0, 12.0), "torch": lambda t, x: t.nn.functional.mish(x)},
    doc=__doc__,
))
