/* ThresholdBackward with threshold != 0 (CANN ThresholdGradV2D): dx = x <= threshold ? 0 : dy.
 * attrs: [0] threshold. CANN's op order (hicann/ops-nn activation/threshold_grad_v2_d/
 * op_kernel/arch35/threshold_grad_v2_d_dag.h): Compare x <= threshold, Select 0 or dy.
 * A NaN x fails the compare: dy. */
/* NaN results by the rule without the fix (ew_op.h AO_EW_NANSAFE_): results 0 or dy */
#define AO_EW_NANSAFE_threshold_backward ~, 1
AO_EW_OP2(threshold_backward, dy, x, {
    return x <= attrs[0] ? 0.0f : dy;
})
