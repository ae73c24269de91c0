"""aclnnIm2col: the sliding windows of an NCHW (or CHW) self as columns:
out[n, c * kh * kw + i * kw + j, oh * OW + ow] = self[n, c, oh * sh - ph + i * dh,
ow * sw - pw + j * dw], 0 outside self (torch.nn.functional.unfold); out (N, C * kh * kw,
OH * OW), or (C * kh * kw, OH * OW) for a CHW self, OH = floor((H + 2 ph - dh (kh - 1) -
1) / sh) + 1 (rounding toward -inf), OW likewise.

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214
conversion/im2col/op_api/aclnn_im2col.cpp CheckParams), in its order (IM2COL_CHECKS):
self, kernelSize, dilation, padding, stride, out not null (161001); self FLOAT, FLOAT16,
BFLOAT16 (regbase SoCs: also INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64, UINT64,
DOUBLE, BOOL, COMPLEX32, COMPLEX64); self of rank 3 or 4, its dims after N > 0; kernelSize,
dilation, padding, stride of 2 values each, kernelSize, stride, dilation > 0, padding >= 0;
OH and OW >= 1 and out exactly of the shape above; all 161002. An empty self then returns
success. out's dtype is not checked: CANN Casts the result to it.

A WindowOp (src/window.c): where out has self's dtype the elements' bits are copied (any
dtype, zero bits for padding); an out of another of FLOAT / FLOAT16 / BFLOAT16 from one of
them is converted (rounded once); any other out dtype is refused (161002: a deviation,
CANN Casts to it)."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, EmptyReturn, Input, IntArray, NotNull, Output, Require,
                           Window, WindowOp, register)

OPS_MATH = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214")
_F = ("float32", "float16", "bfloat16")
IM2COL_DTYPES = {"regbase": ("int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "bfloat16",
                             "float16", "float32", "float64", "bool_", "complex32", "complex64"),
                 "default": _F}


def _div_rtn(x, y):
    """div_rtn: integer division rounding toward -inf (Python's //)."""
    return x // y


def im2col_out_hw(shape, k, d, p, s):
    """CheckOutputDims: (OH, OW)."""
    h, w = shape[-2], shape[-1]
    return (_div_rtn(h + 2 * p[0] - (d[0] * (k[0] - 1) + 1), s[0]) + 1,
            _div_rtn(w + 2 * p[1] - (d[1] * (k[1] - 1) + 1), s[1]) + 1)


def im2col_out_shape(shape, k, d, p, s):
    oh, ow = im2col_out_hw(shape, k, d, p, s)
    if len(shape) == 3:
        return (shape[0] * k[0] * k[1], oh * ow)
    return (shape[0], shape[1] * k[0] * k[1], oh * ow)


def im2col_input_dims(ctx):
    """CheckInputDims: rank 3 or 4; every dim but a 4-d self's N > 0."""
    shape = ctx.tensor("self").shape
    if len(shape) not in (3, 4):
        return "Expected self dim [%d] to be 3 or 4 but check failed." % len(shape)
    for i in range(1 if len(shape) == 4 else 0, len(shape)):
        if shape[i] <= 0:
            return "self'dims is invalid, self No.[%d] dim is [%d]." % (i + 1, shape[i])


def im2col_arrays(ctx):
    """CheckArray: 2 values each; kernelSize, stride, dilation > 0; padding >= 0."""
    v = ctx.values
    for n in ("kernelSize", "dilation", "padding", "stride"):
        if len(v[n]) != 2:
            return "It is expected %s equals to 2, but got size %d." % (n, len(v[n]))
    for n, what in (("kernelSize", "greater than zero"), ("stride", "greater than zero"),
                    ("dilation", "greater than zero"), ("padding", "greater than or equal to zero")):
        for i, x in enumerate(v[n]):
            if (x < 0) if n == "padding" else (x <= 0):
                return "It is expected %s be %s, but %s No.[%d] dim is [%d]." % (n, what, n, i + 1, x)


def im2col_output_dims(ctx):
    """CheckOutputDims: OH, OW >= 1; out of exactly im2col_out_shape."""
    v, shape = ctx.values, ctx.tensor("self").shape
    args = (v["kernelSize"], v["dilation"], v["padding"], v["stride"])
    oh, ow = im2col_out_hw(shape, *args)
    if oh < 1 or ow < 1:
        return ("The shape (%d, %d) of the array calculated by other parameters must be at least one." % (oh, ow))
    want = im2col_out_shape(shape, *args)
    if ctx.tensor("out").shape != want:
        return "Expect out shape %r, but got: %r." % (list(want), list(ctx.tensor("out").shape))


IM2COL_CHECKS = Checks(
    CannSource(*OPS_MATH, "conversion/im2col/op_api/aclnn_im2col.cpp"),
    ("CheckNotNull", NotNull("self", "kernelSize", "dilation", "padding", "stride", "out")),
    ("CheckParams", DtypeIn("self", dtypes=IM2COL_DTYPES)),
    ("CheckInputDims", Require(im2col_input_dims, "self of rank 3 or 4, dims after N > 0", names=("self",))),
    ("CheckArray", Require(im2col_arrays, "2 values each; kernelSize, stride, dilation > 0; padding >= 0",
                           names=("kernelSize", "dilation", "padding", "stride"))),
    ("CheckOutputDims", Require(im2col_output_dims, "OH, OW >= 1; out (N, C*kh*kw, OH*OW)",
                                names=("self", "kernelSize", "dilation", "padding", "stride", "out"))),
    ("aclnnIm2colGetWorkspaceSize", EmptyReturn("self")),
)


def window(shape, a):
    k, d, p, s = a["kernelSize"], a["dilation"], a["padding"], a["stride"]
    oh, ow = im2col_out_hw(shape, k, d, p, s)
    return Window(im2col_out_shape(shape, k, d, p, s), oh, ow, kernel=k, stride=s, pad=p, dilation=d)


def reference(x, kernel_size, dilation, padding, stride):
    """numpy float64: the loop over window positions (torch's unfold)."""
    x = np.asarray(x, dtype=np.float64)
    batched = x.ndim == 4
    if not batched:
        x = x[None]
    n, c, h, w = x.shape
    (kh, kw), (dh, dw), (ph, pw), (sh, sw) = kernel_size, dilation, padding, stride
    oh, ow = im2col_out_hw(x.shape, kernel_size, dilation, padding, stride)
    xp = np.zeros((n, c, h + 2 * ph + kh * dh + oh * sh, w + 2 * pw + kw * dw + ow * sw))
    xp[:, :, ph:ph + h, pw:pw + w] = x
    out = np.empty((n, c, kh, kw, oh, ow))
    for i in range(kh):
        for j in range(kw):
            out[:, :, i, j] = xp[:, :, i * dh:i * dh + oh * sh:sh, j * dw:j * dw + ow * sw:sw][:, :, :oh, :ow]
    out = out.reshape(n, c * kh * kw, oh * ow)
    return out if batched else out[0]


def _bench(n, rng):
    """3x3 patches of an NCHW image, about n elements out (9 per input element)."""
    side = int(round((n / 36) ** 0.5)) + 2
    return [(rng.uniform(-4, 4, (1, 4, side, side)).astype(np.float32), (3, 3), (1, 1), (0, 0), (1, 1))]


IM2COL = register(WindowOp(
    name="Im2col",
    snake="im2col",
    params=(Input("self"), IntArray("kernelSize"), IntArray("dilation", (1, 1)), IntArray("padding", (0, 0)),
            IntArray("stride", (1, 1)), Output("out", const=True)),
    dtypes=IM2COL_DTYPES,
    mode="im2col",
    window=window,
    out_cast=True,
    min_rank=3, max_rank=4,
    checks=IM2COL_CHECKS,
    info={"reference": reference, "sized": True, "example_attrs": ((2, 2), (1, 1), (0, 0), (1, 1)),
          "sample_shape": (2, 3, 4), "bench": _bench,
          "shape_attrs": lambda shape: ((1, 1), (1, 1), (0, 0), (1, 1)),
          "torch": lambda t, x, k, d, p, s: t.nn.functional.unfold(x if x.dim() == 4 else x[None], k, d, p, s)
          if x.dim() == 4 else t.nn.functional.unfold(x[None], k, d, p, s)[0]},
    doc=__doc__,
))
