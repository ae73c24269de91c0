"""aclnnAbs: out = |self|.

CANN (hicann/ops-math c4193324, math/abs/op_api/aclnn_abs.cpp): self DOUBLE, FLOAT,
FLOAT16, INT64, INT32, INT16, INT8, UINT8, BOOL, plus BF16 and COMPLEX64 on DAV_2201, plus
BF16, COMPLEX32 and COMPLEX64 on regbase SoCs (GetDtypeSupportList); out has self's dtype,
or for a complex self its real dtype (COMPLEX64 -> FLOAT, COMPLEX32 -> FLOAT16); the
storage formats of self and out equal, self's not private; self's rank <= 8, then one
shape; an empty self returns success after the checks (ABS_CHECKS). No aclnnInplaceAbs.
UINT8 and BOOL are copied through (ViewCopy); the other integers are computed in their
dtype (|INT_MIN| wraps to itself, as torch.abs), the floats by clearing the sign bit,
COMPLEX64 as |z| in double (ComplexAbs on Ascend910B), written to its FLOAT out
(src/ops/math_abs.h); the numpy-like call allocates that FLOAT out (AbsOp.infer_output).
COMPLEX32 is refused here after the sequence (the engine has no COMPLEX32: DEVIATIONS in
tests/ops/probes/abs.py)."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, as_dtype, register
from ascendops.ops import Checks, DtypeIn, EmptyReturn, FormatIn, NotNull, Rank, Require, SameFormat, SameShape
from ascendops.ops._activation import tiling
from ascendops.ops._math import FLOATS, INTS, source
from ascendops.ops.gelu import PUBLIC_FORMATS

ABS_910 = ("float64", "float32", "float16", "int64", "int32", "int16", "int8", "uint8", "bool")
ABS_DTYPES = {"DAV_2201": ABS_910 + ("bfloat16", "complex64"),
              "regbase": ABS_910 + ("bfloat16", "complex32", "complex64"),
              "default": ABS_910}
_REAL_OF = {"complex32": "float16", "complex64": "float32", "complex128": "float64"}   # by DType.name


def out_dtype_matches(ctx):
    """CheckDtypeValid: a complex self's out has its real dtype (COMPLEX_IN_AND_OUT_DTYPE_MAP,
    OP_CHECK_DTYPE_NOT_MATCH(out, ...)); any other self's out has self's dtype."""
    s, o = ctx.dtype("self"), ctx.dtype("out")
    want = _REAL_OF.get(s.name, s.name)
    if o.name != want:
        return "Tensor out dtype %s should be %s (self %s)." % (o.log_name, want, s.log_name)
    return None


ABS_CHECKS = Checks(
    source("abs"),
    ("CheckNotNull", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=ABS_DTYPES),
     Require(out_dtype_matches, "out has self's dtype (a complex self's real dtype)", names=("self", "out"))),
    # the storage formats equal, then self's not private (op::IsPrivateFormat)
    ("CheckFormat", SameFormat("self", "out"), FormatIn("self", formats=PUBLIC_FORMATS)),
    ("CheckShape", Rank("self", max=8), SameShape("self", "out")),
    ("aclnnAbsGetWorkspaceSize", EmptyReturn("self")),
)


def reference(x):
    x = np.asarray(x)
    if np.iscomplexobj(x):
        return np.abs(x.astype(np.complex128))
    return np.abs(x.astype(np.float64))


def int_reference(x):
    x = np.asarray(x)
    with np.errstate(over="ignore"):
        return np.abs(x).astype(np.float64)     # numpy's integer abs wraps too


_REAL_DTYPE = {as_dtype("complex64"): as_dtype("float32"), as_dtype("complex128"): as_dtype("float64")}


class AbsOp(ElementwiseOp):
    """Abs's output: self's dtype, a complex self's real dtype (CANN's
    COMPLEX_IN_AND_OUT_DTYPE_MAP), which the numpy-like call allocates."""

    def infer_output(self, tensors, attrs, soc):
        shape, dtype = ElementwiseOp.infer_output(self, tensors, attrs, soc)
        return shape, _REAL_DTYPE.get(dtype, dtype)


def out_dtype_of(dtype):
    """The harness's output dtype for an input dtype (info["out_dtype"])."""
    return _REAL_DTYPE.get(as_dtype(dtype), as_dtype(dtype))


ABS = register(AbsOp(
    name="Abs", snake="abs", params=(Input("self"), Output("out")),
    dtypes=FLOATS + ("float64",) + INTS + ("bool", "complex64"), kernel="math_abs", tiling=tiling,
    broadcast="never", mixed="always", out_dtype="unchecked", out_dtypes=FLOATS + ("float64",) + INTS + ("bool",),
    checks=ABS_CHECKS,
    info={"reference": reference, "int_reference": int_reference, "out_dtype": out_dtype_of, "domain": (-10.0, 10.0),
          "specials": [(0.0, -0.0, -5.0)], "torch": lambda t, x: t.abs(x)},
    doc="aclnnAbs: out = abs(self).\n\n" + __doc__,
))
