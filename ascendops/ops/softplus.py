"""aclnnSoftplus: out = beta * self > threshold ? self : log(1 + exp(beta * self)) / beta.

CANN (hicann/ops-nn e5c3fa93, activation/softplus_v2/op_api/aclnn_softplus.cpp): FLOAT,
FLOAT16, BF16 (BF16 on DAV_2201 and regbase SoCs: Ascend910B/910_93/950); beta and
threshold non-null scalars whose dtypes cast to self's (a complex one is refused); out:
CanCast(self, out) only (any float or complex out: the result is Cast to it), self's
shape; rank <= 8; the checks run before the empty return (empty -> success). The
sequence (SOFTPLUS_CHECKS) is CANN's, in its order.
The kernel follows CANN's op order (activation/softplus_v2/op_kernel/arch35/softplus_v2.h):
an accurate log1p(e) = log(1 + e) * e / ((1 + e) - 1), times 1 / beta (rounded to float).
Math: src/ops/softplus.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops import CannSource, CanCast, Checks, DtypeIn, EmptyReturn, NotNull, Rank, SameShape
from ascendops.ops._activation import f32, tiling

DTYPES = ("float32", "float16", "bfloat16")


def reference(x, beta=1.0, threshold=20.0):
    x = np.asarray(x, dtype=np.float64)
    bx = beta * x
    with np.errstate(over="ignore"):
        soft = np.logaddexp(0.0, bx) / beta
    return np.where(bx > threshold, x, soft)


def _kernel(attrs):
    beta, threshold = f32(attrs[0]), f32(attrs[1])
    with np.errstate(divide="ignore", over="ignore", invalid="ignore"):
        inv = float(np.float32(1.0) / np.float32(beta))
    return "softplus", (beta, threshold, inv)


# CheckDtype: ASCEND950_DTYPE_SUPPORT_LIST on regbase SoCs, else GetDtypeSupportListV1
# (level2_base.h): the 910B list on DAV_2201, the 910 list elsewhere
SOFTPLUS_DTYPES = {"regbase": DTYPES, "DAV_2201": DTYPES, "default": ("float32", "float16")}
SOFTPLUS_CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/softplus_v2/op_api/aclnn_softplus.cpp"),
    ("CheckNotNull", NotNull("self", "beta", "threshold", "out")),
    ("CheckDtype", DtypeIn("self", dtypes=SOFTPLUS_DTYPES), CanCast("beta", "self"), CanCast("threshold", "self"),
     CanCast("self", "out")),
    ("CheckShape", Rank("self", max=8), SameShape("self", "out")),
    ("aclnnSoftplusGetWorkspaceSize", EmptyReturn("self")),
)

SOFTPLUS = register(ElementwiseOp(
    name="Softplus", snake="softplus",
    # beta's and threshold's dtypes are checked in the sequence (CanCast to self's)
    params=(Input("self"), Scalar("beta", 1.0), Scalar("threshold", 20.0), Output("out")),
    kernel_for=_kernel,
    dtypes=DTYPES, kernel="softplus", tiling=tiling, broadcast="never", mixed="always", out_dtype="castable",
    out_dtypes="writable", checks=SOFTPLUS_CHECKS,
    info={"reference": reference, "domain": (-25.0, 25.0), "attrs": [(1.0, 20.0), (2.0, 5.0), (0.5, 1.0)],
          "bad_attrs": [((None, 20.0), 161001), ((1.0, None), 161001), (("a", 20.0), 161002)],
          "torch": lambda t, x, b, th: t.nn.functional.softplus(x, b, th),
          "attr_docs": {"beta": "beta (default 1)", "threshold": "above beta * x > threshold the op is linear (default 20)"}},
    doc=__doc__,
))
