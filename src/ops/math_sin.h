/* Sin: out = sin(x) (ascendops/ops/<op>.py). vmath.h ao_sinf: exact argument
 * reduction over the whole float range (Payne-Hanek from 2^20 on), evaluated in double,
 * rounded once (within 0.5001 ULP). sin(-0) = -0, sin(+-inf) = NaN, NaN -> NaN. */
AO_EW_OP1(math_sin, x, {
    return ao_sinf(x);
})
/* COMPLEX64/128: CANN's AI-CPU Sin (sin.cpp: not an AI-core dtype), in double complex */
AO_EW_CPLX1(math_sin, z, {
    return csin(z);
})
