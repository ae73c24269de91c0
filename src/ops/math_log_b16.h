/* Log of a FLOAT16 / BF16 tensor whose result is rounded to 16 bits (ascendops/ops/log.py
 * picks it per call): ln(x) in fp32 by vmath.h ao_logf_b16 (within 1 ULP of fp32, no
 * double), rounded once to the dtype, as CANN's AI-core Log computes a 16-bit tensor in
 * fp32 and casts (hicann/ops-math math/log/op_api/log.cpp). log(+-0) = -inf, log(x < 0) =
 * NaN, log(+inf) = +inf, NaN -> NaN. */
AO_EW_XFUNC(math_log_b16, x, {
    return ao_logf_b16(x);
})
