"""aclnnUpsampleNearest2d: out[n, c, oh, ow] = self[n, c, min(floor(oh * H / OH), H - 1),
min(floor(ow * W / OW), W - 1)] (the scales H / OH and W / OW and the products in
float32: ResizeNearestNeighborV2 with align_corners and half_pixel_centers false,
torch's interpolate(mode="nearest")); outputSize (OH, OW); self and out 4-d of storage
format NCHW, or NHWC ((N, H, W, C)); the numpy-like call reads an ND self and out (a
numpy array, a torch tensor) as NCHW; the two-stage API takes the Tensors' formats as CANN
does (an ND self: 161002).

CANN's checks (hicann/ops-cv@6ae87653464d2afb064c829e529abba2e278b0c4
image/resize_nearest_neighbor_v2/op_api/aclnn_upsample_nearest_2d.cpp CheckParams), in
its order (UPSAMPLE_NEAREST_2D_CHECKS): self, outputSize, out not null (161001); self
FLOAT16, FLOAT, DOUBLE, UINT8 (DAV_2201 and regbase SoCs: also BFLOAT16); out of self's
dtype; outputSize of 2 values, self 4-d, H, W, OH, OW not 0, C not 0; self's storage
format NCHW or NHWC, out's self's; out's N and C self's (CheckNCDimValid), out's H and W
outputSize (CheckOutputSize); on SoCs that are not regbase every dim of self and out at
most INT32_MAX; all 161002. An empty self or out then returns success.

A WindowOp (src/window.c, mode "nearest"): the elements' bits copied, any dtype."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, EmptyReturn, FormatIn, Input, IntArray, NotNull, Output,
                           Require, SameDtype, SameFormat, Window, WindowOp, register)

OPS_CV = ("hicann/ops-cv", "6ae87653464d2afb064c829e529abba2e278b0c4")
_D = ("float16", "float32", "float64", "uint8")
UPSAMPLE_NEAREST_2D_DTYPES = {"DAV_2201": _D + ("bfloat16",), "regbase": _D + ("bfloat16",), "default": _D}
_INT32_MAX = 2 ** 31 - 1


def _nhwc(t):
    return t.format.name == "NHWC"


def upsample_shape(ctx):
    """CheckShape: outputSize 2 values; self 4-d; H, W, OH, OW != 0; C != 0."""
    size, shape = ctx.values["outputSize"], ctx.tensor("self").shape
    if len(size) != 2:
        return "It is expected output size equals to 2, but got size %d." % len(size)
    if len(shape) != 4:
        return "It is expected input size equals to 4, but got size %d." % len(shape)
    if shape[2] == 0 or shape[3] == 0 or size[0] == 0 or size[1] == 0:
        return ("Input and output sizes should be greater than 0, but got input (H: %d, W: %d) output (H: %d, "
                "W: %d)." % (shape[2], shape[3], size[0], size[1]))
    if shape[1] == 0:
        return "Non-empty 4D data tensor expected but got a tensor with size %r." % (shape,)


def upsample_nc(ctx):
    """CheckNCDimValid: out's N and C self's (per self's format)."""
    x, out = ctx.tensor("self"), ctx.tensor("out")
    if len(out.shape) != 4:
        return "Expected a 4-d out, got %d dims." % len(out.shape)
    c = 3 if _nhwc(x) else 1
    if x.shape[0] != out.shape[0] or x.shape[c] != out.shape[c]:
        return ("The selfDimN[%d]/outDimN[%d] or selfDimC[%d]/outDimC[%d] not equal ."
                % (x.shape[0], out.shape[0], x.shape[c], out.shape[c]))


def upsample_output_size(ctx):
    """CheckOutputSize: out's H and W outputSize (dims 2, 3; NHWC: 1, 2)."""
    out, size = ctx.tensor("out"), ctx.values["outputSize"]
    h = 1 if _nhwc(out) else 2
    if (size[0], size[1]) != (out.shape[h], out.shape[h + 1]):
        return ("Expected output size (H: %d, W: %d), but got output tensor size (H: %d, W: %d)."
                % (size[0], size[1], out.shape[h], out.shape[h + 1]))


def upsample_uplimit(ctx):
    """CheckUplimit: not on regbase SoCs; every dim of self and out <= INT32_MAX."""
    if ctx.soc.regbase:
        return None
    for n in ("self", "out"):
        if any(d > _INT32_MAX for d in ctx.tensor(n).shape):
            return "%s sizes should not be greater than %d, but got %r" % (n, _INT32_MAX, ctx.tensor(n).shape)


UPSAMPLE_NEAREST_2D_CHECKS = Checks(
    CannSource(*OPS_CV, "image/resize_nearest_neighbor_v2/op_api/aclnn_upsample_nearest_2d.cpp"),
    ("CheckNotNull", NotNull("self", "outputSize", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=UPSAMPLE_NEAREST_2D_DTYPES)),
    ("CheckDtypeEqual", SameDtype("self", "out")),
    ("CheckShape", Require(upsample_shape, "outputSize 2 values, self 4-d, H, W, OH, OW, C != 0",
                           names=("self", "outputSize"))),
    ("CheckFormatValid", FormatIn("self", formats=("NCHW", "NHWC"))),
    ("CheckFormatEqual", SameFormat("self", "out")),
    ("CheckNCDimValid", Require(upsample_nc, "out's N and C self's", names=("self", "out"))),
    ("CheckOutputSize", Require(upsample_output_size, "out's H, W outputSize", names=("out", "outputSize"))),
    ("CheckUplimit", Require(upsample_uplimit, "dims <= INT32_MAX (not regbase)", names=("self", "out"))),
    ("aclnnUpsampleNearest2dGetWorkspaceSize", EmptyReturn("self", "out")),
)


def window(shape, a):
    """shape: self's (NCHW; the op's plan views an NHWC self so)."""
    oh, ow = a["outputSize"]
    h, w = shape[2], shape[3]
    return Window((shape[0], shape[1], oh, ow), oh, ow,
                  scale=(float(np.float32(h) / np.float32(oh)) if oh else 0.0,
                         float(np.float32(w) / np.float32(ow)) if ow else 0.0))


def nearest_index(in_size, out_size):
    """Source index per output index: min(floor(o * (in / out)), in - 1), float32."""
    scale = np.float32(in_size) / np.float32(out_size)
    idx = np.floor(np.arange(out_size, dtype=np.float32) * scale).astype(np.int64)
    return np.minimum(idx, in_size - 1)


def reference(x, output_size):
    x = np.asarray(x)
    ih, iw = nearest_index(x.shape[2], output_size[0]), nearest_index(x.shape[3], output_size[1])
    return x[:, :, ih][:, :, :, iw].astype(np.float64)


def _bench(n, rng):
    """NCHW doubled, and scaled by a factor that is not an integer, about n elements out."""
    side = int(round((n / 64) ** 0.5))
    x = rng.uniform(-4, 4, (4, 16, side // 2, side // 2)).astype(np.float32)
    y = rng.uniform(-4, 4, (4, 16, side * 2 // 3, side * 2 // 3)).astype(np.float32)
    return [(x, (side // 2 * 2, side // 2 * 2)), (y, (side, side))]


UPSAMPLE_NEAREST_2D = register(WindowOp(
    name="UpsampleNearest2d",
    snake="upsample_nearest_2d",
    params=(Input("self"), IntArray("outputSize"), Output("out")),
    dtypes=UPSAMPLE_NEAREST_2D_DTYPES,
    mode="nearest",
    window=window,
    nhwc_format=True,
    nd_format="NCHW",
    min_rank=4, max_rank=4,
    checks=UPSAMPLE_NEAREST_2D_CHECKS,
    info={"reference": reference, "sized": True, "exact": True, "example_attrs": ((4, 6),),
          "sample_shape": (1, 2, 3, 4), "bench": _bench, "shape_attrs": lambda shape: ((3, 5),),
          "torch": lambda t, x, size: t.nn.functional.interpolate(x, size=tuple(size), mode="nearest")},
    doc=__doc__,
))
