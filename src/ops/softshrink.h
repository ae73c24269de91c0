/* Softshrink: out = x > l ? x - l : (x < -l ? x + l : 0), l = lambd (attrs[0]) >= 0.
 * The zero is +0 for any x in [-l, l] (-0 included) and for a NaN x: CANN's kernel
 * (hicann/ops-nn activation/softshrink/op_kernel/arch35/softshrink.h: Compare GT, Select
 * x - l or the scalar 0, Compare LT, Select x + l) -- both compares are false for NaN. */
AO_EW_OP1(softshrink, x, {
    const float l = attrs[0];
    float r = 0.0f;
    float lo = x + l;
    float hi = x - l;
    r = x < -l ? lo : r;
    r = x > l ? hi : r;
    return r;
})
