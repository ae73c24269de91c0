/* Log: out = ln(x) (ascendops/ops/<op>.py; CANN's Log with base -1 (e), scale 1,
 * shift 0: hicann/ops-math math/log/op_api/log.cpp). vmath.h ao_logf: correctly rounded
 * but for rare ties. log(+-0) = -inf, log(x < 0) = NaN, log(+inf) = +inf, NaN -> NaN. */
AO_EW_OP1(math_log, x, {
    return ao_logf(x);
})
/* COMPLEX64/128: CANN's AI-CPU Log, in double complex (the principal branch, C99 clog) */
AO_EW_CPLX1(math_log, z, {
    return clog(z);
})
