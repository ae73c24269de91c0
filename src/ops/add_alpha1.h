/* Add with alpha == 1 (ascendops/ops/add.py picks it where alpha is 1, CANN's
 * IsEqualToOne): out = self + other, CANN's l0op::Add. One float add (16-bit operands: the fp32
 * sum rounded to the output is the correctly rounded 16-bit sum, 24 >= 2 * 11 + 2). */
AO_EW_OP2(add_alpha1, a, b, {
    return a + b;
})
AO_EW_INT2(add_alpha1, a, b, {
    return AO_IADD(a, b);
})
AO_EW_CPLX2(add_alpha1, a, b, {
    return a + b;
})
