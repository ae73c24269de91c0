/* Test-only op with three inputs and attributes: a * b * attrs[0] + c * attrs[1] + attrs[3]. */
AO_EW_OP3(test_fma3, a, b, c, {
    float t = a * b;
    t = t * attrs[0];
    float u = c * attrs[1];
    return t + u + attrs[3];
})
