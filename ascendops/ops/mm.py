"""aclnnMm: out = self @ mat2 for 2-d self (m, k) and mat2 (k, n); torch.mm.

CANN (hicann/ops-nn@e5c3fa93 matmul/mat_mul_v3/op_host/op_api/aclnn_mm.cpp,
CheckMmInputParams), in order:
- CheckNotNull: out, self, mat2 not null (161001).
- archRule->CheckInput (matmul/common/op_host/op_api/matmul_util.cpp BuildRule): on
  DAV_2201 (Ascend910B, 910_93) and the DAV_3510 series self, mat2, out in FLOAT, FLOAT16,
  BF16 (the dtypes may differ), cubeMathType in -1..4 (-1, the inner FP16FP32_KEEP_DTYPE,
  DAV_2201 only); on the other SoCs FLOAT, FLOAT16, and a FLOAT input refused with
  KEEP_DTYPE, USE_HF32 or -1 (161002).
- CheckShapeValid: mat2, then self, of 2 dims; self's k mat2's (161002).
- CheckOutputShapeValid: out of 2 dims, (m, n) (161002).
Then an empty out with an empty self or mat2 returns success (nothing written); an out
with elements and k = 0 is zeros. aclnn_mm.cpp checks no format: a FRACTAL_NZ mat2
(aclnnTransMatmulWeight's layout; ExecMmOp keeps its NZ storage) is read as the ND weight
its view addresses (MatmulOp, src/nz.c), the ND weight's product bit for bit.

The numbers (PromoteDtype, matmul_util.cpp): both inputs are read in one "upper" dtype,
Dav2201MatMulRule's table by the input dtypes and cubeMathType: FLOAT for any FLOAT or a
FLOAT16 + BF16 pair, the 16-bit dtype of two equal ones, and FLOAT16 under USE_FP16 (2)
for everything but BF16 + BF16 -- a FLOAT input is then rounded to FLOAT16 (a BF16 one
too). The product sums in float32 and is written in FLOAT where out is FLOAT (unless
USE_FP16) or both inputs are the same 16-bit dtype, else in the upper dtype, then cast to
out's. HF32 (cubeMathType 1 and 3 with FLOAT inputs) is computed in FLOAT: its rounding is
the cube's, not in the op_api source (docs/fidelity.md). Kernel: MatmulOp, src/matmul.c
around the engine's ao_gemm."""
from ascendops.ops import Checks, EmptyReturn, Input, Int8, MatmulOp, NotNull, Output, Rank, Require, When, register
from ascendops.ops._matmul_common import DTYPES, arch_rule_check, bench_pairs, make_pair, reference, source


def check_k(ctx):
    """CheckShapeValid: self's k (dim 1) mat2's (dim 0)."""
    a, b = ctx.tensor("self").shape, ctx.tensor("mat2").shape
    if a[1] != b[0]:
        return "The k-axis of the two inputs are different, self Kdim[%d], mat2 Kdim[%d]." % (a[1], b[0])


def check_out(ctx):
    """CheckOutputShapeValid: out (self's m, mat2's n)."""
    a, b, o = ctx.tensor("self").shape, ctx.tensor("mat2").shape, ctx.tensor("out").shape
    if o[0] != a[0] or o[1] != b[1]:
        return ("output's shape is not match input, out_m[%d] must be same with self_m[%d], out_n[%d] must be "
                "same with mat2_n[%d]." % (o[0], a[0], o[1], b[1]))


CHECKS = Checks(
    source("matmul/mat_mul_v3/op_host/op_api/aclnn_mm.cpp"),
    ("CheckNotNull", NotNull("out", "self", "mat2")),
    ("archRule->CheckInput", *arch_rule_check("self", "mat2", "out")),
    ("CheckShapeValid", Rank("mat2", min=2, max=2), Rank("self", min=2, max=2),
     Require(check_k, "self's k mat2's", names=("self", "mat2"))),
    ("CheckOutputShapeValid", Rank("out", min=2, max=2),
     Require(check_out, "out (m, n)", names=("self", "mat2", "out"))),
    ("aclnnMmGetWorkspaceSize", When(lambda ctx: ctx.tensor("out").numel == 0, "out->IsEmpty()",
                                     EmptyReturn("self", "mat2"))),
)


MM = register(MatmulOp(
    name="Mm", snake="mm",
    params=(Input("self"), Input("mat2"), Output("out"), Int8("cubeMathType", 0)),
    dtypes=DTYPES, ranks=(2, 2), min_rank=2, max_rank=2, checks=CHECKS,
    info={"reference": lambda a, b, cube_math_type=0: reference(a, b, cube_math_type),
          "make_pair": make_pair, "bench": bench_pairs(lambda s: ((s, s), (s, s))), "ranks": (2, 2),
          "torch": lambda t, a, b, cube_math_type=0: t.mm(a, b),
          "example_inputs": ([[1.0, 2.0], [3.0, 4.0]], [[0.5, -1.0], [2.0, 0.25]]),
          "attr_docs": {"cubeMathType": "0 KEEP_DTYPE, 1 ALLOW_FP32_DOWN_PRECISION, 2 USE_FP16, 3 USE_HF32, "
                                        "4 USE_FP32_ADD"}},
    doc=__doc__,
))
