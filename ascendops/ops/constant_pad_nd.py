"""aclnnConstantPadNd: out = self padded with `value` (negative pads crop), torch's
constant_pad_nd: pad = (before, after) pairs from the last dim backwards.

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
conversion/pad_v3/op_api/aclnn_constant_pad_nd.cpp), in its order (CONSTANT_PAD_ND_CHECKS):
self, pad, value and out not null (161001); CheckDtypeValid: out of self's dtype, self's in
the list of the SoC (ASCEND910B / ASCEND910_93: every integer type but none, BOOL, FLOAT16,
FLOAT, DOUBLE, COMPLEX64/128, BF16; IsRegBase(): also HIFLOAT8, the FLOAT8 and FLOAT4 types;
others: no BF16); Checkformat: a self not ND has out's format; CheckShape: self and out at
most 8 dims, of one rank, pad of even length at most twice the rank, no dim made negative
(size + min(before, after, before + after) >= 0), out's dims the padded ones, no padded dim
of size 0 where some pad is positive; CheckPadForFp8: no negative pad of an 8/4-bit float
self; else 161002. An empty out then returns success. The computation: PadV3 with the
positive pads (value ConvertToTensor'd to self's dtype), StridedSlice by the negative ones,
ViewCopy into out.

Here: one copy of the part of self that remains and the constant written around it (the
Layout kind: the Cast kernel's copy of the bytes, bit-exact; value converted to out's
dtype by the Cast kernel's rules: a BOOL out is value != 0). The complex and 8/4-bit float
dtypes, which the Cast kernel cannot copy, are refused after the sequence (161002;
tests/ops/probes/constant_pad_nd.py DEVIATIONS). numpy: np.pad with mode="constant"
(negative pads: slicing)."""
import numpy as np

from ascendops._core import Format
from ascendops.ops import (CannSource, Checks, Copy, DtypeIn, EmptyReturn, Fill, Input, IntArray, Layout, LayoutOp,
                           NotNull, Output, Rank, Require, SameDtype, Scalar, dim_step, register)
from ascendops.ops._layout import COMMIT, REPO, copyable

DTYPE_SUPPORT_LIST = ("float32", "int32", "float16", "int8", "float64", "int16", "int64", "uint64", "uint32",
                      "uint16", "uint8", "bool", "complex64", "complex128")
DTYPE_SUPPORT_910B_LIST = DTYPE_SUPPORT_LIST + ("bfloat16",)
DTYPE_SUPPORT_REGBASE_LIST = DTYPE_SUPPORT_910B_LIST + ("hifloat8", "float8_e5m2", "float8_e4m3fn",
                                                        "float8_e8m0", "float4_e2m1", "float4_e1m2")
FP8_FP4 = ("hifloat8", "float8_e5m2", "float8_e4m3fn", "float8_e8m0", "float4_e2m1", "float4_e1m2")
# is910bSocVersion (ASCEND910B, ASCEND910_93), then IsRegBase() overrides
SELF_DTYPES = {"Ascend910B": DTYPE_SUPPORT_910B_LIST, "Ascend910_93": DTYPE_SUPPORT_910B_LIST,
               "regbase": DTYPE_SUPPORT_REGBASE_LIST, "default": DTYPE_SUPPORT_LIST}


