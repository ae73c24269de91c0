"""aclnnSoftmax: out = exp(self - max) / sum_dim(exp(self - max)) along `dim`.

CANN's checks (hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921,
activation/softmax_v2/op_api/aclnn_softmax.cpp), in its order (SOFTMAX_CHECKS): self and
out not null (161001); an empty self returns success before any other check, on every
SoC; self and out in the support list (FLOAT16, FLOAT, DOUBLE, and BFLOAT16 on the
SocVersions ASCEND910B..ASCEND910E: Ascend910B, Ascend910_93, Ascend950), their dtypes
may differ (the result, computed in self's dtype, is Cast to out's); dim in [-rank,
rank) (a 0-d self takes -1 and 0); self's rank at most 8; out of self's shape; else
161002. DOUBLE is CANN's AICPU kernel.

A row reduction in C (row kernel "softmax", src/softmax.c, driven by src/rows.c on the
engine's worker threads): fp32 math in torch's order (m = max, e = exp(x - m), e * (1 /
sum e)), double row sums, a float16/bfloat16 result rounded once (then Cast to out's
dtype where it differs, as CANN does); a DOUBLE self is computed in float64 (libm exp)."""
import numpy as np

from ascendops.ops import (CannSource, Checks, DtypeIn, EmptyReturn, Input, Int, NotNull, Output, Rank, Require,
                           RowReduceOp, SameShape, register)

OPS_NN = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921")

# op::SocVersion ASCEND910B <= v <= ASCEND910E (hicann/opbase include/nnopbase/opdev/platform.h:
# ASCEND910B, ASCEND910_93, ASCEND910_95 = ASCEND950, ASCEND910E): the softmax family's BF16 SoCs.
# The host profile reads as Ascend950.
BF16_SOCS = ("Ascend910B", "Ascend910_93", "Ascend950")


def soc_910b_to_910e(soc):
    """GetSocVersion() in [ASCEND910B, ASCEND910E] (the host profile: as Ascend950)."""
    return bool(soc.host) or soc.name in BF16_SOCS


def not_regbase(soc):
    """!Ops::NN::AclnnUtil::IsRegbase() (NpuArch DAV_3510: Ascend950; the host profile reads as it)."""
    return not soc.regbase


def dim_error(t, dim):
    """The family's CheckDim: dim in [-n, n), n = t's rank (1 for a 0-d t); None, or
    CANN's message."""
    n = max(len(t.shape), 1)
    if dim >= n or dim < -n:
        return "provided dim %d not in the range of input size %d." % (dim, n)
    return None


def reference(x, dim=-1):
    x = np.asarray(x, dtype=np.float64)
    if x.ndim == 0:
        return np.exp(x - x) / np.exp(x - x)
    with np.errstate(invalid="ignore", over="ignore"):
        e = np.exp(x - x.max(axis=dim, keepdims=True, initial=-np.inf))
        return e / e.sum(axis=dim, keepdims=True)


def attrs(ndim):
    return [(-1,), (0,)] if ndim < 2 else [(-1,), (0,), (1 - ndim,)]


def bad_attrs(ndim):
    lim = max(ndim, 1)
    return [((lim,), 161002), ((-lim - 1,), 161002), ((None,), 161001), (("0",), 161002)]


def softmax_check_dim(ctx):
    """aclnn_softmax.cpp CheckDim(self, dim)."""
    return dim_error(ctx.tensor("self"), ctx.values["dim"])


_F = ("float32", "float16", "float64")
# GetDtypeSupportList: ASCEND910B_DTYPE_SUPPORT_LIST on ASCEND910B..ASCEND910E, else ASCEND910's
SOFTMAX_DTYPES = {"Ascend910B": _F + ("bfloat16",), "Ascend910_93": _F + ("bfloat16",),
                  "Ascend950": _F + ("bfloat16",), "default": _F}
SOFTMAX_CHECKS = Checks(
    CannSource(*OPS_NN, "activation/softmax_v2/op_api/aclnn_softmax.cpp"),
    ("CheckNotNull", NotNull("self", "out")),
    # "空tensor直接返回": before the dtype, dim and shape checks, on every SoC (the second
    # IsEmpty() return in aclnnSoftmaxGetWorkspaceSize is never reached)
    ("CheckParams", EmptyReturn("self")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=SOFTMAX_DTYPES), DtypeIn("out", dtypes=SOFTMAX_DTYPES)),
    ("CheckDim", Require(softmax_check_dim, "dim in [-rank, rank) of self (a 0-d self: -1 or 0)",
                         names=("self", "dim"))),
    ("CheckShape", Rank("self", max=8), SameShape("self", "out")),
)

SOFTMAX = register(RowReduceOp(
    name="Softmax",
    snake="softmax",
    params=(Input("self"), Int("dim", -1), Output("out")),
    dtypes=("float16", "float32", "float64", "bfloat16"),
    kernel="softmax",
    out_dtype="unchecked",
    checks=SOFTMAX_CHECKS,
    info={"reference": reference, "domain": (-8.0, 8.0), "attrs": attrs, "bad_attrs": bad_attrs,
          "torch": lambda t, x, dim: t.softmax(x, dim),
          "attr_docs": {"dim": "the dimension to normalise along, in [-rank, rank) (negative counts from "
                               "the end)"}},
    doc=__doc__,
))
