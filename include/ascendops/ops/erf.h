/* erf(x) in fp32 (vmath.h's ao_erff). Not an aclnn op of its own: tests/ops checks
 * the GELU kernels' erf against math.erf through it. */
AO_EW_OP1(erf, x, {
    return ao_erff(x);
})
