/* GeluBackwardV2 with approximate="tanh": the derivative of
 * 0.5 x (1 + tanh(u)), u = sqrt(2/pi) (x + 0.044715 x^3), written with
 * s = sigmoid(2u) = 0.5 (1 + tanh u) and 1 - tanh^2 u = 4 s (1 - s), which does not
 * cancel for large |u|:  dx = dy * (s + 2 x s (1 - s) sqrt(2/pi) (1 + 3 * 0.044715 x^2)). */
AO_EW_GRAD(gelu_backward_tanh, dy, x, {
    const float k = 0.79788456080286536f;   /* sqrt(2 / pi) */
    float x2 = x * x;
    float u = k * (x + 0.044715f * x2 * x);
    float s = ao_sigmoidf(2.0f * u);
    AO_STAGE(s);
    float du = k * (1.0f + 0.134145f * x2);
    return s + 2.0f * x * s * (1.0f - s) * du;
})
