/* Hardsigmoid: out = clip(x / 6 + 1/2, 0, 1) (CANN's formula, alpha = 1/6, beta = 1/2),
 * computed as clip(x + 3, 0, 6) / 6 (torch's order): x / 6 + 0.5 cancels near x = -3,
 * where the result is small (hundreds of ULP there); x + 3 does not. NaN propagates
 * (the clamps are selects that keep it). */
AO_EW_OP1(hardsigmoid, x, {
    float t = x + 3.0f;
    t = t < 0.0f ? 0.0f : t;
    t = t > 6.0f ? 6.0f : t;
    return t / 6.0f;
})
