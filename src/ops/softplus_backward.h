/* SoftplusBackward (CANN SoftplusV2Grad): dx = beta x > threshold ? dy
 * : dy / (exp(-beta x) + 1). attrs: [0] beta, [1] threshold.
 * CANN's op order (hicann/ops-nn activation/softplus_v2_grad/op_kernel/arch35/
 * softplus_v2_grad_kernel.h, S1-S9): t1 = Muls(x, beta); Neg, Exp, Adds 1;
 * t5 = Div(dy, that); the threshold register is (t1 - t1) + threshold, so an inf or
 * NaN t1 compares against NaN and takes t5; Compare t1 > threshold; Select dy or t5.
 * Exp then Adds(1) is ao_expf_plus1 (the same value, ew_op.h). */
AO_EW_OP2(softplus_backward, dy, x, {
    float t1 = x * attrs[0];
    float t4 = ao_expf_plus1(-t1);
    float t5 = dy / t4;
    float th = t1 - t1;
    th = th + attrs[1];
    return t1 > th ? dy : t5;
})
