/* Test-only op: vmath's ao_erff (GeluV2's, GeluBackward's and GeGlu's erf) through the
 * vectorized loop; test_engine.c's test_erff checks it against libm's erf. */
AO_EW_OP1(test_erf, x, {
    return ao_erff(x);
})
