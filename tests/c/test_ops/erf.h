/* Test-only op: vmath's ao_erff (GeluBackward's and GeGluBackward's erf) through the
 * vectorized loop; test_engine.c's test_erff checks it against libm's erf. */
AO_EW_OP1(test_erf, x, {
    return ao_erff(x);
})
