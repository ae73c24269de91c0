/* Tanh: out = tanh(x) (ascendops/ops/<op>.py). vmath.h ao_tanhf: expm1 in double,
 * rounded once (within 0.5 ULP), no cancellation near 0. tanh(-0) = -0,
 * tanh(+-inf) = +-1, NaN -> NaN. */
AO_EW_XFUNC(math_tanh, x, {
    return ao_tanhf(x);
})
