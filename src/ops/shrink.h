/* Shrink: out = x > lambd ? x - bias : (x < -lambd ? x + bias : 0);
 * attrs = (lambd, bias). The zero is +0, for a NaN x too: CANN's kernel (hicann/ops-nn
 * activation/shrink/op_kernel/arch35/shrink.h: Compares LT/GT, Select x - bias or a
 * zero tensor, then x + bias) -- both compares are false for NaN. */
AO_EW_OP1(shrink, x, {
    const float l = attrs[0];
    float r = 0.0f;
    float lo = x + attrs[1];
    float hi = x - attrs[1];
    r = x < -l ? lo : r;
    r = x > l ? hi : r;
    return r;
})
