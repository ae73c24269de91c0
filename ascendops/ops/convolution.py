"""aclnnConvolution(input, weight, bias, stride, padding, dilation, transposed, outputPadding,
groups, output, cubeMathType): a 1-d (NCL) or 2-d (NCHW) convolution, or its transpose.

  output[n, oc, o] = bias[oc] + sum_{ic in oc's group, k} input[n, ic, o * stride + k * dilation - pad]
                                                           * weight[oc, ic % (C / groups), k]
  transposed: weight is (C, Cout / groups, k...), input position i and tap k add into
  output position i * stride + k * dilation - pad (torch's conv_transpose).

CANN (hicann/ops-nn@e5c3fa93 conv/convolution_forward/op_host/op_api/aclnn_convolution.cpp,
CheckConvParams; docs/aclnnConvolution.md; the source wins over the doc), in order:
- NullptrChecker: input, weight, stride, padding, dilation, output not null; outputPadding
  when transposed (161001).
- DtypeChecker: bias (when given) in FLOAT, FLOAT16, BF16; input, weight, output in
  FLOAT, FLOAT16 (BF16 where the cube unit computes FLOAT: Ascend910B / 910_93 / 950)
  (161002). The tensors' dtypes may differ.
- DimChecker: input, weight, output of 3, 4 or 5 dims; weight's and output's rank the
  input's; bias of one dim holding weight.N (transposed: weight.C * groups) values;
  stride and dilation one value per spatial dim; padding one per spatial dim, or (1-d and
  2-d, and 2-d transposed) 2 / 4 values (1-d [left, right], 2-d [top, bottom, left,
  right]); outputPadding one per spatial dim when transposed.
- FormatChecker: input's format output's; bias NCL, NCHW, NCDHW or ND; 1-d: input, weight,
  output NCL; 2-d: NCHW (a non-transposed weight also FRACTAL_Z off Ascend950).
- ValueChecker: weight's spatial dims > 0; stride, dilation > 0; a forward window fits the
  padded input; groups > 0; input.C = weight.C * groups (transposed: weight.N =
  input.C, outputPadding >= 0 and below stride or dilation); weight.N divisible by
  groups; bias.shape[0] the output channels; transposed: input.C > 0, and off Ascend950
  (k - 1) * dilation - pad <= 255 per spatial dim (the kernel's limit).
- ConvXdChecker: output's shape CANN's inferred one; an empty input or weight needs an
  empty output.
- HardwareLimitChecker: cubeMathType 0..4, and KEEP_DTYPE / USE_HF32 / USE_FP32_ADD with a
  FLOAT or BF16 compute dtype (FLOAT16 with FLOAT16 only else) or
  ALLOW_FP32_DOWN_PRECISION / USE_FP16 with BF16 only where the cube computes FLOAT.
- TemporarySoftwareLimitChecker: Ascend310B computes 2-d forward convolutions only.
Then an empty input, weight or output returns success.

ascendops computes every accepted 1-d and 2-d case in float32 (16-bit operands are
widened, sums in float32, the result rounded once to output's dtype): cubeMathType is
checked as CANN checks it, and every mode computes as KEEP_DTYPE on FLOAT (no HF32 / FP16
down-conversion: results are at least as precise). Deviations: a 3-d convolution, a
FRACTAL_Z weight (CANN accepts them) are 561003, not computed; a tensor of format ND
(what the numpy-like call makes of an array) is read as the channel-first format of its
rank (CANN refuses ND: 161002). Kernel: src/conv.c (im2col / col2im around one matrix
product; a depthwise window, or a group of few output channels or kernel rows, summed
directly in registers; threads over (batch, group, tile of output positions), transposed
(batch, group, output-channel block))."""
import numpy as np

from ascendops._core import conv_format, conv_output_shape, conv_pad_fronts, conv_pad_totals
from ascendops.ops import (Bool, CannSource, Checks, ConvolutionOp, DtypeIn, EmptyReturn, Input, Int, Int8, IntArray,
                           NotNull, Output, Require, When, register)

