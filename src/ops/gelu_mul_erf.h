/* GeluMul with approximate "none" (erf): out = gelu(a) * b, a and b the halves of input
 * along its last dim; gelu as in gelu_erf.h: a * Phi(a), Phi(a) = (1 + erf(a / sqrt 2)) / 2
 * (ao_normal_cdff, not CANN's clipped polynomial of op_kernel/gelu_mul.h). */
AO_EW_OP2(gelu_mul_erf, a, b, {
    const float g = a * ao_normal_cdff(a);
    return g * b;
})
