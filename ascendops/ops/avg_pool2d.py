"""aclnnAvgPool2d: the mean of each kernelSize window of an NCHW (or NCL: (C, H, W))
self, windows strides apart (none: the kernel), paddings (top/bottom, left/right) of
zeros; the divisor is divisorOverride where not 0, else the window's extent clipped to
the padded input (countIncludePad) or to the input; out (N, C, OH, OW) or (C, OH, OW),
OH = floor((H + 2 padH - kH (+ sH - 1 if ceilMode)) / sH) + 1, less one where
ceilMode's last window would start in the bottom padding (torch's avg_pool2d).

CANN's checks (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921
pooling/avg_pool3_d/op_api/aclnn_avgpool2d.cpp CheckParams), in its order
(AVG_POOL2D_CHECKS): self, kernelSize, strides, paddings, out not null (161001); self and
out FLOAT32, FLOAT16 (DAV_2201 and regbase SoCs: also BFLOAT16; the list,
GetDtypeSupportListBySocVersion, comes from a header the mirror lacks: these are the
doc's), out of self's dtype; self's and out's storage formats NCHW or NCL, both NCHW for
4 dims and NCL for 3, not private; no negative dim, kernelSize > 0, strides > 0,
paddings >= 0; self and out both 3-d or both 4-d, C, H (and a 3-d self's first dim)
not 0; kernelSize at least 1 value, paddings 1 or 2, strides at most 2; paddings at most
half the kernel; C, H, W != 0, OH, OW > 0 and out exactly of the shape above;
cubeMathType 0..4, and where the SoC's cube unit lacks FLOAT (not DAV_2201, not regbase)
FLOAT / BFLOAT16 self refused for 0, 3, 4 and BFLOAT16 for 1, 2; all 161002. An empty
self or out then returns success.

A WindowOp (src/window.c, mode "avg"): fp32 sums in window order, one division, rounded
once. Deviations: cubeMathType 1 / 2 (FLOAT computed in FLOAT16 on CANN's cube unit) is
computed in fp32 here; CANN's graph building after CheckParams refuses more (on DAV_2201
a FLOAT self with cubeMathType 1, 3 or 4 on its cube path, ProcessDataTypeConvert's
161002), which ascendops accepts and computes in fp32."""
import numpy as np

from ascendops.ops import (Bool, CannSource, Checks, DtypeIn, EmptyReturn, Input, Int, Int8, IntArray, NotNull,
                           Output, Require, SameDtype, Window, WindowOp, register)
from ascendops.ops.max_pool import pooling_out
from ascendops.ops.rms_norm import OPS_NN

_F = ("float32", "float16")
AVG_POOL2D_DTYPES = {"DAV_2201": _F + ("bfloat16",), "regbase": _F + ("bfloat16",), "default": _F}
_PRIVATE = ("NC1HWC0", "FRACTAL_Z", "FRACTAL_NZ", "NDC1HWC0", "FRACTAL_Z_3D", "C1HWNCoC0")


def avg_pool_format(ctx):
    """CheckFormat: NCHW or NCL; both NCHW when 4-d, both NCL when 3-d; not private."""
    x, out = ctx.tensor("self"), ctx.tensor("out")
    for n, t in (("self", x), ("out", out)):
        if t.format.name not in ("NCHW", "NCL"):
            return "%s format should be NCHW or NCL. Actual: %s is [%s]." % (n, n, t.format.name)
    if len(x.shape) == 4 and not (x.format.name == out.format.name == "NCHW"):
        return "self and out should all be NCHW when 4D. Actual: self [%s], out [%s]." % (x.format.name,
                                                                                          out.format.name)
    if len(x.shape) == 3 and not (x.format.name == out.format.name == "NCL"):
        return "self and out should all be NCL when 3D. Actual: self [%s], out [%s]." % (x.format.name,
                                                                                         out.format.name)


def avg_pool_values(ctx):
    """CheckValue: no negative dim; kernel > 0, strides > 0, paddings >= 0."""
    v = ctx.values
    if any(d < 0 for d in ctx.tensor("self").shape):
        return "Dim value of self is negative."
    if any(d < 0 for d in ctx.tensor("out").shape):
        return "Dim value of out is negative."
    if any(k <= 0 for k in v["kernelSize"]):
        return "Dim value of kernel is less than or equal to 0."
    if any(s <= 0 for s in v["strides"]):
        return "Dim value of stride is less than or equal to 0."
    if any(p < 0 for p in v["paddings"]):
        return "Dim value of padding is negtive."


