"""aclnnCast: out = self converted to `dtype` (out must have that dtype).

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214,
math/cast/op_api/aclnn_cast.cpp), in its order (CAST_CHECKS): self and out not null
(161001); self's dtype in the list of the NpuArch (DAV_2201: every numeric dtype with
BFLOAT16 and COMPLEX64/128; DAV_3510, regbase: also HIFLOAT8, FLOAT8_E5M2, FLOAT8_E4M3FN,
COMPLEX32, FLOAT4; others: no BFLOAT16), then `dtype` in the output list (regbase: also
INT4); self's rank at most 8; out of self's shape; else 161002 (a private format only
logs a warning). An empty self then returns success. out's dtype is not checked: the
ViewCopy of the cast result into an out of another dtype than `dtype` fails (561103,
ACLNN_ERR_INNER_NULLPTR). Here the dtypes are those of the cast kernel (DTYPES): CANN's
complex, 8-bit float and sub-byte types are refused with 161002
(tests/ops/probes/cast.py DEVIATIONS).

numpy's astype semantics between the float types, numpy's integer types and bool
(C conversions; f16/bf16 round to nearest even; float -> integer of NaN, inf or
out-of-range values is implementation-defined, as in numpy). Any shape (rank 0-8)
and strides. A C kernel: src/cast.c. Tensor.astype runs it."""
import numpy as np

from ascendops._core import ACLNN_ERR_INNER_NULLPTR, as_dtype
from ascendops.ops import (CannSource, CastOp, Checks, DtypeIn, DTypeAttr, EmptyReturn, Input, NotNull, Output, Rank,
                           Require, SameShape, register)

DTYPES = ("float32", "float16", "bfloat16", "float64", "int8", "int16", "int32", "int64",
          "uint8", "uint16", "uint32", "uint64", "bool")


def reference(x, dtype):
    """numpy's astype (ml_dtypes for bfloat16) is the specification."""
    return np.asarray(x).astype(as_dtype(dtype).numpy)


# CANN's lists (aclnn_cast.cpp CheckDtypeValid, by NpuArch)
ASCEND910_DTYPE_SUPPORT_LIST = ("float16", "float32", "float64", "int8", "uint8", "int16", "int32", "int64",
                                "uint16", "uint32", "uint64", "bool", "complex64", "complex128")
DTYPE_SUPPORT_LIST_DEFAULT = ASCEND910_DTYPE_SUPPORT_LIST + ("bfloat16",)
REGBASE_SELF_DTYPE_SUPPORT_LIST = DTYPE_SUPPORT_LIST_DEFAULT + ("hifloat8", "float8_e5m2", "float8_e4m3fn",
                                                                "complex32", "float4_e1m2", "float4_e2m1")
REGBASE_DTYPE_SUPPORT_LIST = REGBASE_SELF_DTYPE_SUPPORT_LIST + ("int4",)
# curArch == DAV_2201: the default lists; IsRegBase(curArch) (DAV_3510; the host profile
# reads as it): the regbase ones; else ASCEND910's
CAST_SELF_DTYPES = {"DAV_2201": DTYPE_SUPPORT_LIST_DEFAULT, "regbase": REGBASE_SELF_DTYPE_SUPPORT_LIST,
                    "default": ASCEND910_DTYPE_SUPPORT_LIST}
CAST_DTYPES = {"DAV_2201": DTYPE_SUPPORT_LIST_DEFAULT, "regbase": REGBASE_DTYPE_SUPPORT_LIST,
               "default": ASCEND910_DTYPE_SUPPORT_LIST}


def cast_dtype_supported(ctx):
    """CheckDtypeValid: CheckType(dtype, supportList) of the NpuArch."""
    soc = ctx.soc
    key = "DAV_2201" if soc.arch == "DAV_2201" else "regbase" if soc.regbase else "default"
    d, allowed = ctx.values["dtype"], [as_dtype(n) for n in CAST_DTYPES[key]]
    if d not in allowed:
        return "The param dtype not implemented for %s, should be in dtype support list [%s]." % (
            d.log_name, ", ".join(a.log_name for a in allowed))
    return None


def cast_view_copy(ctx):
    """l0op::ViewCopy(the cast result, of dtype `dtype`, out): out's dtype must be it."""
    d, o = ctx.values["dtype"], ctx.dtype("out")
    if o is not d:
        return "ViewCopy: the cast result's dtype %s is not out's %s." % (d.log_name, o.log_name)
    return None


CAST_CHECKS = Checks(
    CannSource("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/cast/op_api/aclnn_cast.cpp"),
    ("CheckNotNull", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=CAST_SELF_DTYPES),
     Require(cast_dtype_supported, "dtype in the output list of the NpuArch", names=("dtype",))),
    ("CheckShape", Rank("self", max=8), SameShape("out", "self")),
    # (an INT4 out needs a contiguous self: no INT4 tensor here)
    ("aclnnCastGetWorkspaceSize", EmptyReturn("self")),
    # CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR)
    ("ViewCopy", Require(cast_view_copy, "out of dtype `dtype`", status=ACLNN_ERR_INNER_NULLPTR,
                         names=("dtype", "out"))),
)

CAST = register(CastOp(
    name="Cast",
    snake="cast",
    # CANN's header: aclnnCastGetWorkspaceSize(const aclTensor *self, const aclDataType dtype, aclTensor *out)
    params=(Input("self"), DTypeAttr("dtype", const=True), Output("out")),
    dtypes=DTYPES,
    checks=CAST_CHECKS,
    info={"reference": reference, "exact": True, "domain": (0.0, 100.0), "api_note": ", `Tensor.astype`",
          "attrs": [(d,) for d in DTYPES], "bad_attrs": [((None,), 161001), (("complex64",), 561103),
                                                       (("no_such_type",), 161002)],
          "attr_docs": {"dtype": "the dtype to convert to (required): a name such as \"float16\", a "
                                 "numpy dtype or an ascendops dtype"},
          "example_attrs": ("float16",)},
    doc=__doc__,
))
