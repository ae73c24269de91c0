"""aclnnClippedSwigluGrad: gradXOut, the gradient of aclnnClippedSwiglu (clampMode 0) with
respect to x, from gradY and x.

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921 activation/clipped_swiglu_grad/:
docs/aclnnClippedSwigluGrad.md, op_host/clipped_swiglu_grad_def.cpp,
op_host/clipped_swiglu_grad_tiling.cpp (one tiling for every SoC), op_kernel/
clipped_swiglu_grad.h; a generated API, no op_api source):
aclnnClippedSwigluGradGetWorkspaceSize(const aclTensor *gradY, const aclTensor *x, const
aclTensor *groupIndexOptional, int64_t dim, double alpha, double limit, double bias, bool
interleaved, const aclTensor *gradXOut, ...) (`const` on gradXOut, as CANN's
generated header has it).

Math (the doc, and the kernel's steps, src/ops/clipped_swiglu_grad.h): x merged to
[pre, cut * after] and split into a, b as the forward does (halves, or the even and odd
elements of the merged axis with interleaved=true: Input/Output(split_mode="interleaved"),
gradXOut written back the same way); A = min(a, limit), s = sigmoid(alpha * A);
grad_a = gradY * (clamp(b, -limit, limit) + bias) * s * (1 + alpha * A * (1 - s)) where
a <= limit, else 0; grad_b = gradY * A * s where -limit <= b <= limit, else 0. At the clamp
boundaries the kernel's masks are inclusive (CompareScalar LE / GE): a == limit and
|b| == limit get the unclamped side's gradient. A NaN in a or b gives 0 there (the masks
compare false).

groupIndexOptional (Input(limits_rows="zero")): its sum, read when the launch runs, is the
rows computed (min(sum, pre)); the kernel then zeroes the other rows of gradXOut
(ZeroInvalidRows: the doc's "GroupIndex置零处理"). A sum <= 0 zeroes every row here; for a
negative sum CANN's ZeroInvalidRows starts at a negative row (writes before gradXOut:
undefined), and the doc requires elements >= 0. The sum is exact in int64 (the kernel sums
int64 GetValue's, too, with no overflow check).

The check sequence (CLIPPED_SWIGLU_GRAD_CHECKS) is the generated API's phase 1 (hicann/
opbase src/nnopbase/individual_op/executor/indv_executor.cpp): null gradY / x / gradXOut
161001; no AI Core config for the SoC (Ascend910, Ascend310P) 561003; gradY, x and gradXOut
one dtype of FLOAT16, FLOAT, BFLOAT16, groupIndexOptional INT64 (the definition, 161002);
an empty gradXOut skips the tiling: success; then clipped_swiglu_grad_tiling.cpp (561002,
every SoC): limit (as float) <= 0 (a NaN passes), dim (read as a 32-bit int) in
[-rank, rank), x's size at dim odd, gradY not of x's rank, gradY's size at dim not half x's
or its other dims not x's, groupIndex not 1-d, gradXOut not of x's rank. After the sequence
the engine refuses what it cannot compute (deviations, tests/ops/probes/
clipped_swiglu_grad.py): gradXOut's dims not x's (161002: CANN checks only its rank), a NaN
limit (561002). gradXOut written as even/odd halves must be one stride over the merged dims
from `dim` on (a transposed gradXOut there is 161002: the doc lists no non-contiguous
tensors for this op); x may be any layout. No rank cap (none in the tiling).
Supported SoCs: Ascend910B, Ascend910_93, Ascend950, not Ascend910 or Ascend310P."""
import numpy as np

from ascendops._core import Bool, Double, ElementwiseOp, Input, Int, Output, register
from ascendops.ops import CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Require, SameDtype, When
from ascendops.ops._gated import DTYPES, sigmoid, tiling3
from ascendops.ops.clipped_swiglu import F32, merged_halves, rows_computed
from ascendops.ops.swi_glu import tiling_dim


