/* log(x) in fp32 (vmath.h's ao_logf). Not an aclnn op of its own: tests/ops checks the
 * Softplus/LogSigmoid/Erfinv log against numpy's float64 log through it. */
AO_EW_OP1(log, x, {
    return ao_logf(x);
})
