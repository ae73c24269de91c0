/* Sigmoid: out = 1 / (1 + exp(-x)) (vmath.h ao_sigmoidf: CANN's op order). */
AO_EW_OP1(sigmoid, x, {
    return ao_sigmoidf(x);
})
