/* GeGluBackward / GeGluV3Backward with approximate = 0 (erf): as geglu_backward_tanh.h,
 * with gelu'(x) = cdf(x) + x * pdf(x), cdf(x) = 0.5 * erf(x / sqrt 2) + 0.5 and
 * pdf(x) = exp(-0.5 * x^2) / sqrt(2 pi), in the op order of CANN's kernel (ops-nn
 * activation/ge_glu_grad_v2/op_kernel/ge_glu_grad_v2_erf_base.h ComputeGeluGrad). erf is
 * ao_erff (within 1 ulp of erf), not CANN's clipped rational approximation, as in
 * gelu_backward.h. */
AO_EW_OP4_2OUT(geglu_backward_erf, dy, a, b, gelu, r0, r1, {
    const float x = attrs[0] != 0.0f ? a : b;
    const float lin = attrs[0] != 0.0f ? b : a;
    const float d = lin * dy;
    float cdf = x * 0.70710678118654752f;
    cdf = ao_erff(cdf);
    cdf = cdf * 0.5f;
    cdf = cdf + 0.5f;
    float pdf = x * x;
    pdf = pdf * -0.5f;
    pdf = ao_expf(pdf);
    pdf = pdf * 0.39894228040143268f;
    pdf = pdf * x;
    const float grad_act = (cdf + pdf) * d;
    const float grad_lin = gelu * dy;
    r0 = attrs[0] != 0.0f ? grad_act : grad_lin;
    r1 = attrs[0] != 0.0f ? grad_lin : grad_act;
})
