"""aclnnRmsNorm: rstd = 1 / sqrt(mean(x^2) + epsilon) over x's last gamma.rank dims, and
yOut = x * rstd * gamma.

CANN generates this API from the op definition (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921
norm/rms_norm/: docs/aclnnRmsNorm.md, op_host/rms_norm_def.cpp, op_host/rms_norm_tiling.cpp;
no op_api source). Its phase 1 (RMS_NORM_CHECKS, the generated API's order: hicann/opbase
src/nnopbase/individual_op/executor/indv_executor.cpp): null x, gamma, yOut, rstdOut
(161001); the dtypes one column of the definition's (x, gamma, yOut, rstdOut) table
(161002): on Ascend910B, Ascend910_93 and Ascend950 (F16, F32, F16, F32), (BF16, F32,
BF16, F32), (F16, F16, F16, F32), (F32, F32, F32, F32), (BF16, BF16, BF16, F32), elsewhere
(F16, F16, F16, F32) and (F32, F32, F32, F32): rstd is FLOAT on every SoC; every output
empty skips the launch (success); then the tiling's shape checks (CheckInputShape4RmsNorm,
561002): x and gamma of rank 1..8, gamma's rank at most x's, yOut of x's rank; gamma the
last dims of x, none 0; yOut of x's shape, no dim 0; rstd's dims, for as many as it has,
not 0 and each x's dim or 1 (its rank is not checked); then epsilon >= 0. epsilon is
the definition's Float attribute: CANN narrows the double to float.

An axis reduction in C (AxisReduceOp, kernel "rms_norm", src/norm.c): fp32 math with the
sum of squares in double, yOut rounded once to its dtype, rstd written per row. The kernel
writes one rstd per row of x (CANN's too: numRow floats); an rstd with 1 where x's dim is
not (CANN's tiling lets it through, and its kernel writes past it) is refused (161002:
tests/ops/probes/rms_norm.py DEVIATIONS)."""
import numpy as np

from ascendops.ops import (AxisReduceOp, CannSource, Checks, Double, DtypeIn, EmptyReturn, Input, NotNull, Output, Require,
                           Trailing, register)

OPS_NN = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921")

_F16, _BF16, _F32 = "float16", "bfloat16", "float32"
# rms_norm_def.cpp: (x, gamma, y, rstd) columns per product
COLUMNS_910B = ((_F16, _F32, _F16, _F32), (_BF16, _F32, _BF16, _F32), (_F16, _F16, _F16, _F32),
                (_F32, _F32, _F32, _F32), (_BF16, _BF16, _BF16, _F32))
COLUMNS_OTHER = ((_F16, _F16, _F16, _F32), (_F32, _F32, _F32, _F32))


def columns(soc):
    """The definition's table on the SoC (ascend910b, ascend910_93, ascend950: the wide one;
    the host profile reads as Ascend950)."""
    if soc.host or soc.name in ("Ascend910B", "Ascend910_93", "Ascend950"):
        return COLUMNS_910B
    return COLUMNS_OTHER


def support_list(names):
    def check(ctx):
        got = tuple(ctx.dtype(n).name for n in names)
        if got not in columns(ctx.soc):
            return ("Tensors %s dtypes %s are not a column of the support list %s."
                    % (", ".join(names), ", ".join(got), columns(ctx.soc)))
    check.__doc__ = "NnopbaseAddSupportList: (%s) one column of the definition's dtypes." % ", ".join(names)
    return check


rms_norm_support_list = support_list(("x", "gamma", "yOut", "rstdOut"))


