/* LeakyRelu: out = x > 0 ? x : x * negativeSlope (attrs[0]); NaN propagates. */
AO_EW_OP1(leaky_relu, x, {
    float n = x * attrs[0];
    return x > 0.0f ? x : n;
})
