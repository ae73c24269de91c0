"""aclnnSign(self, result): result = (self > 0) - (self < 0).

CANN (hicann/ops-math c4193324, math/sign/op_api/aclnn_sign.cpp): self in DOUBLE, FLOAT,
FLOAT16, INT32, INT64, COMPLEX64, COMPLEX128, BOOL with result of self's dtype; a self
outside that list is refused on DAV_1001 (Ascend910), on DAV_2201 and DAV_3510
(Ascend910B/910_93/950) unless BF16, and passes on any other arch (Ascend310P), with no
rule for result's dtype; self and result of one shape (no rank cap: more than 8 dims
are reshaped); an empty self or result returns success after the checks (SIGN_CHECKS).
Then l0op::ViewCopy writes the result (self's dtype; BOOL through INT32 and back) into
result: a result of another dtype is ACLNN_ERR_INNER_NULLPTR (561103), after the empty
return. The kernel (op_kernel/arch35/sign.h) is (x > 0 ? 1 : 0) - (x < 0 ? 1 : 0): +-0 ->
+0, NaN -> 0 (as torch.sign); integers in their dtype; complex z / |z| (0 for 0, as
torch.sgn) (src/ops/math_sign.h)."""
import numpy as np

from ascendops._core import ACLNN_ERR_INNER_NULLPTR, ElementwiseOp, Input, Output, as_dtype, register
from ascendops.ops import Checks, EmptyReturn, NotNull, Require, SameShape
from ascendops.ops._activation import tiling
from ascendops.ops._math import COMPLEX, FLOATS, as_float, source

SIGN_LIST = ("float64", "float32", "float16", "int32", "int64") + COMPLEX + ("bool",)
_SIGN_LIST = tuple(as_dtype(d) for d in SIGN_LIST)
_BF16 = as_dtype("bfloat16")


def _arch(soc):
    # the host profile reads as the newest SoC (Ascend950, DAV_3510): docs/fidelity.md
    return "DAV_3510" if soc.host else soc.arch


def dtype_valid(ctx):
    """CheckDtypeValid: self in DTYPE_SUPPORT_LIST with result of its dtype; else by arch:
    DAV_1001 refuses, DAV_2201 and DAV_3510 refuse all but BF16, any other passes."""
    s, r = ctx.dtype("self"), ctx.dtype("result")
    if s in _SIGN_LIST:
        if s is not r:
            return "Self dtype should be same as result dtype. self [%s], result [%s]" % (s.log_name, r.log_name)
        return None
    arch = _arch(ctx.soc)
    if arch == "DAV_1001" or (arch in ("DAV_2201", "DAV_3510") and s is not _BF16):
        # CANN: "[On %s, ]self dtype [%s] should be in dtype support list [%s][ or be BF16]."
        listed = _SIGN_LIST + (() if arch == "DAV_1001" else (_BF16,))
        return "Tensor self not implemented for %s, should be in dtype support list [%s]." % (
            s.log_name, ", ".join(d.log_name for d in listed))
    return None


def view_copy_takes_the_result(ctx):
    """l0op::Sign's result has self's dtype (BOOL: cast back from INT32); l0op::ViewCopy
    into a result of another dtype returns nullptr: ACLNN_ERR_INNER_NULLPTR."""
    s, r = ctx.dtype("self"), ctx.dtype("result")
    if s is not r:
        return "ViewCopy: the result (%s) does not fit result (%s)." % (s.log_name, r.log_name)
    return None


SIGN_CHECKS = Checks(
    source("sign"),
    ("CheckNotNull2Tensor", NotNull("self", "result")),
    ("CheckDtypeValid", Require(dtype_valid, "self in the list with result of its dtype; else by arch",
                                names=("self", "result"))),
    ("CheckShape", SameShape("self", "result")),
    ("aclnnSignGetWorkspaceSize", EmptyReturn("self", "result")),
    ("l0op::ViewCopy", Require(view_copy_takes_the_result, "result has the kernel result's dtype",
                               status=ACLNN_ERR_INNER_NULLPTR, names=("self", "result"))),
)


def reference(x):
    x = as_float(x)
    if np.iscomplexobj(x):
        a = np.abs(x)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(a == 0, 0, x / np.where(a == 0, 1, a))
    return (x > 0).astype(np.float64) - (x < 0).astype(np.float64)


SIGN = register(ElementwiseOp(
    name="Sign", snake="sign", params=(Input("self"), Output("result")),
    # the kernels' dtypes; INT8, INT16 and UINT8 only where CANN's CheckDtypeValid passes
    # an unlisted dtype (Ascend310P: DAV_2002)
    dtypes={"default": FLOATS + ("float64", "int32", "int64", "bool") + COMPLEX,
            "Ascend310P": FLOATS + ("float64", "int8", "int16", "int32", "int64", "uint8", "bool") + COMPLEX},
    kernel="math_sign",
    tiling=tiling, broadcast="never", mixed="never", max_rank=None,
    checks=SIGN_CHECKS,
    info={"reference": reference, "domain": (-3.0, 3.0), "specials": [(0.0, -0.0, 1e-30, -1e-30)],
          "torch": lambda t, x: t.sign(x)},
    doc="aclnnSign: result = sign(self).\n\n" + __doc__,
))
