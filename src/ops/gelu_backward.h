/* GeluBackward, erf form: dx = dy * (Phi(x) + x pdf(x)), pdf(x) = exp(-x^2 / 2) / sqrt(2 pi).
 * Used by aclnnGeluBackward and by aclnnGeluBackwardV2 with approximate="none".
 * Phi is vmath.h's ao_normal_cdff, as GeluV2's (gelu_erf.h): CANN (ops-nn
 * activation/gelu_grad_v2/op_kernel/arch35/gelu_grad_v2_dag.h, GeluGradV2ErfPost) and
 * torch compute cdf = 0.5 erf(x / sqrt 2) + 0.5, which cancels for x < -sqrt 2 (erf
 * rounds to -1 from x = -5.9 on: cdf = 0 there, g then x pdf alone, relative error
 * 1 / x^2); ascendops does not take that order. The rest is
 * CANN's order: pdf = exp((-0.5 x) x) * (1 / sqrt(2 pi)), g = cdf + x * pdf, dy * g.
 * docs/ops.md gives the float32 errors and the 16-bit agreement with torch. */
/* the vector regions' whole-register form (ew_op.h AO_EW_VFORM_, region.h) */
#define AO_EW_VFORM_gelu_backward ~, ao_gelu_backward_vform
AO_EW_GRAD(gelu_backward, dy, x, {
    const float cdf = ao_normal_cdff(x);
    const float pdf = ao_expf(-0.5f * x * x) * 0.39894228040143268f;
    return cdf + x * pdf;
})
