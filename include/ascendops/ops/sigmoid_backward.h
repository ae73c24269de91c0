/* SigmoidBackward (CANN SigmoidGrad): dx = dy * y * (1 - y), y = the forward output. */
AO_EW_OP2(sigmoid_backward, dy, y, {
    float t = 1.0f - y;
    t = y * t;
    return dy * t;
})