def _geometry(a):
    k, s, p = a["kernelSize"], a["strides"], a["paddings"]
    kh = k[0]
    kw = kh if len(k) == 1 else k[1]
    sh = kh if len(s) == 0 else s[0]
    sw = kw if len(s) == 0 else sh if len(s) == 1 else s[1]
    ph = p[0]
    pw = ph if len(p) == 1 else p[1]
    return kh, kw, sh, sw, ph, pw


def avg_pool_shape(ctx):
    """CheckShape: ranks, dims, array sizes, paddings <= kernel / 2, CheckOutputShape."""
    x, out, v = ctx.tensor("self"), ctx.tensor("out"), ctx.values
    if not (len(x.shape) == len(out.shape) and len(x.shape) in (3, 4)):
        return "self and out must maintain same format, support 3D or 4D."
    s = x.shape
    valid = s[1] != 0 and s[2] != 0
    if not ((len(s) == 3 and s[0] != 0 and valid) or (len(s) == 4 and valid and s[3] != 0)):
        return "Expected tensor with optional 0 dim batch size for input, but got: %r." % (s,)
    if len(v["kernelSize"]) < 1:
        return "Length of kernel is less than 1."
    if len(v["paddings"]) not in (1, 2):
        return "Expected length of padding is 1 or 2, but got %d." % len(v["paddings"])
    if len(v["strides"]) > 2:
        return "Expected length of stride is 0 or 1 or 2, but got: %d." % len(v["strides"])
    kh, kw, sh, sw, ph, pw = _geometry(v)
    if kh < 2 * ph:
        return "value of paddingH should be at most half of kernelH. Actual: paddingH is [%d],kernelH is [%d]." % (
            ph, kh)
    if kw < 2 * pw:
        return "value of paddingW should be at most half of kernelW. Actual: paddingW is [%d],kernelW is [%d]." % (
            pw, kw)
    c, h, w = s[-3:]
    if c == 0 or h == 0 or w == 0:
        return ("Expected tensor with optional 0 dim batch size, but got nInputPlane:%d, height:%d, width:%d"
                % (c, h, w))
    want = window(s, v).out_shape
    if want[-2] <= 0 or want[-1] <= 0:
        return "Given input size %dx%dx%d, calc out size %dx%dx%d" % (c, h, w, c, want[-2], want[-1])
    if out.shape != want:
        return "Expected out shape %r, but got %r." % (want, out.shape)


def avg_pool_cube_math_type(ctx):
    """CheckAvgPool2dCubeMathType: 0..4; on a SoC whose cube unit lacks FLOAT, FLOAT and
    BFLOAT16 refused for KEEP_DTYPE, USE_HF32, USE_FP32_ADD, BFLOAT16 for the others."""
    m, dt = ctx.values["cubeMathType"], ctx.dtype("self").name
    if m not in (0, 1, 2, 3, 4):
        return ("The value of cubeMathType only support {0: KEEP_DTYPE, 1: ALLOW_FP32_DOWN_PRECISION, 2: USE_FP16, "
                "3: USE_HF32, 4: USE_FP32_ADD}, but got %d" % m)
    cube_fp32 = ctx.soc.regbase or ctx.soc.arch == "DAV_2201"
    refused = ("bfloat16",) if m in (1, 2) else ("float32", "bfloat16")
    if dt in refused and not cube_fp32:
        return ("The soc version does not support bf16 / fp32 for calculations, please change the setting of "
                "cubeMathType or the Dtype of input tensor.")


AVG_POOL2D_CHECKS = Checks(
    CannSource(*OPS_NN, "pooling/avg_pool3_d/op_api/aclnn_avgpool2d.cpp"),
    ("CheckNotNullPtr", NotNull("self", "kernelSize", "strides", "paddings", "out")),
    ("CheckDtypeValid", DtypeIn("self", "out", dtypes=AVG_POOL2D_DTYPES), SameDtype("self", "out")),
    ("CheckFormat", Require(avg_pool_format, "NCHW (4-d) or NCL (3-d), self's and out's", names=("self", "out"))),
    ("CheckValue", Require(avg_pool_values, "no negative dim; kernel, strides > 0; paddings >= 0",
                           names=("self", "out", "kernelSize", "strides", "paddings"))),
    ("CheckShape", Require(avg_pool_shape, "ranks, array sizes, paddings <= kernel / 2, out (N, C, OH, OW)",
                           names=("self", "out", "kernelSize", "strides", "paddings", "ceilMode"))),
    ("CheckAvgPool2dCubeMathType", Require(avg_pool_cube_math_type, "cubeMathType 0..4 per SoC",
                                           names=("self", "cubeMathType"))),
    ("aclnnAvgPool2dGetWorkspaceSize", EmptyReturn("self", "out")),
)


