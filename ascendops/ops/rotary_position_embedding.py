"""aclnnRotaryPositionEmbedding: out = x * cos + rotate(x) * sin along the last dim D of a
4-d x, cos and sin broadcast over x's first three dims. mode 1 ("interleave") rotates each
pair (x[2i], x[2i+1]) to (-x[2i+1], x[2i]); every other mode rotates halves,
cat(-x[D/2:], x[:D/2]) ("half", the doc's mode 0).

CANN (hicann/ops-transformer@c29bc1069d3252c641e2aa059ec88f392d3f05ac,
posembedding/rotary_position_embedding/): op_api/aclnn_rotary_position_embedding.cpp only
forwards to aclnnInnerRotaryPositionEmbedding, which CANN generates from the op definition
(op_host/rotary_position_embedding_def.cpp), so the rules are the definition's, the
tiling's (op_host/rope_rotate_half_tiling.cpp, rope_interleaved_tiling.cpp: 561002,
ACLNN_ERR_INNER_TILING_ERROR) and the doc's (docs/aclnnRotaryPositionEmbedding.md).
Dtypes: FLOAT16, FLOAT, BFLOAT16, one for x, cos, sin and out (the definition's paired
columns; AI Core configs ascend910b, ascend910_93, ascend910_95, none for Ascend910 and
Ascend310P). An empty x returns success (the doc: an empty x is not bound by the shape
constraints). The tiling template is chosen by mode alone (IsCapable): mode 1 runs
RopeInterLeavedTilingClass, every other value RopeRotateHalfTilingClass, whose kernel's
tiling key does not carry the mode, so modes 0, 2, 3 and any other value rotate halves.
Rotate-half tiling, in CheckShapeSupport's order then DoRotateHalfTiling's: x, cos, sin
4-d; D <= 896; D even; cos's shape sin's; cos's D x's; cos's first three dims each 1 or x's
(the doc's constraint; the tiling's ChooseTilingMode assumes it); the layout known (cos
(1, S, N, D) under x (B, S, N, D), B, S, N > 1, is TILING_MODE_UNKNOWN); a BNSD layout
(cos (1, 1, S, D)) refused where B * N > 8 S (D / 2 a multiple of a 32-byte block) or
2 B N > ceil(S / cores) and D < 80 (otherwise; CheckBnsdBlockSkip). Interleave tiling
(CheckInputShape, TilingSplit): 4-d (here each tensor: CANN's `&&` lets a partly 4-d call
through to undefined reads), cos's shape sin's, cos's D x's, D even and <= 896 (the doc's
constraint; the tiling does not check it), cos (S, 1, 1, D) with x's first dim S,
(1, S, 1, D) with its second or (1, 1, S, D) with its third. Then out of x's shape (InferShape
y = x; 161002). Math (src/rope.c, RotaryOp, ascendops/_rope.pxi): fp32 for every dtype,
each product rounded then the sum, 16-bit results rounded once to nearest even (the
kernel's RotateHalfBf16 / InterleavedSplitS::ComputeCastFp32: Cast, Mul, Mul, Add,
Cast CAST_RINT)."""
import numpy as np
from ascendops.ops import (CannSource, Checks, DtypeIn, EmptyReturn, Input, Int, NotNull, Output, Require,
                           RotaryOp, SameDtype, SameShape, register)

COMMIT = "c29bc1069d3252c641e2aa059ec88f392d3f05ac"
DTYPES = ("float32", "float16", "bfloat16")
D_LENGTH_LIMIT = 896          # rope_rotate_half_tiling.cpp D_LENGTH_LIMIT
BLOCK_BYTES = 32              # BYTE_OF_BLOCK


def rotate(x, mode):
    """x's rotation along its last dim (float64)."""
    x = np.asarray(x, dtype=np.float64)
    if mode == 1:
        r = np.empty_like(x)
        r[..., 0::2] = -x[..., 1::2]
        r[..., 1::2] = x[..., 0::2]
        return r
    h = x.shape[-1] // 2
    return np.concatenate((-x[..., h:], x[..., :h]), axis=-1)


def reference(x, cos, sin, mode=0):
    x = np.asarray(x, dtype=np.float64)
    return x * np.asarray(cos, dtype=np.float64) + rotate(x, mode) * np.asarray(sin, dtype=np.float64)


