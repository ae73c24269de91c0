"""aclnnMaxPool: the largest element of each kernelShape window of an NCHW (or CHW) self
(a NaN wins), windows strides apart, pads (top, left[, bottom, right]) of -inf around
self; out (N, C, OH, OW) or (C, OH, OW), OH = floor((H + padHL + padHR - kH (+ sH - 1 if
ceilMode)) / sH) + 1, less one where ceilMode's last window would start in the bottom
padding; OW likewise (torch's max_pool2d for symmetric pads).

CANN's checks (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921
pooling/max_pool_v3/op_api/aclnn_max_pool.cpp CheckParams), in its order
(MAX_POOL_CHECKS): self, kernelShape, strides, pads, dilations, out not null (161001);
self FLOAT16 (DAV_2201: also FLOAT; DAV_3510: FLOAT16, FLOAT, BFLOAT16, INT32, INT64,
UINT8, INT16, INT8, UINT16), out of self's dtype; self's and out's storage formats equal,
not private, self of rank 3 or 4; kernelShape of 1 or 2 values, strides 0 to 2 (none:
1), pads 0, 1, 2 or 4, dilations 0, 1, 2 or 4, autoPad 0, every dilation 1; kH, kW,
sH, sW > 0, padHL + padHR <= kH and padWL + padWR <= kW, C, H, W not 0, OH, OW > 0, out
exactly of the shape above; all 161002. An empty self or out then returns success.

A WindowOp (src/window.c, mode "max"): fp32 compares (16-bit values are exact in fp32),
threads over output rows. Deviation: the integer dtypes CANN takes on DAV_3510 (the host
profile) are refused (161002): the kernel computes FLOAT, FLOAT16 and BFLOAT16."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, EmptyReturn, Input, Int, IntArray, NotNull, Output,
                           Require, SameDtype, SameFormat, Window, WindowOp, register)
from ascendops.ops.rms_norm import OPS_NN

MAX_POOL_DTYPES = {"DAV_2201": ("float16", "float32"),
                   "DAV_3510": ("float16", "float32", "bfloat16", "int32", "int64", "uint8", "int16", "int8",
                                "uint16"),
                   "default": ("float16",)}
_PRIVATE = ("NC1HWC0", "FRACTAL_Z", "FRACTAL_NZ", "NDC1HWC0", "FRACTAL_Z_3D", "C1HWNCoC0")


def max_pool_format(ctx):
    """CheckFormat: self's and out's storage formats equal, not private; self 3-d or 4-d."""
    x, out = ctx.tensor("self"), ctx.tensor("out")
    if x.format != out.format:
        return "Format of input and output should be same, self [%s], out [%s]." % (x.format.name, out.format.name)
    if x.format.name in _PRIVATE:
        return "Format only support NCHW or CHW"
    if len(x.shape) not in (3, 4):
        return "3D or 4D tensor expected for inputs"


def max_pool_params(ctx):
    """CheckParamsLogic: the arrays' sizes, autoPad 0, every dilation 1."""
    v = ctx.values
    if len(v["kernelShape"]) not in (1, 2):
        return "The size of kernelShape must be one or two, but got %d." % len(v["kernelShape"])
    if len(v["strides"]) not in (0, 1, 2):
        return "The size of strides must be zero, one or two, but got %d." % len(v["strides"])
    if len(v["pads"]) not in (0, 1, 2, 4):
        return "The size of pads must be zero, one, two or four, but got %d." % len(v["pads"])
    if len(v["dilations"]) not in (0, 1, 2, 4):
        return "The size of dilations must be zero, one, two or four, but got %d." % len(v["dilations"])
    if v["autoPad"] != 0:
        return "value of autoPad must be zero representing NOTSET, but got autoPad:%d" % v["autoPad"]
    if any(d != 1 for d in v["dilations"]):
        return "dilation value along each spatial axis only support 1, but got %s" % ", ".join(map(str, v["dilations"]))


def _geometry(a):
    k, s, p = a["kernelShape"], a["strides"], a["pads"]
    kh = k[0]
    kw = kh if len(k) == 1 else k[1]
    sh = 1 if len(s) == 0 else s[0]
    sw = 1 if len(s) == 0 else sh if len(s) == 1 else s[1]
    if len(p) == 1:
        pads = (p[0],) * 4
    elif len(p) == 2:
        pads = (p[0], p[0], p[1], p[1])
    elif len(p) == 4:
        pads = (p[0], p[2], p[1], p[3])
    else:
        pads = (0, 0, 0, 0)
    return kh, kw, sh, sw, pads      # pads: top, bottom, left, right


def pooling_out(size, k, pl, pr, s, ceil):
    """PoolingOutShape (dilation 1)."""
    out = (size + pl + pr - (k - 1) - 1 + (s - 1 if ceil else 0)) // s + 1
    if ceil and (out - 1) * s >= size + pl:
        out -= 1
    return out


