/* Test-only op: test_fma3's body with a split point (AO_STAGE): the staged kernels must
 * give test_fma3's results bit for bit, at every size and in place. */
AO_EW_OP3(test_fma3_staged, a, b, c, {
    float t = a * b;
    t = t * attrs[0];
    AO_STAGE(t);
    float u = c * attrs[1];
    return t + u + attrs[3];
})
