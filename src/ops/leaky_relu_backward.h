/* LeakyReluBackward (CANN LeakyReluGrad): dx = x > 0 ? dy : dy * negativeSlope.
 * attrs: [0] negativeSlope. CANN's op order (hicann/ops-nn activation/leaky_relu_grad/
 * op_kernel/arch35/leaky_relu_grad_dag.h): Muls(dy, slope); Compare x > 0; Select.
 * A NaN x fails the compare: dy * slope. */
AO_EW_OP2(leaky_relu_backward, dy, x, {
    float neg = dy * attrs[0];
    return x > 0.0f ? dy : neg;
})
