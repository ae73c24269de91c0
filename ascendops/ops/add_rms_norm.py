"""aclnnAddRmsNorm: x = x1 + x2, rstd = 1 / sqrt(mean(x^2) + epsilon) over x's last
gamma.rank dims (PRE and POST modes: gamma (1, D), x's last dim), yOut = x * rstd * gamma;
xOut = x.

CANN's checks (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921
norm/add_rms_norm/op_host/op_api/aclnn_add_rms_norm.cpp), in its order
(ADD_RMS_NORM_CHECKS). The mode follows from the nulls: xOut given and rstdOut null is PRE
(yOut and xOut), both null POST (yOut alone), else ADD (all three). x1, x2, gamma, yOut
not null, and in ADD mode rstdOut and xOut, in PRE mode xOut (161001); x1, x2, gamma in
FLOAT, FLOAT16, BFLOAT16 (Ascend310P: no BFLOAT16; PRE and POST: FLOAT16, BFLOAT16 only),
x2 and gamma of x1's dtype, yOut in the list and of x1's dtype, in ADD mode xOut in the
list and of yOut's dtype and rstdOut FLOAT, in PRE mode xOut in the list and of yOut's
dtype; ranks: x1, x2, gamma 1..8, x1's shape x2's and yOut's, in ADD mode rstdOut and xOut
at most 8 dims and xOut of x1's shape, in PRE mode gamma at most 2 dims and xOut of x1's
shape, in POST mode gamma at most 2 dims; all 161002. An empty x1 or gamma then returns
success, writing nothing. The tiling (on the l0 op's own tensors, 561103 through the
l0 op's null result) needs gamma x1's last dims (ADD mode; PRE and POST: gamma 2-d, (1,
x1's last dim), which reduces x1's last dim alone), then epsilon, as float, >= 0. epsilon reaches the
kernel as float.

An axis reduction in C (AxisReduceOp, kernel "add_rms_norm", src/norm.c): x in fp32, the
sum of squares in double, each result rounded once. CANN checks nothing of rstdOut's shape
but its rank (a ViewCopy from the l0 op's (x1's leading dims, 1...)); the kernel needs one
element per row (161002 otherwise: tests/ops/probes/add_rms_norm.py DEVIATIONS)."""
import numpy as np

from ascendops._core import ACLNN_ERR_INNER_NULLPTR, ACLNN_ERR_PARAM_NULLPTR
from ascendops.ops import (AxisReduceOp, CannSource, Checks, Double, DtypeIn, Input, NotNull, Output, Rank, Require,
                           SameDtype, SameShape, Trailing, When, EmptyReturn, register)
from ascendops.ops.rms_norm import OPS_NN, as_float
from ascendops.ops.rms_norm import reference as rms_norm_reference

_LIST = ("float32", "float16", "bfloat16")
ADD_DTYPES = {"Ascend310P": ("float32", "float16"), "default": _LIST}
PRE_POST_DTYPES = {"Ascend310P": ("float16",), "default": ("float16", "bfloat16")}


def mode(ctx):
    """CheckParams: 1 PRE (xOut given, rstdOut null), 2 POST (both null), else 0 ADD."""
    x, r = ctx.values["xOut"], ctx.values["rstdOut"]
    if x is not None and r is None:
        return 1
    if x is None and r is None:
        return 2
    return 0


def _is(m):
    return lambda ctx: mode(ctx) == m


def mode_nulls(ctx):
    """CheckNotNull: ADD needs rstdOut and xOut, PRE xOut (161001)."""
    for n in {0: ("rstdOut", "xOut"), 1: ("xOut",), 2: ()}[mode(ctx)]:
        if ctx.values[n] is None:
            return "Expected a proper Tensor but got null for argument %s." % n


def gamma_tail(ctx):
    """The tiling: gamma x1's last dims (ADD); gamma (1, x1[-1]) (PRE, POST). (Its "x1
    cannot be an empty tensor" is never reached: an empty x1 or gamma returns first; the
    guard keeps it so where the null-check pass runs past that return.)"""
    x, g = ctx.tensor("x1").shape, ctx.tensor("gamma").shape
    if 0 in x or 0 in g:
        return None
    if mode(ctx) == 0:
        if len(g) > len(x) or x[len(x) - len(g):] != g:
            return "The shape of gamma should be equal to the last %d dim of x1." % len(g)
    elif len(g) != 2 or g[0] != 1 or g[1] != x[-1]:
        return "gamma must be (1, %d) in this mode." % x[-1]


