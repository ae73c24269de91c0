/* Sin: out = sin(x) (ascendops/ops/<op>.py). vmath.h ao_sinf: below 2^20 one polynomial
 * in double after a reduction by pi, from there on exact argument reduction (Payne-Hanek),
 * evaluated in double, rounded once (within 0.5004 ULP over the whole range). sin(-0) = -0, sin(+-inf) = NaN, NaN -> NaN. */
/* the vector regions' whole-register form (ew_op.h AO_EW_VFORM_, region.h) */
#define AO_EW_VFORM_math_sin ~, ao_sin_vform
AO_EW_XFUNC(math_sin, x, {
    return ao_sinf(x);
})
/* COMPLEX64/128: CANN's AI-CPU Sin (sin.cpp: not an AI-core dtype), in double complex */
AO_EW_CPLX1(math_sin, z, {
    return csin(z);
})
