/* Test-only op with four inputs (AO_MAX_INPUTS): a * b * attrs[0] + c * d + attrs[1]. */
AO_EW_OP4(test_fma4, a, b, c, d, {
    float t = a * b;
    t = t * attrs[0];
    const float u = c * d;
    return t + u + attrs[1];
})