def add_rms_norm_epsilon(ctx):
    """Tiling4AddRmsNorm (GetEpsilonParameter; the regbase tiling alike): epsilon, as
    float, >= 0."""
    if ctx.tensor("x1").numel and ctx.tensor("gamma").numel and as_float(ctx.values["epsilon"]) < 0:
        return "epsilon %f should be greater than or equal to zero." % ctx.values["epsilon"]


ADD_RMS_NORM_CHECKS = Checks(
    CannSource(*OPS_NN, "norm/add_rms_norm/op_host/op_api/aclnn_add_rms_norm.cpp"),
    ("CheckNotNull", NotNull("x1", "x2", "gamma", "yOut"),
     Require(mode_nulls, "the mode's outputs", status=ACLNN_ERR_PARAM_NULLPTR, names=("rstdOut", "xOut"))),
    ("CheckDtypeValid",
     When(_is(0), "ADD mode", DtypeIn("x1", "x2", "gamma", dtypes=ADD_DTYPES)),
     When(lambda ctx: mode(ctx) != 0, "PRE or POST mode", DtypeIn("x1", "x2", "gamma", dtypes=PRE_POST_DTYPES)),
     SameDtype("x1", "x2"), SameDtype("x1", "gamma"),
     When(_is(0), "ADD mode", DtypeIn("yOut", dtypes=ADD_DTYPES)),
     When(lambda ctx: mode(ctx) != 0, "PRE or POST mode", DtypeIn("yOut", dtypes=PRE_POST_DTYPES)),
     SameDtype("x1", "yOut"),
     When(_is(0), "ADD mode", DtypeIn("xOut", dtypes=ADD_DTYPES), SameDtype("yOut", "xOut"),
          DtypeIn("rstdOut", dtypes=("float32",))),
     When(_is(1), "PRE mode", DtypeIn("xOut", dtypes=PRE_POST_DTYPES), SameDtype("yOut", "xOut"))),
    ("CheckShapeDim", Rank("x1", "x2", "gamma", max=8, min=1), SameShape("x1", "x2"), Rank("yOut", max=8),
     SameShape("x1", "yOut"),
     When(_is(0), "ADD mode", Rank("rstdOut", "xOut", max=8), SameShape("x1", "xOut")),
     When(_is(1), "PRE mode", Rank("gamma", max=2), Rank("xOut", max=8), SameShape("x1", "xOut")),
     When(_is(2), "POST mode", Rank("gamma", max=2))),
    ("aclnnAddRmsNormGetWorkspaceSize", EmptyReturn("x1", "gamma")),
    ("AddRmsNorm (l0 tiling)", Require(gamma_tail, "gamma x1's last dims (ADD), (1, x1's last dim) (PRE, POST)",
                                       status=ACLNN_ERR_INNER_NULLPTR, names=("x1", "gamma")),
     Require(add_rms_norm_epsilon, "epsilon >= 0", status=ACLNN_ERR_INNER_NULLPTR,
             names=("x1", "gamma", "epsilon"))),
)


def reference(x1, x2, gamma, epsilon=1e-6):
    """RmsNorm's reference of x = x1 + x2, and x."""
    x = np.asarray(x1, dtype=np.float64) + np.asarray(x2, dtype=np.float64)
    return rms_norm_reference(x, gamma, epsilon) + (x,)


ADD_RMS_NORM = register(AxisReduceOp(
    name="AddRmsNorm",
    snake="add_rms_norm",
    params=(Input("x1"), Input("x2"), Input("gamma", affine=True), Double("epsilon", 1e-6), Output("yOut"),
            Output("rstdOut", reduced=True, optional=True), Output("xOut", optional=True)),
    dtypes=("float16", "float32", "bfloat16"),
    kernel="add_rms_norm",
    reduce=Trailing("gamma"),     # a (1, D) gamma (PRE, POST modes): x1's last dim alone
    kernel_attrs=(("epsilon", as_float),),
    stat_dtype="float32",
    min_rank=1,
    checks=ADD_RMS_NORM_CHECKS,
    info={"reference": reference, "attrs": [(1e-6,), (0.5,)],
          # torch's counterpart of yOut (the bench's pairing, a second reference)
          "torch": lambda t, x1, x2, g, eps: t.nn.functional.rms_norm(x1 + x2, g.shape, g, as_float(eps))},
    doc=__doc__,
))
