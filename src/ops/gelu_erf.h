/* GeluV2 with approximate = 0 ("none"): out = x * 0.5 * (1 + erf(x / sqrt 2)), written as
 * x * g(x), g = Phi(x) = (1 + erf(x / sqrt 2)) / 2, so that its 16-bit kernels look g up
 * (AO_EW_XFACTOR, ew_op.h). g is vmath.h's ao_normal_cdff, which computes Phi as
 * erfc(|x| / sqrt 2) / 2 or 1 - erfc(x / sqrt 2) / 2, without the cancellation of torch's
 * CPU order (x * 0.5) * (1 + erf(x / sqrt 2)) for x < -sqrt 2 (that order, with ao_erff,
 * gives 0 below x = -5.66 and up to 2^24 ULP off from x = -2 down; this form is within
 * 128 ULP there and within that order's p99 elsewhere, tests/c/test_engine.c
 * test_gelu_erf_accuracy). */
/* the vector regions' whole-register form (ew_op.h AO_EW_VFORM_, region.h) */
#define AO_EW_VFORM_gelu_erf ~, ao_gelu_erf_vform
AO_EW_XFACTOR(gelu_erf, x, {
    return ao_normal_cdff(x);
})