def reference(grad_y, x, group_index=None, dim=-1, alpha=1.702, limit=7.0, bias=1.0, interleaved=True):
    """float64 gradXOut (the doc's formulas); rows past the group sum are 0."""
    x = np.asarray(x, dtype=np.float64)
    alpha, limit, bias = float(F32(alpha)), float(F32(limit)), float(F32(bias))
    a, b = merged_halves(x, dim, interleaved)
    dy = np.asarray(grad_y, dtype=np.float64).reshape(a.shape)
    A = np.minimum(a, limit)
    s = sigmoid(alpha * A)
    with np.errstate(invalid="ignore"):
        ga = np.where(a <= limit, dy * (np.clip(b, -limit, limit) + bias) * s * (1 + alpha * A * (1 - s)), 0.0)
        gb = np.where((b <= limit) & (b >= -limit), dy * A * s, 0.0)
    n = rows_computed(group_index, a.shape[0])
    ga[n:] = 0.0
    gb[n:] = 0.0
    g = np.empty((a.shape[0], 2 * a.shape[1]))
    if interleaved:
        g[:, 0::2], g[:, 1::2] = ga, gb
    else:
        g[:, :a.shape[1]], g[:, a.shape[1]:] = ga, gb
    return g.reshape(x.shape)


CLIPPED_SWIGLU_GRAD_SOURCE = CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
                                        "activation/clipped_swiglu_grad/op_host/clipped_swiglu_grad_def.cpp")


def clipped_swiglu_grad_soc(ctx):
    """NnopbaseGetSupportInfo: an AI Core config (ascend910b, ascend910_93, ascend950), else 561003."""
    if ctx.soc.name in ("Ascend910", "Ascend310P"):
        return "Op ClippedSwigluGrad not support soc version %s." % ctx.soc.name


def grad_x_not_empty(ctx):
    """NnopbaseExecutorMatchCache: the tiling runs unless every output is empty."""
    return ctx.tensor("gradXOut").numel != 0


def _cut_dim(ctx):
    n, dim = len(ctx.tensor("x").shape), tiling_dim(ctx.values["dim"])
    return dim + n if dim < 0 else dim


def csg_limit(ctx):
    """CheckAndGetXAndAttrs: limit_ (float) <= 0.0f (a NaN passes)."""
    limit = float(F32(ctx.values["limit"]))
    if limit <= 0.0:
        return "limit must be > 0, but got %r." % limit


def csg_dim(ctx):
    """CheckAndGetXAndAttrs: dim, read as int (GetAttrPointer<int>), in [-rank, rank - 1]."""
    n, dim = len(ctx.tensor("x").shape), tiling_dim(ctx.values["dim"])
    if dim > n - 1 or dim < -n:
        return "dim should in [-%d, %d], but get %d," % (n, n - 1, dim)


def csg_x_even(ctx):
    """CheckAndGetXAndAttrs: x's size at dim even."""
    size = ctx.tensor("x").shape[_cut_dim(ctx)]
    if size % 2:
        return "x[dim] should be divisible by 2, but get %d" % size


def csg_grad_y_rank(ctx):
    """CheckAndGetXAndAttrs: grad_y's rank is x's."""
    dy, x = ctx.tensor("gradY").shape, ctx.tensor("x").shape
    if len(dy) != len(x):
        return "grad_y rank (%d) should be equal to x rank (%d)." % (len(dy), len(x))


def csg_grad_y_dims(ctx):
    """CheckAndGetXAndAttrs: grad_y's size at dim half x's, its other dims x's."""
    dy, x = ctx.tensor("gradY").shape, ctx.tensor("x").shape
    d = _cut_dim(ctx)
    for i in range(len(x)):
        want = x[i] // 2 if i == d else x[i]
        if dy[i] != want:
            return "grad_y dim %d (%d) should be %s x dim %d (%d)." % (
                i, dy[i], "half of" if i == d else "equal to", i, x[i])


def csg_group_rank(ctx):
    """CheckAndGetGroupIndex: group_index 1-d."""
    g = ctx.tensor("groupIndexOptional")
    if g is not None and len(g.shape) != 1:
        return "the number of dimensions of group_index should be 1, but get %d." % len(g.shape)


