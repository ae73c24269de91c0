/* Hardswish: out = x * relu6(x + 3) / 6. NaN propagates. */
AO_EW_OP1(hardswish, x, {
    float t = x + 3.0f;
    t = t < 0.0f ? 0.0f : t;
    t = t > 6.0f ? 6.0f : t;
    t = x * t;
    return t / 6.0f;
})
