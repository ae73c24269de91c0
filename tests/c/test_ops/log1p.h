/* Test-only op: vmath's ao_log1pf (SoftPlus's and LogSigmoid's log1p) through the
 * vectorized loop; test_engine.c's test_log1pf checks it against libm's log1p. */
AO_EW_OP1(test_log1p, x, {
    return ao_log1pf(x);
})
