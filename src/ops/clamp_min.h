/* Clamp with a null max (ClampMin; CANN's NormalizeMaxScalar: the dtype's largest value or
 * +inf): out = max(x, lo), attrs[0] = lo; NaN as clamp.h. */
AO_EW_OP1(clamp_min, x, {
    return (x < attrs[0] || attrs[0] != attrs[0]) ? attrs[0] : x;
})
AO_EW_INT1(clamp_min, x, {
    return x < (T)iattrs[0] ? (T)iattrs[0] : x;
})
