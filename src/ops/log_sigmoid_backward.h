/* LogSigmoidBackward (CANN LogSigmoidGrad): dx = dy / (1 + exp(x)), computed without
 * overflow: e = exp(-|x|); dx = dy * (x < 0 ? 1 : e) / (e + 1).
 * CANN's op order (hicann/ops-nn activation/logsigmoid_grad/op_kernel/arch35/
 * logsigmoid_grad_dag.h): Abs, Muls -1, Exp, Adds 1, Compare x < 0, Select 1 or e,
 * Div, then Mul by dy. */
AO_EW_GRAD(log_sigmoid_backward, dy, x, {
    float a = x < 0.0f ? -x : x;
    a = a * -1.0f;
    float e = ao_expf(a);
    float d = e + 1.0f;
    float s = x < 0.0f ? 1.0f : e;
    return s / d;
})
