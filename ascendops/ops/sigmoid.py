"""aclnnSigmoid and aclnnLogSigmoid.

  Sigmoid(self, out):    out = 1 / (1 + exp(-self))
  LogSigmoid(self, out): out = log(sigmoid(self)) = min(self, 0) - log1p(exp(-|self|))

CANN (hicann/ops-nn e5c3fa93, activation/sigmoid/op_api/aclnn_sigmoid.cpp,
activation/log_sigmoid/op_api/aclnn_logsigmoid.cpp):
- Sigmoid: self FLOAT, FLOAT16, BF16, DOUBLE, INT8/16/32/64, UINT8, BOOL, COMPLEX64/128
  (DTYPE_SUPPORT_LIST), BF16 only on Ascend910B/910_93; a self outside DTYPE_OUT_LIST
  (integers, BOOL) is cast to out's dtype first (castDtype); out any of FLOAT, FLOAT16,
  BF16, DOUBLE, COMPLEX64, COMPLEX128 (self's result is cast to it: complex to real keeps
  the real part); same shape; rank <= 8. DOUBLE and COMPLEX run CANN's AI-CPU kernel:
  here the body in float64, and a complex body (1 / (1 + cexp(-z))) in double complex
  (src/ops/sigmoid.h, src/wide.c).
- LogSigmoid: FLOAT, FLOAT16, BF16 (BF16 on Ascend910B/910_93/950); out has self's
  dtype and shape; any rank (CheckSameShapeNotlimit1In1Out: reshaped past 8 dims).
Math: src/ops/sigmoid.h, logsigmoid.h (CANN's kernel order)."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops._activation import tiling

DTYPES = ("float32", "float16", "bfloat16")


def reference(x):
    x = np.asarray(x)
    x = x.astype(np.complex128 if np.iscomplexobj(x) else np.float64)
    with np.errstate(over="ignore"):
        return 1.0 / (1.0 + np.exp(-x))


def reference_logsigmoid(x):
    x = np.asarray(x, dtype=np.float64)
    return np.minimum(x, 0.0) - np.log1p(np.exp(-np.abs(x)))


SIGMOID = register(ElementwiseOp(
    name="Sigmoid", snake="sigmoid", params=(Input("self"), Output("out")), inplace=True,
    dtypes=DTYPES + ("float64", "complex64", "complex128"), kernel="sigmoid", tiling=tiling, broadcast="never",
    mixed="always", out_dtype="unchecked",
    input_dtypes=DTYPES + ("float64", "int8", "int16", "int32", "int64", "bool", "complex64", "complex128",
                           "uint8"),
    input_cast="out",
    info={"reference": reference, "domain": (-12.0, 12.0), "torch": lambda t, x: t.sigmoid(x)},
    doc="aclnnSigmoid: out = 1 / (1 + exp(-self)).\n\n" + __doc__,
))

LOG_SIGMOID = register(ElementwiseOp(
    name="LogSigmoid", snake="log_sigmoid", params=(Input("self"), Output("out")),
    header="aclnn_logsigmoid.h",   # CANN's header name (it also declares LogSigmoidForward)
    dtypes=DTYPES, kernel="logsigmoid", tiling=tiling, broadcast="never", mixed="never", max_rank=None,
    info={"reference": reference_logsigmoid, "domain": (-20.0, 20.0),
          "torch": lambda t, x: t.nn.functional.logsigmoid(x)},
    doc="aclnnLogSigmoid: out = log(1 / (1 + exp(-self))).\n\n" + __doc__,
))
