/* Clamp between two bounds neither of which is NaN (ascendops/ops/clamp.py picks it; a NaN
 * bound takes clamp.h): out = min(max(x, lo), hi), attrs[0] = lo, attrs[1] = hi; lo > hi
 * gives hi. The result is lo, hi or x itself, so its NaN results follow the NaN rule
 * without the fix (ew_op.h AO_EW_NANSAFE_: a NaN x is passed through, as clamp.h passes
 * it), and no element tests a bound for NaN. clamp.h's body with those tests ran float32
 * n=1e6 at 0.88-0.92x torch.clamp (1 thread, Zen 4). */
#define AO_EW_NANSAFE_clamp_ordered ~, 1
AO_EW_OP1(clamp_ordered, x, {
    const float r = x < attrs[0] ? attrs[0] : x;
    return r > attrs[1] ? attrs[1] : r;
})
/* Integer compute dtypes: exactly in the dtype, as clamp.h's (no bound of theirs is NaN). */
AO_EW_INT1(clamp_ordered, x, {
    T r = x < (T)iattrs[0] ? (T)iattrs[0] : x;
    return r > (T)iattrs[1] ? (T)iattrs[1] : r;
})
