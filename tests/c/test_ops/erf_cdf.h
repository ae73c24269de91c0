/* Test-only op: vmath's ao_erf_cdff, (1 + erf(t)) / 2 (GeluV2's, GeluMul's and GeGlu's
 * factor), through the vectorized loop; test_engine.c's test_erf_cdff checks it against
 * libm's double erfc. */
AO_EW_OP1(test_erf_cdf, t, {
    return ao_erf_cdff(t);
})
