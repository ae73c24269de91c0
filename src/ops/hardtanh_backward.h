/* HardtanhBackward (CANN HardtanhGrad): dx = min < x < max ? dy : 0, and dy where x
 * is NaN. attrs: [0] min, [1] max. CANN's op order (hicann/ops-nn activation/
 * hardtanh_grad/op_kernel/arch35/hardtanh_grad_dag.h): Compare x < max, Compare x > min,
 * And, Or with x != x, Select dy or 0. */
/* NaN results by the rule without the fix (ew_op.h AO_EW_NANSAFE_): results dy or 0 */
#define AO_EW_NANSAFE_hardtanh_backward ~, 1
AO_EW_OP2(hardtanh_backward, dy, x, {
    int keep = (x < attrs[1]) & (x > attrs[0]);
    keep = keep | (x != x);
    return keep ? dy : 0.0f;
})
