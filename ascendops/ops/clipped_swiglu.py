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

Checks, in CANN's order: null x / out 161001; x and out dtype FLOAT, FLOAT16, BFLOAT16
(out of x's dtype), groupIndexOptional INT64 (the definition's lists, 161002); x and out
ranks 1-8 and `dim` in [-rank, rank) (the doc, 161002); then the host tiling (561002,
ACLNN_ERR_INNER_TILING_ERROR, tiling_check below): x's size at `dim` even, groupIndex 1-d,
out's rank that of x and its size at `dim` half of x's; on Ascend910B / 910_93 (the
common tiling) a groupIndex too long for the UB (CountMaxPair: ubMaxPair <= 0, about 12k
elements); on regbase SoCs (arch35 tiling, also this package's "host" profile) limit <= 0,
clampMode not 0 or 1, groupIndex of 0 or more than 8192 elements, and out's other dims
those of x. Then every operand's shape (161002: out is x's with `dim` halved). An empty x
returns success (the doc's "支持空Tensor"; the arch35 tiling's "x shape size must > 0" is
not modelled, like GeluMul's). Supported SoCs: Ascend910B, Ascend910_93, Ascend950 (V2:
Ascend950 only), not Ascend910 or Ascend310P."""
import numpy as np

from ascendops._core import Bool, Double, ElementwiseOp, Input, Int, Output, get_soc, register
from ascendops.ops._gated import DTYPES, sigmoid, tiling

UB_SIZE = 196608            # Ascend910B / 910_93 UB bytes (the common tiling's CountMaxPair)
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


def tiling_check(shapes, attrs):
    """The host tiling's checks (561002): clipped_swiglu_tiling.cpp (Ascend910B/910_93:
    CheckAndGetXAndAttrs, CheckAndGetGroupIndex, CheckY, CountMaxPair) and, on regbase
    SoCs, clipped_swiglu_tiling_arch35.cpp (limit > 0, clamp_mode, the group count, out's
    other dims). The dim's range was checked before (161002, the doc)."""
    x, group, out = shapes
    dim = attrs[0] % len(x)
    limit = float(F32(attrs[2]))
    clamp_mode = attrs[5] if len(attrs) > 5 else 0
    regbase = get_soc().regbase
    if limit != limit:
        # NaN: CANN's `gluLimit_ <= 0.0f` (arch35) lets it through and the 910B tiling has no
        # check, but min/clamp with a NaN bound would not give the float64 reference's NaN
        # (the engine's clamps ignore a NaN bound, as limit=inf): refused on every SoC
        return "limit is nan, should be a number > 0."
    if regbase and limit <= 0.0:
        return "limit is %r, should be > 0." % limit
    if regbase and clamp_mode not in (0, 1):
        return "clamp_mode is %d, must be 1 or 0." % clamp_mode
    if x[dim] % 2:
        return "x[dim] should be divisible by 2, but get %d" % x[dim]
    if group is not None:
        if len(group) != 1:
            return "the number of dimensions of group_index should be 1, but get %d." % len(group)
        if regbase and not 0 < group[0] <= MAX_GROUP_NUM:
            return ("the number of elements of group_index should be greater than 0 and no more "
                    "than 8192, got %d" % group[0])
    if len(out) != len(x):
        return "the number of dimensions of y should be equal to dimensions of x, but get %d." % len(out)
    if out[dim] != x[dim] // 2:
        return "y[dim] should be equal to x[dim] divided by 2, but get %d." % out[dim]
    if regbase:
        if any(out[i] != x[i] for i in range(len(x)) if i != dim):
            return "x shape is %r, y shape is %r: xShape[i] should be equal yShape[i]." % (x, out)
    elif group is not None:
        # CountMaxPair: the UB left after the double-buffered groupIndex
        numerator = UB_SIZE - 1024 - 2 * ((group[0] * 8 + 31) // 32 * 32)
        ub_max_pair = numerator // 16 // 32 * 32 - 31
        if numerator <= 0 or ub_max_pair // 2 <= 0:
            return "Input not supported, groupNum is too large."
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
    header="aclnn_clipped_swiglu_v2.h",
    info={"reference": reference_v2, "domain": [(-9.0, 9.0), (0.0, 1.0)],
          "attrs": lambda ndim: _attr_cases(ndim, True), "bad_attrs": lambda ndim: _bad_attrs(ndim, True)},
    doc=__doc__,
))
