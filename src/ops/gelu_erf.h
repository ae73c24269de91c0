/* GeluV2 with approximate = 0 ("none"): out = x * 0.5 * (1 + erf(x / sqrt 2)), written as
 * x * g(x), g = 0.5 * (erf(x / sqrt 2) + 1), so that its 16-bit kernels look g up
 * (AO_EW_XFACTOR, ew_op.h). The same bits as torch's CPU order (x * 0.5 first, then times
 * 1 + erf), which this op computed before, for every float x: 1 + erf rounds to 0 or to
 * at least 2^-24 and x * 0.5 rounds only for |x| < 2^-125, where 1 + erf is 1, so both
 * halvings are exact and both forms round the one product x (1 + erf) / 2 once (checked
 * over all 2^32 floats, tests/c/test_engine.c test_gelu_erf_factor_form). */
AO_EW_XFACTOR(gelu_erf, x, {
    float t = x * 0.70710678118654752f;
    t = ao_erff(t);
    t = t + 1.0f;
    return 0.5f * t;
})
