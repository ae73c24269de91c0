"""Probes of aclnnRotaryPositionEmbedding (ascendops/ops/rotary_position_embedding.py): the
generated phase 1 (op definition), the doc's empty return, the tiling templates' checks
(rope_rotate_half_tiling.cpp, rope_interleaved_tiling.cpp: 561002) and InferShape."""
from probes import Probe, f

SOURCE = ("hicann/ops-transformer", "c29bc1069d3252c641e2aa059ec88f392d3f05ac",
          "posembedding/rotary_position_embedding/op_host/rope_rotate_half_tiling.cpp")
OP = "RotaryPositionEmbedding"
X = f((2, 4, 3, 8))           # (B, S, N, D)
R = f((1, 4, 1, 8))           # cos / sin (1, S, 1, D): BSND
H = "ACL_FLOAT16"

PROBES = [
    Probe("null x", [None, R, R], [0], [X], 161001, "op definition: x REQUIRED"),
    Probe("null sin", [X, R, None], [0], [X], 161001, "op definition: sin REQUIRED"),
    Probe("null out", [X, R, R], [0], [None], 161001, "op definition: y REQUIRED"),
    Probe("float32 half", [X, R, R], [0], [X], 0, "DataType DT_FLOAT; RotateHalf BSND"),
    Probe("float16 interleave", [f((2, 4, 3, 8), H), f((1, 4, 1, 8), H), f((1, 4, 1, 8), H)], [1],
          [f((2, 4, 3, 8), H)], 0, "DataType DT_FLOAT16; TilingSplit BSND"),
    Probe("bf16", [f((2, 4, 3, 8), "BF16"), f((1, 4, 1, 8), "BF16"), f((1, 4, 1, 8), "BF16")], [0],
          [f((2, 4, 3, 8), "BF16")], 0, "DataType DT_BF16"),
    Probe("float64", [f((2, 4, 3, 8), "DOUBLE")] + [f((1, 4, 1, 8), "DOUBLE")] * 2, [0],
          [f((2, 4, 3, 8), "DOUBLE")], 161002, "op definition: no DT_DOUBLE"),
    Probe("float32 on Ascend910", [X, R, R], [0], [X], 161002, "op definition: no ascend910 AI Core config",
          soc="Ascend910"),
    Probe("cos of another dtype", [X, f((1, 4, 1, 8), H), R], [0], [X], 161002,
          "op definition: the paired DataType columns"),
    Probe("out of another dtype", [X, R, R], [0], [f((2, 4, 3, 8), H)], 161002,
          "op definition: y of x's dtype"),
    Probe("empty x", [f((2, 0, 3, 8)), R, R], [0], [f((2, 0, 3, 8))], 0, "doc: an empty x returns success"),
    Probe("empty 3-d x", [f((0, 3, 8)), R, R], [0], [f((0, 3, 8))], 0,
          "doc: an empty x is not bound by the shape constraints"),
    Probe("3-d x", [f((4, 3, 8)), R, R], [0], [f((4, 3, 8))], 561002,
          "CheckShapeSupport: the input shape must be 4-dimensional"),
    Probe("D 896", [f((1, 2, 1, 896)), f((1, 2, 1, 896)), f((1, 2, 1, 896))], [0], [f((1, 2, 1, 896))], 0,
          "CheckShapeSupport: dLength > D_LENGTH_LIMIT (896)"),
    Probe("D 898", [f((1, 2, 1, 898)), f((1, 2, 1, 898)), f((1, 2, 1, 898))], [0], [f((1, 2, 1, 898))], 561002,
          "CheckShapeSupport: dLength > D_LENGTH_LIMIT (896)"),
    Probe("odd D", [f((2, 4, 3, 7)), f((1, 4, 1, 7)), f((1, 4, 1, 7))], [0], [f((2, 4, 3, 7))], 561002,
          "CheckShapeSupport: head_dim must be an even number"),
    Probe("odd D, interleave", [f((2, 4, 3, 7)), f((1, 4, 1, 7)), f((1, 4, 1, 7))], [1], [f((2, 4, 3, 7))],
          0, "CheckInputShape and TilingSplit check no parity"),
    Probe("odd D and cos not sin", [f((2, 4, 3, 7)), f((1, 4, 1, 7)), f((1, 1, 1, 7))], [0], [f((2, 4, 3, 7))],
          561002, "CheckShapeSupport: D before the cos/sin shapes"),
    Probe("sin of another shape", [X, R, f((1, 1, 1, 8))], [0], [X], 561002,
          "CheckShapeSupport: cos shape and sin shape should be equal"),
    Probe("cos of another D", [X, f((1, 4, 1, 4)), f((1, 4, 1, 4))], [0], [X], 561002,
          "CheckShapeSupport: cos's D x's"),
    Probe("cos not broadcasting", [X, f((1, 2, 1, 8)), f((1, 2, 1, 8))], [0], [X], 561002,
          "doc: cos's dims 1 or x's"),
    Probe("cos (1, 1, 1, D)", [X, f((1, 1, 1, 8)), f((1, 1, 1, 8))], [0], [X], 0, "ChooseTilingMode: BND"),
    Probe("cos of x's shape", [X, X, X], [0], [X], 0, "ChooseTilingMode: NO_BROADCAST"),
    Probe("cos (1, S, N, D)", [X, f((1, 4, 3, 8)), f((1, 4, 3, 8))], [0], [X], 561002,
          "ChooseTilingMode: TILING_MODE_UNKNOWN"),
    Probe("cos (B, 1, N, D)", [X, f((2, 1, 3, 8)), f((2, 1, 3, 8))], [0], [X], 0,
          "ChooseTilingMode: r B1SD"),
    Probe("BNSD, B * N = 8 S", [f((4, 2, 1, 16)), f((1, 1, 1, 16)), f((1, 1, 1, 16))], [0], [f((4, 2, 1, 16))],
          0, "ChooseTilingMode: r all 1 is BND, before BNSD"),
    Probe("BNSD aligned, B * N = 8 S", [f((4, 4, 2, 16)), f((1, 1, 2, 16)), f((1, 1, 2, 16))], [0],
          [f((4, 4, 2, 16))], 0, "CheckBnsdBlockSkip: B * N > 8 S refused, 16 = 16"),
    Probe("BNSD aligned, B * N > 8 S", [f((3, 6, 2, 16)), f((1, 1, 2, 16)), f((1, 1, 2, 16))], [0],
          [f((3, 6, 2, 16))], 561002, "CheckBnsdBlockSkip: 18 > 16"),
    Probe("interleave cos (1, 1, 1, D), B 1", [f((1, 4, 3, 8)), f((1, 1, 1, 8)), f((1, 1, 1, 8))], [1],
          [f((1, 4, 3, 8))], 0, "TilingSplit: cos (S, 1, 1, D) with x's first dim S = 1"),
    Probe("interleave cos (1, 1, 1, D)", [f((2, 4, 3, 8)), f((1, 1, 1, 8)), f((1, 1, 1, 8))], [1],
          [f((2, 4, 3, 8))], 561002, "TilingSplit: no pattern matches (x's dims not 1)"),
    Probe("interleave cos (S, 1, 1, D)", [f((4, 2, 3, 8)), f((4, 1, 1, 8)), f((4, 1, 1, 8))], [1],
          [f((4, 2, 3, 8))], 0, "TilingSplit: SBND"),
    Probe("interleave cos (1, 1, S, D)", [f((2, 3, 4, 8)), f((1, 1, 4, 8)), f((1, 1, 4, 8))], [1],
          [f((2, 3, 4, 8))], 0, "TilingSplit: BNSD"),
    Probe("interleave cos of x's shape", [X, X, X], [1], [X], 561002, "TilingSplit: no pattern matches"),
    Probe("mode 2 rotates halves", [X, R, R], [2], [X], 0, "IsCapable: mode != 1 is RopeRotateHalfTilingClass"),
    Probe("mode -1 rotates halves", [X, R, R], [-1], [X], 0, "IsCapable: mode != 1"),
    Probe("out of another shape", [X, R, R], [0], [f((2, 4, 3, 4))], 161002, "InferShape: y = x"),
    Probe("out of another shape, bad layout", [X, f((1, 2, 1, 8)), f((1, 2, 1, 8))], [0], [f((2, 4, 3, 4))],
          561002, "the tiling before InferShape's check"),
]