SOURCE = CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
                    "conv/convolution_forward/op_host/op_api/aclnn_convolution.cpp")
# GetDtypeSupportListBySocVersion (conv/common): V200 where the cube unit computes FLOAT
# (IsCubeSupportFp32: Ascend910B, 910_93, 950), V100 else. DAV_3510's list also has
# HIFLOAT8, which ascendops has no dtype for.
DTYPES = {"DAV_3510": ("float32", "float16", "bfloat16"), "DAV_2201": ("float32", "float16", "bfloat16"),
          "default": ("float32", "float16")}
BIAS_DTYPES = ("float32", "float16", "bfloat16")       # BIAS_SUPPORT_LIST
KEEP_DTYPE, ALLOW_FP32_DOWN_PRECISION, USE_FP16, USE_HF32, USE_FP32_ADD = range(5)
_SPATIAL = {3: "L", 4: "HW", 5: "DHW"}


def geometry(attrs):
    """(stride, padding, dilation, transposed, outputPadding, groups) of aclnnConvolution's
    attributes (cubeMathType last)."""
    stride, padding, dilation, transposed, output_padding, groups, _ = attrs
    return stride, padding, dilation, transposed, (output_padding or ()), groups


def _t(ctx, name):
    return ctx.tensor(name)


def _meta(t):
    """(N, C) of a tensor by its format's letters (CANN's TensorMeta: 1 where absent)."""
    f, s = conv_format(t), t.shape
    n = s[f.index("N")] if "N" in f and f.index("N") < len(s) else 1
    c = s[f.index("C")] if "C" in f and f.index("C") < len(s) else 1
    return n, c


def _cube_fp32(soc):
    return bool(soc.bf16)       # IsCubeSupportFp32: Ascend910B, 910_93, 950 (and the host)


def check_dims(ctx):
    """DimChecker::CheckTensorDimensions."""
    x, w, y = _t(ctx, "input"), _t(ctx, "weight"), _t(ctx, "output")
    for name, t in (("x", x), ("filter", w), ("y", y)):
        if len(t.shape) not in (3, 4, 5):
            return "%s has %d dims, should be one of {3, 4, 5}." % (name, len(t.shape))
    if len(w.shape) != len(x.shape):
        return "the shape dims of x and filter must be the same: %d, %d." % (len(x.shape), len(w.shape))
    if len(y.shape) != len(x.shape):
        return "the shape dims of x and y must be the same: %d, %d." % (len(x.shape), len(y.shape))
    return None


def check_bias_dims(ctx):
    """DimChecker::CheckBiasDimensions."""
    b, w = ctx.tensor("bias"), _t(ctx, "weight")
    if b is None:
        return None
    groups, transposed = ctx.values["groups"], ctx.values["transposed"]
    if len(b.shape) != 1:
        return "bias has %d dims, should be 1." % len(b.shape)
    wn, wc = _meta(w)
    if transposed and b.shape[0] != wc * groups:
        return ("When transposed is true, shape[0] of bias %r must be equal to shape[1] of filter %r multiplied "
                "by attribute groups(%d)." % (b.shape, w.shape, groups))
    if not transposed and b.shape[0] != wn:
        return "When transposed is false, shape[0] of bias %r must be equal to shape[0] of filter %r." % (
            b.shape, w.shape)
    return None


