/* HardswishBackward: dx = dy * g(x), CANN's boundary convention:
 * g = 0 if x < -3;  x / 3 + 0.5 if -3 <= x <= 3;  1 if x > 3. */
AO_EW_GRAD(hardswish_backward, dy, x, {
    float g = x / 3.0f + 0.5f;
    g = x < -3.0f ? 0.0f : g;
    g = x > 3.0f ? 1.0f : g;
    return g;
})
