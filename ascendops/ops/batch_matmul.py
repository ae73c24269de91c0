"""aclnnBatchMatMul: out[i] = self[i] @ mat2[i] for 3-d self (b, m, k) and mat2 (b', k, n),
a batch of 1 broadcast; torch.bmm (with torch.matmul's batch broadcast of size 1).

CANN (hicann/ops-nn@e5c3fa93 matmul/batch_mat_mul_v3/op_host/op_api/aclnn_batch_matmul.cpp,
aclnnBatchMatMulGetWorkspaceSize), in order:
- routeCubeMathType4ToCubeMathType0DAV_2201: USE_FP32_ADD (4) is KEEP_DTYPE (0) on DAV_2201.
- CheckParamsV2: CheckNotNull (self, mat2, out; 161001); archRule->CheckInput (as aclnnMm:
  FLOAT, FLOAT16, BF16 on DAV_2201 / DAV_3510, FLOAT, FLOAT16 else; cubeMathType for the
  promoted dtype; 161002); CheckShape: self, mat2, out of 3 dims, a FRACTAL_NZ mat2's k
  and n not 1, self's last dim mat2's second, the batches equal or one of them 1, out (max
  batch, m, n) (161002); CheckFormat (self, out not FRACTAL_NZ; 161002). A FRACTAL_NZ mat2
  (aclnnTransMatmulWeight's layout) is read as the ND weight its view addresses (MatmulOp,
  src/nz.c): the ND weight's product, bit for bit.
Then a batch of 0 in self, m = 0 or n = 0 returns success (nothing written); k = 0 with an
out of elements writes zeros. The numbers are aclnnMm's (mm.py: CANN's upper dtype and
output dtype per cubeMathType). Kernel: MatmulOp, src/matmul.c around ao_gemm."""
from ascendops.ops import Checks, EmptyReturn, Input, Int8, MatmulOp, NotNull, Output, Rank, Require, When, register
from ascendops.ops._matmul_common import DTYPES, arch_rule_check, bench_pairs, make_pair, reference, source


def check_shape(ctx):
    """CheckShape after the rank checks."""
    a, b, o = ctx.tensor("self").shape, ctx.tensor("mat2").shape, ctx.tensor("out").shape
    if (b[1] == 1 or b[2] == 1) and ctx.tensor("mat2").format.name == "FRACTAL_NZ":
        return "The k-axis or n-axis can not be 1."
    if a[2] != b[1]:
        return ("self's last dim and mat2's penultimate dim shoule be same, self [%d], mat2 [%d]." % (a[2], b[1]))
    if a[0] != b[0] and a[0] != 1 and b[0] != 1:
        return ("self's first dim and mat2's first dim shoule be same, or at least one of the self's first dim and "
                "mat2's first dim is 1.Now self [%d], mat2 [%d]." % (a[0], b[0]))
    first = max(a[0], b[0])
    if o[1] != a[1] or o[2] != b[2] or o[0] != first:
        return ("output's shape is not match input, out_m[%d] must be same with self_m[%d], out_n[%d] must be same "
                "with other_n[%d], out_batch[%d] must be same with input_batch[%d]." % (o[1], a[1], o[2], b[2], o[0],
                                                                                      first))


def check_format(ctx):
    """CheckFormat: self and out not FRACTAL_NZ."""
    if "FRACTAL_NZ" in (ctx.tensor("self").format.name, ctx.tensor("out").format.name):
        return " The 'self' or 'out' tensor currently does not support NZ format"


def bmm_empty(ctx):
    """CheckBmmResIsEmpty: self's batch or m, or mat2's n, is 0."""
    a, b = ctx.tensor("self").shape, ctx.tensor("mat2").shape
    return a[0] == 0 or a[1] == 0 or b[2] == 0


CHECKS = Checks(
    source("matmul/batch_mat_mul_v3/op_host/op_api/aclnn_batch_matmul.cpp"),
    ("CheckNotNull", NotNull("self", "mat2", "out")),
    ("archRule->CheckInput", *arch_rule_check("self", "mat2", "out", route_fp32_add=True)),
    ("CheckShape", Rank("self", "mat2", "out", min=3, max=3),
     Require(check_shape, "k, batches equal or 1, out (batch, m, n)", names=("self", "mat2", "out"))),
    ("CheckFormat", Require(check_format, "self, out not FRACTAL_NZ", names=("self", "out"))),
    ("CreateBatchMatmulGraphImpl", When(bmm_empty, "CheckBmmResIsEmpty", EmptyReturn("self", "mat2"))),
)


BATCH_MATMUL = register(MatmulOp(
    name="BatchMatMul", snake="batch_mat_mul", header="aclnn_batch_matmul.h",
    params=(Input("self"), Input("mat2"), Output("out"), Int8("cubeMathType", 0)),
    dtypes=DTYPES, ranks=(3, 3), route_fp32_add=True, min_rank=3, max_rank=3, checks=CHECKS,
    info={"reference": lambda a, b, cube_math_type=0: reference(a, b, cube_math_type, route_fp32_add=True),
          "make_pair": make_pair, "bench": bench_pairs(lambda s: ((4, s // 2, s // 2), (4, s // 2, s // 2))), "ranks": (3, 3),
          "torch": lambda t, a, b, cube_math_type=0: t.matmul(a, b),
          "example_inputs": ([[[1.0, 2.0], [3.0, 4.0]]], [[[0.5, -1.0], [2.0, 0.25]]])},
    doc=__doc__,
))