def check_param_sizes(ctx):
    """DimChecker::CheckParameterSizes."""
    nd = len(_t(ctx, "input").shape)
    transposed = ctx.values["transposed"]
    for name, key in (("strides", "stride"), ("dilations", "dilation")):
        if len(ctx.values[key]) != nd - 2:
            return "%s has %d values, should have %d." % (name, len(ctx.values[key]), nd - 2)
    pads = len(ctx.values["padding"])
    if (nd in (3, 4) and not transposed) or (nd == 4 and transposed):
        if pads not in (nd - 2, 2 * nd - 4):
            return "pads has %d values, should have %d or %d." % (pads, nd - 2, 2 * nd - 4)
    elif pads != nd - 2:
        return "pads has %d values, should have %d." % (pads, nd - 2)
    if transposed and len(ctx.values["outputPadding"] or ()) != nd - 2:
        return "outputPadding has %d values, should have %d." % (len(ctx.values["outputPadding"] or ()), nd - 2)
    return None


def check_formats(ctx):
    """FormatChecker::Check."""
    x, w, y, b = _t(ctx, "input"), _t(ctx, "weight"), _t(ctx, "output"), ctx.tensor("bias")
    fx, fw, fy = conv_format(x), conv_format(w), conv_format(y)
    if fx != fy:
        return "the formats of x, y must be the same: %s, %s." % (fx, fy)
    if b is not None and b.format.name not in ("NCL", "NCHW", "NCDHW", "ND"):
        return "bias format %s should be one of {NCL, NCHW, NCDHW, ND}." % b.format.name
    nd = len(x.shape)
    regbase = ctx.soc.arch == "DAV_3510" or ctx.soc.host
    if nd == 3:
        if not fx == fw == fy == "NCL":
            return "formats of x, filter and y should all be NCL: %s, %s, %s." % (fx, fw, fy)
    elif nd == 4:
        wf = ("NCHW",) if (ctx.values["transposed"] or regbase) else ("NCHW", "FRACTAL_Z")
        if fw not in wf:
            return "filter format %s should be %s." % (fw, " or ".join(wf))
        for name, f in (("x", fx), ("y", fy)):
            if f != "NCHW":
                return "%s format %s should be NCHW." % (name, f)
    elif nd == 5:
        ok = ("NCDHW",) if regbase else ("NCDHW", "NDHWC")
        for name, f in (("x", fx), ("filter", fw), ("y", fy)):
            if f not in ok:
                return "%s format %s should be %s." % (name, f, " or ".join(ok))
    return None


