"""aclnnSubs, aclnnInplaceSubs: out = self - alpha * other, `other` and `alpha` aclScalars.

CANN (hicann/ops-math c41933244c31e44fd496e3bb3212164f8c48c214, math/sub/op_api/aclnn_sub.cpp):
the same sequence and compute dtype as aclnnAdds (adds.py): CheckParamsScalar
(CheckNotNullScalar; self in GetDtypeSupportListBySocVersion, BF16 on DAV_2201/DAV_3510;
PromoteTypeScalar and CheckPromoteType; CheckShapeScalar: rank <= 8, out of self's shape),
SubsCheckFormat (a warning), the empty return. Computation: self Cast to the promoted
dtype, other converted, then Sub (alpha 1), Axpy with -alpha->ToFloat() (FLOAT/FLOAT16/
BF16), AxpyV2 with -alpha (regbase INT32/INT64/INT8) or Mul(other, alpha) then Sub; Cast
to out. aclnnInplaceSubs is aclnnSubs(selfRef, other, alpha, selfRef). The engine adds
-(other * alpha) (src/ops/adds.h: x - p is x + (-p)); a BOOL compute dtype gives the
difference's truth (an exclusive or)."""
from ascendops.ops import CannSource, ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops._binary import ALL, COMMIT, REPO, tiling
from ascendops.ops.adds import (ATTRS, INT_ATTRS, _kernel_for, make_checks, make_compute_dtype,
                                make_int_reference, make_reference)
from ascendops.ops.sub import SUB_DTYPES
import numpy as np


def _reference(x, other, alpha=1):
    x = np.asarray(x)
    if x.dtype == np.bool_:
        from ascendops.ops._scalar import scalar_value
        return (x ^ (bool(scalar_value(other)) and bool(scalar_value(alpha)))).astype(np.float64)
    return make_reference(-1)(x, other, alpha)


SOURCE = CannSource(REPO, COMMIT, "math/sub/op_api/aclnn_sub.cpp")
SUBS = register(ElementwiseOp(
    name="Subs", snake="subs", params=(Input("self"), Scalar("other"), Scalar("alpha"), Output("out")),
    dtypes=ALL, kernel="adds", tiling=tiling, broadcast="never", mixed="never", out_dtype="unchecked",
    out_dtypes="writable", inplace=True, header="aclnn_sub.h", kernel_for=_kernel_for,
    compute_dtype=make_compute_dtype(-1, "PromoteTypeScalar"), checks=make_checks(SOURCE, SUB_DTYPES, "Subs"),
    info={"reference": _reference, "int_reference": make_int_reference(-1, _reference), "attrs": ATTRS,
          "int_attrs": INT_ATTRS, "example_attrs": (True, 1), "specials": [(0.0, -0.0, 2.0)],
          "torch": lambda t, x, s, a: t.sub(x, s, alpha=a)},
    doc="aclnnSubs: out = self - alpha * other (aclScalars).\n\n" + __doc__,
))
