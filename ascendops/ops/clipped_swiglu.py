"""aclnnClippedSwiglu and aclnnClippedSwigluV2: the clipped SwiGlu of GPT-OSS, with an
optional MoE group filter.

CANN (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921 activation/clipped_swiglu/:
docs/aclnnClippedSwiglu.md, docs/aclnnClippedSwigluV2.md, op_host/clipped_swiglu_def.cpp,
op_host/clipped_swiglu_tiling.cpp (Ascend910B / 910_93), op_host/clipped_swiglu_tiling_arch35.cpp
(regbase SoCs), op_kernel/clipped_swiglu.hpp, op_kernel/arch35/clipped_swiglu_kernel.h; CANN
generates these aclnn APIs from the op definition, so there is no op_api source):
aclnnClippedSwigluGetWorkspaceSize(const aclTensor *x, const aclTensor *groupIndexOptional,
int64_t dim, double alpha, double limit, double bias, bool interleaved, const aclTensor *out,
...); V2 adds int64_t clampMode before out (`const` on out, as CANN's
generated headers have it).

Math (the docs): x's dims merge into [pre, cut, after] at `dim`, then cut and after into one
axis, [pre, cut * after]; with groupIndexOptional only the first sum(groupIndex) rows of pre
are computed; the merged axis splits into halves (interleaved=false) or its even and odd
elements (interleaved=true: even/odd of the MERGED axis, which is what the kernel's
CopyInInterLeaved + Gather with stride 2 over dim2H = cut * after reads, not of `dim` alone);
clampMode 0 (V1): A = min(A, limit), B = clamp(B, -limit, limit),
out = A * sigmoid(alpha * A) * (B + bias); clampMode 1 (V2 only): out = min(A * sigmoid(A),
limit) * clamp(B, -limit, limit) (no alpha, no bias: the doc and the arch35 kernel agree).
out has x's shape with `dim` halved. Kernels: src/ops/clipped_swiglu.h (CANN's step order,
fp32, one rounding for 16-bit), clipped_swiglu_post.h. alpha, limit and bias reach the kernel
as float (CANN's tiling reads the attributes as float).

groupIndexOptional (Input(limits_rows=True)): INT64, 1-d, optional. Its element sum is read
when the launch runs (on the stream: on cpu:strict device memory is not host-readable at
phase 1), as CANN's kernel reads it from device memory (Process: DataCopyPad of groupIndex,
ReduceSum, realBatchSize = min(sum, pre)); the plan covers every row. Rows >= sum are not
written: CANN's kernel splits only realBatchSize rows across its cores and copies out
nothing else, so out keeps what it held there (the numpy-like call allocates out
zero-filled for this op). A sum > pre computes every row (the kernel's min). A sum <= 0
computes nothing here; CANN's kernels divide by the row count split per core there
(clipped_swiglu.hpp CalTilingParam: batchFrontBlock = 0, then a division by it; arch35
ComputeTiling likewise), so CANN's result is undefined and the doc requires elements >= 0.
Deviation: the sum is exact in int64 here (clamped on overflow); the Ascend910B kernel sums
in fp32 (Cast CAST_RINT, ReduceSum, then static_cast to int64), exact only while the
values and partial sums stay below 2^24 rows.

The check sequence (CLIPPED_SWIGLU_CHECKS, V2's too) is the generated API's phase 1 (hicann/
opbase src/nnopbase/individual_op/executor/indv_executor.cpp): null x / out 161001; no AI
Core config for the SoC (Ascend910, Ascend310P) 561003; x and out one dtype of FLOAT16,
FLOAT, BFLOAT16, groupIndexOptional INT64 (the definition's lists, 161002); an empty out
skips the tiling: success. Then the host tiling (561002, ACLNN_ERR_INNER_TILING_ERROR). On
regbase SoCs (clipped_swiglu_tiling_arch35.cpp, also this package's "host" profile): limit
(as float) <= 0, clampMode not 0 or 1, a 0-d x, dim in [-rank, rank), an empty x, x's
size at dim odd, groupIndex not 1-d or of 0 or more than 8192 elements, out's rank, out's
size at dim not half x's, out's other dims not x's. On Ascend910B / 910_93
(clipped_swiglu_tiling.cpp, which reads dim as a 32-bit int): dim in [-rank, rank), x's
size at dim odd, groupIndex not 1-d, out's rank, out's size at dim (its CountMaxPair result
is not checked: a long groupIndex passes). Not modelled: the arch35 CountUbFactor check
(groupIndex longer than the UB share, which depends on Ascend950's UB size). After the
sequence the engine refuses what it cannot compute: out's other dims not x's off regbase
SoCs, a NaN limit (161002 / 561002: deviations, tests/ops/probes/clipped_swiglu.py).
Supported SoCs: Ascend910B, Ascend910_93, Ascend950; ClippedSwigluV2 only on Ascend950 here
(its doc's list; the definition is one op with clamp_mode a Version-2 attribute, whose
Ascend910B kernel reads no clamp_mode: a deviation)."""
import numpy as np

