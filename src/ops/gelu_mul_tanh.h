/* GeluMul with approximate "tanh": out = gelu(a) * b, a and b the halves of input along its
 * last dim; gelu in the op order of gelu.h (CANN's Gelu kernel):
 * x / (exp(-sqrt(8 / pi) * (x + 0.044715 x^3)) + 1). */
AO_EW_OP2(gelu_mul_tanh, a, b, {
    float c = a * a;
    c = c * a;
    const float t = a * 22.363859176635742f;
    c = c + t;
    c = c * -0.07135481387376785f;
    c = ao_expf_plus1(c);
    const float g = a / c;
    return g * b;
})
