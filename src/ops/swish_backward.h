/* SwishBackward (CANN SwishGrad): dx = dy * s * (1 + b (1 - s)), b = beta x,
 * s = 1 / (1 + exp(-b)). attrs: [0] beta. CANN's op order (hicann/ops-nn activation/
 * swish_grad/op_kernel/arch35/swish_grad_dag.h): Muls(x, beta), Neg, Exp, Adds 1,
 * Div 1 / that = s; Sub 1 - s, Mul by b, MulDstAdd (that * s + s), Mul by dy.
 * MulDstAdd is written as a multiply and an add (two roundings), the same on every
 * ISA region here (AO_FMAF fuses only where the ISA has FMA). Exp then Adds(1) is
 * ao_expf_plus1 (the same value, ew_op.h). The division onwards is a second stage. */
AO_EW_OP2(swish_backward, dy, x, {
    float b = x * attrs[0];
    float e = ao_expf_plus1(-b);
    AO_STAGE(e);
    float s = 1.0f / e;
    float o = 1.0f - s;
    o = o * b;
    o = o * s;
    o = o + s;
    return o * dy;
})
