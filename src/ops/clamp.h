/* Clamp: out = min(max(x, lo), hi) (attrs[0] = lo, attrs[1] = hi; ascendops/ops/clamp.py;
 * hicann/ops-math conversion/clip_by_value_v2: ClipByValueV2 in the compute dtype). As
 * torch.clamp: a NaN x stays NaN; a NaN bound gives NaN; lo > hi gives hi. One null bound:
 * clamp_min.h, clamp_max.h. */
AO_EW_OP1(clamp, x, {
    float r = (x < attrs[0] || attrs[0] != attrs[0]) ? attrs[0] : x;
    return (r > attrs[1] || attrs[1] != attrs[1]) ? attrs[1] : r;
})
/* Integer compute dtypes: exactly in the dtype (iattrs: the bounds as the dtype). */
AO_EW_INT1(clamp, x, {
    T r = x < (T)iattrs[0] ? (T)iattrs[0] : x;
    return r > (T)iattrs[1] ? (T)iattrs[1] : r;
})