def max_pool_shape(ctx):
    """CheckShape: kernel, strides > 0; pads at most the kernel; C, H, W != 0; OH, OW > 0;
    out of that shape."""
    x, v = ctx.tensor("self"), ctx.values
    kh, kw, sh, sw, (pt, pb, pl, pr) = _geometry(v)
    if not (kh > 0 and kw > 0):
        return "The size of kernel should be greater than 0, but got kh:%d, kw:%d" % (kh, kw)
    if not (sh > 0 and sw > 0):
        return "The size of strides should be greater than 0, but got dh:%d, dw:%d" % (sh, sw)
    if not (pt + pb <= kh and pl + pr <= kw):
        return ("padding for the sum of beginning and ending along each spatial axis, should be smaller than, or "
                "equal to value of kernel size, but got kh:%d, kw:%d, padHL:%d, padHR:%d, padWL:%d, padWR:%d"
                % (kh, kw, pt, pb, pl, pr))
    c, h, w = x.shape[-3:]
    if c == 0 or h == 0 or w == 0:
        return ("Expected tensor with optional 0 dim batch size, but got nInputPlane:%d, height:%d, width:%d"
                % (c, h, w))
    want = window(x.shape, v).out_shape
    if want[-2] <= 0 or want[-1] <= 0:
        return "Given input size %dx%dx%d, calc out size %dx%dx%d" % (c, h, w, c, want[-2], want[-1])
    if ctx.tensor("out").shape != want:
        return "Expected out shape %r, but got %r." % (want, ctx.tensor("out").shape)


MAX_POOL_CHECKS = Checks(
    CannSource(*OPS_NN, "pooling/max_pool_v3/op_api/aclnn_max_pool.cpp"),
    ("CheckNotNullPtr", NotNull("self", "kernelShape", "strides", "pads", "dilations", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=MAX_POOL_DTYPES), SameDtype("self", "out")),
    ("CheckFormat", SameFormat("self", "out"),
     Require(max_pool_format, "formats equal, not private; self 3-d or 4-d", names=("self", "out"))),
    ("CheckParamsLogic", Require(max_pool_params, "array sizes, autoPad 0, dilations 1",
                                 names=("kernelShape", "strides", "pads", "dilations", "autoPad"))),
    ("CheckShape", Require(max_pool_shape, "kernel, strides > 0, pads <= kernel, out (N, C, OH, OW)",
                           names=("self", "kernelShape", "strides", "pads", "ceilMode", "out"))),
    ("aclnnMaxPoolGetWorkspaceSize", EmptyReturn("self", "out")),
)


def window(shape, a):
    kh, kw, sh, sw, (pt, pb, pl, pr) = _geometry(a)
    ceil = a["ceilMode"] != 0
    oh = pooling_out(shape[-2], kh, pt, pb, sh, ceil)
    ow = pooling_out(shape[-1], kw, pl, pr, sw, ceil)
    return Window(tuple(shape[:-2]) + (oh, ow), oh, ow, kernel=(kh, kw), stride=(sh, sw), pad=(pt, pl))


def reference(x, kernel_shape, strides, auto_pad, pads, dilations, ceil_mode):
    """numpy float64: the max over each window of self padded with -inf (a NaN wins)."""
    x = np.asarray(x, dtype=np.float64)
    a = {"kernelShape": kernel_shape, "strides": strides, "pads": pads, "ceilMode": ceil_mode}
    kh, kw, sh, sw, (pt, pb, pl, pr) = _geometry(a)
    w = window(x.shape, dict(a, autoPad=auto_pad, dilations=dilations))
    oh, ow = w.oh, w.ow
    hp, wp = (oh - 1) * sh + kh, (ow - 1) * sw + kw
    xp = np.full(x.shape[:-2] + (max(hp, pt + x.shape[-2]), max(wp, pl + x.shape[-1])), -np.inf)
    xp[..., pt:pt + x.shape[-2], pl:pl + x.shape[-1]] = x
    out = np.full(x.shape[:-2] + (oh, ow), -np.inf)
    nan = np.zeros(out.shape, bool)
    for i in range(kh):
        for j in range(kw):
            v = xp[..., i:i + (oh - 1) * sh + 1:sh, j:j + (ow - 1) * sw + 1:sw]
            nan |= np.isnan(v)
            out = np.fmax(out, v)
    out[nan] = np.nan
    return out


def _bench(n, rng):
    """NCHW of about n elements: a 2x2 window at stride 2, and a 3x3 one at stride 1 with
    a one-element border."""
    side = int(round((n / 64) ** 0.5))
    x = rng.uniform(-4, 4, (4, 16, side, side)).astype(np.float32)
    return [(x, (2, 2), (2, 2), 0, (0, 0), (1, 1), 0), (x, (3, 3), (1, 1), 0, (1, 1, 1, 1), (1, 1), 0)]


def _torch(t, x, k, s, auto_pad, p, d, ceil):
    kh, kw, sh, sw, (pt, pb, pl, pr) = _geometry({"kernelShape": k, "strides": s, "pads": p})
    return t.nn.functional.max_pool2d(x, (kh, kw), (sh, sw), (pt, pl), ceil_mode=bool(ceil))


MAX_POOL = register(WindowOp(
    name="MaxPool",
    snake="max_pool",
    params=(Input("self"), IntArray("kernelShape"), IntArray("strides", ()), Int("autoPad", 0, const=True),
            IntArray("pads", ()), IntArray("dilations", ()), Int("ceilMode", 0, const=True), Output("out")),
    dtypes=MAX_POOL_DTYPES,
    mode="max",
    window=window,
    min_rank=3, max_rank=4,
    checks=MAX_POOL_CHECKS,
    info={"reference": reference, "sized": True, "example_attrs": ((2, 2), (2, 2), 0, (0, 0), (1, 1), 0),
          "sample_shape": (2, 3, 4), "shape_attrs": lambda shape: ((1, 1), (), 0, (), (), 0),
          "torch": _torch, "bench": _bench},
    doc=__doc__,
))
