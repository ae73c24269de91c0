"""aclnnSilu: out = self * sigmoid(self) = self / (1 + exp(-self)).

SiLU (Swish). CANN (hicann/ops-nn e5c3fa93, activation/swish/op_api/aclnn_silu.cpp): self
and out FLOAT, FLOAT16, BF16 (BF16 on DAV_2201 and regbase SoCs: GetDtypeSupportListV2,
and a BF16 self only on ASCEND910B..ASCEND910E: CheckDtypeValidActivation), self's list
then out's, out of self's dtype; out of self's shape, any rank (no OP_CHECK_MAX_DIM: a
self of more than 8 dims is reshaped to 1-D); an empty self or out returns success after
the checks (SILU_CHECKS). Math: src/ops/silu.h."""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops import CannSource, Checks, DtypeIn, EmptyReturn, NotNull, SameDtype, SameShape
from ascendops.ops.sigmoid import COMMIT, DTYPES, by_arch_or_regbase, by_soc_version
from ascendops.tiling import block_tiling


def reference(x):
    x = np.asarray(x, dtype=np.float64)
    return x / (1.0 + np.exp(-x))


SILU_DTYPES = by_arch_or_regbase(DTYPES, ("float32", "float16"))


def activation_dtype_checks(dtypes):
    """CheckDtypeValidActivation (common/inc/op_api/level2_base_caculation.h) of self and
    out against `dtypes`: self's list, out's list, out of self's dtype
    (OP_CHECK_DTYPE_NOT_MATCH(out, self's dtype)), then a BF16 self refused off
    ASCEND910B..ASCEND910E (CheckSocVersionIsSupportBf16Activation)."""
    return ("CheckDtypeValidActivation", DtypeIn("self", dtypes=dtypes), DtypeIn("out", dtypes=dtypes),
            SameDtype("self", "out"), DtypeIn("self", dtypes=by_soc_version(DTYPES, ("float32", "float16"))))


SILU_CHECKS = Checks(
    CannSource("hicann/ops-nn", COMMIT, "activation/swish/op_api/aclnn_silu.cpp"),
    ("CheckNotNull", NotNull("self", "out")),
    activation_dtype_checks(SILU_DTYPES),
    ("CheckSameShapeNotlimit1In1Out", SameShape("self", "out")),
    ("aclnnSiluGetWorkspaceSize", EmptyReturn("self", "out")),
)

SILU = register(ElementwiseOp(
    name="Silu",
    snake="silu",
    params=(Input("self"), Output("out")),
    dtypes=("float16", "float32", "bfloat16"),
    kernel="silu",
    tiling=lambda n, size, ub, cores: block_tiling(n, size, ub, cores, 3, 6),
    broadcast="never",
    mixed="never",
    # CANN's aclnnSilu reshapes to 1-D and has no OP_CHECK_MAX_DIM (hicann/ops-nn
    # activation/swish/tests/ut/op_api/test_aclnn_silu.cpp test_silu_shape_larger_8: 9 dims pass).
    max_rank=None,
    checks=SILU_CHECKS,
    info={"reference": reference, "domain": (-10.0, 10.0), "torch": "silu"},
    doc=__doc__,
))
