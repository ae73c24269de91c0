/* FastGeluBackward (CANN FastGeluGrad): dx = dy * ((d - 1) * (-1.702 x) + 1) * d,
 * d = 1 / (exp(-1.702 x) + 1). CANN's op order (hicann/ops-nn activation/fast_gelu_grad/
 * op_kernel/arch35/fast_gelu_grad_dag.h): Muls(x, -1.702), Exp, Adds 1, Div 1 / that,
 * Adds -1, Mul by -1.702 x, Adds 1, Mul by d, then Mul by dy. Exp then Adds(1) is
 * ao_expf_plus1 (the same value, ew_op.h). The division onwards is a second stage. */
AO_EW_GRAD(fast_gelu_backward, dy, x, {
    float t = x * -1.702f;
    float e = ao_expf_plus1(t);
    AO_STAGE(e);
    float d = 1.0f / e;
    float u = d + -1.0f;
    u = u * t;
    u = u + 1.0f;
    return u * d;
})
