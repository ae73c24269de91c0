/* Cos: out = cos(x) (ascendops/ops/<op>.py). vmath.h ao_cosf: below 2^20 one polynomial
 * in double after a reduction by pi, from there on exact argument reduction (Payne-Hanek),
 * evaluated in double, rounded once (within 0.5004 ULP over the whole range).
 * cos(+-inf) = NaN, NaN -> NaN. */
/* the vector regions' whole-register form (ew_op.h AO_EW_VFORM_, region.h) */
#define AO_EW_VFORM_math_cos ~, ao_cos_vform
AO_EW_XFUNC(math_cos, x, {
    return ao_cosf(x);
})
/* COMPLEX64/128: CANN's AI-CPU Cos (cos.cpp: not an AI-core dtype), in double complex */
AO_EW_CPLX1(math_cos, z, {
    return ccos(z);
})
