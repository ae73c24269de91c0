/* Cos: out = cos(x) (ascendops/ops/<op>.py). vmath.h ao_cosf (as ao_sinf: within
 * 0.5001 ULP over the whole range). cos(+-inf) = NaN, NaN -> NaN. */
AO_EW_OP1(math_cos, x, {
    return ao_cosf(x);
})
/* COMPLEX64/128: CANN's AI-CPU Cos (cos.cpp: not an AI-core dtype), in double complex */
AO_EW_CPLX1(math_cos, z, {
    return ccos(z);
})
