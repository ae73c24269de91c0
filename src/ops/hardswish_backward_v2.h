/* HardswishBackwardV2 (CANN HardSwishGradV2): dx = dy * g(x),
 * g = 0 if x <= -3;  x * 0.33333334 + 0.5 if -3 < x < 3;  1 if x >= 3.
 * CANN's op order (hicann/ops-nn activation/hard_swish_grad_v2/op_kernel/
 * hard_swish_grad_v2_220.h, Compute): Muls by the fp32 constant 0.33333334 (not a
 * division by 3), Adds 0.5, Select on x > -3 (else 0), Select on x < 3 (else 1), then
 * Mul by dy. A NaN x fails both compares: g = 1, dx = dy (as PyTorch's hardswish_backward). */
AO_EW_GRAD(hardswish_backward_v2, dy, x, {
    float g = x * 0.33333334f;
    g = g + 0.5f;
    g = x > -3.0f ? g : 0.0f;
    g = x < 3.0f ? g : 1.0f;
    return g;
})
