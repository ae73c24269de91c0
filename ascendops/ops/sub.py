"""aclnnSub, aclnnInplaceSub: out = self - alpha * other, with CANN's promotion and broadcast.

CANN (hicann/ops-math c41933244c31e44fd496e3bb3212164f8c48c214, math/sub/op_api/aclnn_sub.cpp):
- CheckParams: self, other, alpha, out not null; self and other in the support list
  (the BF16 list on DAV_2201 and DAV_3510, else FLOAT, INT32, INT64, FLOAT16, INT16,
  INT8, UINT8, DOUBLE, BOOL, COMPLEX64, COMPLEX128); PromoteType(self, other) defined;
  CheckPromoteType: alpha integral (or BOOL) for a BOOL promotion, else CanCast(alpha,
  promoted); on regbase CanCast(self / other, promoted) and the promoted dtype in the
  list; CanCast(promoted, out); CheckShape: ranks <= 8, broadcast, out the broadcast
  shape. Then an empty self or other returns success.
- aclnnInplaceSub: CheckInplace returns `false` (0, ACLNN_SUCCESS) on every failure, so
  it never refuses: the call is aclnnSubGetWorkspaceSize(selfRef, other, alpha, selfRef)
  and its checks alone decide (a null selfRef is its CheckNotNull's 161001).
- Computation: Cast to the promoted dtype; alpha == 1: l0op::Sub; else Axpy with -alpha
  on the floats (one rounding, src/ops/sub.h), AxpyV2 / Mul + Sub on integers
  (wrapping), BOOL through fp32 (a nonzero difference is true), COMPLEX with alpha 1.
llama.cpp's CANN backend calls it for GGML_OP_SUB."""
import numpy as np

from ascendops.ops import (Broadcast, CannSource, CanCast, Checks, DtypeIn, ElementwiseOp, EmptyReturn, Input,
                           NotNull, Output, Promote, Rank, Scalar, When, register)
from ascendops.ops._binary import ALL, COMMIT, NO_BF16, REPO, _result, _wide, alpha_kernel_for, promoted_int, tiling

SUB_DTYPES = {"DAV_2201": ALL, "DAV_3510": ALL, "default": NO_BF16}


def _regbase(ctx):
    return ctx.soc.regbase


def reference(x, other, alpha=1.0):
    return _result(_wide(x) - alpha * _wide(other), (x, other))


def int_reference(x, other, alpha=1):
    a, b, dt = promoted_int(x, other)
    if dt == np.bool_:
        # BOOL is computed through FLOAT and cast back: nonzero is true (numpy has no bool minus)
        return ((a.astype(np.int64) - b.astype(np.int64) * int(alpha)) != 0).astype(np.float64)
    with np.errstate(over="ignore"):
        return (a - b * np.array(int(alpha)).astype(dt)).astype(np.float64)


SOURCE = CannSource(REPO, COMMIT, "math/sub/op_api/aclnn_sub.cpp")
SUB_CHECKS = Checks(
    SOURCE,
    ("CheckNotNull", NotNull("self", "other", "alpha", "out")),
    ("CheckParams", DtypeIn("self", dtypes=SUB_DTYPES), DtypeIn("other", dtypes=SUB_DTYPES),
     Promote("self", "other")),
    ("CheckPromoteType", CanCast("alpha", "promoted", bool_needs_integral=True),
     When(_regbase, "IsRegBase()", CanCast("self", "promoted"), CanCast("other", "promoted"),
          DtypeIn("promoted", dtypes=SUB_DTYPES)),
     CanCast("promoted", "out")),
    ("CheckShape", Rank("self", "other", max=8), Broadcast("self", "other", out="out")),
    ("aclnnSubGetWorkspaceSize", EmptyReturn("self", "other")),
)

SUB = register(ElementwiseOp(
    name="Sub", snake="sub",
    params=(Input("self"), Input("other"), Scalar("alpha", 1.0), Output("out")),
    dtypes=ALL, kernel="sub", kernel_for=alpha_kernel_for("sub"), tiling=tiling, broadcast="always",
    mixed="always", out_dtype="unchecked", input_dtypes=ALL, out_dtypes="writable",
    inplace=True, checks=SUB_CHECKS,
    info={"reference": reference, "int_reference": int_reference, "attrs": [(1.0,), (2.5,), (-0.5,)],
          "int_attrs": [(1,), (3,), (-2,)], "bad_attrs": [((None,), 161001), (("two",), 161002)],
          "specials": [(0.0, -0.0, 1.0), (0.0, 0.0, 1.0)],
          "torch": lambda t, x, o, a: t.sub(x, o, alpha=a),
          "attr_docs": {"alpha": "the factor of other (a number, default 1)"}},
    doc="aclnnSub: out = self - alpha * other.\n\n" + __doc__,
))
