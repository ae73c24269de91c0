/* Erfinv: the inverse of erf on [-1, 1], in fp32 within 0.54 ULP (vmath.h ao_erfinvf:
 * polynomials in double, one rounding). erfinv(+-1) = +-inf, |x| > 1 -> NaN, NaN -> NaN. */
/* the vector regions' whole-register form (ew_op.h AO_EW_VFORM_, region.h) */
#define AO_EW_VFORM_erfinv ~, ao_erfinv_vform
AO_EW_XFUNC(erfinv, x, { return ao_erfinvf(x); })
