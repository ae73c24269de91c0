/* HardsigmoidBackward (CANN HardSigmoidGrad, alpha = 1/6, beta = 0.5 set by the aclnn
 * layer): dx = 0 < x * alpha + beta < 1 ? dy * alpha : 0.
 * CANN's op order (hicann/ops-nn activation/hard_sigmoid_grad/op_kernel/arch35/
 * hard_sigmoid_grad.h, Compute): t = Muls(x, alpha), Adds beta; r = Muls(dy, alpha);
 * Select r where t > 0 (else 0); Select where t < 1 (else 0). A select, not a product:
 * outside the band dx is +0 even for an inf or NaN dy, and a NaN x gives 0. */
AO_EW_OP2(hardsigmoid_backward, dy, x, {
    float t = x * 0.16666667f;
    t = t + 0.5f;
    float r = dy * 0.16666667f;
    r = t > 0.0f ? r : 0.0f;
    r = t < 1.0f ? r : 0.0f;
    return r;
})
