/* ThresholdBackward with threshold 0 (|threshold| <= FLT_EPSILON): CANN's aclnn layer
 * runs ReluGrad instead (hicann/ops-nn activation/threshold_grad_v2_d/op_api/
 * aclnn_threshold_backward.cpp), dx = dy * (x <= 0 ? 0 : 1) (activation/relu_grad/
 * op_kernel/arch35/relu_grad_dag.h: Compare x <= 0, Select 0 or 1, Mul by dy). A
 * product, unlike ThresholdGradV2D's select: a negative dy gives -0, an inf or NaN dy
 * at x <= 0 gives NaN; a NaN x gives dy. */
AO_EW_GRAD(threshold_backward_zero, dy, x, {
    return x <= 0.0f ? 0.0f : 1.0f;
})
/* Integer dtypes: ReluGrad in the dtype (relu_grad_dag.h ReluGradDag for INT32/INT64;
 * ReluGradCastDag multiplies INT8/UINT8 in half, exact for them): dy * (x > 0), i.e. dy
 * or 0, exactly. */
AO_EW_INT2(threshold_backward_zero, dy, x, {
    return x <= 0 ? (T)0 : dy;
})
