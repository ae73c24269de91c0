/* GeGlu / GeGluV3 with approximate = 0 (erf): out = lin * gelu(act), outGelu = gelu(act),
 * where (act, lin) = (b, a), the halves of self, or (a, b) with activateLeft (attrs[0]);
 * gelu as in gelu_erf.h: x * Phi(x), Phi(x) = (1 + erf(x / sqrt 2)) / 2 (ao_normal_cdff). */
AO_EW_OP2_2OUT(geglu_erf, a, b, out, out_gelu, {
    const float x = attrs[0] != 0.0f ? a : b;
    const float lin = attrs[0] != 0.0f ? b : a;
    out_gelu = x * ao_normal_cdff(x);
    out = lin * out_gelu;
})
