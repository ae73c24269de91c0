"""aclnnRReluWithNoise(self, noise, lower, upper, training, seed, offset, out) and
aclnnInplaceRReluWithNoise: the randomized leaky ReLU.

  training:  slope_i ~ U(lower, upper) for self_i < 0, else 1;  noise_i = slope_i;
             out_i = self_i * slope_i
  inference: out_i = self_i > 0 ? self_i : self_i * (lower + upper) / 2;  noise untouched

CANN (hicann/ops-nn@e5c3fa93 activation/leaky_relu/op_api/aclnn_rrelu_with_noise.cpp,
docs/aclnnRReluWithNoise&aclnnInplaceRReluWithNoise.md; the source wins over the doc;
the check sequence below):
- checks, in order: self, noise, lower, upper, out not null (161001); self, noise, out in
  FLOAT, FLOAT16 (BF16 on DAV_2201 / regbase SoCs), lower and upper FLOAT, FLOAT16, BF16
  or DOUBLE scalars, noise and self with out's dtype; self with out's shape, and in
  training numel(self) <= numel(noise) (noise's shape may differ: "shape建议与self一致");
  self and noise at most 32 dims (0-d allowed); self's and noise's format out's (all
  161002). Then an empty self or noise returns success, in inference too (out is then
  not written).
- training: mask = Less(self, 0) (the doc says self <= 0; at self = 0 the source gives
  slope 1, out 0 either way); the uniform u in [0, 1) from StatelessRandomUniformV2(seed,
  offset) (Ascend910B/910_93 use the DSA unit's DSARandomUniform instead), the slope
  u * upper - (u * lower - lower) in FLOAT, cast to self's dtype, SelectV2(mask, slope,
  1) -> noise: the first numel(self) elements of noise (row-major) receive it, the rest
  keep their values; out = Mul(self, slope).
- inference: LeakyRelu(self, (lower.ToFloat() + upper.ToFloat()) / 2); noise is neither
  read nor written (the doc says nothing about it then).
The random numbers: Philox4x32-10 (src/philox.h), key = seed, counter = offset + i / 4,
element i takes output i % 4, u = its low 23 bits as a mantissa (TensorFlow's
stateless layout, which CANN's StatelessRandomUniformV2 implements): reproducible from
(seed, offset), and element i's number does not depend on threads or tiling. CANN's
device generators' bits are not reproduced (DSA hardware on Ascend910B); the
distribution and the reproducibility are. Kernel: src/rrelu.h."""
import numpy as np

from ascendops._core import RReluWithNoiseOp
from ascendops.ops import (Bool, CannSource, Checks, DtypeIn, EmptyReturn, Input, Int, NotNull, Output, Rank, Require,
                           SameDtype, SameFormat, SameShape, Scalar, register)

MASK32 = 0xFFFFFFFF
PHILOX_M = (0xD2511F53, 0xCD9E8D57)
PHILOX_W = (0x9E3779B9, 0xBB67AE85)


def noise_holds_self(ctx):
    """CheckShapeValid: in training, numel(self) <= numel(noise) (noise's shape may differ)."""
    x, noise = ctx.tensor("self"), ctx.tensor("noise")
    if ctx.values["training"] and x.numel > noise.numel:
        return "tesnor size of self larger than noise, self: %d, noise: %d." % (x.numel, noise.numel)
    return None


DTYPES = ("float32", "float16", "bfloat16")
# GetDtypeSupportList: ASCEND910B_DTYPE_DTYPE_SUPPORT_LIST on DAV_2201 and regbase SoCs
SUPPORT = {"DAV_2201": DTYPES, "regbase": DTYPES, "default": ("float32", "float16")}
# SCALAR_DTYPE_SUPPORT_LIST: an aclScalar's dtype (a Python float is FLOAT here; bool,
# integers and complex are refused)
SCALAR_DTYPES = ("float32", "float16", "bfloat16", "float64")
CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/leaky_relu/op_api/aclnn_rrelu_with_noise.cpp"),
    ("CheckNotNull", NotNull("self", "noise", "lower", "upper", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=SUPPORT), DtypeIn("noise", dtypes=SUPPORT),
     DtypeIn("lower", dtypes=SCALAR_DTYPES), DtypeIn("upper", dtypes=SCALAR_DTYPES), DtypeIn("out", dtypes=SUPPORT),
     SameDtype("out", "self", "noise")),
    ("CheckShapeValid", SameShape("self", "out"),
     Require(noise_holds_self, "training: numel(self) <= numel(noise)", names=("self", "noise", "training"))),
    ("CheckFormatValid", Rank("self", "noise", max=32), SameFormat("out", "self", "noise")),
    ("aclnnRReluWithNoiseGetWorkspaceSize", EmptyReturn("self", "noise")),
)


