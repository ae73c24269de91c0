"""aclnnSwish: out = self * sigmoid(betaOptional * self) = self / (1 + exp(-beta self)).

CANN (hicann/ops-nn e5c3fa93, activation/swish/op_api/aclnn_swish.cpp): FLOAT, FLOAT16,
BF16 (BF16 on Ascend910B/910_93/950); out has self's dtype and shape; rank <= 8;
betaOptional may be null (beta = 1.0), else it must cast to FLOAT. Empty -> success.
Math: src/ops/swish.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops._activation import f32, tiling, to_float

DTYPES = ("float32", "float16", "bfloat16")


def reference(x, beta=1.0):
    x = np.asarray(x, dtype=np.float64)
    b = 1.0 if beta is None else beta
    return x / (1.0 + np.exp(-b * x))


SWISH = register(ElementwiseOp(
    name="Swish", snake="swish",
    # betaOptional may be null: beta = 1.0 (aclnn_swish.cpp)
    params=(Input("self"), Scalar("betaOptional", None, optional=True, check=to_float), Output("out")),
    kernel_for=lambda attrs: ("swish", (1.0 if attrs[0] is None else f32(attrs[0]),)),
    dtypes=DTYPES, kernel="swish", tiling=tiling, broadcast="never", mixed="never",
    info={"reference": reference, "domain": (-10.0, 10.0), "attrs": [(None,), (1.0,), (1.702,), (-0.5,)],
          "torch_attrs": [(None,), (1.0,)],
          "bad_attrs": [(("x",), 161002), ((1j,), 161002)],
          "torch": lambda t, x, b: t.nn.functional.silu(x) if b in (None, 1.0) else x * t.sigmoid(b * x),
          "attr_docs": {"beta_optional": "beta, a number or None (1.0)"}},
    doc=__doc__,
))
