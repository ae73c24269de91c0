/* GeluV2 with approximate = 0 ("none"): out = x * 0.5 * (1 + erf(x / sqrt 2)), written as
 * x * g(x), g = (1 + erf(x / sqrt 2)) / 2, so that its 16-bit kernels look g up
 * (AO_EW_XFACTOR, ew_op.h). g is vmath.h's ao_erf_cdff, which computes (1 + erf) / 2 as
 * erfc(|t|) / 2 or 1 - erfc(t) / 2, without the cancellation of torch's CPU order
 * (x * 0.5) * (1 + erf(t)) for x < -sqrt 2 (this op computed that order until session 13,
 * with ao_erff: 0 below x = -5.66, millions of ULP off from x = -2 down; now within 100
 * ULP there and within the former error elsewhere, tests/c/test_engine.c
 * test_gelu_erf_accuracy). */
AO_EW_XFACTOR(gelu_erf, x, {
    const float t = x * 0.70710678118654752f;
    return ao_erf_cdff(t);
})