def philox4x32_10(counters, key):
    """Philox4x32-10 in numpy (independent of src/philox.h): counters is a (4, n) array
    of 32-bit words (lowest first), key two words; returns the (4, n) outputs."""
    c0, c1, c2, c3 = (np.asarray(c, dtype=np.uint64) for c in counters)
    k0, k1 = np.uint64(key[0]), np.uint64(key[1])
    m0, m1, mask = np.uint64(PHILOX_M[0]), np.uint64(PHILOX_M[1]), np.uint64(MASK32)
    for _ in range(10):
        p0, p1 = m0 * c0, m1 * c2
        c0, c1, c2, c3 = (p1 >> np.uint64(32)) ^ c1 ^ k0, p1 & mask, (p0 >> np.uint64(32)) ^ c3 ^ k1, p0 & mask
        k0, k1 = (k0 + np.uint64(PHILOX_W[0])) & mask, (k1 + np.uint64(PHILOX_W[1])) & mask
    return np.stack([c0, c1, c2, c3]).astype(np.uint32)


def uniforms(n, seed, offset):
    """The uniform float32 in [0, 1) of elements 0..n-1 for (seed, offset)."""
    seed, offset = seed & 0xFFFFFFFFFFFFFFFF, offset & 0xFFFFFFFFFFFFFFFF
    groups = (n + 3) // 4
    g = np.arange(groups, dtype=object) + offset          # 128-bit counter, exact
    ctr = [np.array([(int(v) >> (32 * w)) & MASK32 for v in g], dtype=np.uint64) for w in range(4)]
    out = philox4x32_10(ctr, (seed & MASK32, seed >> 32))
    words = out.T.reshape(-1)[:n]
    bits = (np.uint32(0x3F800000) | (words & np.uint32(0x7FFFFF))).view(np.float32)
    return bits - np.float32(1.0)


def slopes(x, lower, upper, seed, offset):
    """Training's slope of each element of x (row-major), rounded to x's dtype."""
    x = np.asarray(x)
    u = uniforms(x.size, seed, offset).reshape(x.shape)
    lo, up = np.float32(lower), np.float32(upper)
    r = u * up - (u * lo - lo)                             # CANN's FLOAT Muls/Sub order
    r = r.astype(x.dtype).astype(np.float64)
    return np.where(x.astype(np.float64) < 0, r, 1.0)


def reference(x, noise, lower=0.125, upper=1.0 / 3.0, training=False, seed=0, offset=0):
    xf = np.asarray(x).astype(np.float64)
    if training:
        return xf * slopes(x, lower, upper, seed, offset)
    slope = float((np.float32(lower) + np.float32(upper)) / np.float32(2))
    return np.where(xf > 0, xf, xf * slope)


def attrs(ndim):
    # inference first: the per-op benchmark measures the first case, against torch's rrelu
    return [(0.125, 1.0 / 3.0, False, 0, 0), (0.125, 1.0 / 3.0, True, 0, 0),
            (0.1, 0.5, True, 12345, 7), (0.3, 0.3, False, 1, 2), (-0.5, 0.25, True, -1, -9)]


RRELU_WITH_NOISE = register(RReluWithNoiseOp(
    name="RReluWithNoise", snake="rrelu_with_noise",
    params=(Input("self"), Input("noise", written=True), Scalar("lower", 0.125), Scalar("upper", 1.0 / 3.0),
            Bool("training", False), Int("seed", 0), Int("offset", 0), Output("out")),
    dtypes=("float32", "float16", "bfloat16"),
    max_rank=32, checks=CHECKS,
    inplace=True, inplace_name="self", inplace_const=True,   # CANN's: const aclTensor *self
    info={"reference": reference, "domain": [(-3.0, 3.0), (0.0, 1.0)], "attrs": attrs,
          # no broadcast: a noise smaller than self is refused in training only
          "broadcast_refused": lambda attrs: attrs[2],
          "specials": [(0.0, -0.0, -1.0, 1.0), None],
          "bad_attrs": [((1, 0.5, True, 0, 0), 161002), ((0.1, 1j, False, 0, 0), 161002)],
          "torch": lambda t, x, n, lo, up, tr, s, o: (
              t.nn.functional.rrelu(x, lo, up, training=False) if not tr else None)},
    doc=__doc__,
))
