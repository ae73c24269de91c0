/* GeGlu / GeGluV3 with approximate = 1 (tanh): out = lin * gelu(act), outGelu = gelu(act),
 * (act, lin) as in geglu_erf.h; gelu in the op order of gelu.h (CANN's Gelu kernel):
 * x / (exp(-sqrt(8 / pi) * (x + 0.044715 x^3)) + 1). */
AO_EW_OP2_2OUT(geglu_tanh, a, b, out, out_gelu, {
    const float x = attrs[0] != 0.0f ? a : b;
    const float lin = attrs[0] != 0.0f ? b : a;
    float c = x * x;
    c = c * x;
    const float t = x * 22.363859176635742f;
    c = c + t;
    c = c * -0.07135481387376785f;
    c = ao_expf_plus1(c);
    out_gelu = x / c;
    out = lin * out_gelu;
})
