/* Hardshrink: out = -lambd <= x <= lambd ? 0 : x; attrs[0] = lambd, already clamped to
 * >= 0 as CANN's op_api does. NaN passes through. */
/* NaN results by the rule without the fix (ew_op.h AO_EW_NANSAFE_): results 0 or quiet(x) */
#define AO_EW_NANSAFE_hardshrink ~, 1
AO_EW_OP1(hardshrink, x, {
    const float l = attrs[0];
    return (x >= -l) & (x <= l) ? 0.0f : ao_quietf(x);
})
