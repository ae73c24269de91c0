/* Test-only op: GeluV2's erf form in torch's CPU order, (x * 0.5) * (1 + erf(x / sqrt 2)),
 * the body src/ops/gelu_erf.h had before it became x * g(x) (AO_EW_XFACTOR);
 * test_engine.c's test_gelu_erf_factor_form checks that both give the same bits. */
AO_EW_OP1(test_gelu_erf_order, x, {
    float t = x * 0.70710678118654752f;
    t = ao_erff(t);
    t = t + 1.0f;
    float h = x * 0.5f;
    return h * t;
})
