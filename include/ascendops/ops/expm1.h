/* exp(x) - 1 in fp32 (vmath.h's ao_expm1f). Not an aclnn op of its own: tests/ops checks
 * the Elu/Celu/Selu expm1 against numpy's float64 expm1 through it. */
AO_EW_OP1(expm1, x, {
    return ao_expm1f(x);
})
