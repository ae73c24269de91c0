"""aclnnMatmul: out = self @ mat2 with torch.matmul's shapes: a 1-d operand is a row
(self) or a column (mat2) dropped from the result, the batch dims (all but the last two)
broadcast; torch.matmul.

CANN (hicann/ops-nn@e5c3fa93 matmul/mat_mul_v3/op_host/op_api/aclnn_matmul.cpp,
CheckInputParams), in order:
- CheckNotNull: self, mat2, out (161001).
- archRule->CheckInput: as aclnnMm's (matmul_util.cpp: FLOAT, FLOAT16, BF16 on DAV_2201 /
  DAV_3510, FLOAT, FLOAT16 else; cubeMathType for the promoted dtype; 161002).
- CheckWeightNzDtype: a FRACTAL_NZ mat2 (aclnnTransMatmulWeight's layout) with self and
  mat2 one FLOAT16 and the other BF16 is refused (161002).
- CheckShapeValid: self, mat2 of at most 6 dims and at least 1; self's last dim mat2's
  first (mat2 of 1 or 2 dims) or its second last (3 dims or more); where both have 2 dims
  or more, their batch dims broadcast (161002).
- CheckFormat: self, out not FRACTAL_NZ (161002). A FRACTAL_NZ mat2 is read through the
  NZ layout of the ND matrices its view addresses (MatmulOp, src/nz.c): the ND weight's
  product, bit for bit.
Then an empty out with an empty self or mat2 returns success (nothing written); an out of
elements with k = 0 is zeros (ProcessEmptyTensor's Fill). CANN checks no out shape here
(its ViewCopy would fail): ascendops refuses an out of another shape than the product's
(161002). The numbers are aclnnMm's (mm.py: CANN's upper dtype and output dtype per
cubeMathType; the batch folds of CreateMatmulGraphImpl do not change a sum). Kernel:
MatmulOp, src/matmul.c around ao_gemm."""
from ascendops.ops import (Checks, EmptyReturn, Input, Int8, MatmulOp, NotNull, Output, Rank, Require, When,
                           matmul_shape, register)
from ascendops.ops._matmul_common import DTYPES, arch_rule_check, bench_pairs, make_pair, reference, source


def check_shape(ctx):
    """CheckShapeValid after OP_CHECK_MAX_DIM."""
    a, b = ctx.tensor("self").shape, ctx.tensor("mat2").shape
    if not a or not b:
        return "Matmul not support %r, %r" % (a, b)
    kb = b[0] if len(b) <= 2 else b[-2]
    if a[-1] != kb:
        return "The k-axis of the two inputs are different %r, %r" % (a, b)
    if len(a) >= 2 and len(b) >= 2 and matmul_shape(a, b) is None:
        return "Broadcast %r and %r failed." % (a, b)


def check_weight_nz_dtype(ctx):
    """CheckWeightNzDtype: a FRACTAL_NZ mat2 with self and mat2 FLOAT16 and BF16 (either way)."""
    if ctx.tensor("mat2").format.name == "FRACTAL_NZ" and \
            {ctx.dtype("self").name, ctx.dtype("mat2").name} == {"float16", "bfloat16"}:
        return ("The dtypes of self and mat2 must be both DT_BF16 or both DT_FLOAT16, now self's dtype is [%s], "
                "mat2's dtype is [%s]" % (ctx.dtype("self").log_name, ctx.dtype("mat2").log_name))


def check_format(ctx):
    """CheckFormat: self and out not FRACTAL_NZ."""
    if "FRACTAL_NZ" in (ctx.tensor("self").format.name, ctx.tensor("out").format.name):
        return " The 'self' or 'out' tensor currently does not support NZ format"


CHECKS = Checks(
    source("matmul/mat_mul_v3/op_host/op_api/aclnn_matmul.cpp"),
    ("CheckNotNull", NotNull("self", "mat2", "out")),
    ("archRule->CheckInput", *arch_rule_check("self", "mat2", "out")),
    ("CheckWeightNzDtype", Require(check_weight_nz_dtype, "FRACTAL_NZ mat2: not FLOAT16 with BF16",
                                   names=("self", "mat2"))),
    ("CheckShapeValid", Rank("self", "mat2", max=6),
     Require(check_shape, "k, batches broadcast", names=("self", "mat2"))),
    ("CheckFormat", Require(check_format, "self, out not FRACTAL_NZ", names=("self", "out"))),
    ("aclnnMatmulGetWorkspaceSize", When(lambda ctx: ctx.tensor("out").numel == 0, "out->IsEmpty()",
                                         EmptyReturn("self", "mat2"))),
)


MATMUL = register(MatmulOp(
    name="Matmul", snake="matmul",
    params=(Input("self"), Input("mat2"), Output("out"), Int8("cubeMathType", 0)),
    dtypes=DTYPES, min_rank=1, max_rank=6, checks=CHECKS,
    info={"reference": lambda a, b, cube_math_type=0: reference(a, b, cube_math_type),
          "make_pair": make_pair, "bench": bench_pairs(lambda s: ((4, s // 2, s // 2), (s // 2, s // 2))),
          "torch": lambda t, a, b, cube_math_type=0: t.matmul(a, b),
          "example_inputs": ([[1.0, 2.0], [3.0, 4.0]], [0.5, -1.0])},
    doc=__doc__,
))