from ascendops._core import Bool, Double, ElementwiseOp, Input, Int, Output, register
from ascendops.ops import CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Require, SameDtype, When
from ascendops.ops._gated import DTYPES, sigmoid, tiling
from ascendops.ops.swi_glu import tiling_dim

MAX_GROUP_NUM = 8192        # the arch35 tiling's MAX_GROUP_NUM
F32 = np.float32


def merged_halves(x, dim, interleaved):
    """x (float64) as [pre, cut * after], split into A, B (the doc's steps 1 and 3)."""
    x = np.asarray(x, dtype=np.float64)
    dim = dim % x.ndim
    pre = int(np.prod(x.shape[:dim], dtype=np.int64))
    m = x.reshape(pre, int(np.prod(x.shape[dim:], dtype=np.int64)))
    if interleaved:
        return m[:, 0::2], m[:, 1::2]
    h = m.shape[1] // 2
    return m[:, :h], m[:, h:]


def rows_computed(group_index, pre):
    """The rows the kernel computes: min(sum(groupIndex), pre), none for a sum <= 0."""
    if group_index is None:
        return pre
    s = int(np.asarray(group_index, dtype=np.int64).sum())
    return max(0, min(s, pre))


def formula(a, b, alpha, limit, bias, clamp_mode=0):
    """The doc's step 4 in float64 (attributes as CANN's tiling reads them: float)."""
    alpha, limit, bias = float(F32(alpha)), float(F32(limit)), float(F32(bias))
    if clamp_mode == 0:
        a = np.minimum(a, limit)
        b = np.clip(b, -limit, limit)
        return a * sigmoid(alpha * a) * (b + bias)
    return np.minimum(a * sigmoid(a), limit) * np.clip(b, -limit, limit)


