/* EluBackward with isResult = false (CANN EluGradV2, EluGradV2NoResultOp):
 * dx = x <= 0 ? dy * inputScale * negcoef * exp(x * inputScale) : dy * scale,
 * negcoef = alpha * scale (fp32, computed on the host).
 * attrs: [0] negcoef, [1] scale, [2] inputScale. CANN's op order (hicann/ops-nn
 * activation/elu_grad_v2/op_kernel/arch35/elu_grad_v2_dag.h): Muls(x, inputScale), Exp;
 * Muls(dy, inputScale), Muls negcoef, Mul by the exp; Muls(dy, scale); Compare x <= 0,
 * Select. A NaN x fails the compare: dy * scale. */
AO_EW_OP2(elu_backward, dy, x, {
    float e = ao_expf(x * attrs[2]);
    float neg = dy * attrs[2];
    neg = neg * attrs[0];
    neg = neg * e;
    float pos = dy * attrs[1];
    return x <= 0.0f ? neg : pos;
})
