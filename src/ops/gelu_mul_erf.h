/* GeluMul with approximate "none" (erf): out = gelu(a) * b, a and b the halves of input
 * along its last dim; gelu as in gelu_erf.h: a * (1 + erf(a / sqrt 2)) / 2 (ao_erf_cdff,
 * not CANN's clipped polynomial of op_kernel/gelu_mul.h). */
AO_EW_OP2(gelu_mul_erf, a, b, {
    const float t = a * 0.70710678118654752f;
    const float g = a * ao_erf_cdff(t);
    return g * b;
})
