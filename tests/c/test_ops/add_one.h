/* Test-only op: x + 1. Run in place it shows whether an element was computed twice. */
AO_EW_OP1(test_add_one, x, {
    return x + 1.0f;
})
