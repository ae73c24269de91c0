/* Sqrt: out = sqrt(x), correctly rounded (ascendops/ops/<op>.py). sqrt(-0) = -0,
 * sqrt(x < 0) = NaN, sqrt(+inf) = +inf, NaN -> NaN. */
AO_EW_OP1(math_sqrt, x, {
    return ao_sqrtf(x);
})
/* COMPLEX64/128: CANN's AI-CPU Sqrt (sqrt.cpp: not an AI-core dtype), in double complex
 * (the principal root, C99 csqrt) */
AO_EW_CPLX1(math_sqrt, z, {
    return csqrt(z);
})