def check_values(ctx):
    """ValueChecker::Check, in its order."""
    x, w, y, b = _t(ctx, "input"), _t(ctx, "weight"), _t(ctx, "output"), ctx.tensor("bias")
    transposed, groups = ctx.values["transposed"], ctx.values["groups"]
    stride, dilation, padding = ctx.values["stride"], ctx.values["dilation"], ctx.values["padding"]
    output_padding = ctx.values["outputPadding"] or ()
    regbase = ctx.soc.arch == "DAV_3510" or ctx.soc.host
    nd, sd = len(x.shape), len(x.shape) - 2
    # CheckShape: the weight's spatial dims > 0
    for i in range(sd):
        if regbase and transposed and w.numel == 0:
            continue
        if w.shape[2 + i] <= 0:
            return "shape[%d] of filter %r must be greater than 0." % (2 + i, w.shape)
    for name, v in (("strides", stride), ("dilations", dilation)):
        for i, s in enumerate(v):
            if s <= 0:
                return "shape[%d] of %s %r must be greater than 0." % (i, name, tuple(v))
    # CheckPad: a forward window fits the padded input
    if not transposed and x.numel != 0:
        pads = conv_pad_totals(padding, nd) if nd in (3, 4) else tuple(2 * p for p in padding)
        for i in range(sd):
            if x.shape[2 + i] + pads[i] - dilation[i] * (w.shape[2 + i] - 1) - 1 < 0:
                return ("x %r: x[%d] + pads[%d] - dilations[%d] * (filter[%d] - 1) - 1 >= 0 does not hold."
                        % (x.shape, 2 + i, i, i, 2 + i))
    if groups <= 0:
        return "groups %d: the value should be greater than 0." % groups
    xn, xc = _meta(x)
    wn, wc = _meta(w)
    if transposed:
        out_channels = wc * groups
        if wn != xc:
            return "When transposed is true, shape[0] of filter %r must be equal to shape[1] of x %r." % (
                w.shape, x.shape)
        for i, op in enumerate(output_padding):
            if op >= stride[i] and op >= dilation[i]:
                return "outputPadding[%d] must be less than both stride[%d] and dilation[%d]." % (i, i, i)
            if op < 0:
                return "outputPadding[%d] must be greater than or equal to 0." % i
    else:
        out_channels = wn
        if wc * groups != xc:
            return ("shape[1] of x %r must be equal to shape[1] of filter %r multiplied by attribute groups(%d)."
                    % (x.shape, w.shape, groups))
    if wn % groups:
        return "shape[0] of filter %r must be exactly divided by attribute groups(%d)." % (w.shape, groups)
    if b is not None and b.shape[0] != out_channels:
        return "shape[0] of bias %r must be equal to output channel(%d)." % (b.shape, out_channels)
    if transposed and xc == 0:
        return "When transposed is true, shape[1] of x %r must be greater than 0." % (x.shape,)
    if transposed and regbase:
        if w.shape[0] <= 0:
            return "When transposed is true, shape[0] of filter %r must be greater than 0." % (w.shape,)
        for i in range(1, nd):
            if x.shape[i] <= 0:
                return "shape[%d] of x %r must be greater than 0." % (i, x.shape)
            if w.shape[i] == 0 and y.shape[i] != 0:
                return "shape[%d] of filter can be 0 only when shape[%d] of y is 0." % (i, i)
    if transposed and not regbase and x.numel and w.numel and y.numel:
        # padBinaryValid: (k - 1) * dilation - pad <= 255 (GetPadBinaryValidFlag's indexes)
        dil_w = dilation[0 if len(dilation) == 1 else 1]
        pad_left = padding[0 if len(padding) == 1 else 1]
        if nd == 3:
            ok = (w.shape[2] - 1) * dil_w - pad_left <= 255
        elif nd == 4:
            ok = ((w.shape[3] - 1) * dil_w - pad_left <= 255) and ((w.shape[2] - 1) * dilation[0] - padding[0] <= 255)
        else:
            dl = dilation[0 if len(dilation) == 1 else 2]
            pr = padding[0 if len(padding) == 1 else 2]
            a, c = (w.shape[4] - 1) * dl - pr, (w.shape[3] - 1) * dil_w - pad_left
            ok = 0 <= a <= 255 and 0 <= c <= 255
        if not ok:
            return "filter %r, dilations %r, pads %r: (filter - 1) * dilation - pad <= 255 does not hold." % (
                w.shape, tuple(dilation), tuple(padding))
    return None


def check_output_shape(ctx):
    """ConvXdChecker::Check."""
    x, w, y = _t(ctx, "input"), _t(ctx, "weight"), _t(ctx, "output")
    v = ctx.values
    shape = conv_output_shape(x.shape, w.shape, v["stride"], v["padding"], v["dilation"], v["transposed"],
                              v["outputPadding"] or (), v["groups"])
    for i, d in enumerate(shape):
        if d != y.shape[i]:
            return "shape[%d] of y %r must be equal to its inferred value(%d)." % (i, y.shape, d)
    if (x.numel == 0 or w.numel == 0) and y.numel != 0:
        return "if x or filter is an empty tensor, output must be an empty tensor: %r, %r, %r." % (
            x.shape, w.shape, y.shape)
    return None


def _upper_dtype(a, b):
    """GetUpperFloatDataType of input's and weight's dtypes."""
    names = {a.name, b.name}
    if "float64" in names:
        return "float64"
    if "float32" in names:
        return "float32"
    if names == {"bfloat16"}:
        return "bfloat16"
    if names == {"float16"}:
        return "float16"
    return "float32"


