/* Test-only op: vmath's ao_normal_cdff, Phi(x) = (1 + erf(x / sqrt 2)) / 2 (GeluV2's,
 * GeluMul's and GeGlu's factor), through the vectorized loop; test_engine.c's
 * test_normal_cdff checks it against libm's double erfc. */
AO_EW_OP1(test_normal_cdf, x, {
    return ao_normal_cdff(x);
})