def rms_norm_shapes(ctx):
    """CheckInputShape4RmsNorm (rms_norm_tiling.cpp:113-197), in its order."""
    x, g, y, r = (ctx.tensor(n).shape for n in ("x", "gamma", "yOut", "rstdOut"))
    if not 1 <= len(x) <= 8:
        return "The shape dim of input x must be in the range of [1, 8], but got %d." % len(x)
    if not 1 <= len(g) <= 8:
        return "The shape dim of input gamma must be in the range of [1, 8], but got %d." % len(g)
    if len(g) > len(x):
        return "The shape dim of input gamma must be less than or equal to that of input x."
    if len(y) != len(x):
        return "The shape dim of output y must be equal to that of input x."
    for i, d in enumerate(g):
        if d == 0:
            return "Input gamma cannot be an empty tensor."
        if d != x[len(x) - len(g) + i]:
            return "The shape of input gamma must be equal to the last %d dims of input x." % len(g)
    for i, d in enumerate(x):
        if d == 0:
            return "Input x cannot be an empty tensor."
        if y[i] == 0:
            return "Output y cannot be an empty tensor."
        if y[i] != d:
            return "The shape of output y must be equal to that of input x."
    for i, d in enumerate(r):
        if d == 0:
            return "Output rstd cannot be an empty tensor."
        if i < len(x) and d != x[i] and d != 1:
            return "The %d th axis of output rstd must be 1 or equal to the %d th axis of input x." % (i, i)
    return None


def rms_norm_epsilon(ctx):
    """Tiling4RmsNorm: epsilon (as float) >= 0."""
    if float(np.float32(ctx.values["epsilon"])) < 0:
        return "Epsilon less than zero, please check."


RMS_NORM_CHECKS = Checks(
    CannSource(*OPS_NN, "norm/rms_norm/op_host/rms_norm_tiling.cpp"),
    ("aclnnRmsNormGetWorkspaceSize", NotNull("x", "gamma", "yOut", "rstdOut")),
    # a dtype in no column's row first (the column match implies it: the same status, a
    # message naming the tensor), then the column match
    ("NnopbaseAddSupportList",
     DtypeIn("x", "yOut", dtypes={"Ascend910B": (_F16, _BF16, _F32), "Ascend910_93": (_F16, _BF16, _F32),
                                  "Ascend950": (_F16, _BF16, _F32), "default": (_F16, _F32)}),
     DtypeIn("gamma", dtypes={"Ascend910B": (_F16, _BF16, _F32), "Ascend910_93": (_F16, _BF16, _F32),
                              "Ascend950": (_F16, _BF16, _F32), "default": (_F16, _F32)}),
     DtypeIn("rstdOut", dtypes=(_F32,)),
     Require(rms_norm_support_list, "(x, gamma, yOut, rstdOut) a column of the definition's dtype table",
             names=("x", "gamma", "yOut", "rstdOut"))),
    ("NnopbaseExecutorMatchCache", EmptyReturn("yOut", "rstdOut", every=True)),
    ("CheckInputShape4RmsNorm", Require(rms_norm_shapes, "ranks 1..8, gamma x's last dims, yOut x's shape, rstd's "
                                        "dims x's or 1, no dim 0", status=561002,
                                        names=("x", "gamma", "yOut", "rstdOut"))),
    ("Tiling4RmsNorm", Require(rms_norm_epsilon, "epsilon >= 0", status=561002, names=("epsilon",))),
)


def as_float(v):
    """CANN's Float attribute: the double narrowed to float."""
    return float(np.float32(v))


def reference(x, gamma, epsilon=1e-6):
    x = np.asarray(x, dtype=np.float64)
    g = np.asarray(gamma, dtype=np.float64)
    k = g.ndim
    while k and g.shape[g.ndim - k] == 1:     # a (1, D) gamma normalizes the last dim alone
        k -= 1
    axes = tuple(range(x.ndim - k, x.ndim))
    rstd = 1.0 / np.sqrt(np.mean(x * x, axis=axes, keepdims=True) + as_float(epsilon))
    return x * rstd * g, rstd


RMS_NORM = register(AxisReduceOp(
    name="RmsNorm",
    snake="rms_norm",
    params=(Input("x"), Input("gamma", affine=True), Double("epsilon", 1e-6), Output("yOut", const=True),
            Output("rstdOut", reduced=True, const=True)),
    dtypes=("float16", "float32", "bfloat16"),
    kernel="rms_norm",
    reduce=Trailing("gamma"),
    kernel_attrs=(("epsilon", as_float),),
    stat_dtype="float32",
    min_rank=1,
    checks=RMS_NORM_CHECKS,
    info={"reference": reference, "attrs": [(1e-6,), (0.5,)],
          # torch's counterpart of yOut (the bench's pairing, a second reference)
          "torch": lambda t, x, gamma, eps: t.nn.functional.rms_norm(x, gamma.shape, gamma, as_float(eps))},
    doc=__doc__,
))

