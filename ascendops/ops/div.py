"""aclnnDiv, aclnnInplaceDiv: out = self / other (true division), with CANN's promotion
and broadcast.

CANN (hicann/ops-math c41933244c31e44fd496e3bb3212164f8c48c214, math/div/op_api/aclnn_div.cpp):
- CheckParams(self, other, out, MODE_REAL_DIV), in this order: out, other, self not null;
  CheckShape: self and other rank <= 8, broadcast, out the broadcast shape; CheckDtypeValid:
  other, then self, in the support list (ASCEND910B_DTYPE_SUPPORT_LIST with BF16 on
  DAV_2201 and regbase, else FLOAT16, FLOAT, INT64, INT32, INT16, INT8, UINT8, DOUBLE,
  BOOL, COMPLEX64, COMPLEX128); CheckPromoteType: PromoteType(self, other) defined (on
  regbase InferDivModeDtype: an integral promotion but INT32 becomes FLOAT), then
  CanCast(compute dtype, out), the compute dtype FLOAT for an INT32 or BOOL promotion on
  regbase, else the promoted one; CheckFormat: no private format (self, other, out).
  Then an empty self or other returns success.
- aclnnInplaceDiv: CheckInplace (selfRef, other not null; broadcast; selfRef the
  broadcast shape), then CheckParams with out = selfRef (both of its branches).
- Computation: integer and BOOL promotions are divided in FLOAT (CompatibleInferDivDtype
  Casts them to FLOAT; RealDiv's INT32 and BOOL kernels write FLOAT), then Cast to out
  (truncated for an integer out); floats in their promoted dtype (FLOAT16/BF16 through
  fp32), DOUBLE in double, COMPLEX in double complex (src/ops/div.h).
llama.cpp's CANN backend calls it for GGML_OP_DIV (and the norms' divisions)."""
import numpy as np

from ascendops._core import as_dtype
from ascendops.ops import (BaseChecks, Broadcast, CannSource, CanCast, Checks, DtypeIn, ElementwiseOp, EmptyReturn,
                           FormatIn, Input, NotNull, Output, Promote, Rank, When, register)
from ascendops.ops import Check
from ascendops.ops._binary import ALL, COMMIT, INTS, NO_BF16, REPO, _wide, tiling
from ascendops.ops.gelu import PUBLIC_FORMATS

# GetDtypeSupportList: the BF16 list on DAV_2201 or a regbase arch
DIV_DTYPES = {"DAV_2201": ALL, "regbase": ALL, "default": NO_BF16}
# the kernels: every promoted dtype but the integers and BOOL, which are divided in FLOAT
KERNEL_DTYPES = tuple(d for d in ALL if d not in INTS and d != "bool")


def _regbase(ctx):
    return ctx.soc.regbase


def _non_regbase(ctx):
    return not ctx.soc.regbase


class InferDivModeDtype(Check):
    """CheckPromoteType on regbase: InferDivModeDtype(self, other, MODE_REAL_DIV) turns an
    integral promotion but INT32 into FLOAT, and the compute dtype is FLOAT for an INT32
    or BOOL one (outDtypeToFloat): into the derived "compute"."""
    names = ("promoted",)

    def defines(self):
        return ("compute",)

    def apply(self, ctx):
        promoted = ctx.dtype("promoted")
        if promoted is not None and promoted.code in (2, 3, 4, 6, 9, 12):   # INT8 INT32 UINT8 INT16 INT64 BOOL
            promoted = as_dtype("float32")
        ctx.derived["compute"] = promoted


def reference(x, other):
    with np.errstate(divide="ignore", invalid="ignore"):
        return _wide(x) / _wide(other)


SOURCE = CannSource(REPO, COMMIT, "math/div/op_api/aclnn_div.cpp")
DIV_CHECKS = Checks(
    SOURCE,
    ("CheckNotNull", NotNull("out", "other", "self")),
    ("CheckShape", Rank("self", "other", max=8), Broadcast("self", "other", out="out")),
    ("CheckDtypeValid", DtypeIn("other", dtypes=DIV_DTYPES), DtypeIn("self", dtypes=DIV_DTYPES)),
    ("CheckPromoteType", Promote("self", "other"),
     When(_non_regbase, "not IsRegBase()", CanCast("promoted", "out")),
     InferDivModeDtype(), When(_regbase, "IsRegBase()", CanCast("compute", "out"))),
    ("CheckFormat", FormatIn("self", "other", "out", formats=PUBLIC_FORMATS)),
    ("aclnnDivGetWorkspaceSize", EmptyReturn("self", "other")),
)
INPLACE_DIV_CHECKS = Checks(
    SOURCE,
    ("CheckInplace", NotNull("selfRef", "other"), Broadcast("selfRef", "other", out="selfRef")),
    ("CheckParams", BaseChecks()),
)

DIV = register(ElementwiseOp(
    name="Div", snake="div", params=(Input("self"), Input("other"), Output("out")),
    dtypes=KERNEL_DTYPES, kernel="div", tiling=tiling, broadcast="always", mixed="always",
    out_dtype="unchecked", input_dtypes=ALL, input_cast="float32", out_dtypes="writable",
    inplace=True, checks=DIV_CHECKS, inplace_checks=INPLACE_DIV_CHECKS,
    info={"reference": reference, "domain": [(-3.0, 3.0), (0.5, 3.0)],
          "specials": [(0.0, -0.0, 1.0, 0.0), (0.0, 1.0, 0.0, -0.0)],
          "torch": lambda t, x, o: t.div(x, o)},
    doc="aclnnDiv: out = self / other.\n\n" + __doc__,
))
