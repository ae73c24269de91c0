/* ViewCopy: identity. The dispatcher uses it to copy a contiguous temporary into a
 * (possibly non-contiguous) output, converting dtypes on the way (widen exactly,
 * narrow round-to-nearest-even). */
AO_EW_OP1(view_copy, x, {
    return x;
})
