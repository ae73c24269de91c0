/* Hardshrink: out = -lambd <= x <= lambd ? 0 : x; attrs[0] = lambd, already clamped to
 * >= 0 as CANN's op_api does. NaN passes through. */
AO_EW_OP1(hardshrink, x, {
    const float l = attrs[0];
    return (x >= -l) & (x <= l) ? 0.0f : ao_quietf(x);
})