DEVIATIONS = {
    "odd D, interleave": (561002, "the interleave tiling checks no parity, and its kernel rotates pairs: the last "
                                  "element of an odd D has no partner; refused with the doc's rule (D a multiple of 2)"),
}

DOC_SOURCE = [
    "RotaryPositionEmbedding: the doc lists mode 0 (half) and 1 (interleave) on Atlas A2/A3 and 561002 for a mode "
    "outside 0-3; the membase tiling picks RopeRotateHalfTilingClass for every mode but 1 (IsCapable) and the "
    "kernel's tiling key carries no mode, so every other mode rotates halves (rope_rotate_half_tiling.h)",
    "RotaryPositionEmbedding: the doc writes D < 896 on Atlas A2/A3; rope_rotate_half_tiling.cpp refuses only "
    "D > 896 (D_LENGTH_LIMIT), and the interleave tiling only a D its UB cannot hold",
    "RotaryPositionEmbedding: the doc requires cos's first three dims each 1 or x's; ChooseTilingMode does not check "
    "it (another shape is read as one of its layouts): refused here (561002) with the doc",
    "RotaryPositionEmbedding: CheckInputShape (rope_interleaved_tiling.cpp) joins its rank tests with && (only "
    "when x, cos and sin are all not 4-d) and reads dims 0-3 of each: every tensor 4-d here (561002)",
]
