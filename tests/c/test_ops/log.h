/* Test-only op: vmath's ao_logf (Softplus's, LogSigmoid's and Erfinv's log) through the
 * vectorized loop; test_engine.c's test_logf checks it against libm's log. */
AO_EW_OP1(test_log, x, {
    return ao_logf(x);
})
