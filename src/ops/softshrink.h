/* Softshrink: out = x > l ? x - l : (x < -l ? x + l : 0), l = lambd (attrs[0]) >= 0.
 * The zero is +0 for any x in [-l, l] (-0 included), a NaN x stays NaN: torch's
 * vectorized kernel (masks and blends) gives exactly these. */
AO_EW_OP1(softshrink, x, {
    const float l = attrs[0];
    float r = x != x ? ao_quietf(x) : 0.0f;
    float lo = x + l;
    float hi = x - l;
    r = x < -l ? lo : r;
    r = x > l ? hi : r;
    return r;
})