def window(shape, a):
    kh, kw, sh, sw, ph, pw = _geometry(a)
    ceil = bool(a["ceilMode"])
    oh = pooling_out(shape[-2], kh, ph, ph, sh, ceil)
    ow = pooling_out(shape[-1], kw, pw, pw, sw, ceil)
    return Window(tuple(shape[:-2]) + (oh, ow), oh, ow, kernel=(kh, kw), stride=(sh, sw), pad=(ph, pw),
                  end=(shape[-2] + ph, shape[-1] + pw), divisor=a["divisorOverride"],
                  count_include_pad=a["countIncludePad"])


def reference(x, kernel_size, strides, paddings, ceil_mode, count_include_pad, divisor_override, cube_math_type):
    """numpy float64: each window's sum over self padded with zeros, / the divisor."""
    x = np.asarray(x, dtype=np.float64)
    a = {"kernelSize": kernel_size, "strides": strides, "paddings": paddings, "ceilMode": ceil_mode,
         "countIncludePad": count_include_pad, "divisorOverride": divisor_override}
    kh, kw, sh, sw, ph, pw = _geometry(a)
    w = window(x.shape, a)
    h, wd = x.shape[-2:]
    out = np.zeros(x.shape[:-2] + (w.oh, w.ow))
    for oh in range(w.oh):
        h0 = oh * sh - ph
        h1 = min(h0 + kh, h + ph)
        for ow in range(w.ow):
            w0 = ow * sw - pw
            w1 = min(w0 + kw, wd + pw)
            s = x[..., max(h0, 0):min(h1, h), max(w0, 0):min(w1, wd)].sum(axis=(-2, -1))
            if divisor_override:
                d = divisor_override
            elif count_include_pad:
                d = (h1 - h0) * (w1 - w0)
            else:
                d = (min(h1, h) - max(h0, 0)) * (min(w1, wd) - max(w0, 0))
            out[..., oh, ow] = s / d
    return out


def _bench(n, rng):
    """NCHW of about n elements: a 2x2 window at stride 2, and a 3x3 one at stride 1 with
    a one-element border."""
    side = int(round((n / 64) ** 0.5))
    x = rng.uniform(-4, 4, (4, 16, side, side)).astype(np.float32)
    return [(x, (2, 2), (2, 2), (0, 0), False, True, 0, 0), (x, (3, 3), (1, 1), (1, 1), False, True, 0, 0)]


def _torch(t, x, k, s, p, ceil, include, divisor, cube):
    kh, kw, sh, sw, ph, pw = _geometry({"kernelSize": k, "strides": s, "paddings": p})
    return t.nn.functional.avg_pool2d(x, (kh, kw), (sh, sw), (ph, pw), ceil_mode=ceil, count_include_pad=include,
                                      divisor_override=divisor or None)


AVG_POOL2D = register(WindowOp(
    name="AvgPool2d",
    snake="avg_pool2d",
    params=(Input("self"), IntArray("kernelSize"), IntArray("strides", ()), IntArray("paddings", (0,)),
            Bool("ceilMode", False, const=True), Bool("countIncludePad", True, const=True),
            Int("divisorOverride", 0, const=True), Int8("cubeMathType", 0, const=True), Output("out")),
    header="aclnn_avgpool2d.h",
    dtypes=AVG_POOL2D_DTYPES,
    mode="avg",
    window=window,
    nd_format={3: "NCL", 4: "NCHW"},
    min_rank=3, max_rank=4,
    checks=AVG_POOL2D_CHECKS,
    info={"reference": reference, "sized": True, "example_attrs": ((2, 2), (2, 2), (0, 0), False, True, 0, 0),
          "sample_shape": (2, 3, 4), "shape_attrs": lambda shape: ((1, 1), (), (0,), False, True, 0, 0),
          "torch": _torch, "bench": _bench},
    doc=__doc__,
))
