"""aclnnSeluBackward: gradInput = gradOutput * (scale if result > 0 else result +
scale * alpha), result the forward output selu(x); scale = 1.0507009873554805,
alpha = 1.6732632423543772 (PyTorch's elu_backward(grad, alpha, scale, 1, True, result)).

CANN (hicann/ops-nn@e5c3fa93 activation/selu_grad/op_api/aclnn_selu_backward.cpp,
docs/aclnnSeluBackward.md): gradOutput, result and gradInput have one dtype (FLOAT,
FLOAT16, INT32, INT8; BFLOAT16 on the SoC versions ASCEND910B..ASCEND910E: Ascend910B,
Ascend910_93, Ascend950) and one shape (no broadcast), the dtypes compared before the
support list;
INT32/INT8 are read into float32, computed in fp32 and written back rounded to nearest
(CANN's SeluGrad kernel, arch35/selu_grad.h: through half into fp32, out by CAST_RINT;
its half steps, which round INT32 values past 2048, are not modelled). No rank cap:
the source reshapes a tensor of more than 8 dims to 1-d (the doc's 1-8 is not checked).
An empty tensor returns after the checks. Math: src/ops/selu_backward.h
(gradient form: 16-bit inputs look the factor up)."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input, NotNull, Output,
                           SameDtype, SameShape, register)
from ascendops.ops._activation_grad import SELU_ALPHA, SELU_SCALE, f64, tiling


def reference(grad_output, result):
    y = f64(result)
    return f64(grad_output) * np.where(y <= 0.0, y + SELU_SCALE * SELU_ALPHA, SELU_SCALE)


# GetDtypeSupportList: ASCEND910B_DTYPE_SUPPORT_LIST (with BF16) where the SoC version is in
# [ASCEND910B, ASCEND910E] (Ascend910B, Ascend910_93, Ascend950), else the list without
DTYPES = ("float32", "float16", "int32", "int8", "bfloat16")
DTYPES_BY_SOC = {"Ascend910B": DTYPES, "Ascend910_93": DTYPES, "Ascend950": DTYPES, "default": DTYPES[:4]}
CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/selu_grad/op_api/aclnn_selu_backward.cpp"),
    ("CheckNotNull", NotNull("gradOutput", "result", "gradInput")),
    ("CheckDtypeValid", SameDtype("gradOutput", "result"), SameDtype("gradOutput", "gradInput"),
     DtypeIn("gradOutput", dtypes=DTYPES_BY_SOC), DtypeIn("result", dtypes=DTYPES_BY_SOC),
     DtypeIn("gradInput", dtypes=DTYPES_BY_SOC)),
    ("CheckShape", SameShape("gradOutput", "result"), SameShape("gradOutput", "gradInput")),
    ("ExecSeluBackwardGetWorkspaceSize", EmptyReturn("gradOutput", "result")),
)

SELU_BACKWARD = register(ElementwiseOp(
    name="SeluBackward",
    snake="selu_backward",
    params=(Input("gradOutput"), Input("result"), Output("gradInput")),
    dtypes=("float32", "float16", "bfloat16", "int32", "int8"),
    checks=CHECKS,
    kernel="selu_backward",
    int_round="rint",
    tiling=tiling,
    broadcast="never",
    mixed="never",
    max_rank=None,
    info={"reference": reference, "domain": [(-2.0, 2.0), (-1.7580993, 3.0)], "specials": [None, (0.0, -0.0)],
          "torch": lambda t, g, y: t.ops.aten.elu_backward(g, SELU_ALPHA, SELU_SCALE, 1.0, True, y)},
    doc=__doc__,
))