def reference(x, group_index=None, dim=-1, alpha=1.702, limit=7.0, bias=1.0, interleaved=True,
              clamp_mode=0, out=None):
    """float64 golden values; rows past the group sum keep `out`'s (zeros by default)."""
    x = np.asarray(x, dtype=np.float64)
    d = dim % x.ndim
    oshape = x.shape[:d] + (x.shape[d] // 2,) + x.shape[d + 1:]
    a, b = merged_halves(x, d, interleaved)
    y = np.zeros(a.shape) if out is None else np.array(out, dtype=np.float64).reshape(a.shape)
    n = rows_computed(group_index, a.shape[0])
    y[:n] = formula(a[:n], b[:n], alpha, limit, bias, clamp_mode)
    return y.reshape(oshape)


def reference_v2(x, group_index=None, dim=-1, alpha=1.702, limit=7.0, bias=1.0, interleaved=True,
                 clamp_mode=0):
    return reference(x, group_index, dim, alpha, limit, bias, interleaved, clamp_mode)


def torch_reference(t, x, group_index=None, dim=-1, alpha=1.702, limit=7.0, bias=1.0, interleaved=True,
                    clamp_mode=0):
    """The doc's formula in PyTorch (no torch op computes it)."""
    d = dim % x.dim()
    pre = int(np.prod(x.shape[:d], dtype=np.int64))
    m = x.reshape(pre, int(np.prod(x.shape[d:], dtype=np.int64)))
    a, b = (m[:, 0::2], m[:, 1::2]) if interleaved else t.chunk(m, 2, 1)
    alpha, limit, bias = float(F32(alpha)), float(F32(limit)), float(F32(bias))
    if clamp_mode == 0:
        a = a.clamp(max=limit)
        y = a * t.sigmoid(alpha * a) * (b.clamp(-limit, limit) + bias)
    else:
        y = (a * t.sigmoid(a)).clamp(max=limit) * b.clamp(-limit, limit)
    n = rows_computed(None if group_index is None else group_index.numpy(), pre)
    y = t.cat([y[:n], t.zeros_like(y[n:])])
    return y.reshape(x.shape[:d] + (x.shape[d] // 2,) + x.shape[d + 1:])


CLIPPED_SWIGLU_SOURCE = CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
                                   "activation/clipped_swiglu/op_host/clipped_swiglu_def.cpp")


def clipped_swiglu_soc(ctx):
    """NnopbaseGetSupportInfo: an AI Core config (ascend910b, ascend910_93, ascend950), else 561003."""
    if ctx.soc.name in ("Ascend910", "Ascend310P"):
        return "Op ClippedSwiglu not support soc version %s." % ctx.soc.name


def out_not_empty(ctx):
    """NnopbaseExecutorMatchCache: the tiling runs unless every output is empty."""
    return ctx.tensor("out").numel != 0


def arch35_tiling_runs(ctx):
    """TilingForClippedSwiglu: Tiling4ClippedSwigluArch35 on regbase SoCs (out not empty)."""
    return out_not_empty(ctx) and ctx.soc.regbase


def common_tiling_runs(ctx):
    """TilingForClippedSwiglu: ClippedSwigluTiling elsewhere (Ascend910B / 910_93; out not empty)."""
    return out_not_empty(ctx) and not ctx.soc.regbase


def _cut_dim(ctx, truncated):
    n = len(ctx.tensor("x").shape)
    dim = tiling_dim(ctx.values["dim"]) if truncated else ctx.values["dim"]
    return dim + n if dim < 0 else dim


def cs35_limit(ctx):
    """CheckAndGetXAndAttrs: gluLimit_ (float) <= 0.0f (a NaN passes)."""
    limit = float(F32(ctx.values["limit"]))
    if limit <= 0.0:
        return "limit is %r, should be > 0." % limit


def cs35_clamp_mode(ctx):
    """CheckAndGetXAndAttrs: clamp_mode 0 or 1 (V1 passes the default 0)."""
    mode = ctx.values.get("clampMode", 0)
    if mode is not None and mode not in (0, 1):
        return "clamp_mode is %d, must be 1 or 0." % mode


def cs35_x_rank(ctx):
    """CheckAndGetXAndAttrs: xDims_ > 0."""
    if len(ctx.tensor("x").shape) == 0:
        return "x dims is 0, should be > 0."


def cs35_dim(ctx):
    """CheckInputX: cutDim_ (dim + rank where negative) in [0, rank - 1]."""
    n, d = len(ctx.tensor("x").shape), _cut_dim(ctx, False)
    if d > n - 1 or d < 0:
        return "dim %d should be in [0, %d]." % (d, n - 1)


def cs35_x_size(ctx):
    """CheckInputX: x shape size must > 0."""
    if ctx.tensor("x").numel <= 0:
        return "x shape size must > 0"


def cs35_x_even(ctx):
    """CheckInputX: x's size at dim even."""
    x = ctx.tensor("x").shape
    if x[_cut_dim(ctx, False)] % 2:
        return "x[dim] should be divisible by 2, but get %d" % x[_cut_dim(ctx, False)]


def cs_group_rank(ctx):
    """CheckAndGetGroupIndex: group_index 1-d."""
    g = ctx.tensor("groupIndexOptional")
    if g is not None and len(g.shape) != 1:
        return "the number of dimensions of group_index should be 1, but get %d." % len(g.shape)


def cs35_group_num(ctx):
    """CheckAndGetGroupIndex (arch35): 0 < groupNum <= MAX_GROUP_NUM."""
    g = ctx.tensor("groupIndexOptional")
    if g is not None and not 0 < g.shape[0] <= MAX_GROUP_NUM:
        return ("the number of elements of group_index should be greater than 0 and no more than 8192, got %d"
                % g.shape[0])


def cs_y_rank(ctx):
    """CheckY: y's rank is x's."""
    if len(ctx.tensor("out").shape) != len(ctx.tensor("x").shape):
        return ("the number of dimensions of y should be equal to dimensions of x, but get %d."
                % len(ctx.tensor("out").shape))


def _y_dim(ctx, truncated):
    x, y = ctx.tensor("x").shape, ctx.tensor("out").shape
    d = _cut_dim(ctx, truncated)
    if y[d] != x[d] // 2:
        return "y[dim] should be equal to x[dim] divided by 2, but get %d." % y[d]


def cs35_y_dim(ctx):
    """CheckY (arch35): y's size at dim half x's."""
    return _y_dim(ctx, False)


def cs_y_dim(ctx):
    """CheckY (common tiling, dim read as int): y's size at dim half x's."""
    return _y_dim(ctx, True)


def cs35_y_other_dims(ctx):
    """CheckY, CheckAfterDim (arch35): y's dims before and after dim those of x."""
    x, y = ctx.tensor("x").shape, ctx.tensor("out").shape
    d = _cut_dim(ctx, False)
    for i in range(len(x)):
        if i != d and x[i] != y[i]:
            return "x shape is %r, y shape is %r: xShape[%d] should be equal yShape[%d]." % (x, y, i, i)


def cs_dim(ctx):
    """CheckAndGetXAndAttrs (common tiling): dim, read as int, in [-rank, rank - 1]."""
    n, dim = len(ctx.tensor("x").shape), tiling_dim(ctx.values["dim"])
    if dim > n - 1 or dim < -n:
        return "dim should in [-%d, %d], but get %d," % (n, n - 1, dim)


def cs_x_even(ctx):
    """CheckAndGetXAndAttrs (common tiling): x's size at dim even."""
    x = ctx.tensor("x").shape
    if x[_cut_dim(ctx, True)] % 2:
        return "x[dim] should be divisible by 2, but get %d" % x[_cut_dim(ctx, True)]


def _xy(*more):
    return ("x", "dim", "out") + more


CLIPPED_SWIGLU_CHECKS = Checks(
    CLIPPED_SWIGLU_SOURCE,
    ("aclnnClippedSwigluGetWorkspaceSize", NotNull("x", "out")),
    ("NnopbaseExecutorCheckSocVersionAndParam",
     Require(clipped_swiglu_soc, "an AI Core config for the SoC", status=561003, names=()),
     DtypeIn("x", dtypes=DTYPES), SameDtype("x", "out"), DtypeIn("groupIndexOptional", dtypes=("int64",))),
    ("NnopbaseExecutorMatchCache", EmptyReturn("out")),
    ("Tiling4ClippedSwigluArch35", When(
        arch35_tiling_runs, "out not empty, a regbase SoC",
        Require(cs35_limit, "limit > 0", status=561002, names=("limit",)),
        Require(cs35_clamp_mode, "clampMode 0 or 1", status=561002, names=()),
        Require(cs35_x_rank, "x at least 1-d", status=561002, names=("x",)),
        Require(cs35_dim, "dim in [-rank, rank)", status=561002, names=("x", "dim")),
        Require(cs35_x_size, "x not empty", status=561002, names=("x",)),
        Require(cs35_x_even, "x's size at dim even", status=561002, names=("x", "dim")),
        Require(cs_group_rank, "groupIndex 1-d", status=561002, names=("groupIndexOptional",)),
        Require(cs35_group_num, "groupIndex of 1 to 8192 elements", status=561002, names=("groupIndexOptional",)),
        Require(cs_y_rank, "out of x's rank", status=561002, names=("x", "out")),
        Require(cs35_y_dim, "out half x at dim", status=561002, names=_xy()),
        Require(cs35_y_other_dims, "out's other dims x's", status=561002, names=_xy()))),
    ("ClippedSwigluTiling::GetShapeAttrsInfoInner", When(
        common_tiling_runs, "out not empty, not a regbase SoC",
        Require(cs_dim, "dim (as int) in [-rank, rank)", status=561002, names=("x", "dim")),
        Require(cs_x_even, "x's size at dim even", status=561002, names=("x", "dim")),
        Require(cs_group_rank, "groupIndex 1-d", status=561002, names=("groupIndexOptional",)),
        Require(cs_y_rank, "out of x's rank", status=561002, names=("x", "out")),
        Require(cs_y_dim, "out half x at dim", status=561002, names=_xy()))),
)


def tiling_check(shapes, attrs):
    """The engine's own limit after the sequence (561002, as the tiling's refusals): a NaN
    limit, which CANN's tilings let through (`gluLimit_ <= 0.0f` is false for NaN; the
    common tiling has no limit check), but which the engine's clamps would ignore (as an
    infinite bound), not giving the float64 reference's NaN."""
    limit = float(F32(attrs[2]))
    if limit != limit:
        return "limit is nan, should be a number > 0."
    return None


def _attr_cases(ndim, v2=False):
    if ndim == 0:
        return [(-1, 1.702, 7.0, 1.0, True) + ((0,) if v2 else ())]
    cases = [(-1, 1.702, 7.0, 1.0, True), (-1, 1.702, 7.0, 1.0, False), (0, 1.0, 2.0, 0.5, True),
             (0, 1.0, 2.0, 0.5, False)]
    if ndim >= 3:
        cases.append((1, 1.702, 1.5, -0.25, True))
    if not v2:
        return cases
    return [c + (0,) for c in cases] + [c + (1,) for c in cases[:3]]


def _bad_attrs(ndim, v2=False):
    if ndim == 0:
        return []
    extra = (0,) if v2 else ()
    cases = [((-1, 1.702, 0.0, 1.0, True) + extra, 561002)]      # limit <= 0 (the host profile is regbase)
    if v2:
        cases.append(((-1, 1.702, 7.0, 1.0, True, 2), 561002))
    return cases


PARAMS = (Input("x", split="dim", split_mode="interleaved"),
          Input("groupIndexOptional", optional=True, limits_rows=True),
          Int("dim", -1), Double("alpha", 1.702), Double("limit", 7.0), Double("bias", 1.0),
          Bool("interleaved", True))


def kernel_for(attrs):
    if len(attrs) > 5 and attrs[5] == 1:
        return "clipped_swiglu_post", (attrs[1], attrs[2], attrs[3])
    return "clipped_swiglu", (attrs[1], attrs[2], attrs[3])


CLIPPED_SWIGLU = register(ElementwiseOp(
    name="ClippedSwiglu",
    snake="clipped_swiglu",
    params=PARAMS + (Output("out", const=True),),
    dtypes={"default": DTYPES, "Ascend910": (), "Ascend310P": ()},
    kernel="clipped_swiglu",
    kernel_for=kernel_for,
    tiling_check=tiling_check,
    tiling=tiling,
    broadcast="never",
    mixed="never",
    min_rank=1,
    max_rank=None,
    checks=CLIPPED_SWIGLU_CHECKS,
    info={"reference": reference, "domain": [(-9.0, 9.0), (0.0, 1.0)],
          "attrs": _attr_cases, "bad_attrs": _bad_attrs},
    doc=__doc__,
))

CLIPPED_SWIGLU_V2 = register(ElementwiseOp(
    name="ClippedSwigluV2",
    snake="clipped_swiglu_v2",
    params=PARAMS + (Int("clampMode", 0), Output("out", const=True)),
    dtypes={"default": DTYPES, "Ascend910B": (), "Ascend910_93": (), "Ascend910": (), "Ascend310P": ()},
    kernel="clipped_swiglu",
    kernel_for=kernel_for,
    tiling_check=tiling_check,
    tiling=tiling,
    broadcast="never",
    mixed="never",
    min_rank=1,
    max_rank=None,
    checks=CLIPPED_SWIGLU_CHECKS,
    header="aclnn_clipped_swiglu_v2.h",
    info={"reference": reference_v2, "domain": [(-9.0, 9.0), (0.0, 1.0)],
          "attrs": lambda ndim: _attr_cases(ndim, True), "bad_attrs": lambda ndim: _bad_attrs(ndim, True)},
    doc=__doc__,
))
