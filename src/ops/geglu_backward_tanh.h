/* GeGluBackward / GeGluV3Backward with approximate = 1 (tanh): the two halves of
 * gradInput from gradOutput dy, self's halves a and b, and gelu = gelu(act) (the
 * forward's outGelu). (act, lin) = (b, a), or (a, b) with activateLeft (attrs[0]):
 *   grad(lin) = dy * gelu,  grad(act) = gelu'(act) * (dy * lin),
 * in the op order of CANN's kernel (ops-nn activation/ge_glu_grad_v2/op_kernel/
 * ge_glu_grad_v2_tanh_base.h ComputeGeluGrad, x = act, d = dy * lin):
 *   g1 = 1 / (exp(x * (x^2 * A1 + A2)) + 1),  g2 = x^2 * A3 + A4,
 *   grad(act) = ((g1 - 1) * x * g2 + 1) * g1 * d.
 * r0 is gradInput's first half, r1 its second. */
AO_EW_OP4_2OUT(geglu_backward_tanh, dy, a, b, gelu, r0, r1, {
    const float x = attrs[0] != 0.0f ? a : b;
    const float lin = attrs[0] != 0.0f ? b : a;
    const float d = lin * dy;
    const float x2 = x * x;
    float g1 = x2 * -0.0713548162726002527220f;
    g1 = g1 + -1.5957691216057308f;
    g1 = g1 * x;
    g1 = ao_expf_plus1(g1);
    g1 = 1.0f / g1;
    float g2 = x2 * -0.21406444881780074632901625683959062f;
    g2 = g2 + -1.5957691216057307117597842397375274738f;
    float t = g1 + -1.0f;
    t = t * x;
    t = t * g2;
    t = t + 1.0f;
    t = t * g1;
    const float grad_act = t * d;
    const float grad_lin = gelu * dy;
    r0 = attrs[0] != 0.0f ? grad_act : grad_lin;
    r1 = attrs[0] != 0.0f ? grad_lin : grad_act;
})
