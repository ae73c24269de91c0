"""aclnnSigmoid and aclnnLogSigmoid.

  Sigmoid(self, out):    out = 1 / (1 + exp(-self))
  LogSigmoid(self, out): out = log(sigmoid(self)) = min(self, 0) - log1p(exp(-|self|))

CANN (hicann/ops-nn e5c3fa93, activation/sigmoid/op_api/aclnn_sigmoid.cpp,
activation/log_sigmoid/op_api/aclnn_logsigmoid.cpp):
- Sigmoid: self FLOAT, FLOAT16, BF16, DOUBLE, INT8/16/32/64, UINT8, BOOL, COMPLEX64/128
  (DTYPE_SUPPORT_LIST), a BF16 self only on Ascend910B/910_93/950 (ASCEND910B..910E);
  a self outside DTYPE_OUT_LIST (integers, BOOL) is cast to out's dtype first (castDtype);
  out any of FLOAT, FLOAT16, BF16 (on every SoC), DOUBLE, COMPLEX64, COMPLEX128, with no
  rule between self's dtype and out's (self's result is cast to it: complex to real keeps
  the real part); same shape, then rank <= 8; empty -> success after the checks
  (SIGMOID_CHECKS). aclnnInplaceSigmoid first checks selfRef against DTYPE_OUT_LIST (BF16
  only on ASCEND910B..910E) (INPLACE_SIGMOID_CHECKS). DOUBLE and COMPLEX run CANN's AI-CPU kernel:
  here the body in float64, and a complex body (1 / (1 + cexp(-z))) in double complex
  (src/ops/sigmoid.h, src/wide.c).
- LogSigmoid: FLOAT, FLOAT16, BF16 (BF16 on DAV_2201 and regbase SoCs:
  GetDtypeSupportListV2), self's list then out's; out has self's dtype and shape; any
  rank (CheckSameShapeNotlimit1In1Out: reshaped past 8 dims); empty -> success after the
  checks (LOG_SIGMOID_CHECKS).
Math: src/ops/sigmoid.h, logsigmoid.h (CANN's kernel order)."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops import (BaseChecks, CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Rank, SameDtype,
                           SameShape)
from ascendops.ops._activation import tiling

DTYPES = ("float32", "float16", "bfloat16")
COMMIT = "e5c3fa9327ea95ba26d06227e746923580d10921"
# SocVersion in [ASCEND910B, ASCEND910E] (opbase's enum: ASCEND910B, ASCEND910_93,
# ASCEND910_95 = Ascend950, ASCEND910E): CheckSocVersionIsSupportBf16, GetSelfRefDtypeList
BF16_SOCS = ("Ascend910B", "Ascend910_93", "Ascend950")


def by_soc_version(with_bf16, without_bf16):
    """A per-SoC table: `with_bf16` on the SoC versions ASCEND910B..ASCEND910E, else the other."""
    table = {soc: with_bf16 for soc in BF16_SOCS}
    table["default"] = without_bf16
    return table


def by_arch_or_regbase(with_bf16, without_bf16):
    """GetDtypeSupportListV2 (common/inc/op_api/level2_base.h): `with_bf16` on DAV_2201 or
    a regbase SoC, else the other."""
    return {"DAV_2201": with_bf16, "regbase": with_bf16, "default": without_bf16}


# aclnn_sigmoid.cpp: DTYPE_SUPPORT_LIST (self), DTYPE_OUT_LIST (out), both with BF16 on
# every SoC; a BF16 self is then refused off ASCEND910B..ASCEND910E
SIGMOID_SELF = ("float32", "float16", "float64", "int8", "int16", "int32", "int64", "bool", "complex64",
                "complex128", "bfloat16", "uint8")
SIGMOID_OUT = ("float32", "float16", "float64", "complex64", "complex128", "bfloat16")
SIGMOID_SOURCE = CannSource("hicann/ops-nn", COMMIT, "activation/sigmoid/op_api/aclnn_sigmoid.cpp")
SIGMOID_CHECKS = Checks(
    SIGMOID_SOURCE,
    ("CheckNotNull", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=SIGMOID_SELF), DtypeIn("out", dtypes=SIGMOID_OUT),
     # !CheckSocVersionIsSupportBf16() && self is BF16
     DtypeIn("self", dtypes=by_soc_version(SIGMOID_SELF, tuple(d for d in SIGMOID_SELF if d != "bfloat16")))),
    # OP_CHECK_SHAPE_NOT_EQUAL(self, out), then OP_CHECK_MAX_DIM(self, 8): out's rank is
    # self's once the shapes are equal
    ("CheckShape", SameShape("self", "out"), Rank("self", max=8)),
    ("ExecSigmoidGetWorkspaceSize", EmptyReturn("self")),
)
# aclnnInplaceSigmoidGetWorkspaceSize: CheckInplaceParams (selfRef null, selfRef in
# GetSelfRefDtypeList: DTYPE_OUT_LIST on ASCEND910B..ASCEND910E, else it without BF16),
# then ExecSigmoidGetWorkspaceSize(selfRef, selfRef)
INPLACE_SIGMOID_CHECKS = Checks(
    SIGMOID_SOURCE,
    ("CheckInplaceParams", NotNull("selfRef"),
     DtypeIn("selfRef", dtypes=by_soc_version(SIGMOID_OUT, tuple(d for d in SIGMOID_OUT if d != "bfloat16")))),
    ("ExecSigmoidGetWorkspaceSize", BaseChecks()),
)

# aclnn_logsigmoid.cpp ExecLogSigmoidGetWorkspaceSize (aclnnLogSigmoid and
# aclnnLogSigmoidForward): no rank cap (a self of more than 8 dims is reshaped)
LOG_SIGMOID_DTYPES = by_arch_or_regbase(DTYPES, ("float32", "float16"))
LOG_SIGMOID_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/log_sigmoid/op_api/aclnn_logsigmoid.cpp"),
    ("CheckNotNull2Tensor", NotNull("self", "out")),
    # OP_CHECK_DTYPE_NOT_SUPPORT(self), (out), OP_CHECK_DTYPE_NOT_MATCH(self, out's dtype)
    ("CheckDtypeValid", DtypeIn("self", dtypes=LOG_SIGMOID_DTYPES), DtypeIn("out", dtypes=LOG_SIGMOID_DTYPES),
     SameDtype("out", "self")),
    ("CheckSameShapeNotlimit1In1Out", SameShape("self", "out")),
    ("ExecLogSigmoidGetWorkspaceSize", EmptyReturn("self")),
)


def reference(x):
    x = np.asarray(x)
    x = x.astype(np.complex128 if np.iscomplexobj(x) else np.float64)
    with np.errstate(over="ignore"):
        return 1.0 / (1.0 + np.exp(-x))


def reference_logsigmoid(x):
    x = np.asarray(x, dtype=np.float64)
    return np.minimum(x, 0.0) - np.log1p(np.exp(-np.abs(x)))


SIGMOID = register(ElementwiseOp(
    name="Sigmoid", snake="sigmoid", params=(Input("self"), Output("out")), inplace=True,
    dtypes=DTYPES + ("float64", "complex64", "complex128"), kernel="sigmoid", tiling=tiling, broadcast="never",
    mixed="always", out_dtype="unchecked",
    input_dtypes=DTYPES + ("float64", "int8", "int16", "int32", "int64", "bool", "complex64", "complex128",
                           "uint8"),
    input_cast="out", checks=SIGMOID_CHECKS, inplace_checks=INPLACE_SIGMOID_CHECKS,
    info={"reference": reference, "domain": (-12.0, 12.0), "torch": lambda t, x: t.sigmoid(x)},
    doc="aclnnSigmoid: out = 1 / (1 + exp(-self)).\n\n" + __doc__,
))

LOG_SIGMOID = register(ElementwiseOp(
    name="LogSigmoid", snake="log_sigmoid", params=(Input("self"), Output("out")),
    header="aclnn_logsigmoid.h",   # CANN's header name (it also declares LogSigmoidForward)
    dtypes=DTYPES, kernel="logsigmoid", tiling=tiling, broadcast="never", mixed="never", max_rank=None,
    checks=LOG_SIGMOID_CHECKS,
    info={"reference": reference_logsigmoid, "domain": (-20.0, 20.0),
          "torch": lambda t, x: t.nn.functional.logsigmoid(x)},
    doc="aclnnLogSigmoid: out = log(1 / (1 + exp(-self))).\n\n" + __doc__,
))
