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

Checks: null gradY / x / gradXOut 161001; dtypes FLOAT, FLOAT16, BFLOAT16, all three
tensors one dtype, groupIndexOptional INT64 (the definition, 161002); ranks 1-8 and `dim` in
[-rank, rank) (the doc, 161002); then the tiling (561002): limit > 0, x[dim] even, gradY of
x's rank with dim halved and the other dims x's, groupIndex 1-d, gradXOut of x's rank; then
every shape (161002: gradXOut is x's shape). gradXOut written as even/odd halves must be
one stride over the merged dims from `dim` on (a transposed gradXOut there is 161002: the
doc lists no non-contiguous tensors for this op); x may be any layout. An empty x returns
success (the doc says empty tensors are not supported; CANN's result for them is not
modelled). Supported SoCs: Ascend910B, Ascend910_93, Ascend950, not Ascend910 or Ascend310P."""
import numpy as np

from ascendops._core import Bool, Double, ElementwiseOp, Input, Int, Output, register
from ascendops.ops._gated import DTYPES, sigmoid, tiling3
from ascendops.ops.clipped_swiglu import F32, merged_halves, rows_computed


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


def tiling_check(shapes, attrs):
    """clipped_swiglu_grad_tiling.cpp (CheckAndGetXAndAttrs, CheckAndGetGroupIndex,
    CheckGradX): 561002. The dim's range was checked before (161002)."""
    dy, x, group, gx = shapes
    dim = attrs[0] % len(x)
    if not float(F32(attrs[2])) > 0.0:      # NaN too, as ClippedSwiglu's
        return "limit must be > 0, but got %r." % float(F32(attrs[2]))
    if x[dim] % 2:
        return "x[dim] should be divisible by 2, but get %d" % x[dim]
    if len(dy) != len(x):
        return "grad_y rank (%d) should be equal to x rank (%d)." % (len(dy), len(x))
    for i in range(len(x)):
        want = x[i] // 2 if i == dim else x[i]
        if dy[i] != want:
            return "grad_y dim %d (%d) should be %s x dim %d (%d)." % (
                i, dy[i], "half of" if i == dim else "equal to", i, x[i])
    if group is not None and len(group) != 1:
        return "the number of dimensions of group_index should be 1, but get %d." % len(group)
    if len(gx) != len(x):
        return "the number of dimensions of grad_x should be equal to dimensions of x, but get %d." % len(gx)
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
    info={"reference": reference, "domain": [(-3.0, 3.0), (-9.0, 9.0), (0.0, 1.0)],
          "attrs": _attr_cases,
          "bad_attrs": lambda ndim: [((-1, 1.702, 0.0, 1.0, True), 561002)] if ndim else []},
    doc=__doc__,
))
