/* EluBackward with isResult = true, x the forward's output (CANN EluGradV2,
 * EluGradV2IsResultOp): dx = x <= 0 ? dy * inputScale * (x + negcoef) : dy * scale,
 * negcoef = alpha * scale. attrs: [0] negcoef, [1] scale, [2] inputScale.
 * CANN's op order (hicann/ops-nn activation/elu_grad_v2/op_kernel/arch35/elu_grad_v2_dag.h):
 * Adds(x, negcoef); Muls(dy, inputScale), Mul by that; Muls(dy, scale); Compare x <= 0,
 * Select. */
AO_EW_OP2(elu_backward_result, dy, x, {
    float a = x + attrs[0];
    float neg = dy * attrs[2];
    neg = neg * a;
    float pos = dy * attrs[1];
    return x <= 0.0f ? neg : pos;
})
