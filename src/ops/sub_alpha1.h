/* Sub with alpha == 1 (ascendops/ops/sub.py): out = self - other, CANN's l0op::Sub. */
AO_EW_OP2(sub_alpha1, a, b, {
    return a - b;
})
AO_EW_INT2(sub_alpha1, a, b, {
    return (T)((uint64_t)(int64_t)a - (uint64_t)(int64_t)b);
})
AO_EW_CPLX2(sub_alpha1, a, b, {
    return a - b;
})
