"""aclnnSigmoidBackward: gradInput = gradOutput * output * (1 - output), output =
sigmoid(x) the forward output.

CANN (hicann/ops-nn e5c3fa93 activation/sigmoid_grad/op_api/aclnn_sigmoid_backward.cpp):
the three tensors FLOAT, FLOAT16, DOUBLE, COMPLEX64, COMPLEX128, BF16, a BF16 gradOutput
only on the SocVersions Ascend910B..Ascend910E (Ascend910B/910_93/950; a BF16 output or
gradInput is not checked); ranks of gradOutput and output at most 8; then (in
aclnnSigmoidBackwardGetWorkspaceSize, after CheckParams) the promoted dtype, castable to
gradInput (CanCast), and the broadcast shape, gradInput's; everything before the empty
return. The sequence (SIGMOID_BACKWARD_CHECKS) is CANN's, in its order. Broadcasting and
dtype promotion on every SoC; DOUBLE is computed in float64; a complex gradInput is
written from the real result. Math: src/ops/sigmoid_backward.h. (Complex inputs, which
CANN computes, are refused with 161002: the kernel has no complex body; see the probes'
DEVIATIONS.)"""
import numpy as np

from ascendops._core import ElementwiseOp, Input, Output, register
from ascendops.ops import Broadcast, CannSource, CanCast, Checks, DtypeIn, EmptyReturn, NotNull, Promote, Rank
from ascendops.tiling import block_tiling


def reference(grad_output, output):
    y = np.asarray(output, dtype=np.float64)
    return np.asarray(grad_output, dtype=np.float64) * y * (1.0 - y)


# DTYPE_SUPPORT_LIST of aclnn_sigmoid_backward.cpp
CANN_DTYPES = ("float32", "float16", "float64", "complex64", "complex128", "bfloat16")
NO_BF16 = CANN_DTYPES[:-1]
SIGMOID_BACKWARD_CHECKS = Checks(
    CannSource("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
               "activation/sigmoid_grad/op_api/aclnn_sigmoid_backward.cpp"),
    ("CheckNotNull", NotNull("gradOutput", "output", "gradInput")),
    # CheckSocVersionIsSupportBf16: ASCEND910B <= SocVersion <= ASCEND910E (910B, 910_93,
    # 910_95 = Ascend950), else no BF16 gradOutput (output's and gradInput's not checked)
    ("CheckDtypeValid", DtypeIn("gradOutput", "output", "gradInput", dtypes=CANN_DTYPES),
     DtypeIn("gradOutput", dtypes={"Ascend910B": CANN_DTYPES, "Ascend910_93": CANN_DTYPES, "Ascend950": CANN_DTYPES,
                                   "default": NO_BF16})),
    ("CheckShape", Rank("gradOutput", "output", max=8)),
    ("CheckPromoteType", Promote("gradOutput", "output"), DtypeIn("promoted", dtypes=CANN_DTYPES),
     CanCast("promoted", "gradInput")),
    ("CheckShapeBroadcast", Broadcast("gradOutput", "output", out="gradInput")),
    ("aclnnSigmoidBackwardGetWorkspaceSize", EmptyReturn("gradOutput", "output")),
)

SIGMOID_BACKWARD = register(ElementwiseOp(
    name="SigmoidBackward",
    snake="sigmoid_backward",
    params=(Input("gradOutput"), Input("output"), Output("gradInput")),
    # the kernels' dtypes (DOUBLE: float64 compute); CANN's list is the sequence's
    dtypes=("float16", "float32", "bfloat16", "float64"),
    kernel="sigmoid_backward",
    tiling=lambda n, size, ub, cores: block_tiling(n, size, ub, cores, 4, 7),
    # CANN's op_api (hicann/ops-nn activation/sigmoid_grad/op_api/aclnn_sigmoid_backward.cpp)
    # broadcasts and promotes on every SoC; gradInput only has to be castable from the
    # promoted dtype (OP_CHECK_RESULT_DTYPE_CAST_FAILED); ranks 0-8 (only OP_CHECK_MAX_DIM).
    broadcast="always",
    mixed="always",
    out_dtype="castable",
    # the sequence checks each tensor's dtype (a BF16 output on Ascend910 is CANN's to
    # take); the op kind, the promoted one against the kernels' list
    dtype_check="promoted",
    out_dtypes="writable",
    checks=SIGMOID_BACKWARD_CHECKS,
    info={"reference": reference, "domain": [(-2.0, 2.0), (0.0, 1.0)], "torch": "sigmoid_backward"},
    doc=__doc__,
))
