/* GeGluBackward / GeGluV3Backward with approximate = 0 (erf): as geglu_backward_tanh.h,
 * with gelu'(x) = cdf(x) + x * pdf(x), pdf(x) = exp(-0.5 * x^2) / sqrt(2 pi), with the
 * bits of CANN's kernel's order (ops-nn activation/ge_glu_grad_v2/op_kernel/
 * ge_glu_grad_v2_erf_base.h ComputeGeluGrad) but for cdf: CANN (and torch) compute
 * cdf(x) = 0.5 * erf(x / sqrt 2) + 0.5, which cancels for x < -sqrt 2 (erf near -1,
 * rounded to 2^-25 absolute, against a cdf down to 1e-8; 0 where erf rounds to -1, and
 * gelu' is then x pdf alone, 1 / x^2 off). cdf is Phi(x) from vmath.h's ao_normal_cdff, as GeluBackward's
 * (gelu_backward.h) and GeGlu's: no cancellation. docs/ops.md gives the errors. */
/* the vector regions' whole-register form of the fused kernel (ew_op.h AO_EW_VFORM_,
 * region.h) */
#define AO_EW_VFORM_geglu_backward_erf ~, ao_geglu_backward_erf_vform
AO_EW_OP4_2OUT(geglu_backward_erf, dy, a, b, gelu, r0, r1, {
    const float x = attrs[0] != 0.0f ? a : b;
    const float lin = attrs[0] != 0.0f ? b : a;
    const float d = lin * dy;
    /* gelu'(x) with GeluBackward's operations (gelu_backward.h), so that one vector form
     * serves both (region.h ao_gv_gelu_grad4). CANN's order, (x x) (-0.5) and
     * ((exp * c) x), gives the same bits: scaling by -0.5 is exact (where it is not, below
     * 2^-126, exp gives 1 either way; where x x overflows and (-0.5 x) x does not, 0) and
     * the products commute */
    const float g = ao_normal_cdff(x) + x * (ao_expf(-0.5f * x * x) * 0.39894228040143268f);
    const float grad_act = g * d;
    const float grad_lin = gelu * dy;
    r0 = attrs[0] != 0.0f ? grad_act : grad_lin;
    r1 = attrs[0] != 0.0f ? grad_lin : grad_act;
})
