/* Test-only op: vmath's ao_expm1f (Elu's, Celu's and Selu's expm1) through the vectorized
 * loop; test_engine.c's test_expm1f checks it against libm's expm1. */
AO_EW_OP1(test_expm1, x, {
    return ao_expm1f(x);
})
