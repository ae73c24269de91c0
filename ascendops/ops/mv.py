"""aclnnMv: out = self @ vec for a 2-d self (n, m) and a 1-d vec (m,); torch.mv.

CANN (hicann/ops-nn@e5c3fa93 matmul/mv/op_host/op_api/aclnn_mv.cpp,
aclnnMvGetWorkspaceSize), in order:
- routeCubeMathType4ToCubeMathType0DAV_2201: USE_FP32_ADD (4) is KEEP_DTYPE on DAV_2201.
- CheckNotNull: self, vec, out (161001).
- CheckDtypeSame: out's dtype vec's; a non-empty self's vec's (161002).
- archRule->CheckInput: as aclnnMm's (matmul_util.cpp; 161002).
- CheckShape: self of 2 dims, vec and out of 1; vec (m,), out (n,) (161002).
Then an empty out returns success (nothing written); an empty self (m = 0) writes zeros.
The numbers are aclnnMm's (mm.py); vec is the product's one column. Kernel: MatmulOp,
src/matmul.c around ao_gemm."""
from ascendops.ops import (Checks, EmptyReturn, Input, Int8, MatmulOp, NotNull, Output, Rank, Require, SameDtype,
                           When, register)
from ascendops.ops._matmul_common import DTYPES, arch_rule_check, bench_pairs, make_pair, reference, source


def check_shape(ctx):
    """CheckShape after the rank checks: vec (self's m,), out (self's n,)."""
    a, v, o = ctx.tensor("self").shape, ctx.tensor("vec").shape, ctx.tensor("out").shape
    if v != (a[1],):
        return "Expected tensor for vec to have same size as %r, but got %r." % ((a[1],), v)
    if o != (a[0],):
        return "Expected tensor for out to have same size as %r, but got %r." % ((a[0],), o)


CHECKS = Checks(
    source("matmul/mv/op_host/op_api/aclnn_mv.cpp"),
    ("CheckNotNull", NotNull("self", "vec", "out")),
    ("CheckDtypeSame", SameDtype("vec", "out"),
     When(lambda ctx: ctx.tensor("self").numel != 0, "!self->IsEmpty()", SameDtype("vec", "self"))),
    ("archRule->CheckInput", *arch_rule_check("self", "vec", "out", route_fp32_add=True)),
    ("CheckShape", Rank("self", min=2, max=2), Rank("vec", "out", min=1, max=1),
     Require(check_shape, "vec (m,), out (n,)", names=("self", "vec", "out"))),
    ("aclnnMvGetWorkspaceSize", EmptyReturn("out")),
)


MV = register(MatmulOp(
    name="Mv", snake="mv",
    params=(Input("self"), Input("vec"), Output("out"), Int8("cubeMathType", 0)),
    dtypes=DTYPES, ranks=(2, 1), route_fp32_add=True, min_rank=1, max_rank=2, checks=CHECKS,
    info={"reference": lambda a, b, cube_math_type=0: reference(a, b, cube_math_type, route_fp32_add=True),
          "make_pair": make_pair, "bench": bench_pairs(lambda s: ((s, s), (s,))), "ranks": (2, 1),
          "torch": lambda t, a, b, cube_math_type=0: t.mv(a, b),
          "example_inputs": ([[1.0, 2.0], [3.0, 4.0]], [0.5, -1.0])},
    doc=__doc__,
))
