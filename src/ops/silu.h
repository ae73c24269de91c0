/* Silu: out = x * sigmoid(x) = x / (1 + exp(-x)), in fp32. */
AO_EW_OP1(silu, x, {
    return x * ao_sigmoidf(x);
})
