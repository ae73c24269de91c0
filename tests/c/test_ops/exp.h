/* Test-only op: ao_expf through the vectorized loop. */
AO_EW_OP1(test_exp, x, {
    return ao_expf(x);
})