def _bench(n, rng):
    """A prefill's queries, (1, S, 32 heads, 128), about n elements, with cos and sin per
    position: halves (mode 0, llama.cpp's NEOX form) and pairs (mode 1)."""
    s = max(1, n // (32 * 128))
    x = rng.uniform(-4, 4, (1, s, 32, 128)).astype(np.float32)
    angle = rng.uniform(0, 6.3, (1, s, 1, 128))
    cos, sin = np.cos(angle).astype(np.float32), np.sin(angle).astype(np.float32)
    return [(x, cos, sin, 0), (x, cos, sin, 1)]


def _torch(t, x, cos, sin, mode):
    if mode == 1:
        rot = t.stack((-x[..., 1::2], x[..., 0::2]), dim=-1).flatten(-2)
    else:
        h = x.shape[-1] // 2
        rot = t.cat((-x[..., h:], x[..., :h]), dim=-1)
    return x * cos + rot * sin


def _rotate_half_refuses(x, r, itemsize, cores):
    """RotateHalfTiling::CheckShapeSupport, then ChooseTilingMode and CheckBnsdBlockSkip."""
    d = x[-1]
    if d > D_LENGTH_LIMIT:
        return "input last dim (head_dim) should be less than %d." % D_LENGTH_LIMIT
    if d % 2:
        return "input last dim (head_dim) must be an even number."
    if r[-1] != d:
        return "input last dim (head_dim) should be equal, but get x [%d] and cos [%d]." % (d, r[-1])
    if any(a != b and a != 1 for a, b in zip(r[:3], x[:3])):
        return "cos shape %r does not broadcast to x's %r." % (r, x)
    (x0, x1, x2), (r0, r1, r2) = x[:3], r[:3]
    if (r0, r1, r2) == (x0, x1, x2) or (r0, r1, r2) == (1, 1, 1):
        return None                                     # NO_BROADCAST, BND
    if x0 != r0 and x1 != r1:                           # BNSD: the block-skip rule
        aligned = (d // 2) % (BLOCK_BYTES // itemsize) == 0
        bn = x0 * x1
        if aligned and bn > x2 * 8:
            return "when input is BNSD layout and B * N is large, please do not use RotaryPositionEmbedding."
        if not aligned and bn * 2 > -(-x2 // cores) and d < 80:
            return "when input is BNSD layout and D is not aligned, please do not use RotaryPositionEmbedding."
        return None
    if (x0 != r0 and x2 != r2) or (x1 != r1 and x2 != r2):
        return None                                     # BSND, SBND
    if x0 != r0 and (r1 == 1 or r2 == 1):
        return None
    if x1 != r1 and r2 == 1:
        return None
    if r2 != x2 or r1 != x1:
        return None                                     # r BS1D / SB1D, r B1SD
    return "unknow input layout, unable to calculate."


def _interleaved_refuses(x, r):
    """CheckInputShape (its D rule) and TilingSplit, with the doc's D constraint."""
    d = x[-1]
    if r[-1] != d:
        return "The last dim of inputs x, cos, sin is inconsistent."
    if d % 2 or d > D_LENGTH_LIMIT:
        return "D must be even and at most %d (the doc's constraint)." % D_LENGTH_LIMIT
    if r[1] == 1 and r[2] == 1 and x[0] == r[0]:
        return None
    if r[0] == 1 and r[2] == 1 and x[1] == r[1]:
        return None
    if r[0] == 1 and r[1] == 1 and x[2] == r[2]:
        return None
    return "The shape of the input x, cos and sin is not supported."


def tiling_refuses(ctx):
    """The tiling of the template mode picks (see the module's doc)."""
    x, c, s = (ctx.tensor(n).shape for n in ("x", "cos", "sin"))
    if len(x) != 4 or len(c) != 4 or len(s) != 4:
        return "the input shape must be 4-dimensional."
    mode = ctx.values["mode"]
    if mode == 1:
        if c != s:
            return "The shape of the input cos and sin is inconsistent."
        return _interleaved_refuses(x, c)
    if x[-1] <= D_LENGTH_LIMIT and x[-1] % 2 == 0 and c != s:
        return "cos shape and sin shape should be equal."
    return _rotate_half_refuses(x, c, ctx.tensor("x").dtype.itemsize, ctx.soc.core_num)


ROPE_DTYPES = {"default": DTYPES, "Ascend910": (), "Ascend310P": ()}
CHECKS = Checks(
    CannSource("hicann/ops-transformer", COMMIT, "posembedding/rotary_position_embedding/op_host/"
               "rotary_position_embedding_def.cpp"),
    ("RotaryPositionEmbedding op definition (the generated aclnnInnerRotaryPositionEmbeddingGetWorkspaceSize)",
     NotNull("x", "cos", "sin", "out"), DtypeIn("x", dtypes=ROPE_DTYPES), SameDtype("x", "cos", "sin", "out")),
    ("docs/aclnnRotaryPositionEmbedding.md: an empty x returns an empty out", EmptyReturn("x")),
    ("RopeRotateHalfTilingClass / RopeInterLeavedTilingClass::DoOpTiling (rope_*_tiling.cpp)",
     Require(tiling_refuses, "4-d; D even, <= 896, cos's; cos's shape sin's; a layout the tiling knows",
             status=561002, names=("x", "cos", "sin", "mode"))),
    ("InferShapeForRotaryPositionEmbedding: y = x", SameShape("x", "out")),
)

ROTARY_POSITION_EMBEDDING = register(RotaryOp(
    name="RotaryPositionEmbedding",
    snake="rotary_position_embedding",
    params=(Input("x"), Input("cos"), Input("sin"), Int("mode", 0), Output("out")),
    dtypes=ROPE_DTYPES,
    rotations={1: "interleave"},
    otherwise="half",
    min_rank=4,
    max_rank=4,
    checks=CHECKS,
    info={"reference": reference,
          # a row whose D is even (the tiling's rule; the generic examples' rows have 3)
          "example_inputs": ([[[[1.0, 2.0, 3.0, 4.0]]]], [[[[0.5, 0.5, 0.5, 0.5]]]], [[[[1.0, 1.0, 1.0, 1.0]]]]),
          "example_attrs": (0,), "bench": _bench, "torch": _torch},
    doc=__doc__,
))
