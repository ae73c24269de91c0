/* Test-only op with four inputs and two results (AO_EW_OP4_2OUT, the shape of
 * GeGluBackward's kernel): r0 = a * b + c * attrs[0], r1 = (c - d) * a. */
AO_EW_OP4_2OUT(test_fma4_2out, a, b, c, d, r0, r1, {
    const float p = a * b;
    const float q = c * attrs[0];
    r0 = p + q;
    const float s = c - d;
    r1 = s * a;
})
