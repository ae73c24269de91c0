/* GeluMul with approximate "none" (erf): out = gelu(a) * b, a and b the halves of input
 * along its last dim; gelu as in gelu_erf.h: x * 0.5 * (1 + erf(x / sqrt 2)) (ao_erff, not
 * CANN's clipped polynomial of op_kernel/gelu_mul.h). */
AO_EW_OP2(gelu_mul_erf, a, b, {
    float t = a * 0.70710678118654752f;
    t = ao_erff(t);
    t = t + 1.0f;
    const float h = a * 0.5f;
    const float g = h * t;
    return g * b;
})
