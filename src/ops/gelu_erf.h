/* GeluV2 with approximate = 0 ("none"): out = x * 0.5 * (1 + erf(x / sqrt 2)), in the
 * order of torch's CPU kernel (x * 0.5 first, then times 1 + erf). */
AO_EW_OP1(gelu_erf, x, {
    float t = x * 0.70710678118654752f;
    t = ao_erff(t);
    t = t + 1.0f;
    float h = x * 0.5f;
    return h * t;
})
