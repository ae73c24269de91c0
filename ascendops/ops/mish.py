"""aclnnMish: out = self * tanh(softplus(self)) = self * tanh(log(1 + exp(self))).

CANN (hicann/ops-nn e5c3fa93, activation/mish/op_api/aclnn_mish.cpp): self and out FLOAT,
FLOAT16, BF16 (BF16 on DAV_2201 and regbase SoCs: GetDtypeSupportListV2), self's list then
out's, out of self's dtype; self and out rank <= 8, one shape; empty -> success after
the checks (MISH_CHECKS). aclnnInplaceMish is aclnnMish(selfRef, selfRef). The kernel follows CANN's (activation/mish/op_kernel/arch35/mish_dag.h): tanh of
softplus as a ratio of exponentials, one form per sign of x. Math: src/ops/mish.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops import CannSource, Checks, DtypeIn, EmptyReturn, NotNull, Rank, SameDtype, SameShape
from ascendops.ops._activation import tiling
from ascendops.ops.sigmoid import COMMIT, DTYPES, by_arch_or_regbase

MISH_DTYPES = by_arch_or_regbase(DTYPES, ("float32", "float16"))
# aclnnInplaceMishGetWorkspaceSize calls aclnnMishGetWorkspaceSize(selfRef, selfRef): the
# same sequence with self and out both selfRef
MISH_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/mish/op_api/aclnn_mish.cpp"),
    ("CheckNotNull2Tensor", NotNull("self", "out")),
    ("CheckDtypeValid", DtypeIn("self", dtypes=MISH_DTYPES), DtypeIn("out", dtypes=MISH_DTYPES),
     SameDtype("self", "out")),
    ("CheckShape", Rank("self", "out", max=8), SameShape("out", "self")),
    ("aclnnMishGetWorkspaceSize", EmptyReturn("self")),
)


def reference(x):
    x = np.asarray(x, dtype=np.float64)
    return x * np.tanh(np.logaddexp(0.0, x))


MISH = register(ElementwiseOp(
    name="Mish", snake="mish", params=(Input("self"), Output("out")), inplace=True,
    dtypes=("float32", "float16", "bfloat16"), kernel="mish", tiling=tiling, broadcast="never", mixed="never",
    checks=MISH_CHECKS,
    info={"reference": reference, "domain": (-12.0, 12.0), "torch": lambda t, x: t.nn.functional.mish(x)},
    doc=__doc__,
))