def real_pad(ndim, pad):
    """GetRealPad: (before, after) per dim, first dim first."""
    pairs = [(0, 0)] * ndim
    for i in range(len(pad) // 2):
        pairs[ndim - 1 - i] = (pad[2 * i], pad[2 * i + 1])
    return pairs


def reference(x, pad, value):
    x = np.asarray(x)
    pairs = real_pad(x.ndim, pad)
    crop = tuple(slice(max(-b, 0), x.shape[d] - max(-e, 0)) for d, (b, e) in enumerate(pairs))
    y = x[crop]
    v = np.asarray(value).astype(x.dtype) if not isinstance(value, complex) else np.asarray(value.real).astype(x.dtype)
    return np.pad(y, [(max(b, 0), max(e, 0)) for b, e in pairs], mode="constant", constant_values=v)


def mapping(shape, attrs):
    """The part of self that remains, copied at max(before, 0) in each dim; the constant
    in the slabs around it (per dim: before and after it, within the copied range of the
    dims before)."""
    pad, _ = attrs
    n = len(shape)
    pairs = real_pad(n, pad)
    oshape = tuple(s + b + e for s, (b, e) in zip(shape, pairs))
    olo = [max(b, 0) for b, _ in pairs]
    ilo = [max(-b, 0) for b, _ in pairs]
    size = [s - max(-b, 0) - max(-e, 0) for s, (b, e) in zip(shape, pairs)]
    steps = [dim_step(d) for d in range(n)]
    if any(m <= 0 for m in size):
        return Layout(oshape, [Fill(oshape, (0,) * n, steps)])
    pieces = [Copy(size, olo, steps, ilo, steps)]
    for d in range(n):
        head = tuple(size[:d])
        tail = oshape[d + 1:]
        at = tuple(olo[:d])
        pieces.append(Fill(head + (olo[d],) + tail, at + (0,) + (0,) * len(tail), steps))
        after = oshape[d] - olo[d] - size[d]
        pieces.append(Fill(head + (after,) + tail, at + (olo[d] + size[d],) + (0,) * len(tail), steps))
    return Layout(oshape, pieces)


def check_format(ctx):
    """Checkformat: a self not ND must have out's storage format."""
    s, o = ctx.tensor("self").format, ctx.tensor("out").format
    if s != o and s != Format.ND:
        return ("If Input tensor's format not ND, Input tensor's format[%s] should be same with output's "
                "format[%s]." % (s.name, o.name))
    return None


def check_shape(ctx):
    """CheckShape after the rank caps: pad's length, sizes, out's shape, empty dims."""
    shape, oshape, pad = tuple(ctx.tensor("self").shape), tuple(ctx.tensor("out").shape), ctx.values["pad"]
    n = len(shape)
    if n != len(oshape):
        return "Dim of self[%d] and out[%d] can't be different." % (n, len(oshape))
    if len(pad) % 2:
        return "Pad len must be divisible by 2"
    cover = len(pad) // 2
    if cover > n:
        return ("Expected aclnnConstantPadNd pad len [%d] to not be greater than twice of [%d] but check failed."
                % (len(pad), n))
    has_zero = positive = False
    for i in range(n):
        cur = shape[n - i - 1]
        b = pad[2 * i] if 2 * i < len(pad) else 0
        e = pad[2 * i + 1] if 2 * i + 1 < len(pad) else 0
        new = cur + b + e
        if cur + min(b, e, b + e) < 0:
            return ("The input size %d plus padding %d and %d resulted in a negative output size, which is "
                    "invalid. Check dimension %d of your input." % (cur, b, e, n - i - 1))
        positive = positive or b > 0 or e > 0
        if new != oshape[n - i - 1]:
            return ("output shape at dim %d check failed,The output shape you provided is %d at dim %d, and the "
                    "expected one is %d at dim %d based on the infershape." % (n - i - 1, oshape[n - i - 1],
                                                                              n - i - 1, new, n - i - 1))
        if i < cover and new == 0:
            has_zero = True
    if has_zero and positive:
        return "The output size %r with zero element is invalid, please check your input." % (oshape,)
    return None


def check_pad_fp8(ctx):
    """CheckPadForFp8: no negative pad for an 8/4-bit float self."""
    if ctx.dtype("self").name in FP8_FP4 and any(p < 0 for p in ctx.values["pad"]):
        return "For fp8 data type, pad array cannot contain negative values."
    return None


CONSTANT_PAD_ND_CHECKS = Checks(
    CannSource(REPO, COMMIT, "conversion/pad_v3/op_api/aclnn_constant_pad_nd.cpp"),
    ("CheckNotNull", NotNull("self", "pad", "value", "out")),
    ("CheckDtypeValid", SameDtype("self", "out"), DtypeIn("self", dtypes=SELF_DTYPES)),
    ("Checkformat", Require(check_format, "a self not ND has out's format", names=("self", "out"))),
    ("CheckShape", Rank("self", max=8), Rank("out", max=8),
     Require(check_shape, "pad's length, no negative size, out's shape, no zero dim with a positive pad",
             names=("self", "pad", "out"))),
    ("CheckPadForFp8", Require(check_pad_fp8, "no negative pad of an 8/4-bit float", names=("self", "pad"))),
    ("aclnnConstantPadNdGetWorkspaceSize", EmptyReturn("out")),
)

CONSTANT_PAD_ND = register(LayoutOp(
    name="ConstantPadNd",
    snake="constant_pad_nd",
    # CANN's header: aclnnConstantPadNdGetWorkspaceSize(const aclTensor *self, const aclIntArray *pad,
    #                                                   const aclScalar *value, aclTensor *out)
    params=(Input("self"), IntArray("pad"), Scalar("value", 0), Output("out")),
    dtypes=copyable(DTYPE_SUPPORT_REGBASE_LIST),
    mapping=mapping,
    value="value",
    checks=CONSTANT_PAD_ND_CHECKS,
    info={"reference": reference, "exact": True, "sized": True, "example_attrs": ((1, 2), 0.5),
          "shape_attrs": lambda shape: ((1, -1, 2, 0)[:2 * min(len(shape), 2)], 0.5),
          "torch": lambda t, x, pad, value: t.nn.functional.pad(x, pad, value=value)},
    doc=__doc__,
))