def check_cube_math_type(ctx):
    """HardwareLimitChecker: CheckCubeMathType (matmul/common/op_host/op_api/cube_util.cpp)."""
    mode = ctx.values["cubeMathType"]
    upper = _upper_dtype(_t(ctx, "input").dtype, _t(ctx, "weight").dtype)
    if mode not in (KEEP_DTYPE, ALLOW_FP32_DOWN_PRECISION, USE_FP16, USE_HF32, USE_FP32_ADD):
        return ("The value of cubeMathType only support {0: KEEP_DTYPE, 1: ALLOW_FP32_DOWN_PRECISION, "
                "2: USE_FP16, 3: USE_HF32, 4: USE_FP32_ADD}, but got %d" % mode)
    if mode in (ALLOW_FP32_DOWN_PRECISION, USE_FP16):
        bad = upper == "bfloat16"
    else:
        bad = upper in ("float32", "bfloat16")
    if bad and not _cube_fp32(ctx.soc):
        return ("The soc version does not support bf16 / fp32 for calculations, please change the setting of "
                "cubeMathType or the Dtype of input tensor.")
    return None


def check_soc(ctx):
    """TemporarySoftwareLimitChecker: Ascend310B runs 2-d forward convolutions only."""
    nd = len(_t(ctx, "input").shape)
    if ctx.soc.name == "Ascend310B" and (ctx.values["transposed"] or nd != 4):
        return "x has %d dims: when the SoC version is Ascend310B, the value can only be 4." % nd
    return None


CHECKS = Checks(
    SOURCE,
    ("NullptrChecker", NotNull("input", "weight", "stride", "padding", "dilation", "output"),
     When(lambda ctx: bool(ctx.values["transposed"]), "transposed", NotNull("outputPadding"))),
    ("DtypeChecker", DtypeIn("bias", dtypes=BIAS_DTYPES), DtypeIn("input", "weight", "output", dtypes=DTYPES)),
    ("DimChecker", Require(check_dims, "input, weight, output of 3..5 dims, one rank",
                           names=("input", "weight", "output")),
     Require(check_bias_dims, "bias: 1 dim of the output channels",
             names=("bias", "weight", "groups", "transposed")),
     Require(check_param_sizes, "stride, dilation, padding, outputPadding lengths",
             names=("input", "stride", "dilation", "padding", "transposed"))),
    ("FormatChecker", Require(check_formats, "formats: NCL (1-d), NCHW (2-d); x's y's",
                              names=("input", "weight", "output", "transposed"))),
    ("ValueChecker", Require(check_values, "sizes, stride, dilation, padding, groups, channels, outputPadding",
                             names=("input", "weight", "output", "stride", "dilation", "padding", "groups",
                                    "transposed"))),
    ("ConvXdChecker", Require(check_output_shape, "output's shape CANN's inferred one",
                              names=("input", "weight", "output", "stride", "dilation", "padding", "groups",
                                     "transposed"))),
    ("HardwareLimitChecker", Require(check_cube_math_type, "cubeMathType for the compute dtype and SoC",
                                     names=("input", "weight", "cubeMathType"))),
    ("TemporarySoftwareLimitChecker", Require(check_soc, "Ascend310B: 2-d forward only",
                                              names=("input", "transposed"))),
    ("aclnnConvolutionGetWorkspaceSize", EmptyReturn("input", "weight", "output")),
)


