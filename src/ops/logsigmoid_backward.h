/* LogSigmoidBackward (CANN LogSigmoidGrad): dx = dy / (1 + exp(x)), computed without
 * overflow: e = exp(-|x|); dx = dy * (x < 0 ? 1 : e) / (e + 1).
 * CANN's op order (hicann/ops-nn activation/logsigmoid_grad/op_kernel/arch35/
 * logsigmoid_grad_dag.h): Abs, Muls -1, Exp, Adds 1, Compare x < 0, Select 1 or e,
 * Div, then Mul by dy.
 * The third operand is aclnnLogSigmoidBackward's `buffer`, which CANN's kernel never
 * reads (LogSigmoidGrad takes gradOutput and self); the op passes it so that the
 * declaration keeps CANN's parameter list, and the body ignores it. (A gradient-form
 * declaration, AO_EW_GRAD, has exactly two operands, so this op has no lookup table.) */
AO_EW_OP3(logsigmoid_backward, dy, x, buffer, {
    (void)buffer;
    float a = x < 0.0f ? -x : x;
    a = a * -1.0f;
    float e = ao_expf(a);
    float d = e + 1.0f;
    float s = x < 0.0f ? 1.0f : e;
    s = s / d;
    return s * dy;
})
