/* SigmoidBackward (CANN SigmoidGrad): dx = dy * y * (1 - y), y = the forward output. */
AO_EW_GRAD(sigmoid_backward, dy, y, {
    float t = 1.0f - y;
    t = y * t;
    return t;
})