def reference(x, w, bias=None, stride=(1,), padding=(0,), dilation=(1,), transposed=False, output_padding=(0,),
              groups=1, cube_math_type=0):
    """numpy float64: the convolution by its definition (loops over the taps)."""
    x = np.asarray(x).astype(np.float64)
    w = np.asarray(w).astype(np.float64)
    nd = x.ndim
    sd = nd - 2
    shape = conv_output_shape(x.shape, w.shape, tuple(stride), tuple(padding), tuple(dilation), transposed,
                              tuple(output_padding), groups)
    fronts = conv_pad_fronts(padding, nd) if (nd == 4 or not transposed) else tuple(padding)
    out = np.zeros(shape, dtype=np.float64)
    cig = x.shape[1] // groups
    cog = shape[1] // groups
    ksz = w.shape[2:]
    for g in range(groups):
        xs = x[:, g * cig:(g + 1) * cig]
        for k in np.ndindex(*ksz):
            if not transposed:
                # out[n, oc, o] += sum_ic w[oc, ic, k] * x[n, ic, o * s + k * d - p]
                wk = w[g * cog:(g + 1) * cog, :, *k]                 # (cog, cig)
                idx = []
                valid = np.ones(shape[2:], dtype=bool)
                for i in range(sd):
                    pos = np.arange(shape[2 + i]) * stride[i] + k[i] * dilation[i] - fronts[i]
                    sh = [1] * sd
                    sh[i] = -1
                    ok = ((pos >= 0) & (pos < x.shape[2 + i])).reshape(sh)
                    valid = valid & ok
                    idx.append(np.clip(pos, 0, x.shape[2 + i] - 1).reshape(sh))
                gathered = xs[(slice(None), slice(None)) + tuple(idx)] * valid   # (N, cig, out...)
                out[:, g * cog:(g + 1) * cog] += np.einsum("oc,nc...->no...", wk, gathered)
            else:
                # out[n, oc, i * s + k * d - p] += sum_ic x[n, ic, i] * w[ic, oc, k]
                wk = w[g * cig:(g + 1) * cig, :, *k]                 # (cig, cog)
                contrib = np.einsum("nc...,co->no...", xs, wk)     # (N, cog, in...)
                sel_in, sel_out = [], []
                for i in range(sd):
                    pos = np.arange(x.shape[2 + i]) * stride[i] + k[i] * dilation[i] - fronts[i]
                    ok = (pos >= 0) & (pos < shape[2 + i])
                    sel_in.append(np.nonzero(ok)[0])
                    sel_out.append(pos[ok])
                src = contrib[(slice(None), slice(None)) + np.ix_(*sel_in)]
                out[(slice(None), slice(g * cog, (g + 1) * cog)) + np.ix_(*sel_out)] += src
    if bias is not None:
        out += np.asarray(bias).astype(np.float64).reshape((1, -1) + (1,) * sd)
    return out


def _torch(t, x, w, bias, stride, padding, dilation, transposed, output_padding, groups, cube):
    """torch.nn.functional's conv1d / conv2d / conv_transpose1d / 2d, where the padding is
    one value per spatial dim (torch has no asymmetric padding)."""
    nd = x.dim()
    if len(padding) != nd - 2:
        return None
    f = t.nn.functional
    if transposed:
        fn = f.conv_transpose1d if nd == 3 else f.conv_transpose2d
        return fn(x, w, bias, tuple(stride), tuple(padding), tuple(output_padding), groups, tuple(dilation))
    fn = f.conv1d if nd == 3 else f.conv2d
    return fn(x, w, bias, tuple(stride), tuple(padding), tuple(dilation), groups)


CONVOLUTION = register(ConvolutionOp(
    name="Convolution", snake="convolution",
    params=(Input("input"), Input("weight"), Input("bias", optional=True), IntArray("stride", (1,)),
            IntArray("padding", (0,)), IntArray("dilation", (1,)), Bool("transposed", False),
            IntArray("outputPadding", (0,), optional=True), Int("groups", 1, const=True), Output("output"),
            Int8("cubeMathType", 0)),
    dtypes=DTYPES,
    geometry=geometry,
    min_rank=3, max_rank=5, checks=CHECKS,
    info={"reference": reference, "sized": True, "torch": _torch,
          "example_inputs": [[[[1.0, 2.0, 3.0, 4.0]]], [[[0.5, -1.0]]], [0.25]]},
    doc=__doc__,
))
