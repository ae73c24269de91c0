"""aclnnSwish: out = self * sigmoid(betaOptional * self) = self / (1 + exp(-beta self)).

CANN (hicann/ops-nn e5c3fa93, activation/swish/op_api/aclnn_swish.cpp): self and out
FLOAT, FLOAT16, BF16 (BF16 on DAV_2201 and regbase SoCs, a BF16 self only on
ASCEND910B..910E: CheckDtypeValidActivation, as aclnnSilu), out of self's dtype;
betaOptional may be null (beta = 1.0), else its dtype must cast to FLOAT (a complex one:
161002, after the null and dtype checks); self and out rank <= 8, one shape; an empty
self or out returns success after the checks (SWISH_CHECKS). Math: src/ops/swish.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, Scalar, register
from ascendops.ops import CannSource, Checks, EmptyReturn, NotNull, Rank, Require, SameShape
from ascendops.ops._activation import f32, tiling
from ascendops.ops.sigmoid import COMMIT, DTYPES
from ascendops.ops.silu import SILU_DTYPES, activation_dtype_checks

SWISH_DTYPES = SILU_DTYPES      # GetDtypeSupportListV2(ASCEND910B_..., ASCEND910_DTYPE_SUPPORT_LIST)


def beta_casts_to_float(ctx):
    """CheckDtypeValidBetaToFloat: a non-null betaOptional's dtype CanCast to FLOAT
    (opbase's CanCast to FLOAT refuses only a complex source)."""
    d = ctx.dtype("betaOptional")
    if d is not None and d.code in (16, 17, 33):    # COMPLEX64, COMPLEX128, COMPLEX32
        return "betaOptional dtype %s can not cast to float32." % d.log_name
    return None


SWISH_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/swish/op_api/aclnn_swish.cpp"),
    ("CheckNotNull2Tensor", NotNull("self", "out")),
    activation_dtype_checks(SWISH_DTYPES),
    ("CheckDtypeValidBetaToFloat", Require(beta_casts_to_float, "betaOptional's dtype casts to FLOAT",
                                           names=("betaOptional",))),
    ("CheckDim", Rank("self", "out", max=8)),
    ("CheckSameShapeNotlimit1In1Out", SameShape("self", "out")),
    ("aclnnSwishGetWorkspaceSize", EmptyReturn("self", "out")),
)


def reference(x, beta=1.0):
    x = np.asarray(x, dtype=np.float64)
    b = 1.0 if beta is None else beta
    return x / (1.0 + np.exp(-b * x))


SWISH = register(ElementwiseOp(
    name="Swish", snake="swish",
    # betaOptional may be null: beta = 1.0 (aclnn_swish.cpp); its dtype rule is the
    # sequence's CheckDtypeValidBetaToFloat (after the null and dtype checks)
    params=(Input("self"), Scalar("betaOptional", None, optional=True), Output("out")),
    kernel_for=lambda attrs: ("swish", (1.0 if attrs[0] is None else f32(attrs[0]),)),
    dtypes=DTYPES, kernel="swish", tiling=tiling, broadcast="never", mixed="never", checks=SWISH_CHECKS,
    info={"reference": reference, "domain": (-10.0, 10.0), "attrs": [(None,), (1.0,), (1.702,), (-0.5,)],
          "torch_attrs": [(None,), (1.0,)],
          "bad_attrs": [(("x",), 161002), ((1j,), 161002)],
          "torch": lambda t, x, b: t.nn.functional.silu(x) if b in (None, 1.0) else x * t.sigmoid(b * x),
          "attr_docs": {"beta_optional": "beta, a number or None (1.0)"}},
    doc=__doc__,
))
