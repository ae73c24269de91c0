/* Exp: out = e^x (ascendops/ops/<op>.py; CANN's Exp kernel with base -1 (e), scale
 * 1, shift 0: hicann/ops-math math/exp/op_api/exp.cpp). vmath.h ao_expf: within 1 ULP,
 * subnormal results rounded once, exp(-inf) = 0, exp(+inf) = +inf, NaN -> NaN. */
AO_EW_XFUNC(math_exp, x, {
    return ao_expf(x);
})
/* COMPLEX64/128: CANN's AI-CPU Exp (exp.cpp: not an AI-core dtype), in double complex */
AO_EW_CPLX1(math_exp, z, {
    return cexp(z);
})
