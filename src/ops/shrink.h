/* Shrink: out = x > lambd ? x - bias : (x < -lambd ? x + bias : 0);
 * attrs = (lambd, bias). The zero is +0 (as Softshrink's); a NaN x stays NaN. */
AO_EW_OP1(shrink, x, {
    const float l = attrs[0];
    float r = x != x ? ao_quietf(x) : 0.0f;
    float lo = x + attrs[1];
    float hi = x - attrs[1];
    r = x < -l ? lo : r;
    r = x > l ? hi : r;
    return r;
})
