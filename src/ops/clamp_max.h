/* Clamp with a null min (ClampMax, InplaceClampMax; CANN's NormalizeMinScalar: the dtype's
 * smallest value or -inf): out = min(x, hi), attrs[0] = hi; NaN as clamp.h. */
AO_EW_OP1(clamp_max, x, {
    return (x > attrs[0] || attrs[0] != attrs[0]) ? attrs[0] : x;
})
AO_EW_INT1(clamp_max, x, {
    return x > (T)iattrs[0] ? (T)iattrs[0] : x;
})