def csg_grad_x_rank(ctx):
    """CheckGradX: grad_x's rank is x's."""
    gx, x = ctx.tensor("gradXOut").shape, ctx.tensor("x").shape
    if len(gx) != len(x):
        return "the number of dimensions of grad_x should be equal to dimensions of x, but get %d." % len(gx)


CLIPPED_SWIGLU_GRAD_CHECKS = Checks(
    CLIPPED_SWIGLU_GRAD_SOURCE,
    ("aclnnClippedSwigluGradGetWorkspaceSize", NotNull("gradY", "x", "gradXOut")),
    ("NnopbaseExecutorCheckSocVersionAndParam",
     Require(clipped_swiglu_grad_soc, "an AI Core config for the SoC", status=561003, names=()),
     DtypeIn("gradY", dtypes=DTYPES), SameDtype("gradY", "x", "gradXOut"),
     DtypeIn("groupIndexOptional", dtypes=("int64",))),
    ("NnopbaseExecutorMatchCache", EmptyReturn("gradXOut")),
    ("ClippedSwigluGradTiling::GetShapeAttrsInfo", When(
        grad_x_not_empty, "gradXOut not empty",
        Require(csg_limit, "limit > 0", status=561002, names=("limit",)),
        Require(csg_dim, "dim (as int) in [-rank, rank)", status=561002, names=("x", "dim")),
        Require(csg_x_even, "x's size at dim even", status=561002, names=("x", "dim")),
        Require(csg_grad_y_rank, "gradY of x's rank", status=561002, names=("gradY", "x")),
        Require(csg_grad_y_dims, "gradY x's shape halved at dim", status=561002, names=("gradY", "x", "dim")),
        Require(csg_group_rank, "groupIndex 1-d", status=561002, names=("groupIndexOptional",)),
        Require(csg_grad_x_rank, "gradXOut of x's rank", status=561002, names=("gradXOut", "x")))),
)


def tiling_check(shapes, attrs):
    """The engine's own limit after the sequence (561002, as the tiling's refusals): a NaN
    limit, which CANN's tiling lets through (`limit_ <= 0.0f` is false for NaN), but whose
    masks and clamps the kernel would not compute as the float64 reference does."""
    limit = float(F32(attrs[2]))
    if limit != limit:
        return "limit is nan, should be a number > 0."
    return None


def _attr_cases(ndim):
    if ndim == 0:
        return [(-1, 1.702, 7.0, 1.0, True)]
    cases = [(-1, 1.702, 7.0, 1.0, True), (-1, 1.702, 7.0, 1.0, False), (0, 1.0, 2.0, 0.5, True),
             (0, 1.0, 2.0, 0.5, False)]
    return cases + ([(1, 1.702, 1.5, -0.25, True)] if ndim >= 3 else [])


def kernel_for(attrs):
    return "clipped_swiglu_grad", (attrs[1], attrs[2], attrs[3])


CLIPPED_SWIGLU_GRAD = register(ElementwiseOp(
    name="ClippedSwigluGrad",
    snake="clipped_swiglu_grad",
    params=(Input("gradY"), Input("x", split="dim", split_mode="interleaved"),
            Input("groupIndexOptional", optional=True, limits_rows="zero"),
            Int("dim", -1), Double("alpha", 1.702), Double("limit", 7.0), Double("bias", 1.0),
            Bool("interleaved", True),
            Output("gradXOut", split="dim", split_mode="interleaved", const=True)),
    dtypes={"default": DTYPES, "Ascend910": (), "Ascend310P": ()},
    kernel="clipped_swiglu_grad",
    kernel_for=kernel_for,
    tiling_check=tiling_check,
    tiling=tiling3,
    broadcast="never",
    mixed="never",
    min_rank=1,
    max_rank=None,
    checks=CLIPPED_SWIGLU_GRAD_CHECKS,
    info={"reference": reference, "domain": [(-3.0, 3.0), (-9.0, 9.0), (0.0, 1.0)],
          "attrs": _attr_cases,
          "bad_attrs": lambda ndim: [((-1, 1.702, 0.0, 1.0, True), 561002)] if ndim else []},
    doc=__doc__,
))
