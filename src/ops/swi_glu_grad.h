/* SwiGluGrad: the halves of out, in the order of CANN's formula (docs/aclnnSwiGluGrad.md):
 *   outA = yGrad * [s + s * (1 - s) * a] * b,  outB = yGrad * s * a,  s = sigmoid(a). */
AO_EW_OP3_2OUT(swi_glu_grad, dy, a, b, out_a, out_b, {
    const float s = ao_sigmoidf(a);
    float t = 1.0f - s;
    t = s * t;
    t = t * a;
    t = s + t;
    t = dy * t;
    out_a = t * b;
    const float u = dy * s;
    out_b = u * a;
})
